import StatechartsSCXML
import Testing

/// With FoundationXML, an internal entity vanished from element text (`x&a;y` read `xy`) while
/// it was expanded in attribute values (`xhelloy`).
@Suite("Hostile input: internal entities in text and attributes")
struct TextEntityExpansionTests {
    static let prolog = "<!DOCTYPE scxml [<!ENTITY a \"hello\"><!ENTITY nested \"<&a;>\"><!ENTITY outer \"(&a;&#33;)\">]>"

    @Test("x&a;y reads xhelloy in element text and in an attribute value")
    func expanded() throws {
        let document = try SCXMLReader.read(string: HostileInput.chart(
            "<datamodel><data id=\"d\" expr=\"'x&a;y'\"/></datamodel><script>x&a;y</script>", prolog: Self.prolog))
        #expect(document.data.first?.expression == "'xhelloy'")
        #expect(document.scripts.first?.source == "xhelloy")
    }

    @Test("entities referring to entities and character references expand in both places")
    func nested() throws {
        let document = try SCXMLReader.read(string: HostileInput.chart(
            "<datamodel><data id=\"d\" expr=\"&outer;\"/></datamodel><script>&outer;</script>", prolog: Self.prolog))
        #expect(document.data.first?.expression == "(hello!)")
        #expect(document.scripts.first?.source == "(hello!)")
    }

    @Test("an entity whose replacement text holds markup is refused with a clear error")
    func markup() {
        let text = HostileInput.chart("<script>&nested;</script>", prolog: Self.prolog)
        #expect(HostileInput.problems(text)
                == ["1:183: the entity 'nested' contains markup ('<'), which is not supported (write &lt; for a literal '<')"])
    }

    @Test("an undeclared entity is an error at the reference")
    func undeclared() {
        #expect(HostileInput.problems(HostileInput.chart("<script>x&b;</script>"))
                == ["1:94: undeclared entity 'b' (use &amp; for a literal '&')"])
    }
}
