import Statecharts

/// W1 toggle: states A and B; event `t` goes A→B and B→A; the transition action counts.
public enum W1 {
    public enum S: Hashable, Sendable { case a, b }
    /// `unused` is never sent: it only keeps the event type from having a single value, which
    /// would let the compiler know every event in advance.
    public enum E: StatechartEvent, Hashable, CaseIterable { case t, unused }
    public struct Context: Sendable, Equatable {
        public var count = 0
        public init() {}
    }

    public static func makeChart() -> Statechart<S, E, Context> {
        try! Statechart<S, E, Context>("W1 toggle") {
            State(.a) { On(.t, to: .b) { $0.count += 1 } }
            State(.b) { On(.t, to: .a) { $0.count += 1 } }
        }
    }

    /// One batch: `t` every time.
    public static func events(count: Int = eventsPerBatch) -> [E] { eventStream(count: count) { _ in E.t } }

    /// The hand-written baseline: a `switch` on (state, event), not inlined into the caller.
    public struct Baseline: Sendable {
        public var state: S = .a
        public var context = Context()
        public init() {}

        /// Returns whether the event was accepted.
        @inline(never)
        public mutating func send(_ event: E) -> Bool {
            switch (state, event) {
            case (.a, .t):
                state = .b
                context.count += 1
                return true
            case (.b, .t):
                state = .a
                context.count += 1
                return true
            default:
                return false
            }
        }
    }
}
