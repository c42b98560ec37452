/// What a static check found wrong with a chart. The raw values are the names
/// `statechart check` prints and `--allow` takes.
public enum ChartFindingKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// No sequence of transitions from the initial configuration can enter the state. Guards are
    /// taken as satisfiable; initial transitions, history defaults and parallel regions count as
    /// entries.
    case unreachableState = "unreachable-state"
    /// The transition can never be selected: an earlier transition of the same state, without a
    /// guard, matches every event it matches.
    case shadowedTransition = "shadowed-transition"
    /// An atomic, non-final state that nothing leaves (no transition of its own, of an ancestor,
    /// or out of an enclosing parallel state), in a chart that has final states.
    case deadEndState = "dead-end-state"
    /// A compound or parallel state that can never complete: none of its final children (or of
    /// one of its regions) can be entered.
    case unfinishable = "unfinishable"
    /// A cycle of eventless transitions without guards: once entered, the chart never settles.
    case eventlessCycle = "eventless-cycle"
    /// An event the chart sends or raises that no transition matches.
    case unusedEvent = "unused-event"
}
