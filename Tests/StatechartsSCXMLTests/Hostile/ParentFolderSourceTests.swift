import Foundation
import StatechartsSCXML
import Testing

/// `src="../secret"` and symbolic links must not lead out of the document's folder.
@Suite("Hostile input: src escaping the document's folder")
struct ParentFolderSourceTests {
    /// `outer/secret.js` and `outer/charts/chart.scxml` whose script names `src`.
    static func layout(src: String) throws -> (outer: URL, chart: URL) {
        let outer = try Fixture.temporaryDirectory()
        try "var secret = 1;".write(to: outer.appendingPathComponent("secret.js"), atomically: true, encoding: .utf8)
        let charts = outer.appendingPathComponent("charts")
        try FileManager.default.createDirectory(at: charts, withIntermediateDirectories: true)
        return (outer, try HostileInput.chartFile(HostileInput.chart("<script src=\"\(src)\"/>"), in: charts))
    }

    static func message(_ chart: URL) -> String? {
        do {
            _ = try SCXMLReader.read(contentsOf: chart)
            return nil
        } catch {
            return error.diagnostics.first?.message
        }
    }

    @Test("../ out of the folder is refused")
    func parent() throws {
        let (outer, chart) = try Self.layout(src: "../secret.js")
        defer { try? FileManager.default.removeItem(at: outer) }
        #expect(Self.message(chart)?.contains("secret.js is outside the folders the document may read from") == true)
    }

    @Test("../ that comes back into the folder is fine")
    func roundTrip() throws {
        let (outer, chart) = try Self.layout(src: "../charts/own.js")
        defer { try? FileManager.default.removeItem(at: outer) }
        try "var own = 1;".write(to: chart.deletingLastPathComponent().appendingPathComponent("own.js"), atomically: true, encoding: .utf8)
        #expect(try SCXMLReader.read(contentsOf: chart).scripts.first?.source == "var own = 1;")
    }

    @Test("a symbolic link in the folder pointing out of it is refused")
    func symlink() throws {
        let (outer, chart) = try Self.layout(src: "link.js")
        defer { try? FileManager.default.removeItem(at: outer) }
        try FileManager.default.createSymbolicLink(at: chart.deletingLastPathComponent().appendingPathComponent("link.js"),
                                                   withDestinationURL: outer.appendingPathComponent("secret.js"))
        #expect(Self.message(chart)?.contains("secret.js is outside the folders the document may read from") == true)
    }

    @Test("a folder whose name starts like the document's is not inside it")
    func siblingPrefix() throws {
        let (outer, chart) = try Self.layout(src: "../charts-other/x.js")
        defer { try? FileManager.default.removeItem(at: outer) }
        let sibling = outer.appendingPathComponent("charts-other")
        try FileManager.default.createDirectory(at: sibling, withIntermediateDirectories: true)
        try "var x = 1;".write(to: sibling.appendingPathComponent("x.js"), atomically: true, encoding: .utf8)
        #expect(Self.message(chart)?.contains("x.js is outside the folders the document may read from") == true)
    }
}
