import Foundation
import StatechartsSCXML
import Testing

/// A document larger than ``SCXMLReader/Options/maximumDocumentBytes`` is refused before it is
/// parsed, whether it comes as bytes or from a file.
@Suite("Hostile input: an oversized document")
struct OversizedDocumentTests {
    @Test("bytes over the limit are refused")
    func bytes() {
        let text = HostileInput.chart("<script>" + String(repeating: "x", count: 2000) + "</script>")
        #expect(HostileInput.problems(text, options: SCXMLReader.Options(maximumDocumentBytes: 1000))
                == ["1:1: the document is larger than 1000 bytes (SCXMLReader.Options.maximumDocumentBytes)"])
    }

    @Test("a file over the limit is refused")
    func file() throws {
        let folder = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = try HostileInput.chartFile(HostileInput.chart("<script>" + String(repeating: "x", count: 2000) + "</script>"), in: folder)
        #expect(throws: SCXMLError.self) { try SCXMLReader.read(contentsOf: url, options: SCXMLReader.Options(maximumDocumentBytes: 1000)) }
        #expect(try SCXMLReader.read(contentsOf: url).scripts.first?.source.count == 2000)
    }
}
