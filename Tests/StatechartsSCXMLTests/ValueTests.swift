import StatechartsSCXML
import Testing

@Suite("Values, events and times")
struct ValueTests {
    @Test("JSON in and out")
    func json() throws {
        let value = try SCXMLValue(json: #" { "a": [1, 2.5, -3e2, true, null], "b": "x\"\u00e9\ud83d\ude00" } "#)
        #expect(value == .object([.init("a", .array([.number(1), .number(2.5), .number(-300), .bool(true), .null])),
                                  .init("b", .string("x\"é😀"))]))
        #expect(value.json == #"{"a":[1,2.5,-300,true,null],"b":"x\"é😀"}"#)
        #expect(value["b"] == .string("x\"é😀"))
        #expect(SCXMLValue.undefined.json == nil)
        #expect(SCXMLValue.object([.init("u", .undefined), .init("n", .number(1))]).json == #"{"n":1}"#)
        for bad in ["", "[1,", "{\"a\" 1}", "01", "\"unterminated", "tru", "[1] 2"] {
            #expect(throws: SCXMLValue.JSONError.self) { try SCXMLValue(json: bad) }
        }
    }

    @Test("inline content is JSON or normalized text")
    func inline() {
        #expect(SCXMLValue.fromInlineText(" 123 ") == .number(123))
        #expect(SCXMLValue.fromInlineText("\n this  is \n a string ") == .string("this is a string"))
        #expect(SCXMLValue.fromInlineText("[1]") == .array([.number(1)]))
    }

    @Test("CSS2 times")
    func times() {
        #expect(CSS2Time.parse("1s") == .seconds(1))
        #expect(CSS2Time.parse(" .5s ") == .milliseconds(500))
        #expect(CSS2Time.parse("1.5s") == .milliseconds(1500))
        #expect(CSS2Time.parse("250ms") == .milliseconds(250))
        for bad in ["", "1", "s", "-1s", "1..2s", "1 s", "1min", "1e3ms"] { #expect(CSS2Time.parse(bad) == nil) }
    }

    @Test("events match by SCXML descriptors and complete with done.state")
    func events() {
        #expect(SCXMLEvent.descriptor("error", matches: "error.execution"))
        #expect(SCXMLEvent.descriptor("*", matches: "anything"))
        #expect(!SCXMLEvent.descriptor("error", matches: "errors"))
        #expect(SCXMLEvent.doneEvent(forStateNamed: "s") == SCXMLEvent("done.state.s", type: .internal))
        #expect(!SCXMLEvent.descriptorsMatchExactly)
    }
}
