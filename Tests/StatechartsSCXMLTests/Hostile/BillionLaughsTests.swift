import StatechartsSCXML
import Testing

/// The "billion laughs": ten levels of entities, each referring ten times to the one below,
/// would expand to 3 × 10⁹ characters.
@Suite("Hostile input: billion laughs")
struct BillionLaughsTests {
    static var prolog: String {
        var declarations = "<!ENTITY lol0 \"lol\">"
        for level in 1...9 {
            declarations += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
        }
        return "<!DOCTYPE scxml [" + declarations + "]>\n"
    }

    @Test("expansion stops at the limit, with an error at the reference")
    func stops() {
        let text = HostileInput.chart("<script>&lol9;</script>", prolog: Self.prolog)
        #expect(HostileInput.problems(text)
                == ["2:93: entity references expand to more than 1000000 characters (the document's limit; a 'billion laughs' document?)"])
    }

    @Test("in an attribute value too")
    func inAttribute() {
        let text = HostileInput.chart("<datamodel><data id=\"d\" expr=\"&lol9;\"/></datamodel>", prolog: Self.prolog)
        #expect(HostileInput.problems(text).first?.hasSuffix("entity references expand to more than 1000000 characters (the document's limit; a 'billion laughs' document?)") == true)
    }

    @Test("entities that expand to nothing are bounded too")
    func empty() {
        var declarations = "<!ENTITY e0 \"\">"
        for level in 1...9 { declarations += "<!ENTITY e\(level) \"" + String(repeating: "&e\(level - 1);", count: 10) + "\">" }
        let text = HostileInput.chart("<script>&e9;</script>", prolog: "<!DOCTYPE scxml [" + declarations + "]>")
        #expect(HostileInput.problems(text).first?.contains("entity references expand to more than 1000000 characters") == true)
    }

    @Test("the limit is an option")
    func option() throws {
        let text = HostileInput.chart("<script>&lol2;</script>", prolog: Self.prolog)
        #expect(try SCXMLReader.read(string: text).scripts.first?.source == String(repeating: "lol", count: 100))
        #expect(HostileInput.problems(text, options: SCXMLReader.Options(maximumEntityExpansion: 50)).first?
            .hasSuffix("entity references expand to more than 50 characters (the document's limit; a 'billion laughs' document?)") == true)
    }
}
