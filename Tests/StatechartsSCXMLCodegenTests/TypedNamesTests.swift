import StatechartsSCXML
import StatechartsSCXMLCodegen
import Testing

@Suite("Typed SCXML: which ids are named")
struct TypedNamesTests {
    func names(_ body: String, datamodel: String = "ecmascript") throws -> SCXMLTypedNames {
        let document = try SCXMLReader.read(string: """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="\(datamodel)">
            \(body)
            </scxml>
            """)
        return try SCXMLTypedNames(document)
    }

    @Test("states in document order, without history or unnamed states")
    func states() throws {
        let named = try names("""
            <state id="a">
              <history id="h"><transition target="a1"/></history>
              <state id="a1"><transition event="go" target="b"/></state>
            </state>
            <parallel id="b"><state/><state id="b.two"/></parallel>
            <final id="done"/>
            """)
        #expect(named.states.map(\.id) == ["a", "a1", "b", "b.two", "done"])
        #expect(named.states.map(\.name.source) == ["a", "a1", "b", "bTwo", "done"])
    }

    @Test("events: every transition's descriptors once, without * and with .* dropped")
    func events() throws {
        let named = try names("""
            <state id="a">
              <transition event="go stop" target="a"/>
              <transition event="error.* go" target="a"/>
              <transition event="*" target="a"/>
              <transition event="done.state.a." target="a"/>
              <transition target="a" cond="false"/>
            </state>
            """)
        #expect(named.events.map(\.id) == ["go", "stop", "error", "done.state.a"])
        #expect(named.events.first?.position == SCXMLSourcePosition(line: 3, column: 3))
    }

    @Test("variables: top-level, then each state's, typed; none for the null data model")
    func variables() throws {
        let body = """
            <datamodel><data id="count" expr="0"/><data id="name" expr="'x'"/></datamodel>
            <state id="a"><datamodel><data id="list">[1]</data><data id="on">true</data></datamodel></state>
            """
        let named = try names(body)
        #expect(named.variables.map(\.entry.id) == ["count", "name", "list", "on"])
        #expect(named.variables.map(\.type) == [.number, .string, .value, .bool])
        #expect(try names("<state id=\"a\"/>", datamodel: "null").variables.isEmpty)
    }

    @Test("two ids that make the same name are refused, with both positions")
    func collision() throws {
        let error = try #require(throws: SCXMLError.self) {
            try names("""
                <state id="door.open"><transition event="a-b" target="doorOpen"/><transition event="aB" target="door.open"/></state>
                <state id="doorOpen"/>
                """)
        }
        #expect(error.lines == [
            "2:66: event 'aB' becomes the Swift name 'aB', as does event 'a-b' at 2:23; rename one of them",
            "3:1: state id 'doorOpen' becomes the Swift name 'doorOpen', as does state id 'door.open' at 2:1; rename one of them",
        ])
    }

    @Test("an id without a letter or digit is refused at its position")
    func unnamable() throws {
        let error = try #require(throws: SCXMLError.self) {
            try names("<state id=\"a\"><transition event=\"-\" target=\"a\"/></state>")
        }
        #expect(error.lines == ["2:15: event '-' has no ASCII letter or digit to make a Swift name from; rename it"])
    }
}
