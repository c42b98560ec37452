import StatechartsCompiled

/// A compiled workload as the benchmarks drive it: `send` is out of line, as the hand-written
/// baselines' is, and specialized for the chart where it is called (`@inlinable`); the compiled
/// instance's `send` is inlined into it and calls the chart's generated `_runPlan`.
public struct CompiledMachine<Chart: CompiledChart> {
    public var instance: CompiledInstance<Chart>

    public init(context: Chart.Context) {
        do {
            instance = try Chart.start(context: context)
        } catch {
            preconditionFailure("a compiled workload does not compile: \(error)")
        }
    }

    /// Returns whether the event was accepted.
    @inlinable @inline(never)
    public mutating func send(_ event: Chart.Event) -> Bool { instance.send(event).isAccepted }

    /// Sends every event of `events` and returns how many were accepted: a whole batch in one
    /// call, with `send` inlined into the loop as in a user's code. The shape of the Boost.MSM
    /// peers' `process` (their loop in C++, `process_event` inlined into it), for the pairs
    /// against MSM.
    @inlinable @inline(never)
    public mutating func process(_ events: [Chart.Event]) -> Int {
        var accepted = 0
        for event in events where instance.send(event).isAccepted { accepted &+= 1 }
        return accepted
    }
}
