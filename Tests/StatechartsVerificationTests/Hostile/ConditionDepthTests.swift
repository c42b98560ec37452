import StatechartsSCXML
import StatechartsVerification
import Testing

/// Conditions from the command line (`statechart verify --never TEXT`) may be 128 KiB long: one
/// nested deeper than the reader allows is an error, not a stack overflow in the reader or in
/// what walks the condition afterwards (seen while writing FuzzVerifyConditions, and crashing its
/// binary on inputs longer than its max_len).
@Suite("Hostile conditions")
struct ConditionDepthTests {
    typealias C = Condition<String, SCXMLContext>

    @Test("100,000 '!' are an error at the column where they get too deep")
    func deepNegation() throws {
        let error = try #require(throws: ConditionSyntaxError.self) { try C.parse(String(repeating: "!", count: 100_000) + "true") }
        #expect(error.message == "the condition is nested more than 200 levels deep")
        #expect(error.column == 202)
    }

    @Test("100,000 nested parentheses are an error")
    func deepParentheses() throws {
        let text = String(repeating: "(", count: 100_000) + "In('a')" + String(repeating: ")", count: 100_000)
        let error = try #require(throws: ConditionSyntaxError.self) { try C.parse(text) }
        #expect(error.message == "the condition is nested more than 200 levels deep")
    }

    @Test("a chain of 20,000 operands is an error; of 200, a condition that prints and checks")
    func longChains() throws {
        for op in [" && ", " || "] {
            #expect(throws: ConditionSyntaxError.self) { try C.parse(Array(repeating: "In('a')", count: 20_000).joined(separator: op)) }
            let condition = try C.parse(Array(repeating: "In('a')", count: 200).joined(separator: op))
            #expect(condition.states.count == 200)
            #expect(condition.description.hasPrefix("active(a)"))
            #expect(throws: ConditionSyntaxError.self) { try C.parse(Array(repeating: "In('a')", count: 202).joined(separator: op)) }
        }
        let response = try #require(throws: ConditionSyntaxError.self) {
            try Property<String, SCXMLContext>.parseResponse("In('a') -> " + String(repeating: "!", count: 50_000) + "In('a')")
        }
        #expect(response.message == "the condition is nested more than 200 levels deep")
    }

    @Test("conditions as deep as allowed read as before")
    func allowedDepth() throws {
        let nested = try C.parse(String(repeating: "!", count: 200) + "In('a')")
        #expect(nested.states == ["a"])
        let mixed = try C.parse("!(In('a') && (In('b') || !In('c'))) || true")
        #expect(mixed.description == "!(active(a) && (active(b) || !active(c))) || true")
    }
}
