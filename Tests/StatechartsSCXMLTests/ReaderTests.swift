import Foundation
import Statecharts
import StatechartsSCXML
import Testing

@Suite("Reading SCXML")
struct ReaderTests {
    @Test("states, kinds, initial states and transitions")
    func structure() throws {
        let document = try SCXMLReader.read(string: Fixture.scxml("""
          <state id="a" initial="a2">
            <state id="a1"/>
            <state id="a2">
              <transition event="go  stop.*" cond="x" target="b c" type="internal"/>
            </state>
            <history id="h" type="deep"><transition target="a1"/></history>
          </state>
          <parallel id="p">
            <state id="b"/>
            <state id="c"><initial><transition target="c1"><raise event="in"/></transition></initial><state id="c1"/></state>
          </parallel>
          <final id="done"/>
        """, attributes: "initial=\"p\" name=\"machine\" binding=\"late\""))
        #expect(document.name == "machine")
        #expect(document.initial == ["p"])
        #expect(document.binding == .late)
        #expect(document.states.map(\.id) == ["a", "p", "done"])
        #expect(document.states.map(\.kind) == [.state, .parallel, .final])
        let a = document.states[0]
        #expect(a.initial == ["a2"])
        #expect(a.children.map(\.kind) == [.state, .state, .history(.deep)])
        let transition = a.children[1].transitions[0]
        #expect(transition.events == ["go", "stop.*"])
        #expect(transition.condition == "x")
        #expect(transition.targets == ["b", "c"])
        #expect(transition.type == .internal)
        #expect(a.children[2].transitions[0].targets == ["a1"])
        let c = document.states[1].children[1]
        #expect(c.initialTransition?.targets == ["c1"])
        #expect(c.initialTransition?.content == [.raise(SCXMLRaise(event: "in", position: SCXMLSourcePosition(line: 11, column: 52)))])
    }

    @Test("executable content with every attribute")
    func executableContent() throws {
        let document = try SCXMLReader.read(string: Fixture.ecmascript("""
          <state id="s">
            <onentry>
              <send event="e" target="#_internal" id="i" delay="1s" namelist="a b"><param name="p" expr="1"/></send>
              <send eventexpr="n" targetexpr="t" typeexpr="ty" idlocation="loc" delayexpr="d"><content>{"k": 1}</content></send>
              <cancel sendidexpr="x"/>
              <log label="L" expr="v"/>
              <assign location="v">[1, 2]</assign>
              <if cond="a"><raise event="1"/><elseif cond="b"/><raise event="2"/><else/><raise event="3"/></if>
              <foreach array="arr" item="it" index="ix"><script>f()</script></foreach>
            </onentry>
            <onentry><raise event="second"/></onentry>
            <onexit><cancel sendid="i"/></onexit>
          </state>
        """))
        let state = document.states[0]
        #expect(state.onEntry.count == 2)
        #expect(state.onExit.count == 1)
        guard case .send(let first) = state.onEntry[0][0], case .send(let second) = state.onEntry[0][1] else {
            Issue.record("expected two sends")
            return
        }
        #expect(first.event == "e" && first.target == "#_internal" && first.id == "i" && first.delay == "1s")
        #expect(first.namelist == ["a", "b"])
        #expect(first.params.map(\.name) == ["p"])
        #expect(second.eventExpression == "n" && second.targetExpression == "t" && second.typeExpression == "ty")
        #expect(second.idLocation == "loc" && second.delayExpression == "d")
        #expect(second.content?.inline == SCXMLInlineContent(text: "{\"k\": 1}"))
        guard case .if(let element) = state.onEntry[0][5] else {
            Issue.record("expected <if>")
            return
        }
        #expect(element.branches.map(\.condition) == ["a", "b", nil])
        #expect(element.branches.map(\.content.count) == [1, 1, 1])
        guard case .foreach(let foreach) = state.onEntry[0][6] else {
            Issue.record("expected <foreach>")
            return
        }
        #expect(foreach.array == "arr" && foreach.item == "it" && foreach.index == "ix")
        #expect(foreach.content == [.script(SCXMLScript(source: "f()", position: foreach.content[0].position))])
    }

