import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Statecharts
import StatechartsGraphviz
import Testing

@Suite("Element classes")
struct ElementClassTests {
    static let classes = DiagramOptions(elementClasses: true)

    @Test("off by default: no class attribute at all")
    func offByDefault() throws {
        #expect(DiagramOptions().elementClasses == false)
        for (name, dot) in try SampleCharts.all() where !name.hasSuffix("-classes") {
            #expect(!dot.contains("class="), "\(name)")
        }
    }

    @Test("the chart names each state's class by its document-order id")
    func stateClasses() throws {
        let chart = try SampleCharts.parallelWithHistory()
        for (i, state) in chart.states.enumerated() {
            #expect(chart.diagramClass(of: state) == "sc-s\(i + 1)")
        }
        #expect(chart.diagramClass(of: "no such state") == nil)
        let dot = chart.dot(options: Self.classes)
        // stopped is s1 (a node), playing s2 (a parallel cluster), audio s3 (a region cluster),
        // audio history s4 (a history node).
        #expect(dot.contains(#"s1 [shape=box, style="rounded", label="stopped", class="sc-s1"];"#))
        #expect(dot.contains("  subgraph cluster_s2 {\n    label=\"playing\";\n    style=\"rounded,bold\";\n    class=\"sc-s2\";\n"))
        #expect(dot.contains("    subgraph cluster_s3 {\n      label=\"audio\";\n      style=\"rounded,dashed\";\n      class=\"sc-s3\";\n"))
        #expect(dot.contains(#"s4 [shape=circle, width=0.3, fixedsize=true, label="H*", tooltip="audio history", class="sc-s4"];"#))
        for state in chart.states {
            let cls = try #require(chart.diagramClass(of: state))
            #expect(dot.components(separatedBy: "class=\"\(cls)\"").count - 1 == 1, "\(state)")
        }
    }

    @Test("final states carry their class, with or without actions")
    func finalClasses() throws {
        let dot = try SampleCharts.finalsWithActions().dot(options: Self.classes)
        #expect(dot.contains(#"<TD ALIGN="LEFT">exit / report</TD></TR></TABLE>>, class="sc-s2"];"#))
        #expect(dot.contains(#"s4 [shape=box, style="rounded", peripheries=2, label="stopped", class="sc-s4"];"#))
    }

    @Test("every edge of a transition carries its class, several targets included")
    func transitionClasses() throws {
        let chart = try SampleCharts.parallelWithHistory()
        let dot = chart.dot(options: Self.classes)
        let edges = dot.split(separator: "\n").filter { $0.contains(" -> ") && !$0.contains("style=invis") }
        for t in chart.allTransitions {
            let description = try #require(chart.transition(t))
            let cls = try #require(chart.diagramClass(of: t))
            #expect(cls == "sc-t\(t.rawValue)")
            let drawn = edges.filter { $0.contains("class=\"\(cls)\"") }
            #expect(drawn.count == description.targets.count, "\(cls)")
        }
        // No other edge carries a transition class.
        let named = Set(chart.allTransitions.compactMap { chart.diagramClass(of: $0) })
        let written = Set(dot.components(separatedBy: "class=\"sc-t").dropFirst().map { "sc-t" + $0.prefix { $0 != "\"" } })
        #expect(written == named)
        // resume goes to both history states: two edges, one class.
        let resume = try #require(chart.transitions(of: "paused").first)
        #expect(edges.filter { $0.contains("class=\"sc-t\(resume.rawValue)\"") }.count == 2)
        // Initial and history default edges are no transitions: no class.
        #expect(edges.filter { !$0.contains("class=") }.allSatisfy { $0.contains("initial") || $0.contains("s4 ->") || $0.contains("s8 ->") })
    }

    @Test("a targetless transition draws no edge, so it has no class")
    func targetless() throws {
        let chart = try SampleCharts.reactions()
        let increment = try #require(chart.transitions(of: "counting").first)
        #expect(chart.transition(increment)?.targets.isEmpty == true)
        #expect(chart.diagramClass(of: increment) == nil)
        let reset = try #require(chart.transitions(of: "counting").dropFirst().first)
        let dot = chart.dot(options: Self.classes)
        #expect(dot.contains(#"s1_port -> s2 [label=" reset / zero ", style=dashed, class="sc-t\#(reset.rawValue)"];"#))
        #expect(chart.diagramClass(of: TransitionID(rawValue: 10_000)) == nil)
    }

    /// The `class` of every `<g>` element of an SVG, with the element's title.
    final class GroupCollector: NSObject, XMLParserDelegate {
        var groups: [(cls: String, title: String)] = []
        var inTitle = false
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            if name == "g" { groups.append((attributes["class"] ?? "", "")) }
            if name == "title" { inTitle = true }
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inTitle, !groups.isEmpty { groups[groups.count - 1].title += string }
        }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "title" { inTitle = false }
        }
    }

    @Test("Graphviz puts the classes on the SVG groups of nodes, clusters and edges")
    func svg() throws {
        let chart = try SampleCharts.parallelWithHistory()
        let diagram = try chart.renderDiagram(format: .svg, options: Self.classes)
        #expect(diagram.warnings.isEmpty, "\(diagram.warnings)")
        let parser = XMLParser(data: Data(diagram.bytes))
        let collector = GroupCollector()
        parser.delegate = collector
        #expect(parser.parse(), "SVG is not well-formed: \(String(describing: parser.parserError))")
        let groups = collector.groups
        // Graphviz 2.43 writes the hyphen as a character reference, which XML parsers and
        // browsers read as `-`.
        let text = String(decoding: diagram.bytes, as: UTF8.self)
        #expect(text.contains(#"class="node sc&#45;s1""#) || text.contains(#"class="node sc-s1""#))
        // stopped is s1, playing s2 (a parallel state's cluster), the transition play its edge.
        #expect(groups.contains { $0.cls == "node sc-s1" && $0.title == "s1" })
        #expect(groups.contains { $0.cls == "cluster sc-s2" && $0.title == "cluster_s2" })
        let play = try #require(chart.transitions(of: "stopped").first)
        #expect(groups.contains { $0.cls == "edge sc-t\(play.rawValue)" && $0.title == "s1->s2_start" })
        // Every state's class is on exactly one group, every drawn transition's on one per target.
        for state in chart.states {
            let cls = try #require(chart.diagramClass(of: state))
            let kind = chart.kind(of: state) == .compound || chart.kind(of: state) == .parallel ? "cluster" : "node"
            #expect(groups.filter { $0.cls == "\(kind) \(cls)" }.count == 1, "\(state)")
        }
        for t in chart.allTransitions {
            guard let cls = chart.diagramClass(of: t), let description = chart.transition(t) else { continue }
            #expect(groups.filter { $0.cls == "edge \(cls)" }.count == description.targets.count, "\(cls)")
        }
    }
}
