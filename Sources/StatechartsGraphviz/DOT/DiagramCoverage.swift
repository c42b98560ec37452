import Statecharts

/// Counts drawn on a diagram (``DiagramOptions/coverage``): states never entered and transitions
/// never taken are grey and dashed, the others are drawn heavier the more often they were used,
/// and a legend gives the percentages.
public struct DiagramCoverage: Sendable, Hashable {
    /// How many times each state was entered, by the state's name as the chart describes it.
    public var stateCounts: [String: Int]
    /// How many times each transition was taken.
    public var transitionCounts: [TransitionID: Int]

    /// Creates coverage from counts by state name.
    public init(stateCounts: [String: Int] = [:], transitionCounts: [TransitionID: Int] = [:]) {
        self.stateCounts = stateCounts
        self.transitionCounts = transitionCounts
    }

    /// Creates coverage from counts by state, such as `StatechartsAnalysis`'s
    /// `StatechartCoverage.stateCounts` and `.transitionCounts`.
    public init<StateID: Hashable>(states: [StateID: Int], transitions: [TransitionID: Int]) {
        var counts: [String: Int] = [:]
        for (state, count) in states { counts[String(describing: state), default: 0] += count }
        self.init(stateCounts: counts, transitionCounts: transitions)
    }
}