    @Test("data, done data and inline XML content")
    func data() throws {
        let document = try SCXMLReader.read(string: Fixture.ecmascript("""
          <datamodel><data id="a" expr="1"/><data id="b">  text  </data><data id="c"><x xmlns="urn:x" k="v">t</x></data></datamodel>
          <state id="s"><final id="f"><donedata><param name="p" location="a"/></donedata></final></state>
        """))
        #expect(document.data.map(\.id) == ["a", "b", "c"])
        #expect(document.data[0].expression == "1")
        #expect(document.data[1].content == SCXMLInlineContent(text: "  text  "))
        let x = SCXMLXMLElement(qualifiedName: "x", namespaceURI: "urn:x", attributes: [SCXMLXMLAttribute(qualifiedName: "k", value: "v")],
                                children: [.text("t")])
        #expect(document.data[2].content == SCXMLInlineContent(text: "<x xmlns=\"urn:x\" k=\"v\">t</x>", isXML: true,
                                                                xml: SCXMLXMLDocument(nodes: [.element(x)])))
        #expect(document.states[0].children[0].doneData?.params == [SCXMLParam(name: "p", location: "a", position: SCXMLSourcePosition(line: 3, column: 41))])
    }

    @Test("inline XML keeps the namespaces it uses, even those declared outside it")
    func inlineNamespaces() throws {
        let document = try SCXMLReader.read(string: """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" xmlns:b="urn:books" version="1.0" datamodel="ecmascript">
          <datamodel><data id="d"><b:shelf><b:book b:title="t"/></b:shelf></data></datamodel>
          <state id="s"/>
        </scxml>
        """)
        #expect(document.data[0].content?.text == "<b:shelf xmlns:b=\"urn:books\"><b:book b:title=\"t\"/></b:shelf>")
        let again = try SCXMLReader.read(string: SCXMLWriter.write(document))
        #expect(again.data == document.data.map { var data = $0; data.position = again.data[0].position; return data })
    }

    @Test("states without an id get one that collides with nothing")
    func generatedIDs() throws {
        let document = try SCXMLReader.read(string: Fixture.scxml("<state><state id=\"_state1\"/><state/></state>"))
        let ids = document.allStates.map(\.id)
        #expect(ids.count == Set(ids).count)
        #expect(document.states[0].hasGeneratedID)
        #expect(!document.states[0].children[0].hasGeneratedID)
    }

    @Test("elements and attributes of other namespaces are extensions, and ignored")
    func extensions() throws {
        let document = try SCXMLReader.read(string: """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" xmlns:qt="http://www.qt.io/2015/02/scxml-ext" version="1.0">
          <qt:editorinfo initialGeometry="1;2"/>
          <state id="s" qt:color="red"><qt:editorinfo geometry="0;0"/></state>
        </scxml>
        """)
        #expect(document.states.map(\.id) == ["s"])
    }

    @Test("positions are where the start tags begin")
    func positions() throws {
        let document = try SCXMLReader.read(string: "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\">\n  <state id=\"é\">\n\t<transition\n   target=\"é\"/></state>\n</scxml>")
        #expect(document.position == SCXMLSourcePosition(line: 1, column: 1))
        #expect(document.states[0].position == SCXMLSourcePosition(line: 2, column: 3))
        #expect(document.states[0].transitions[0].position == SCXMLSourcePosition(line: 3, column: 2))
    }

    @Test("a src file is loaded next to the document")
    func sourceFiles() throws {
        let directory = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try "[1,2]".write(to: directory.appendingPathComponent("data.json"), atomically: true, encoding: .utf8)
        try "var loaded = true;".write(to: directory.appendingPathComponent("init.js"), atomically: true, encoding: .utf8)
        let file = directory.appendingPathComponent("chart.scxml")
        try Fixture.ecmascript("""
          <datamodel><data id="d" src="file:data.json"/><data id="missing" src="nothing.json"/></datamodel>
          <script src="init.js"/>
          <state id="s"/>
        """).write(to: file, atomically: true, encoding: .utf8)
        let document = try SCXMLReader.read(contentsOf: file)
        #expect(document.data[0].loadedSource == .text("[1,2]"))
        guard case .failure? = document.data[1].loadedSource else {
            Issue.record("a missing data file is a failure to report when the data is bound")
            return
        }
        #expect(document.scripts.first?.source == "var loaded = true;")
    }
}
