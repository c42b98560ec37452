import StatechartsSCXML
import Testing

/// Entities that refer to themselves, directly or through others, would expand forever.
@Suite("Hostile input: recursive entities")
struct RecursiveEntityTests {
    @Test("an entity referring to itself through another is an error naming the cycle")
    func cycle() {
        let text = HostileInput.chart("<script>&a;</script>", prolog: "<!DOCTYPE scxml [<!ENTITY a \"x&b;\"><!ENTITY b \"y&a;\">]>")
        #expect(HostileInput.problems(text) == ["1:148: the entity 'a' refers to itself (&a; → &b; → &a;)"])
    }

    @Test("an entity referring to itself directly, in an attribute value")
    func direct() {
        let text = HostileInput.chart("<datamodel><data id=\"d\" expr=\"&a;\"/></datamodel>",
                                      prolog: "<!DOCTYPE scxml [<!ENTITY a \"&a;\">]>")
        #expect(HostileInput.problems(text) == ["1:151: the entity 'a' refers to itself (&a; → &a;)"])
    }
}
