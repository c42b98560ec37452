import Statecharts

/// W6 compile: build and compile generated charts of 1,000, 10,000 and 20,000 states with 5
/// transitions per state.
///
/// The chart has `states / 10` groups; each group is a compound state with 9 atomic children, so
/// every tenth state is compound. Every state (compound or atomic) has 5 transitions, on 5 distinct
/// events of 10, to pseudo-random targets anywhere in the chart (atomic or compound, so some
/// transitions cross groups and some enter a compound by default), each with one action.
public enum W6 {
    public enum E: StatechartEvent, Hashable, CaseIterable { case e0, e1, e2, e3, e4, e5, e6, e7, e8, e9 }
    public struct Context: Sendable, Equatable {
        public var count = 0
        public init() {}
    }

    public static let sizes = [1_000, 10_000, 20_000]
    public static let transitionsPerState = 5

    /// The chart as data, with `states` states (a multiple of 10).
    public static func definition(states: Int) -> StatechartDefinition<Int, E, Context> {
        precondition(states % 10 == 0 && states > 0)
        let events = E.allCases
        let action = Action<E, Context>("count") { $0.count += 1 }
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func nextTarget() -> Int {
            // xorshift64*: deterministic, so every run builds the same chart.
            seed ^= seed >> 12
            seed ^= seed << 25
            seed ^= seed >> 27
            return Int((seed &* 0x2545_F491_4F6C_DD1D) >> 33) % states
        }
        func transitions(of id: Int) -> [TransitionDefinition<Int, E, Context>] {
            (0..<transitionsPerState).map { j in
                TransitionDefinition(trigger: .events([events[(id + j) % events.count]]),
                                     targets: [nextTarget()], actions: [action])
            }
        }
        var groups: [StateDefinition<Int, E, Context>] = []
        groups.reserveCapacity(states / 10)
        for g in stride(from: 0, to: states, by: 10) {
            let children = (g + 1..<g + 10).map { id in StateDefinition<Int, E, Context>(id, transitions: transitions(of: id)) }
            groups.append(StateDefinition(g, children: children, transitions: transitions(of: g)))
        }
        return StatechartDefinition(name: "W6 generated \(states)", states: groups)
    }

    /// Builds and compiles the chart of `states` states.
    public static func compile(states: Int) -> Statechart<Int, E, Context> {
        try! Statechart(definition(states: states))
    }
}
