import Statecharts
import StatechartsGraphviz
import Testing

@Suite("Highlighting a running instance")
struct HighlightTests {
    @Test("active states are filled and the last transition is bold")
    func highlight() throws {
        let chart = try SampleCharts.nested()
        var machine = chart.start(context: ())
        let result = machine.send("start")
        let dot = machine.dot(lastTransitions: Array(result.transitions))
        // idle is s1, running s2 (a cluster), warming s3.
        #expect(dot.contains(##"s3 [shape=box, style="rounded,filled", fillcolor="#cfe3ff", label="warming"];"##))
        #expect(dot.contains(##"s1 [shape=box, style="rounded", label="idle"];"##))
        #expect(dot.contains("fillcolor=\"#eaf2ff\""))
        #expect(dot.contains(##"s1 -> s2_start [label=" start ", color="#d62728", fontcolor="#d62728", penwidth=2.5, lhead=cluster_s2];"##))
        #expect(dot.contains(##"s1 -> s2_start [label=" stop ", dir=back, lhead=cluster_s2];"##))
    }

    @Test("highlighting by name from options")
    func byName() throws {
        let dot = try SampleCharts.flat().dot(options: DiagramOptions(highlightedStates: ["on"]))
        #expect(dot.contains(##"s2 [shape=box, style="rounded,filled", fillcolor="#cfe3ff", label="on"];"##))
        #expect(dot.contains(##"s1 [shape=box, style="rounded", label="off"];"##))
    }
}
