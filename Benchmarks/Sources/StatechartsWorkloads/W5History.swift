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

    public static func makeChart() -> Statechart<S, E, Context> {
        try! Statechart<S, E, Context>("W5 history") {
            State(.main) {
                History(.history, .deep, default: .c1)
                On(.leave, to: .away) { $0.count += 1 }
                State(.l1) {
                    State(.l2) {
                        State(.c1) { On(.flip, to: .c2) }
                        State(.c2) { On(.flip, to: .c1) }
                    }
                }
            }
            State(.away) { On(.back, to: .history) { $0.count += 1 } }
        }
    }

    /// One batch: `leave, back`, repeated.
    public static func events(count: Int = eventsPerBatch) -> [E] {
        eventStream(count: count) { $0 % 2 == 0 ? E.leave : E.back }
    }
}
