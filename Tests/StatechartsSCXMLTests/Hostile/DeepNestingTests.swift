import StatechartsSCXML
import Testing

/// 10,000 nested elements: deep enough to exhaust a thread's stack in a recursive parser or in
/// the stages after it.
@Suite("Hostile input: 10,000 levels of nesting")
struct DeepNestingTests {
    @Test("nesting beyond 100 levels is an error at the 101st start tag")
    func tooDeep() {
        let text = "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\">\n" + String(repeating: "<state>", count: 10_000)
            + String(repeating: "</state>", count: 10_000) + "</scxml>"
        #expect(HostileInput.problems(text) == ["2:694: elements are nested more than 100 levels deep"])
    }

    @Test("also when the elements are never closed")
    func unclosed() {
        let text = String(repeating: "<a>", count: 10_000)
        #expect(HostileInput.problems(text) == ["1:301: elements are nested more than 100 levels deep"])
    }

    @Test("the depth is an option")
    func option() {
        let text = String(repeating: "<a>", count: 5) + String(repeating: "</a>", count: 5)
        #expect(HostileInput.problems(text, options: SCXMLReader.Options(maximumDepth: 4))
                == ["1:13: elements are nested more than 4 levels deep"])
    }
}
