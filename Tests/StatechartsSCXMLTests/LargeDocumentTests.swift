import Foundation
import Statecharts
import StatechartsSCXML
import Testing

/// Large documents, and the reader's fast paths for what they are made of (ASCII names, one-token
/// attributes, whitespace between elements, a few attributes per element): each gives the same
/// result as the general case.
@Suite("SCXML: large documents and the reader's fast paths")
struct LargeDocumentTests {
    /// `count` sibling states, each with a transition on `go` to the next (the last to the first).
    static func ring(_ count: Int) -> String {
        Fixture.scxml((0..<count).map { "<state id=\"s\($0)\"><transition event=\"go\" target=\"s\(($0 + 1) % count)\"/></state>" }
            .joined(separator: "\n  "), attributes: "initial=\"s0\"")
    }

    @Test("a document of 5,000 sibling states reads, compiles and runs around its ring")
    func ringOfStates() throws {
        let chart = try Fixture.chart(Self.ring(5_000))
        #expect(chart.document.states.count == 5_000)
        #expect(chart.document.states[4_999].transitions.first?.targets == ["s0"])
        var instance = try chart.start(sessionID: "large")
        #expect(instance.configuration.contains("s0"))
        for _ in 0..<5_001 { instance.send(SCXMLEvent("go")) }
        #expect(instance.configuration.contains("s1"))
    }

    @Test("a name with a prefix is checked part by part, as before")
    func qualifiedNames() {
        func problems(_ text: String) -> [String] { HostileInput.problems(text) }
        #expect(problems("<a::b/>") == ["1:1: 'a::b' is not a valid name with namespaces (at most one ':', between a prefix and a local name)"])
        #expect(problems("<:a/>") == ["1:1: ':a' is not a valid name with namespaces (a prefix and a local name, each starting with a letter or '_')"])
        #expect(problems("<a:/>") == ["1:1: 'a:' is not a valid name with namespaces (a prefix and a local name, each starting with a letter or '_')"])
        #expect(problems("<a:1b/>") == ["1:1: 'a:1b' is not a valid name with namespaces (a prefix and a local name, each starting with a letter or '_')"])
        #expect(problems("<a x:-y='1'/>") == ["1:4: 'x:-y' is not a valid name with namespaces (a prefix and a local name, each starting with a letter or '_')"])
        // Non-ASCII names keep their characters: é starts a name, and so does the prefix ü.
        let document = "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" xmlns:ü=\"urn:u\" version=\"1.0\"><ü:é/><state id=\"é\"/></scxml>"
        #expect(problems(document) == [])
    }

    @Test("an attribute given twice is found among a few attributes and among many")
    func repeatedAttributes() {
        func problems(_ text: String) -> [String] { HostileInput.problems(text) }
        let many = (0..<20).map { " a\($0)='\($0)'" }.joined()
        // Well-formed: what is left to report is that it is not SCXML.
        #expect(problems("<a\(many)/>") == ["1:1: the root element must be <scxml> in namespace http://www.w3.org/2005/07/scxml, not <a>"])
        let column = 3 + many.utf8.count + 1
        #expect(problems("<a\(many) a3='again'/>") == ["1:\(column): the attribute 'a3' is given twice"])
        #expect(problems("<a a0='' a1='' a0=''/>") == ["1:16: the attribute 'a0' is given twice"])
    }

    @Test("attribute values: plain ones as written, others with references replaced and line ends made spaces")
    func attributeValues() throws {
        let document = try SCXMLReader.read(string: Fixture.scxml("""
            <state id='plain'><transition event="a.b" cond="x &amp;&amp; y" target="plain"/></state>
            <state id="spaced"><transition event="one\ttwo" cond="1 &lt;\n2" target='plain'/></state>
            """))
        #expect(document.states.map(\.id) == ["plain", "spaced"])
        #expect(document.states[0].transitions[0].condition == "x && y")
        #expect(document.states[0].transitions[0].events == ["a.b"])
        #expect(document.states[1].transitions[0].condition == "1 < 2")
        #expect(document.states[1].transitions[0].events == ["one", "two"])
        #expect(HostileInput.problems("<a b='x\"y' c=\"p'q\"/>") == ["1:1: the root element must be <scxml> in namespace http://www.w3.org/2005/07/scxml, not <a>"])
        #expect(HostileInput.problems("<a b='x/>") == ["1:6: the value of the attribute 'b' is not closed (the quote is missing)"])
    }

    @Test("text between elements may be any whitespace; other text is reported")
    func whitespaceBetweenElements() {
        #expect(Fixture.problems(Fixture.scxml("\u{00A0}\t<state id=\"a\"/>\u{2003}")).isEmpty)
        #expect(Fixture.problems(Fixture.scxml("<state id=\"a\"/> x ")).map(\.message) == ["unexpected text in <scxml>"])
    }

    @Test("event, target and initial attributes split on whitespace, one token or several")
    func tokens() throws {
        let document = try SCXMLReader.read(string: Fixture.scxml("""
            <state id="a" initial="b"><state id="b"><transition event="one  two\tthree" target="c"/></state><state id="c"/></state>
            """))
        let state = try #require(document.states.first)
        #expect(state.initial == ["b"])
        #expect(state.children.first?.transitions.first?.events == ["one", "two", "three"])
        #expect(state.children.first?.transitions.first?.targets == ["c"])
        #expect(Fixture.problems(Fixture.scxml("<state id=\"a\"><transition event=\"\" target=\"a\"/></state>")).map(\.message)
                == ["an empty event attribute (omit it for an eventless transition)"])
    }

    @Test("ids are generated only for states without one, and never equal an id written")
    func generatedIDs() throws {
        let written = try SCXMLReader.read(string: Fixture.scxml("<state id=\"_state2\"/><state id=\"b\"/>"))
        #expect(written.states.map(\.id) == ["_state2", "b"])
        #expect(written.states.allSatisfy { !$0.hasGeneratedID })
        let generated = try SCXMLReader.read(string: Fixture.scxml("<state/><state id=\"_state2\"><state/><state id=\"\u{00E9}\"/></state>"))
        #expect(generated.states.map(\.id) == ["_state1", "_state2"])
        #expect(generated.states[1].children.map(\.id) == ["_state3", "\u{00E9}"])
        // Written after the states that lack one: the generated ids still skip it, in document order.
        let writtenLater = try SCXMLReader.read(string: Fixture.scxml("<state><state/></state><state/><state id=\"_state1\"/><state id=\"_state3\"/>"))
        #expect(writtenLater.states.map(\.id) == ["_state2", "_state5", "_state1", "_state3"])
        #expect(writtenLater.states[0].children.map(\.id) == ["_state4"])
    }

    @Test("an initial state must be a descendant, however deep, and not a sibling")
    func initialDescendants() {
        let deep = Fixture.scxml("<state id=\"p\" initial=\"leaf\"><state id=\"q\"><state id=\"r\"><state id=\"leaf\"/></state></state></state>")
        #expect(Fixture.problems(deep).isEmpty)
        let sibling = Fixture.scxml("<state id=\"p\" initial=\"x\"><state id=\"q\"/></state><state id=\"x\"/>")
        #expect(Fixture.problems(sibling).map(\.message) == ["the initial state 'x' is not a descendant of 'p'"])
    }
}
