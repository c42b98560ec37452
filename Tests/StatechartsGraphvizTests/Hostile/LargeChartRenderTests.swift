import Statecharts
import StatechartsGraphviz
import Testing

/// Graphviz's layout cannot be interrupted: a chart too large to lay out must be refused before
/// it starts (this one ran for over ten minutes in dot), while DOT output stays unlimited.
@Suite("Large charts are refused before the layout")
struct LargeChartRenderTests {
    /// `clusters` compound states of `leaves` atomic states each; every leaf has one transition
    /// to a leaf of the next cluster, so every transition crosses from one cluster to another.
    static func clustered(clusters: Int, leaves: Int) throws -> Statechart<String, String, Void> {
        try Statechart<String, String, Void>("clustered") {
            for c in 0..<clusters {
                State("c\(c)") {
                    for l in 0..<leaves {
                        State("c\(c)_\(l)") { On("e\(l)", to: "c\((c + 1) % clusters)_\((l * 7) % leaves)") }
                    }
                }
            }
        }
    }

    /// `count` atomic states in a row, each with a transition to the next.
    static func chain(_ count: Int) throws -> Statechart<String, String, Void> {
        try Statechart<String, String, Void>("chain") {
            for i in 0..<count {
                State("s\(i)") { On("next", to: "s\((i + 1) % count)") }
            }
        }
    }

    @Test("2,000 states in 40 clusters with 1,960 cross-cluster transitions fail fast with the limits error")
    func hugeClusteredChartIsRefused() throws {
        let chart = try Self.clustered(clusters: 40, leaves: 49)
        #expect(DiagramSize(of: chart) == DiagramSize(states: 2_000, transitions: 1_960))
        let started = ContinuousClock.now
        for format in [DiagramFormat.svg, .png, .pdf] {
            let error = #expect(throws: GraphvizError.self) { try chart.renderDiagram(format: format) }
            #expect(error?.stage == .limits)
            let message = error?.description ?? ""
            #expect(message.contains("the chart has 2,000 states and 1,960 transitions"), "\(message)")
            #expect(message.contains("DiagramLimits.maximumStates and DiagramLimits.maximumTransitions"), "\(message)")
            #expect(message.contains("render DOT"), "\(message)")
        }
        // The check happens before Graphviz is called: nowhere near a layout's time.
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    @Test("an instance's diagram is checked the same way")
    func instanceIsChecked() throws {
        let instance = try Self.clustered(clusters: 40, leaves: 49).start(context: ())
        let error = #expect(throws: GraphvizError.self) { try instance.renderDiagram(format: .svg) }
        #expect(error?.stage == .limits)
    }

    @Test("DOT output is never limited")
    func dotIsUnlimited() throws {
        let chart = try Self.clustered(clusters: 40, leaves: 49)
        let diagram = try chart.renderDiagram(format: .dot)
        let text = String(decoding: diagram.bytes, as: UTF8.self)
        #expect(text == chart.dot())
        #expect(text.split(separator: "\n").filter { $0.contains(" -> ") && $0.contains("label=") }.count == 1_960)
    }

    @Test("the message names only the limit exceeded")
    func messageNamesTheLimit() throws {
        let chart = try Self.chain(12)
        let states = #expect(throws: GraphvizError.self) {
            try chart.renderDiagram(format: .svg, limits: DiagramLimits(maximumStates: 10, maximumTransitions: 100))
        }
        #expect(states?.description == "the chart has 12 states and 12 transitions, more than the renderer's limit of 10 states / 100 transitions; raise DiagramLimits.maximumStates to try anyway, or render DOT and lay it out elsewhere")
        let transitions = #expect(throws: GraphvizError.self) {
            try chart.renderDiagram(format: .svg, limits: DiagramLimits(maximumStates: 100, maximumTransitions: 11))
        }
        #expect(transitions?.description.contains("raise DiagramLimits.maximumTransitions to try") == true)
    }

    @Test("raising the limits lets a mid-size chart over the defaults render")
    func raisedLimitsRender() throws {
        let defaults = DiagramLimits.default
        let chart = try Self.chain(defaults.maximumTransitions + 10)
        let error = #expect(throws: GraphvizError.self) { try chart.renderDiagram(format: .svg) }
        #expect(error?.description.contains("raise DiagramLimits.maximumTransitions to try") == true)
        var raised = defaults
        raised.maximumTransitions += 10
        let diagram = try chart.renderDiagram(format: .svg, limits: raised)
        #expect(String(decoding: diagram.bytes, as: UTF8.self).contains("<svg"))
        #expect(try chart.renderDiagram(format: .svg, limits: .unlimited).bytes == diagram.bytes)
    }

    @Test("a chart at the limits is not refused, and targets are counted one arrow each")
    func sizeCounting() throws {
        let chart = try Statechart<String, String, Void>("parallel") {
            State("off") {
                On("go", to: "a1", "b1")
                On("ping")  // targetless: written inside the state, no arrow
            }
            Parallel("on") {
                State("a") { State("a1") }
                State("b") { State("b1") }
            }
        }
        let size = DiagramSize(of: chart)
        #expect(size == DiagramSize(states: 6, transitions: 2))
        #expect(DiagramLimits(maximumStates: 6, maximumTransitions: 2).admits(size))
        #expect(!DiagramLimits(maximumStates: 5, maximumTransitions: 2).admits(size))
        #expect(!DiagramLimits(maximumStates: 6, maximumTransitions: 1).admits(size))
        #expect(DiagramLimits.unlimited.admits(DiagramSize(states: .max, transitions: .max)))
    }
}
