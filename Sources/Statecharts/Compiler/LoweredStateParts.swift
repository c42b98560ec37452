/// The parts of a state's definition that pass 2 (`lowerTransitions`) lowers into the tables:
/// its transitions, its initial transition and its entry and exit actions. Pass 1 keeps these
/// for each state, in document order, rather than a copy of the whole ``StateDefinition``
/// (40 bytes instead of 104 per state).
@usableFromInline
struct _LoweredStateParts<StateID: Hashable & Sendable, Event: StatechartEvent, Context> {
    @usableFromInline let transitions: [TransitionDefinition<StateID, Event, Context>]
    @usableFromInline let initial: InitialTransition<StateID, Event, Context>?
    @usableFromInline let onEntry: [Action<Event, Context>]
    @usableFromInline let onExit: [Action<Event, Context>]

    @inlinable
    init(_ definition: StateDefinition<StateID, Event, Context>) {
        transitions = definition.transitions
        initial = definition.initial
        onEntry = definition.onEntry
        onExit = definition.onExit
    }
}
