import StatechartsSCXML
import Testing

/// External entities (`SYSTEM`, `PUBLIC`) would read files or fetch URLs: they are never loaded.
@Suite("Hostile input: external and parameter entities")
struct ExternalEntityTests {
    static let prolog = "<!DOCTYPE scxml [<!ENTITY ext SYSTEM \"file:///etc/passwd\"><!ENTITY pub PUBLIC \"-//x//y\" \"http://example.com/x\">]>"

    @Test("a reference to an external entity is an error, in text and in attributes")
    func refused() {
        #expect(HostileInput.problems(HostileInput.chart("<script>&ext;</script>", prolog: Self.prolog))
                == ["1:206: external entities are not supported (&ext;)"])
        #expect(HostileInput.problems(HostileInput.chart("<datamodel><data id=\"d\" expr=\"&pub;\"/></datamodel>", prolog: Self.prolog))
                == ["1:228: external entities are not supported (&pub;)"])
    }

    @Test("declaring external entities without using them, and an external DTD, are harmless")
    func declaredOnly() throws {
        let prolog = "<!DOCTYPE scxml SYSTEM \"http://example.com/scxml.dtd\" [<!ENTITY ext SYSTEM \"/etc/passwd\"><!ELEMENT scxml ANY><!ATTLIST scxml x CDATA \">\"><!-- c --><?pi?>]>"
        #expect(try SCXMLReader.read(string: HostileInput.chart("", prolog: prolog)).states.map(\.id) == ["s"])
    }

    @Test("a parameter entity reference in the DOCTYPE is an error; declaring one is not")
    func parameterEntities() throws {
        let declared = "<!DOCTYPE scxml [<!ENTITY % p \"<!ENTITY a 'x'>\">]>"
        #expect(try SCXMLReader.read(string: HostileInput.chart("", prolog: declared)).states.map(\.id) == ["s"])
        let used = "<!DOCTYPE scxml [<!ENTITY % p SYSTEM \"/etc/passwd\">%p;]>"
        #expect(HostileInput.problems(HostileInput.chart("", prolog: used))
                == ["1:52: parameter entities are not supported (a %name; reference in the DOCTYPE)"])
        let inValue = "<!DOCTYPE scxml [<!ENTITY a \"%p;\">]>"
        #expect(HostileInput.problems(HostileInput.chart("", prolog: inValue))
                == ["1:30: parameter entities are not supported (a %name; reference in the value of the entity 'a')"])
    }
}
