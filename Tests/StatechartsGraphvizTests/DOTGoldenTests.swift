import Foundation
import Statecharts
import StatechartsGraphviz
import Testing

/// The DOT text of representative charts, compared with golden files in `Golden/`. Set
/// `UPDATE_GOLDEN=1` to rewrite them after an intended change, then review the diff.
@Suite("DOT golden files")
struct DOTGoldenTests {
    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    @Test("each sample chart's DOT matches its golden file", arguments: try SampleCharts.all().map(\.0))
    func golden(name: String) throws {
        let dot = try #require(try SampleCharts.all().first { $0.0 == name }).1
        let file = Self.goldenDirectory.appendingPathComponent(name + ".dot")
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: Self.goldenDirectory, withIntermediateDirectories: true)
            try dot.write(to: file, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(dot == expected, "DOT for \(name) differs from Golden/\(name).dot")
    }

    @Test("the same chart always gives the same text")
    func deterministic() throws {
        let first = try SampleCharts.parallelWithHistory().dot()
        for _ in 0..<5 { #expect(try SampleCharts.parallelWithHistory().dot() == first) }
    }

    @Test("names are escaped in quoted strings and HTML labels")
    func escaping() throws {
        let dot = try SampleCharts.oddNames().dot()
        #expect(dot.contains(#"label="quote\"d""#))
        #expect(dot.contains(#"label="back\\slash""#))
        #expect(dot.contains(#"label=" line\nbreak ""#))
        #expect(dot.contains("&lt;tag&gt; &amp; amp"))
        #expect(dot.contains("a &lt; b &amp; c"))
        #expect(dot.contains("Ünïcødé ✓"))
        #expect(!dot.contains("<tag>"))
    }
}
