import Foundation
import StatechartsSCXML
import StatechartsSCXMLCodegen
import Testing

@Suite("Typed SCXML: the generator")
struct GeneratorTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    @Test("Light.scxml gives Light.swift.golden, the same on every run")
    func goldenOutput() throws {
        let input = Self.golden.appendingPathComponent("Light.scxml")
        let swift = try SCXMLSwiftGenerator.generate(contentsOf: input)
        let expected = Self.golden.appendingPathComponent("Light.swift.golden")
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try swift.write(to: expected, atomically: true, encoding: .utf8)
        }
        #expect(swift == (try String(contentsOf: expected, encoding: .utf8)))
        #expect(try SCXMLSwiftGenerator.generate(contentsOf: input) == swift)
    }

    func generate(_ text: String, typeName: String? = "Chart", dataModels: Set<String> = SCXMLSwiftGenerator.supportedDataModels) throws(SCXMLError) -> String {
        try SCXMLSwiftGenerator.generate(text: text, fileName: "Chart.scxml", file: "Chart.scxml", typeName: typeName, dataModels: dataModels)
    }

    func error(_ text: String, typeName: String? = "Chart", dataModels: Set<String> = SCXMLSwiftGenerator.supportedDataModels) -> [String] {
        do {
            _ = try generate(text, typeName: typeName, dataModels: dataModels)
            return []
        } catch {
            return error.lines
        }
    }

    static let head = #"<scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0""#

    @Test("malformed XML and invalid charts are errors at their file, line and column")
    func documentErrors() {
        #expect(error("\(Self.head)>\n  <state id=\"a\">\n</scxml>") == [
            "Chart.scxml:3:1: the end tag </scxml> does not match the open element <state> (line 2, column 3)",
        ])
        #expect(error("\(Self.head)>\n  <state id=\"a\">\n    <transition event=\"go\" target=\"b\"/>\n  </state>\n</scxml>") == [
            "Chart.scxml:3:5: unknown target 'b'",
        ])
    }

    @Test("the ecmascript data model needs StatechartsECMAScript in the target; other data models are refused")
    func dataModels() {
        let ecmascript = "\(Self.head) datamodel=\"ecmascript\">\n<state id=\"a\"/></scxml>"
        #expect(error(ecmascript, dataModels: ["null"]) == [
            "Chart.scxml:1:1: the document uses the ecmascript data model: add the StatechartsECMAScript product "
                + "to the dependencies of the target that holds it",
        ])
        #expect(error(ecmascript).isEmpty)
        #expect(error("\(Self.head) datamodel=\"xpath\"><state id=\"a\"/></scxml>") == [
            "Chart.scxml:1:1: the xpath data model is not supported in typed SCXML (null and ecmascript are)",
        ])
    }

    @Test("src attributes are refused at their elements: the document is compiled in, away from its folder")
    func sources() {
        let text = """
            \(Self.head) datamodel="ecmascript">
              <datamodel><data id="d" src="d.json"/></datamodel>
              <state id="a"><invoke src="child.scxml"/></state>
            </scxml>
            """
        #expect(error(text) == [
            "Chart.scxml:2:14: <data src> is not supported in a typed SCXML document (it is compiled into the program, "
                + "away from its folder): put the value inline",
            "Chart.scxml:3:17: <invoke src> is not supported in a typed SCXML document (it is compiled into the program, "
                + "away from its folder): put the document inside <content>",
        ])
    }

    @Test("a file name that makes no type, or a name the generated code uses, is refused")
    func typeNames() {
        let text = "\(Self.head)><state id=\"a\"/></scxml>"
        let noName = "Chart.scxml:1:1: 'Chart.scxml' makes no Swift type name: name the file with ASCII letters and "
            + "digits (other characters separate words), not a Swift keyword"
        #expect(error(text, typeName: nil) == [noName])
        #expect(error(text, typeName: "class") == [noName])
        #expect(error(text, typeName: "door-lock") == [noName])
        #expect(error(text, typeName: "State") == [
            "Chart.scxml:1:1: 'Chart.scxml' would make the type 'State', a name the generated code uses itself: rename the file",
        ])
        #expect(error(text, typeName: "Door").isEmpty)
    }

    @Test("the document is embedded in a raw string its own text cannot close")
    func rawStringDelimiter() throws {
        let text = "\(Self.head)>\n<!-- \"\"\"## and \\#( -->\n<state id=\"a\"/></scxml>\n"
        let swift = try generate(text)
        #expect(swift.contains("public static let document: String = ###\"\"\"\n\(text)\"\"\"###"))
    }

    @Test("a document without events or variables gets enums without cases, and no method that takes them")
    func emptyEnums() throws {
        let swift = try generate("\(Self.head)><state id=\"a\"/></scxml>")
        #expect(swift.contains("    public enum Event: CaseIterable, Sendable {\n"))
        #expect(swift.contains("    public enum Variable: CaseIterable, Sendable {\n"))
        #expect(!swift.contains("func send(_ event: Event"))
        #expect(!swift.contains("func value(of variable: Variable)"))
        #expect(swift.contains("func isActive(_ state: State)"))
        #expect(!swift.contains("import StatechartsECMAScript"))
    }
}
