import Statecharts

/// A configuration or history memory of the old chart with no legal counterpart in the new one,
/// and the shortest run of the old chart that reaches it.
public struct MigrationFinding<StateID: Hashable & Sendable, Event: StatechartEvent>: Sendable {
    /// What the finding is about.
    public enum Subject: Sendable, Hashable {
        /// The configuration.
        case configuration
        /// The memory of this history state of the old chart.
        case history(StateID)
    }

    /// The configuration, or a history state's memory.
    public let subject: Subject
    /// The old chart's states: every active state in document order, or the remembered states.
    public let oldStates: [StateID]
    /// What they would become in the new chart (for a configuration, ancestors included), as far
    /// as they map.
    public let newStates: [StateID]
    /// What is wrong.
    public let problem: MigrationProblem<StateID>
    /// The steps from the old chart's start that reach it (events sent and clock advances), as
    /// `statechart run` takes them.
    public let steps: [VerificationStep<Event>]
}

extension MigrationFinding: Equatable where Event: Equatable {}
extension MigrationFinding: Hashable where Event: Hashable {}

/// What ``ChartMigration/check(events:context:bounds:progress:)`` found: every reachable
/// configuration and history memory of the old chart that does not map to a legal one of the
/// new chart.
public struct MigrationReport<StateID: Hashable & Sendable, Event: StatechartEvent>: Sendable {
    /// The findings: configurations first reached first (shortest runs first), and for each
    /// situation its configuration before its history memories.
    public let findings: [MigrationFinding<StateID, Event>]
    /// How many distinct configurations of the old chart were reached and checked.
    public let configurationsChecked: Int
    /// How many distinct history memories (a history state with what it remembers) were checked.
    public let historyMemoriesChecked: Int
    /// How far the exploration of the old chart went.
    public let exploration: ExplorationStatistics

    /// Every situation was explored: no finding means none exists.
    public var isComplete: Bool { exploration.isComplete }

    /// Every configuration and history memory the old chart can reach maps to a legal one: no
    /// finding, and the exploration was complete.
    public var isSafe: Bool { findings.isEmpty && isComplete }
}
