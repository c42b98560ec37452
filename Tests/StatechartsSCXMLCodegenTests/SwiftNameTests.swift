import StatechartsSCXML
import StatechartsSCXMLCodegen
import Testing

@Suite("Typed SCXML: Swift names of ids")
struct SwiftNameTests {
    static let mappings: [(id: String, source: String)] = [
        ("closed", "closed"),
        ("Closed", "Closed"),
        ("door.open", "doorOpen"),
        ("error.execution", "errorExecution"),
        ("s-1", "s1"),
        ("out-of-order", "outOfOrder"),
        ("a..b", "aB"),
        ("1st", "_1st"),
        ("2", "_2"),
        ("snake_case", "snake_case"),
        ("class", "`class`"),
        ("default", "`default`"),
        ("rawValue", "rawValue_"),
        ("Type", "Type_"),
        ("self", "self_"),
        ("instance", "instance_"),
        ("état", "tat"),
        ("x:y z", "xYZ"),
    ]

    @Test("ids map by the documented rules", arguments: mappings)
    func mapping(id: String, source: String) throws {
        let name = try #require(SwiftName(mapping: id))
        #expect(name.source == source)
    }

    @Test("an id without an ASCII letter or digit has no name", arguments: ["-", ".", "__", "éé", ""])
    func noName(id: String) {
        #expect(SwiftName(mapping: id) == nil)
    }

    @Test("the type is named after the file")
    func typeNames() {
        #expect(SCXMLSwiftGenerator.defaultTypeName(forFileNamed: "door-lock") == "DoorLock")
        #expect(SCXMLSwiftGenerator.defaultTypeName(forFileNamed: "Door") == "Door")
        #expect(SCXMLSwiftGenerator.defaultTypeName(forFileNamed: "traffic.light") == "TrafficLight")
        #expect(SCXMLSwiftGenerator.defaultTypeName(forFileNamed: "---") == nil)
    }
}

@Suite("Typed SCXML: variable types")
struct SCXMLVariableTypeTests {
    static let literals: [(expression: String, type: SCXMLVariableType)] = [
        ("0", .number), ("-2.5e3", .number), (".5", .number), ("3.", .number), ("+1", .number),
        ("'idle'", .string), ("\"idle\"", .string), ("''", .string),
        ("true", .bool), ("false", .bool),
        ("'it''s'", .value), ("'a\\'b'", .value), ("1 + 1", .value), ("[1, 2]", .value), ("{}", .value),
        ("e5", .value), ("1e", .value), (".", .value), ("null", .value), ("x", .value),
    ]

    @Test("an expr literal gives the type", arguments: literals)
    func literal(expression: String, type: SCXMLVariableType) {
        #expect(SCXMLVariableType(declaredBy: .init(id: "v", expression: " \(expression) ")) == type)
    }

    @Test("inline content gives the type of its JSON or text; no value is SCXMLValue")
    func content() {
        #expect(SCXMLVariableType(declaredBy: .init(id: "v", content: .init(text: "42"))) == .number)
        #expect(SCXMLVariableType(declaredBy: .init(id: "v", content: .init(text: " some text "))) == .string)
        #expect(SCXMLVariableType(declaredBy: .init(id: "v", content: .init(text: "true"))) == .bool)
        #expect(SCXMLVariableType(declaredBy: .init(id: "v", content: .init(text: "[1]"))) == .value)
        #expect(SCXMLVariableType(declaredBy: .init(id: "v", content: .init(text: "<a/>", isXML: true))) == .value)
        #expect(SCXMLVariableType(declaredBy: .init(id: "v")) == .value)
        #expect(SCXMLVariableType.number.swiftType == "Double")
    }
}
