import Statecharts

/// W5 history: leave a compound and re-enter it through its deep history, depth 3:
/// Main{ H(deep), L1{ L2{ C1, C2 } } } and Away. `leave` goes Main→Away, `back` goes Away→H,
/// which restores the leaf remembered 3 levels below Main. Before measuring, `flip` moves C1→C2,
/// so history restores C2, not the default C1. Transition actions count.
public enum W5 {
    public enum S: Hashable, Sendable { case main, history, l1, l2, c1, c2, away }
    public enum E: StatechartEvent, Hashable, CaseIterable { case leave, back, flip }
    public struct Context: Sendable, Equatable {
        public var count = 0
        public init() {}
    }

    /// The chart: ``W5Compiled``'s definition (the compiled twin), compiled as a table chart.
    public static func makeChart() -> Statechart<S, E, Context> {
        try! Statechart<S, E, Context>(W5Compiled.definition)
    }

    /// One batch: `leave, back`, repeated.
    public static func events(count: Int = eventsPerBatch) -> [E] {
        eventStream(count: count) { $0 % 2 == 0 ? E.leave : E.back }
    }

    /// The hand-written baseline: the active leaf and the leaf history remembers, a `switch` on
    /// the leaf, not inlined. Starts where W5 measures from: in C2, after `flip`.
    public struct Baseline: Sendable {
        public enum Leaf: Sendable { case c1, c2, away }
        public var leaf = Leaf.c2
        public var remembered = Leaf.c2
        public var context = Context()
        public init() {}

        @inline(never)
        public mutating func send(_ event: E) -> Bool {
            switch leaf {
            case .c1, .c2:
                if event == .leave { remembered = leaf; leaf = .away; context.count += 1; return true }
                if event == .flip { leaf = leaf == .c1 ? .c2 : .c1; return true }
            case .away:
                if event == .back { leaf = remembered; context.count += 1; return true }
            }
            return false
        }
    }
}
