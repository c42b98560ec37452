/// One reason a configuration or history memory of an old chart has no legal counterpart in the
/// new chart, or a mapping cannot be used: what is wrong and with which states.
public struct MigrationProblem<StateID: Hashable & Sendable>: Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The mapping or a snapshot names a state the old chart does not have.
        case unknownOldState = "unknown-old-state"
        /// The mapping maps a state to one the new chart does not have.
        case unknownNewState = "unknown-new-state"
        /// An old state is not mapped and the new chart has no state with its id.
        case unmappedState = "unmapped-state"
        /// A state would be active that is a history pseudo-state in the new chart.
        case historyStateActive = "history-state-active"
        /// An active compound state (or the chart itself) would have no active child, or
        /// several.
        case compoundChildren = "compound-children"
        /// An active parallel state would miss some of its regions.
        case missingRegions = "missing-regions"
        /// A finished instance would hold no top-level final state.
        case finishedWithoutFinalState = "finished-without-final-state"
        /// A history memory would belong to a state that is not a history state of the new chart.
        case notAHistoryState = "not-a-history-state"
        /// A history memory would hold a state its history state cannot remember: outside its
        /// parent, or (deep history) not an atomic state.
        case outsideHistoryParent = "outside-history-parent"
        /// Two history states of the old chart become one whose memories differ.
        case conflictingHistory = "conflicting-history"
        /// The snapshot was taken from another chart than the old one.
        case otherChart = "other-chart"
    }

    /// What is wrong.
    public let kind: Kind
    /// The states at fault: the old chart's ids for ``Kind/unknownOldState`` and
    /// ``Kind/unmappedState``, the new chart's otherwise (empty for the chart itself).
    public let states: [StateID]
    /// One sentence, naming the states.
    public let message: String

    /// Creates a problem.
    public init(_ kind: Kind, states: [StateID], message: String) {
        self.kind = kind
        self.states = states
        self.message = message
    }

    /// `kind: message`.
    public var description: String { "\(kind.rawValue): \(message)" }
}

/// Why a mapping cannot be used, or a snapshot cannot be migrated: every problem found, before
/// anything was changed.
public struct MigrationError<StateID: Hashable & Sendable>: Error, Sendable, Hashable, CustomStringConvertible {
    /// The problems, in the order found.
    public let problems: [MigrationProblem<StateID>]

    /// Creates an error.
    public init(_ problems: [MigrationProblem<StateID>]) { self.problems = problems }

    /// One line per problem.
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
