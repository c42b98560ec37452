/// A transition on one or several events.
///
/// ```swift
/// On(.toggle, to: .on)
/// On(.foo, to: .s1, guard: Guard("foo is 0") { $0.foo == 0 }) { $0.foo = 1 }
/// On(.tick) { $0.ticks += 1 }              // targetless: runs its action, changes no state
/// On(.split, to: .left, .right)            // several targets, in parallel regions
/// ```
public struct On<StateID: Hashable & Sendable, Event: StatechartEvent, Context>: Sendable {
    /// The transition as data.
    public let definition: TransitionDefinition<StateID, Event, Context>

    /// Creates a transition on `event` (or any of several events) to `targets`.
    public init(
        _ event: Event.Name, _ more: Event.Name...,
        to targets: StateID...,
        kind: TransitionKind = .external,
        whenIn requiredActiveStates: [StateID] = [],
        guard guardCondition: Guard<Event, Context>? = nil,
        actions: [Action<Event, Context>] = []
    ) {
        definition = TransitionDefinition(
            trigger: .events([event] + more), targets: targets, kind: kind,
            requiredActiveStates: requiredActiveStates, guard: guardCondition, actions: actions)
    }

    /// Creates a transition whose action is the trailing closure.
    public init(
        _ event: Event.Name, _ more: Event.Name...,
        to targets: StateID...,
        kind: TransitionKind = .external,
        whenIn requiredActiveStates: [StateID] = [],
        guard guardCondition: Guard<Event, Context>? = nil,
        action: @escaping @Sendable (inout Context) -> Void
    ) {
        definition = TransitionDefinition(
            trigger: .events([event] + more), targets: targets, kind: kind,
            requiredActiveStates: requiredActiveStates, guard: guardCondition, actions: [Action(nil, action)])
    }

    /// Creates a transition whose action, the trailing closure, reads the event and may use the outbox.
    public init(
        _ event: Event.Name, _ more: Event.Name...,
        to targets: StateID...,
        kind: TransitionKind = .external,
        whenIn requiredActiveStates: [StateID] = [],
        guard guardCondition: Guard<Event, Context>? = nil,
        action: @escaping @Sendable (inout Context, Event?, inout Outbox<Event>) -> Void
    ) {
        definition = TransitionDefinition(
            trigger: .events([event] + more), targets: targets, kind: kind,
            requiredActiveStates: requiredActiveStates, guard: guardCondition, actions: [Action(nil, action)])
    }
}

/// A transition on every event (SCXML `event="*"`).
public struct OnAny<StateID: Hashable & Sendable, Event: StatechartEvent, Context>: Sendable {
    /// The transition as data.
    public let definition: TransitionDefinition<StateID, Event, Context>

    /// Creates a transition that any event triggers.
    public init(
        to targets: StateID...,
        kind: TransitionKind = .external,
        guard guardCondition: Guard<Event, Context>? = nil,
        actions: [Action<Event, Context>] = []
    ) {
        definition = TransitionDefinition(
            trigger: .anyEvent, targets: targets, kind: kind, guard: guardCondition, actions: actions)
    }

    /// Creates a transition on every event whose action is the trailing closure.
    public init(
        to targets: StateID...,
        kind: TransitionKind = .external,
        guard guardCondition: Guard<Event, Context>? = nil,
        action: @escaping @Sendable (inout Context, Event?, inout Outbox<Event>) -> Void
    ) {
        definition = TransitionDefinition(
            trigger: .anyEvent, targets: targets, kind: kind, guard: guardCondition, actions: [Action(nil, action)])
    }
}

/// A transition taken when a compound state reaches one of its final children, or when every
/// region of a parallel state has (SCXML `done.state.ID`).
///
/// Written inside the state that completes, it needs no state named: `OnDone(to: .next)`.
/// `OnDone(of: .region, to: .next)` reacts to another state's completion.
public struct OnDone<StateID: Hashable & Sendable, Event: StatechartEvent, Context>: Sendable {
    /// The transition as data; a `nil` state in the trigger is filled in with the enclosing state.
    public let definition: TransitionDefinition<StateID, Event, Context>

    /// Creates a transition on the completion of `state` (the enclosing state when `nil`).
    public init(
        of state: StateID? = nil,
        to targets: StateID...,
        kind: TransitionKind = .external,
        guard guardCondition: Guard<Event, Context>? = nil,
        actions: [Action<Event, Context>] = []
    ) {
        definition = TransitionDefinition(
            trigger: .done(state), targets: targets, kind: kind,
            guard: guardCondition, actions: actions)
    }

    /// Creates a transition on a completion whose action is the trailing closure.
    public init(
        of state: StateID? = nil,
        to targets: StateID...,
        kind: TransitionKind = .external,
        guard guardCondition: Guard<Event, Context>? = nil,
        action: @escaping @Sendable (inout Context) -> Void
    ) {
        definition = TransitionDefinition(
            trigger: .done(state), targets: targets, kind: kind, guard: guardCondition, actions: [Action(nil, action)])
    }
}

/// An eventless transition: taken as soon as its guard holds, after every microstep
/// (SCXML `<transition>` without `event`).
public struct Always<StateID: Hashable & Sendable, Event: StatechartEvent, Context>: Sendable {
    /// The transition as data.
    public let definition: TransitionDefinition<StateID, Event, Context>

    /// Creates an eventless transition.
    public init(
        to targets: StateID...,
        kind: TransitionKind = .external,
        whenIn requiredActiveStates: [StateID] = [],
        guard guardCondition: Guard<Event, Context>? = nil,
        actions: [Action<Event, Context>] = []
    ) {
        definition = TransitionDefinition(
            trigger: .eventless, targets: targets, kind: kind,
            requiredActiveStates: requiredActiveStates, guard: guardCondition, actions: actions)
    }

    /// Creates an eventless transition whose action is the trailing closure.
    public init(
        to targets: StateID...,
        kind: TransitionKind = .external,
        whenIn requiredActiveStates: [StateID] = [],
        guard guardCondition: Guard<Event, Context>? = nil,
        action: @escaping @Sendable (inout Context) -> Void
    ) {
        definition = TransitionDefinition(
            trigger: .eventless, targets: targets, kind: kind,
            requiredActiveStates: requiredActiveStates, guard: guardCondition, actions: [Action(nil, action)])
    }
}
