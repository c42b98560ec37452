import Foundation
import StatechartsSCXML
import Testing

/// `SourceAccess.allowing` opens more folders; `.none` closes even the document's own.
@Suite("Hostile input: allowed folders for src")
struct AllowedFolderSourceTests {
    @Test("a file in an allowed extra folder loads, by absolute path and through ../")
    func allowed() throws {
        let (outer, chart) = try ParentFolderSourceTests.layout(src: "../secret.js")
        defer { try? FileManager.default.removeItem(at: outer) }
        let options = SCXMLReader.Options(sourceAccess: .allowing([outer]))
        #expect(try SCXMLReader.read(contentsOf: chart, options: options).scripts.first?.source == "var secret = 1;")
        let absolute = HostileInput.chart("<script src=\"\(outer.appendingPathComponent("secret.js").path)\"/>")
        #expect(try SCXMLReader.read(string: absolute, options: options).scripts.first?.source == "var secret = 1;")
    }

    @Test("the document's own folder stays allowed alongside the extra ones")
    func ownFolder() throws {
        let (outer, chart) = try ParentFolderSourceTests.layout(src: "own.js")
        defer { try? FileManager.default.removeItem(at: outer) }
        try "var own = 1;".write(to: chart.deletingLastPathComponent().appendingPathComponent("own.js"), atomically: true, encoding: .utf8)
        let options = SCXMLReader.Options(sourceAccess: .allowing([URL(fileURLWithPath: "/nonexistent")]))
        #expect(try SCXMLReader.read(contentsOf: chart, options: options).scripts.first?.source == "var own = 1;")
    }

    @Test(".none refuses files next to the document")
    func none() throws {
        let (outer, chart) = try ParentFolderSourceTests.layout(src: "own.js")
        defer { try? FileManager.default.removeItem(at: outer) }
        try "var own = 1;".write(to: chart.deletingLastPathComponent().appendingPathComponent("own.js"), atomically: true, encoding: .utf8)
        do {
            _ = try SCXMLReader.read(contentsOf: chart, options: SCXMLReader.Options(sourceAccess: .none))
            Issue.record("a file was read with SourceAccess.none")
        } catch {
            #expect(error.diagnostics.map(\.message) == ["cannot load 'own.js': loading src files is turned off (SCXMLReader.Options.sourceAccess)"])
        }
    }

    @Test("a src file larger than the limit is refused")
    func tooLarge() throws {
        let (outer, chart) = try ParentFolderSourceTests.layout(src: "big.js")
        defer { try? FileManager.default.removeItem(at: outer) }
        try String(repeating: "x", count: 2000).write(to: chart.deletingLastPathComponent().appendingPathComponent("big.js"),
                                                      atomically: true, encoding: .utf8)
        do {
            _ = try SCXMLReader.read(contentsOf: chart, options: SCXMLReader.Options(maximumDocumentBytes: 1000))
            Issue.record("a file larger than the limit was read")
        } catch {
            #expect(error.diagnostics.first?.message.hasSuffix("big.js is larger than 1000 bytes (SCXMLReader.Options.maximumDocumentBytes)") == true)
        }
    }
}
