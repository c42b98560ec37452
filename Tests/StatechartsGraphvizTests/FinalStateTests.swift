import Statecharts
import StatechartsGraphviz
import Testing

@Suite("Final states")
struct FinalStateTests {
    // In `outcome`, testing is s1, pass s2 (entry and exit actions), fail s3 (an entry action),
    // stopped s4 (none).

    @Test("a final state is a rounded box with a double border, with or without actions")
    func shapes() throws {
        let dot = try SampleCharts.finalsWithActions().dot()
        #expect(dot.contains(#"s2 [shape=box, style="rounded", peripheries=2, label=<<TABLE"#))
        #expect(dot.contains(#"<B>pass</B></TD></TR><TR><TD ALIGN="LEFT">entry / log pass</TD></TR><TR><TD ALIGN="LEFT">exit / report</TD></TR>"#))
        #expect(dot.contains(#"s3 [shape=box, style="rounded", peripheries=2, label=<<TABLE"#))
        #expect(dot.contains(#"s4 [shape=box, style="rounded", peripheries=2, label="stopped"];"#))
        #expect(dot.contains(#"s1 [shape=box, style="rounded", label="testing"];"#))
        #expect(!dot.contains("circle"))
    }

    @Test("without actions shown, a final state's box holds its name only")
    func noActions() throws {
        let dot = try SampleCharts.finalsWithActions().dot(options: DiagramOptions(showsActions: false))
        #expect(dot.contains(#"s2 [shape=box, style="rounded", peripheries=2, label="pass"];"#))
        #expect(dot.contains(#"s3 [shape=box, style="rounded", peripheries=2, label="fail"];"#))
    }

    @Test("an active final state is filled")
    func highlighted() throws {
        let dot = try SampleCharts.finalsWithActions().dot(options: DiagramOptions(highlightedStates: ["pass", "stopped"]))
        #expect(dot.contains(##"s2 [shape=box, style="rounded,filled", peripheries=2, fillcolor="#cfe3ff", label=<<TABLE"##))
        #expect(dot.contains(##"s4 [shape=box, style="rounded,filled", peripheries=2, fillcolor="#cfe3ff", label="stopped"];"##))
        #expect(dot.contains(#"s3 [shape=box, style="rounded", peripheries=2, label=<<TABLE"#))
    }

    @Test("coverage fills visited final states green and greys the others")
    func coverage() throws {
        let chart = try SampleCharts.finalsWithActions()
        let coverage = DiagramCoverage(stateCounts: ["testing": 3, "pass": 2, "stopped": 1])
        let dot = chart.dot(options: DiagramOptions(coverage: coverage))
        #expect(dot.contains(##"s4 [shape=box, style="rounded,filled", peripheries=2, fillcolor="#e3f2df", color="#2e7d32", penwidth="##))
        #expect(dot.contains(#"<B>stopped</B></TD></TR><TR><TD ALIGN="LEFT">×1</TD></TR>"#))
        #expect(dot.contains(##"s2 [shape=box, style="rounded,filled", peripheries=2, fillcolor="#e3f2df", color="#2e7d32", penwidth="##))
        #expect(dot.contains(##"s3 [shape=box, style="rounded,dashed", peripheries=2, color="#9e9e9e", fontcolor="#9e9e9e", label=<<TABLE"##))
    }
}
