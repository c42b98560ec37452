import Foundation
import StatechartsSCXML
import Testing

@Suite("Validation with line and column")
struct ValidationTests {
    func lines(_ xml: String) -> [String] { Fixture.problems(xml).map(\.description) }

    @Test("malformed XML reports where the parser stopped")
    func malformed() {
        #expect(lines("<scxml xmlns=\"http://www.w3.org/2005/07/scxml\">\n<state id=\"a\">\n</scxml>")
                == ["3:1: the end tag </scxml> does not match the open element <state> (line 2, column 1)"])
        #expect(lines("") == ["1:1: the document has no root element"])
        #expect(lines("<scxml xmlns=\"http://www.w3.org/2005/07/scxml\"><state id=\"a\" id=\"b\"/></scxml>").first?.hasSuffix("the attribute 'id' is given twice") == true)
    }

    @Test("text that is not XML, and nesting too deep to be a chart, are errors, not crashes")
    func hostileInput() {
        #expect(lines("just some text") == ["1:1: no XML document found (the file is empty or not XML)"])
        let deep = "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\">" + String(repeating: "<state>", count: 5000)
            + String(repeating: "</state>", count: 5000) + "</scxml>"
        #expect(lines(deep).first?.hasSuffix("elements are nested more than 100 levels deep") == true)
        let fine = "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\">" + String(repeating: "<state>", count: 90)
            + String(repeating: "</state>", count: 90) + "</scxml>"
        #expect(lines(fine).isEmpty)
    }

    @Test("unknown and misplaced elements, unknown attributes")
    func unknown() {
        let problems = lines(Fixture.scxml("""
          <state id="a" colour="red">
            <raise event="x"/>
            <onentry><transition target="a"/><bogus/></onentry>
          </state>
        """))
        #expect(problems == [
            "2:3: unknown attribute 'colour' on <state>",
            "3:5: <raise> is not allowed in <state>",
            "4:14: <transition> is not allowed in <onentry>",
            "4:38: unknown element <bogus>",
        ])
    }

    @Test("unknown targets, duplicate ids, bad initial states")
    func references() {
        let problems = lines(Fixture.scxml("""
          <state id="a" initial="nowhere">
            <state id="a1"><transition event="e" target="b missing"/></state>
          </state>
          <state id="b" initial="a1"><state id="b1"/></state>
          <state id="a1"/>
        """, attributes: "initial=\"ghost\""))
        #expect(problems.contains("1:1: unknown initial state 'ghost'"))
        #expect(problems.contains("2:3: unknown initial state 'nowhere'"))
        #expect(problems.contains("3:20: unknown target 'missing'"))
        #expect(problems.contains("5:3: the initial state 'a1' is not a descendant of 'b'"))
        #expect(problems.contains("6:3: duplicate state id 'a1' (first defined at 3:5)"))
        #expect(lines(Fixture.ecmascript("<datamodel><data id=\"x\"/></datamodel><state id=\"s\"><datamodel><data id=\"x\"/></datamodel></state>"))
                == ["2:63: duplicate data id 'x' (first defined at 2:12)"])
    }

    @Test("missing, conflicting and malformed attributes")
    func attributes() {
        let problems = lines(Fixture.ecmascript("""
          <state id="s">
            <onentry>
              <raise/>
              <send event="a" eventexpr="b"/>
              <send event="a" delay="soon"/>
              <assign location="x" expr="1">2</assign>
              <cancel/>
            </onentry>
            <transition type="sideways" target="s"/>
          </state>
        """))
        #expect(problems == [
            "4:7: <raise> needs a 'event' attribute",
            "5:7: <send> takes only one of 'event', 'eventexpr'",
            "6:7: invalid delay 'soon' (expected a CSS2 time such as 500ms or 1.5s)",
            "7:7: <assign> takes either 'expr' or inline content, not both",
            "8:7: <cancel> needs 'sendid' or 'sendidexpr'",
            "10:5: transition type must be 'internal' or 'external', not 'sideways'",
        ])
    }

    @Test("what the runtime cannot do is reported: a wrong <invoke>, unknown data models, history at the top")
    func unsupported() {
        #expect(lines(Fixture.scxml("<state id=\"s\"><invoke/></state>")) == ["2:15: <invoke> needs 'src', 'srcexpr' or <content>"])
        #expect(lines(Fixture.scxml("<state id=\"s\"><invoke src=\"a.scxml\" srcexpr=\"b\"/></state>"))
                == ["2:15: <invoke> takes only one of 'src', 'srcexpr'"])
        #expect(lines(Fixture.scxml("<state id=\"s\"><invoke><content><scxml initial=\"x\"><bogus/></scxml></content></invoke></state>"))
                == ["2:51: unknown element <bogus>"])
        #expect(lines(Fixture.scxml("<state id=\"s\"/>", attributes: "datamodel=\"xpath\""))
                == ["1:1: unsupported data model 'xpath' (available: null, ecmascript)"])
        #expect(lines(Fixture.scxml("<history id=\"h\"/><state id=\"s\"/>")) == ["2:1: <history> is not allowed in <scxml>"])
        #expect(lines("<chart/>") == ["1:1: the root element must be <scxml> in namespace http://www.w3.org/2005/07/scxml, not <chart>"])
    }

    @Test("the compiler's structural problems are placed at their states")
    func compilerProblems() {
        let problems = lines(Fixture.scxml("""
          <parallel id="p"><state id="a"/><state id="b"/></parallel>
          <state id="s"><transition target="a s"/></state>
        """))
        #expect(problems == ["3:3: targets 'root/p/a' and 'root/s' are not in different regions of a parallel state"])
    }

    @Test("a valid document has no problems, and errors name the file")
    func valid() throws {
        #expect(lines(Fixture.scxml("<state id=\"s\"><transition event=\"go\" target=\"f\"/></state><final id=\"f\"/>")).isEmpty)
        let error = SCXMLError("boom", at: SCXMLSourcePosition(line: 2, column: 5), file: "chart.scxml")
        #expect(error.lines == ["chart.scxml:2:5: boom"])
    }
}
