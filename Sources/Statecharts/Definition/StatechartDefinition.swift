/// A statechart as data: the tree of states with their transitions and actions.
///
/// Build one with the result-builder DSL (``Statechart/init(_:microstepLimit:externalEventLimit:_:)``) or in code; the SCXML
/// importer builds the same value. ``Statechart`` compiles and validates it.
public struct StatechartDefinition<StateID: Hashable & Sendable, Event: StatechartEvent, Context>: Sendable {
    /// The top-level states, in document order.
    public var states: [StateDefinition<StateID, Event, Context>]
    /// The initial transition of the chart; `nil` means the first top-level state.
    public var initial: InitialTransition<StateID, Event, Context>?
    /// A name for the chart, used in diagrams and messages.
    public var name: String
    /// Problems found while the definition was assembled (misplaced DSL content), reported by the
    /// compiler together with everything else.
    @usableFromInline internal var problems: [(kind: StatechartDefinitionError.Problem.Kind, message: String)] = []

    /// Creates a definition from its top-level states.
    public init(
        name: String = "statechart",
        initial: InitialTransition<StateID, Event, Context>? = nil,
        states: [StateDefinition<StateID, Event, Context>]
    ) {
        self.name = name
        self.initial = initial
        self.states = states
    }
}

/// The kind of a state as written in a definition.
public enum StateDefinitionKind: Sendable, Hashable {
    /// A state: atomic without children, compound with them.
    case state
    /// A parallel state: all its children (regions) are active together.
    case parallel
    /// A final state: entering it completes its parent.
    case final
    /// A history pseudo-state of its parent.
    case history(HistoryKind)
}

/// Whether a history state remembers only its parent's active child or every active descendant.
public enum HistoryKind: Sendable, Hashable {
    /// Remembers the parent's active children (SCXML `type="shallow"`).
    case shallow
    /// Remembers the parent's active atomic descendants (SCXML `type="deep"`).
    case deep
}

/// One state of a ``StatechartDefinition``.
public struct StateDefinition<StateID: Hashable & Sendable, Event: StatechartEvent, Context>: Sendable {
    /// The state's identity; unique in the chart.
    public var id: StateID
    /// StateID, parallel, final or history.
    public var kind: StateDefinitionKind
    /// Child states in document order.
    public var children: [StateDefinition]
    /// Outgoing transitions in document order. For a history state, its single default
    /// transition (taken when the history has no memory yet).
    public var transitions: [TransitionDefinition<StateID, Event, Context>]
    /// The initial transition, entry and exit actions, done event and invocations, which most
    /// states of a large chart do not have, in one box shared by copies until one is changed
    /// (StateDefinition+RareParts.swift): a state without them is 48 bytes instead of 104.
    @usableFromInline var rare: _StateRarePartsBox<StateID, Event, Context>?

    /// Creates a state.
    @inlinable
    public init(
        _ id: StateID,
        kind: StateDefinitionKind = .state,
        initial: InitialTransition<StateID, Event, Context>? = nil,
        children: [StateDefinition] = [],
        transitions: [TransitionDefinition<StateID, Event, Context>] = [],
        onEntry: [Action<Event, Context>] = [],
        onExit: [Action<Event, Context>] = [],
        doneEvent: DoneEventBuilder<Event, Context>? = nil
    ) {
        self.id = id
        self.kind = kind
        self.children = children
        self.transitions = transitions
        if initial != nil || !onEntry.isEmpty || !onExit.isEmpty || doneEvent != nil {
            rare = _StateRarePartsBox(_StateRareParts(initial: initial, onEntry: onEntry, onExit: onExit, doneEvent: doneEvent))
        }
    }
}

/// The initial transition of a compound state or of the chart: its targets (several when they lie
/// in different regions of a parallel state) and the actions run after the parent's entry actions.
public struct InitialTransition<StateID: Hashable & Sendable, Event: StatechartEvent, Context>: Sendable {
    /// The states entered by default; descendants of the parent.
    public var targets: [StateID]
    /// Actions run when the transition is taken (SCXML `<initial><transition>` content).
    public var actions: [Action<Event, Context>]

    /// Creates an initial transition.
    public init(targets: [StateID], actions: [Action<Event, Context>] = []) {
        self.targets = targets
        self.actions = actions
    }
}

/// What triggers a transition.
public enum Trigger<StateID: Hashable & Sendable, EventName: Hashable & Sendable>: Sendable, Hashable {
    /// Any of these event names (descriptors).
    case events([EventName])
    /// Every event (SCXML `event="*"`).
    case anyEvent
    /// The completion of a compound or parallel state (SCXML `done.state.ID`); `nil` names the
    /// transition's own source state.
    case done(StateID?)
    /// No event: the transition is taken as soon as its guard holds (SCXML eventless transition).
    case eventless
}

/// Whether a transition exits its source state.
public enum TransitionKind: Sendable, Hashable {
    /// Exits and re-enters the source when the targets are its descendants (SCXML default).
    case external
    /// Does not exit a compound source whose descendants are all the targets.
    case `internal`
}

/// One transition of a ``StateDefinition``.
public struct TransitionDefinition<StateID: Hashable & Sendable, Event: StatechartEvent, Context>: Sendable {
    /// What triggers it.
    public var trigger: Trigger<StateID, Event.Name>
    /// Its targets: none for a targetless transition, several for parallel regions.
    public var targets: [StateID]
    /// External (the default) or internal.
    public var kind: TransitionKind
    /// States that must all be active for the transition to be enabled (SCXML `In(id)`), checked
    /// before the guard.
    public var requiredActiveStates: [StateID]
    /// The condition, if any.
    public var guardCondition: Guard<Event, Context>?
    /// Actions run when it is taken, after the exits and before the entries.
    public var actions: [Action<Event, Context>]

    /// Creates a transition.
    public init(
        trigger: Trigger<StateID, Event.Name>,
        targets: [StateID] = [],
        kind: TransitionKind = .external,
        requiredActiveStates: [StateID] = [],
        guard guardCondition: Guard<Event, Context>? = nil,
        actions: [Action<Event, Context>] = []
    ) {
        self.trigger = trigger
        self.targets = targets
        self.kind = kind
        self.requiredActiveStates = requiredActiveStates
        self.guardCondition = guardCondition
        self.actions = actions
    }
}

/// Builds the done event of a final state's parent (SCXML `<donedata>`): it receives the context,
/// the name of the completed parent state, and the outbox (to raise `error.execution`, say), and
/// returns the event to raise, or `nil` for the default done event.
public struct DoneEventBuilder<Event: StatechartEvent, Context>: Sendable {
    @usableFromInline
    let build: @Sendable (inout Context, String, inout Outbox<Event>) -> Event?

    /// Creates a builder from a closure.
    public init(_ build: @escaping @Sendable (inout Context, _ parentName: String, inout Outbox<Event>) -> Event?) {
        self.build = build
    }
}
