extension StatechartDefinition {
    /// The same chart with every state identity renamed by `transform` (ids, targets, initial
    /// transitions, `whenIn` conditions and done triggers).
    public func mapStates<Other: Hashable & Sendable>(
        _ transform: (StateID) -> Other
    ) -> StatechartDefinition<Other, Event, Context> {
        var mapped = StatechartDefinition<Other, Event, Context>(
            name: name, initial: initial?.mapStates(transform), states: states.map { $0.mapStates(transform) })
        mapped.problems = problems
        return mapped
    }
}

extension StateDefinition {
    /// The same state, with its descendants and transitions, with every state identity renamed.
    public func mapStates<Other: Hashable & Sendable>(
        _ transform: (StateID) -> Other
    ) -> StateDefinition<Other, Event, Context> {
        var mapped = StateDefinition<Other, Event, Context>(
            transform(id), kind: kind, initial: initial?.mapStates(transform),
            children: children.map { $0.mapStates(transform) },
            transitions: transitions.map { $0.mapStates(transform) },
            onEntry: onEntry, onExit: onExit, doneEvent: doneEvent)
        mapped.extraInitialCount = extraInitialCount
        mapped.invocations = invocations
        return mapped
    }
}

extension InitialTransition {
    /// The same transition with its targets renamed.
    public func mapStates<Other: Hashable & Sendable>(
        _ transform: (StateID) -> Other
    ) -> InitialTransition<Other, Event, Context> {
        InitialTransition<Other, Event, Context>(targets: targets.map(transform), actions: actions)
    }
}

extension TransitionDefinition {
    /// The same transition with its targets, conditions and trigger renamed.
    public func mapStates<Other: Hashable & Sendable>(
        _ transform: (StateID) -> Other
    ) -> TransitionDefinition<Other, Event, Context> {
        let mappedTrigger: Trigger<Other, Event.Name>
        switch trigger {
        case .events(let names): mappedTrigger = .events(names)
        case .anyEvent: mappedTrigger = .anyEvent
        case .eventless: mappedTrigger = .eventless
        case .done(let state): mappedTrigger = .done(state.map(transform))
        }
        return TransitionDefinition<Other, Event, Context>(
            trigger: mappedTrigger, targets: targets.map(transform), kind: kind,
            requiredActiveStates: requiredActiveStates.map(transform), guard: guardCondition, actions: actions)
    }
}
