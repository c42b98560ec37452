import Statecharts

/// An observer that counts the states entered and the transitions taken, over any number of runs.
///
/// Pass the same value to every `start`, `send` and `advanceClock` of the runs to measure (or
/// ``merge(_:)`` the coverage of separate runs), then ask ``summary(for:)`` what was left out:
///
/// ```swift
/// var coverage = StatechartCoverage<Door, Input>()
/// var door = chart.makeInstance(context: Stats())
/// door.start(observer: &coverage)
/// door.send(.open, observer: &coverage)
/// coverage.summary(for: chart).unvisitedStates      // [.locked]
/// ```
///
/// `StatechartsGraphviz` draws it on the chart: `DiagramOptions(coverage: DiagramCoverage(states:
/// coverage.stateCounts, transitions: coverage.transitionCounts))`.
public struct StatechartCoverage<StateID: Hashable & Sendable, Event: StatechartEvent>: StatechartObserver, Sendable {
    /// How many times each state was entered.
    public private(set) var stateCounts: [StateID: Int] = [:]
    /// How many times each transition was taken (initial transitions and history defaults
    /// included; ``summary(for:)`` counts declared transitions only).
    public private(set) var transitionCounts: [TransitionID: Int] = [:]
    /// How many runs were started while observed.
    public private(set) var runs = 0

    /// Creates an empty coverage.
    public init() {}

    /// Creates a coverage from counts, such as ones saved to a file.
    public init(stateCounts: [StateID: Int], transitionCounts: [TransitionID: Int], runs: Int) {
        self.stateCounts = stateCounts
        self.transitionCounts = transitionCounts
        self.runs = runs
    }

    public mutating func stateEntered(_ state: StateID) { stateCounts[state, default: 0] += 1 }

    public mutating func transitionTaken(_ transition: TransitionID) { transitionCounts[transition, default: 0] += 1 }

    public mutating func macrostepCompleted(after event: Event?) {
        if event == nil { runs += 1 }
    }

    /// Adds the counts of `other` to these.
    public mutating func merge(_ other: StatechartCoverage) {
        stateCounts.merge(other.stateCounts, uniquingKeysWith: +)
        transitionCounts.merge(other.transitionCounts, uniquingKeysWith: +)
        runs += other.runs
    }

    /// What the counts cover of `chart`: its states (history pseudo-states left out) and its
    /// declared transitions.
    public func summary<Context>(for chart: Statechart<StateID, Event, Context>) -> CoverageSummary<StateID> {
        let states = chart.states.filter { chart.kind(of: $0)?.isHistory == false }
        let transitions = chart.allTransitions
        return CoverageSummary(
            stateCount: states.count, transitionCount: transitions.count,
            unvisitedStates: states.filter { (stateCounts[$0] ?? 0) == 0 },
            untakenTransitions: transitions.filter { (transitionCounts[$0] ?? 0) == 0 })
    }
}

/// What a ``StatechartCoverage`` covers of a chart.
public struct CoverageSummary<StateID: Hashable & Sendable>: Sendable, Hashable {
    /// The chart's states, history pseudo-states left out.
    public let stateCount: Int
    /// The chart's declared transitions.
    public let transitionCount: Int
    /// The states never entered, in document order.
    public let unvisitedStates: [StateID]
    /// The transitions never taken, in document order.
    public let untakenTransitions: [TransitionID]

    /// Creates a summary.
    public init(stateCount: Int, transitionCount: Int, unvisitedStates: [StateID], untakenTransitions: [TransitionID]) {
        self.stateCount = stateCount
        self.transitionCount = transitionCount
        self.unvisitedStates = unvisitedStates
        self.untakenTransitions = untakenTransitions
    }

    /// The share of states entered, from 0 to 1 (1 for a chart without states).
    public var stateRatio: Double {
        stateCount == 0 ? 1 : Double(stateCount - unvisitedStates.count) / Double(stateCount)
    }

    /// The share of transitions taken, from 0 to 1 (1 for a chart without transitions).
    public var transitionRatio: Double {
        transitionCount == 0 ? 1 : Double(transitionCount - untakenTransitions.count) / Double(transitionCount)
    }

    /// Whether every state was entered and every transition taken.
    public var isComplete: Bool { unvisitedStates.isEmpty && untakenTransitions.isEmpty }
}
