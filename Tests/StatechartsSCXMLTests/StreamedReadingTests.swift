import Foundation
import StatechartsSCXML
import Testing

/// The reader builds the document while it parses, one top-level element at a time. What it
/// returns and reports is what reading a whole tree first gave: the same document, in document
/// order, with a well-formedness error reported alone even when SCXML problems came before it.
@Suite("SCXML: a document read while it is parsed")
struct StreamedReadingTests {
    func problems(_ text: String) -> [String] { HostileInput.problems(text) }

    @Test("top-level states, data and scripts keep their order and their contents")
    func documentOrder() throws {
        let document = try SCXMLReader.read(string: """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript" initial="b">
          <datamodel><data id="x" expr="1"/></datamodel>
          <state id="a"><state id="a1"/><transition event="go" target="b"/></state>
          <script>var y = 2;</script>
          <parallel id="b"><state id="b1"/><state id="b2"/></parallel>
          <datamodel><data id="z"/></datamodel>
          <final id="c"/>
        </scxml>
        """)
        #expect(document.states.map(\.id) == ["a", "b", "c"])
        #expect(document.states[0].children.map(\.id) == ["a1"])
        #expect(document.states[1].children.map(\.id) == ["b1", "b2"])
        #expect(document.data.map(\.id) == ["x", "z"])
        #expect(document.scripts.map(\.source) == ["var y = 2;"])
        #expect(document.initial == ["b"])
    }

    @Test("a well-formedness error is the only problem, even after SCXML problems")
    func xmlErrorComesAlone() {
        let text = Fixture.scxml("<bogus/>\n<state id=\"a\"><transition target=\"nowhere\"/></state>\n<state id=\"b\">")
        #expect(problems(text).count == 1)
        #expect(problems(text).first?.contains("does not match the open element <state>") == true)
    }

    @Test("stray text and unknown elements between top-level states are reported (text at its parent, an element where it starts)")
    func problemsBetweenStates() {
        let text = Fixture.scxml("<state id=\"a\"/>\nwords\n<bogus/>\n<state id=\"b\"/>")
        #expect(problems(text) == [
            "1:1: unexpected text in <scxml>",
            "4:1: unknown element <bogus>",
        ])
    }

    @Test("a root that is not <scxml> is reported, and its content still checked for well-formedness")
    func wrongRoot() {
        #expect(problems("<html><state id=\"a\"/></html>") == [
            "1:1: the root element must be <scxml> in namespace http://www.w3.org/2005/07/scxml, not <html>",
        ])
        #expect(problems("<html><state id=\"a\"></html>").first?.contains("does not match") == true)
    }

    @Test("generated ids skip ids written in later top-level states")
    func generatedIDsSkipLaterIDs() throws {
        let document = try SCXMLReader.read(string: Fixture.scxml("<state/>\n<state id=\"_state1\"/>\n<state/>"))
        #expect(document.states.map(\.id) == ["_state2", "_state1", "_state3"])
    }
}
