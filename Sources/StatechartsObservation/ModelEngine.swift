import Statecharts
import StatechartsCompiled

/// What a ``StatechartModel`` runs: a plain instance, or a compiled one whose `send` runs the
/// generated code. Everything but `send` goes through the plain instance.
protocol ModelEngine<StateID, Event, Context> {
    associatedtype StateID: Hashable & Sendable
    associatedtype Event: StatechartEvent
    associatedtype Context

    /// The running instance, as of now.
    var instance: StatechartInstance<StateID, Event, Context> { get }
    /// Sends an event by the engine's fastest route.
    mutating func send(_ event: Event) -> SendResult
    /// Runs `body` on the plain instance (the clock, invocations), keeping the engine's route.
    mutating func withInstance<R>(_ body: (inout StatechartInstance<StateID, Event, Context>) -> R) -> R
}

/// A plain chart's instance.
struct PlainEngine<StateID: Hashable & Sendable, Event: StatechartEvent, Context>: ModelEngine {
    var instance: StatechartInstance<StateID, Event, Context>

    mutating func send(_ event: Event) -> SendResult { instance.send(event) }

    mutating func withInstance<R>(_ body: (inout StatechartInstance<StateID, Event, Context>) -> R) -> R {
        body(&instance)
    }
}

/// A compiled chart's instance. The clock and invocations work on its plain instance, which is
/// taken out and put back (`CompiledInstance` lets only `send` and the context be changed in
/// place).
struct CompiledEngine<Chart: CompiledChart>: ModelEngine {
    var compiled: CompiledInstance<Chart>
    let chart: CompiledStatechart<Chart>
    /// Set only if the plain instance could not be put back (it always comes from `chart`, so
    /// this never happens); the engine then runs the plain instance, with the same behaviour.
    var fallback: StatechartInstance<Chart.StateID, Chart.Event, Chart.Context>?

    init(_ compiled: CompiledInstance<Chart>, of chart: CompiledStatechart<Chart>) {
        self.compiled = compiled
        self.chart = chart
    }

    var instance: StatechartInstance<Chart.StateID, Chart.Event, Chart.Context> { fallback ?? compiled.instance }

    mutating func send(_ event: Chart.Event) -> SendResult {
        guard var plain = fallback else { return compiled.send(event) }
        fallback = nil
        defer { fallback = plain }
        return plain.send(event)
    }

    mutating func withInstance<R>(_ body: (inout StatechartInstance<Chart.StateID, Chart.Event, Chart.Context>) -> R) -> R {
        var plain = instance
        let result = body(&plain)
        if let back = try? CompiledInstance(plain, of: chart) {
            compiled = back
            fallback = nil
        } else {
            fallback = plain
        }
        return result
    }
}
