import Statecharts

/// How big a chart's diagram is, in the terms ``DiagramLimits`` bounds: its states and the
/// transition arrows drawn between them.
public struct DiagramSize: Sendable, Hashable {
    /// Every state, pseudo-states (history) included.
    public var states: Int
    /// The transition arrows: one per target of each transition that has targets. Targetless
    /// transitions, written inside their state's box, do not count, nor do the arrows from
    /// initial points.
    public var transitions: Int

    /// Creates a size.
    public init(states: Int, transitions: Int) {
        self.states = states
        self.transitions = transitions
    }

    /// The size of `chart`'s diagram.
    public init<StateID, Event, Context>(of chart: Statechart<StateID, Event, Context>) {
        var transitions = 0
        for id in chart.allTransitions {
            transitions += chart.transition(id)?.targets.count ?? 0
        }
        self.init(states: chart.states.count, transitions: transitions)
    }
}
