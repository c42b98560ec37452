/// A state in the DSL: atomic without children, compound with them.
///
/// ```swift
/// State(.checkout, initial: .cart) {
///     OnEntry { $0.visits += 1 }
///     State(.cart) { On(.pay, to: .payment) }
///     State(.payment)
/// }
/// ```
/// If your module has a type of its own named `State`, write `Statecharts.State` here.
public struct State<StateID: Hashable & Sendable, Event: StatechartEvent, Context>: Sendable {
    /// The state as data.
    public let definition: StateDefinition<StateID, Event, Context>

    /// Creates a state; `initial` names the child entered by default (the first child otherwise).
    public init(
        _ id: StateID,
        initial: StateID? = nil,
        @StateContentBuilder<StateID, Event, Context> _ content: () -> [StateContent<StateID, Event, Context>] = { [] }
    ) {
        definition = StateDefinition(id, kind: .state, initial: initial.map { [$0] } ?? [], content: content())
    }
}

/// A parallel state: each child is a region, and all regions are active together.
public struct Parallel<StateID: Hashable & Sendable, Event: StatechartEvent, Context>: Sendable {
    /// The state as data.
    public let definition: StateDefinition<StateID, Event, Context>

    /// Creates a parallel state from its regions, transitions and actions.
    public init(
        _ id: StateID,
        @StateContentBuilder<StateID, Event, Context> _ content: () -> [StateContent<StateID, Event, Context>]
    ) {
        definition = StateDefinition(id, kind: .parallel, initial: [], content: content())
    }
}

/// A final state: entering it completes its parent (raising the parent's done event); a final
/// state at the top level finishes the chart. It may have entry and exit actions, nothing else.
public struct Final<StateID: Hashable & Sendable, Event: StatechartEvent, Context>: Sendable {
    /// The state as data.
    public let definition: StateDefinition<StateID, Event, Context>

    /// Creates a final state; `doneEvent`, when given, builds the event its parent raises.
    public init(
        _ id: StateID,
        doneEvent: DoneEventBuilder<Event, Context>? = nil,
        @StateContentBuilder<StateID, Event, Context> _ content: () -> [StateContent<StateID, Event, Context>] = { [] }
    ) {
        var definition = StateDefinition(id, kind: .final, initial: [], content: content())
        definition.doneEvent = doneEvent
        self.definition = definition
    }
}

/// A history pseudo-state: targeting it re-enters the configuration its parent had when last
/// exited, or takes its default transition the first time.
public struct History<StateID: Hashable & Sendable, Event: StatechartEvent, Context>: Sendable {
    /// The state as data.
    public let definition: StateDefinition<StateID, Event, Context>

    /// Creates a history state whose default transition goes to `defaultTargets` (siblings or
    /// their descendants) and runs `actions`.
    public init(
        _ id: StateID,
        _ kind: HistoryKind = .shallow,
        default defaultTargets: StateID...,
        actions: [Action<Event, Context>] = []
    ) {
        definition = StateDefinition(
            id, kind: .history(kind),
            transitions: defaultTargets.isEmpty && actions.isEmpty
                ? [] : [TransitionDefinition(trigger: .eventless, targets: defaultTargets, actions: actions)])
    }
}

/// The initial transition of the enclosing state (or chart) with actions of its own, run after the
/// parent's entry actions (SCXML `<initial>`). Several targets are allowed in parallel regions.
public struct Initial<StateID: Hashable & Sendable, Event: StatechartEvent, Context>: Sendable {
    /// The transition as data.
    public let transition: InitialTransition<StateID, Event, Context>

    /// Creates an initial transition to `targets`, running `actions`.
    public init(_ target: StateID, _ more: StateID..., actions: [Action<Event, Context>] = []) {
        transition = InitialTransition(targets: [target] + more, actions: actions)
    }

    /// Creates an initial transition to `targets` with one action written as a closure.
    public init(_ target: StateID, _ more: StateID..., action: @escaping @Sendable (inout Context) -> Void) {
        transition = InitialTransition(targets: [target] + more, actions: [Action(nil, action)])
    }
}

/// A whole chart embedded as a compound state: its top-level states become the state's children
/// and its initial transition the state's initial transition. `mapState` renames the embedded
/// chart's states into this chart's state type, so one sub-chart can be embedded several times.
public struct Submachine<StateID: Hashable & Sendable, Event: StatechartEvent, Context>: Sendable {
    /// The state as data.
    public let definition: StateDefinition<StateID, Event, Context>

    /// Embeds `chart` as the state `id`, renaming its states with `mapState`.
    public init<Embedded: Hashable & Sendable>(
        _ id: StateID,
        _ chart: StatechartDefinition<Embedded, Event, Context>,
        mapState: (Embedded) -> StateID,
        @StateContentBuilder<StateID, Event, Context> _ content: () -> [StateContent<StateID, Event, Context>] = { [] }
    ) {
        var state = StateDefinition(id, kind: .state, initial: [], content: content())
        state.children = chart.states.map { $0.mapStates(mapState) } + state.children
        if state.initial == nil { state.initial = chart.initial?.mapStates(mapState) }
        definition = state
    }

    /// Embeds `chart`, whose states already belong to this chart's state type, as the state `id`.
    public init(
        _ id: StateID,
        _ chart: StatechartDefinition<StateID, Event, Context>,
        @StateContentBuilder<StateID, Event, Context> _ content: () -> [StateContent<StateID, Event, Context>] = { [] }
    ) {
        self.init(id, chart, mapState: { $0 }, content)
    }
}
