import Testing
@_spi(Testing) import Statecharts
import StatechartsCompiled

// The random charts of Generated/ (written by scripts/generate-compiled-charts.py), each run
// compiled and as its table twin on random event streams.

/// The context every generated chart shares: the action log, a counter that entry and
/// transition actions raise and guards read, and the budget of eventless transitions (`a`: each
/// eventless transition is guarded by `a > 0` and lowers it, so every macrostep ends).
struct GeneratedContext: Sendable, Equatable {
    var log: [String] = []
    var n = 0
    var a = 0
}

/// One generated chart and the lockstep run of it.
struct GeneratedChartCase: Sendable, CustomTestStringConvertible {
    let name: String
    /// Runs the chart in lockstep; returns how many events were taken.
    let run: @Sendable (_ seed: UInt64, _ count: Int) throws -> Int

    init(_ name: String, run: @escaping @Sendable (_ seed: UInt64, _ count: Int) throws -> Int) {
        self.name = name
        self.run = run
    }

    var testDescription: String { name }
}

/// Runs `Chart` compiled, its table twin (`Statechart(Chart.definition)`) and the twin without
/// single-path plans (every transition by the general algorithm) side by side on `count` random
/// events: the configuration, the context (with the action log of that event) and the
/// `SendResult` must be equal after every event. The logs are emptied after each
/// comparison, so that a long run compares each event's actions, not an ever longer list.
/// Returns how many of the events were taken (the rest were ignored). With `plainDefinition`,
/// the twins are made from it instead of `Chart.definition`.
@discardableResult
func runGeneratedLockstep<Chart: CompiledChart>(
    _: Chart.Type, events: [Chart.Event], seed: UInt64, count: Int,
    plainDefinition: StatechartDefinition<Chart.StateID, Chart.Event, Chart.Context>? = nil
) throws -> Int where Chart.Context == GeneratedContext {
    let definition = plainDefinition ?? Chart.definition
    let plainChart = try Statechart(definition)
    var plain = plainChart.start(context: GeneratedContext())
    var general = try Statechart(definition, singlePathPlans: false).start(context: GeneratedContext())
    var compiled = try Chart.start(context: GeneratedContext())
    guard compiled.configuration == plain.configuration, compiled.context == plain.context,
          general.configuration == plain.configuration, general.context == plain.context else {
        Issue.record("""
            \(plainChart.name) at start:
            compiled: \(compiled.configuration), \(compiled.context)
            plain:    \(plain.configuration), \(plain.context)
            """)
        return 0
    }
    var accepted = 0
    var random = SplitMix(seed: seed)
    var sent: [Chart.Event] = []
    for step in 0..<count {
        let event = events[Int(random.next() % UInt64(events.count))]
        sent.append(event)
        let expected = plain.send(event)
        let actual = compiled.send(event)
        let reference = general.send(event)
        guard actual == expected, compiled.configuration == plain.configuration, compiled.context == plain.context,
              reference == expected, general.configuration == plain.configuration, general.context == plain.context
        else {
            Issue.record("""
                \(plainChart.name), seed \(seed), step \(step), events \(sent.suffix(8)):
                compiled: \(actual.outcome) \(Array(actual.transitions)), \(compiled.configuration), \(compiled.context)
                plain:    \(expected.outcome) \(Array(expected.transitions)), \(plain.configuration), \(plain.context)
                general:  \(reference.outcome) \(Array(reference.transitions)), \(general.configuration), \(general.context)
                """)
            return accepted
        }
        if expected.isAccepted { accepted += 1 }
        compiled.context.log.removeAll(keepingCapacity: true)
        plain.context.log.removeAll(keepingCapacity: true)
        general.context.log.removeAll(keepingCapacity: true)
    }
    return accepted
}

@Suite struct GeneratedLockstepTests {
    @Test func thereAreAtLeastFortyCharts() {
        #expect(generatedCharts.count >= 40)
    }

    @Test("each generated chart runs as its table twin", arguments: generatedCharts)
    func lockstep(chart: GeneratedChartCase) throws {
        var accepted = 0
        for seed in [1, 2, 3, 4] as [UInt64] {
            accepted += try chart.run(seed, 600)
        }
        // A chart that ignores every event would prove nothing.
        #expect(accepted > 0)
    }

    /// A chart written as `static func makeDefinition()` is built by the statements the macro
    /// splits its DSL into: it must be the chart the DSL builds as written (here, the same chart
    /// written as `static let definition`, which the compiler reads as it is).
    @Test("each function-form chart runs as the same chart written as `static let`", arguments: functionFormCharts)
    func functionForm(chart: GeneratedChartCase) throws {
        var accepted = 0
        for seed in [5, 6] as [UInt64] {
            accepted += try chart.run(seed, 600)
        }
        #expect(accepted > 0)
    }

    @Test func someChartsAreWrittenInFunctionForm() {
        #expect(functionFormCharts.count >= 10)
    }
}
