/// Which state of a new version of a chart each state of the old version becomes.
///
/// A state that is not renamed keeps its id, when the new chart has a state with that id.
/// Several old states may become one new state (a region that was removed can become the
/// parallel state that held it). A mapping names states, not whole configurations: the new
/// configuration holds each mapped state and its ancestors in the new chart, so a state moved
/// into a new compound state needs no more than its rename.
///
/// ```swift
/// let mapping: StateMapping<String> = ["playing": "on", "paused": "on"]
/// ```
public struct StateMapping<StateID: Hashable & Sendable>: Sendable, Hashable, ExpressibleByDictionaryLiteral {
    /// Old state → new state, for the states that do not keep their id.
    public var renames: [StateID: StateID]
    /// History states of the old chart whose memories are dropped: the new chart's history
    /// takes its default transition the next time, as if the state had never been left.
    public var forgottenHistory: Set<StateID>

    /// Creates a mapping from its renames and the history states to forget.
    public init(_ renames: [StateID: StateID] = [:], forgettingHistoryOf forgottenHistory: Set<StateID> = []) {
        self.renames = renames
        self.forgottenHistory = forgottenHistory
    }

    /// Creates a mapping from `old: new` pairs; a later pair for the same old state replaces an
    /// earlier one.
    public init(dictionaryLiteral elements: (StateID, StateID)...) {
        self.init(Dictionary(elements, uniquingKeysWith: { _, later in later }))
    }

    /// The new chart's id for the old chart's `state`: its rename, or the same id.
    public func newState(for state: StateID) -> StateID { renames[state] ?? state }
}
