import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Statecharts
import StatechartsGraphviz
import Testing

@Suite("Rendering through libgvc")
struct RenderingTests {
    /// Counts the cluster groups of an SVG while checking it parses as XML.
    final class ClusterCounter: NSObject, XMLParserDelegate {
        var clusters = 0
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            if name == "g", attributes["class"] == "cluster" { clusters += 1 }
        }
    }

    @Test("SVG is well-formed XML with one cluster per compound and parallel state")
    func svgClusters() throws {
        let chart = try SampleCharts.parallelWithHistory()
        let diagram = try chart.renderDiagram(format: .svg)
        #expect(diagram.warnings.isEmpty, "\(diagram.warnings)")
        let parser = XMLParser(data: Data(diagram.bytes))
        let counter = ClusterCounter()
        parser.delegate = counter
        #expect(parser.parse(), "SVG is not well-formed: \(String(describing: parser.parserError))")
        let clusterStates = chart.states.filter { chart.kind(of: $0) == .compound || chart.kind(of: $0) == .parallel }
        #expect(clusterStates.count == 3)
        #expect(counter.clusters == clusterStates.count)
    }

    @Test("PNG has its signature and a plausible size")
    func png() throws {
        let diagram = try SampleCharts.nested().renderDiagram(format: .png)
        let bytes = diagram.bytes
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(bytes.count > 2_000)
        // IHDR: width and height, big-endian, at bytes 16..<24.
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect((100...5_000).contains(width))
        #expect((100...5_000).contains(height))
    }

    @Test("PDF has its signature and a plausible size")
    func pdf() throws {
        let bytes = try SampleCharts.finals().renderDiagram(format: .pdf).bytes
        #expect(bytes.starts(with: Array("%PDF-".utf8)))
        #expect(bytes.count > 1_000)
    }

    @Test("every sample renders without a Graphviz warning")
    func noWarnings() throws {
        for (name, dot) in try SampleCharts.all() {
            let diagram = try GraphvizRenderer.render(dot: dot, format: .svg)
            #expect(diagram.warnings.isEmpty, "\(name): \(diagram.warnings)")
        }
    }

    @Test("bad DOT is a parse error with Graphviz's message")
    func badDOT() {
        #expect {
            try GraphvizRenderer.render(dot: "digraph { a -> }", format: .svg)
        } throws: { error in
            guard let error = error as? GraphvizError else { return false }
            return error.stage == .parse && error.messages.contains { $0.contains("syntax error") }
        }
    }

    @Test("an unknown layout engine is a layout error")
    func badEngine() {
        #expect {
            try GraphvizRenderer.render(dot: "digraph { a -> b }", format: .svg, engineNamed: "no-such-engine")
        } throws: { error in
            guard let error = error as? GraphvizError else { return false }
            return error.stage == .layout && error.messages.contains { $0.contains("no-such-engine") }
        }
    }

    @Test("DOT format returns the text itself")
    func dotFormat() throws {
        let dot = try SampleCharts.flat().dot()
        #expect(try GraphvizRenderer.render(dot: dot, format: .dot).bytes == Array(dot.utf8))
        #expect(DiagramFormat(pathExtension: "out/chart.SVG") == .svg)
        #expect(DiagramFormat(pathExtension: "chart.gif") == nil)
        #expect(DiagramFormat(pathExtension: "dir.d/chart") == nil)
    }

    @Test("other layout engines render too", arguments: [LayoutEngine.neato, .fdp, .circo])
    func engines(engine: LayoutEngine) throws {
        let svg = try SampleCharts.flat().renderDiagram(format: .svg, engine: engine).bytes
        #expect(String(decoding: svg, as: UTF8.self).contains("<svg"))
    }

    /// What a rendered SVG holds: its element titles (node, edge and cluster names) sorted. Graphviz
    /// numbers and orders sibling clusters by internal addresses, so the text itself may differ
    /// from run to run; the elements may not.
    static func structure(_ bytes: [UInt8]) -> [String]? {
        let parser = XMLParser(data: Data(bytes))
        let collector = TitleCollector()
        parser.delegate = collector
        guard parser.parse() else { return nil }
        return collector.titles.sorted()
    }

    final class TitleCollector: NSObject, XMLParserDelegate {
        var titles: [String] = []
        var inTitle = false
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            if name == "title" { inTitle = true; titles.append("") }
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inTitle { titles[titles.count - 1] += string }
        }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "title" { inTitle = false }
        }
    }

    @Test("many concurrent renders are all correct")
    func concurrent() async throws {
        let dots = try SampleCharts.all().map(\.1)
        let expected = try dots.map { Self.structure(try GraphvizRenderer.render(dot: $0, format: .svg).bytes) }
        let results = try await withThrowingTaskGroup(of: (Int, [UInt8]).self) { group in
            for round in 0..<64 {
                let i = round % dots.count
                let dot = dots[i]
                group.addTask { (i, try GraphvizRenderer.render(dot: dot, format: .svg).bytes) }
            }
            var results: [(Int, [UInt8])] = []
            for try await result in group { results.append(result) }
            return results
        }
        #expect(results.count == 64)
        for (i, bytes) in results {
            let structure = Self.structure(bytes)
            #expect(structure != nil, "render of sample \(i) is not well-formed SVG")
            #expect(structure == expected[i], "render of sample \(i) has other elements")
        }
    }
}
