import Statecharts

// Turns a RouteMachine's registrations into one flat statechart. Each declared state gets, in
// this order:
//   1. for each declared state `to` some route or mapping can reach: a transition on the
//      attempt `.state(to)`, guarded by the routes' conditions and the mappings;
//   2. for each event route from it: a transition on `.event(e)` (specific events first, then
//      routes of every event), guarded by the route's condition;
//   3. for route mappings: a transition on any event to each declared state, guarded by "the
//      first mapping that answers chose this state";
//   4. a fallback on any event, without target, that records the refusal and runs the error
//      handlers: it is taken only when nothing above was (document order).
// Every transition that moves runs the handlers as its action.

extension RouteRegistry {
    typealias Definition = StatechartDefinition<S, RouteSignal<S, E>, RouteMemory<S, E>>
    typealias Transition = TransitionDefinition<S, RouteSignal<S, E>, RouteMemory<S, E>>

    /// The chart of these registrations over `states`, starting in `initial`.
    func definition(states: [S], initial: S) -> Definition {
        let declared = Set(states)
        let definitions = states.map { from in
            StateDefinition<S, RouteSignal<S, E>, RouteMemory<S, E>>(
                from,
                transitions: stateAttempts(from: from, states: states)
                    + eventRoutes(from: from, declared: declared)
                    + mappedEvents(from: from, states: states)
                    + [fallback(from: from, declared: declared)])
        }
        return Definition(name: "RouteMachine", initial: InitialTransition(targets: [initial]), states: definitions)
    }

    /// The action of every transition that moves: runs the handlers of the step.
    private func handlers(from: S, to: S) -> Action<RouteSignal<S, E>, RouteMemory<S, E>> {
        let registry = self
        return Action("handlers") { memory, signal in
            guard let signal else { return }
            registry.runHandlers(for: (signal.event, from, to, signal.userInfo), memory: &memory)
        }
    }

    /// 1. State attempts: every route (event routes too, their conditions seeing no event) and
    /// every mapping may allow `from → to`.
    private func stateAttempts(from: S, states: [S]) -> [Transition] {
        let mapped = !mappings.isEmpty || !stateMappings.isEmpty
        return states.compactMap { to in
            let matching = routes.filter { $0.transition.matches(from: from, to: to) }
            guard !matching.isEmpty || mapped else { return nil }
            var condition: Guard<RouteSignal<S, E>, RouteMemory<S, E>>?
            if matching.allSatisfy({ $0.condition != nil }) {
                let registry = self
                condition = Guard("route condition") { _, signal in
                    let userInfo = signal?.userInfo
                    return matching.contains { $0.allows((nil, from, to, userInfo)) }
                        || registry.mappingAllows(from: from, to: to, userInfo: userInfo)
                }
            }
            return Transition(trigger: .events([.state(to)]), targets: [to], guard: condition,
                              actions: [handlers(from: from, to: to)])
        }
    }

    /// 2. Event routes from `from`, in registration order: those of one event, then those of
    /// every event. A route to "any state" stays in `from`; a route to an undeclared state is
    /// left out (the refusal names it).
    private func eventRoutes(from: S, declared: Set<S>) -> [Transition] {
        let fromHere = routes.filter { $0.event != nil && $0.transition.fromState.matches(from) }
        let ordered = fromHere.filter { $0.event != .any } + fromHere.filter { $0.event == .any }
        return ordered.compactMap { route in
            let to = route.transition.toState.value ?? from
            guard declared.contains(to), let pattern = route.event else { return nil }
            let condition = route.condition.map { _ in
                Guard<RouteSignal<S, E>, RouteMemory<S, E>>("route condition") { _, signal in
                    guard let event = signal?.event else { return false }
                    return route.allows((event, from, to, signal?.userInfo))
                }
            }
            switch pattern {
            case .some(let event):
                return Transition(trigger: .events([.event(event)]), targets: [to], guard: condition,
                                  actions: [handlers(from: from, to: to)])
            case .any:
                let anyEvent = Guard<RouteSignal<S, E>, RouteMemory<S, E>>("route condition") { _, signal in
                    guard let event = signal?.event else { return false }
                    return route.allows((event, from, to, signal?.userInfo))
                }
                return Transition(trigger: .anyEvent, targets: [to], guard: anyEvent,
                                  actions: [handlers(from: from, to: to)])
            }
        }
    }

    /// 3. Route mappings: on any event, to the declared state the first answering mapping chose.
    private func mappedEvents(from: S, states: [S]) -> [Transition] {
        guard !mappings.isEmpty else { return [] }
        let registry = self
        return states.map { to in
            let chosen = Guard<RouteSignal<S, E>, RouteMemory<S, E>>("route mapping") { _, signal in
                guard let event = signal?.event else { return false }
                return registry.mappedState(for: event, from: from, userInfo: signal?.userInfo) == to
            }
            return Transition(trigger: .anyEvent, targets: [to], guard: chosen, actions: [handlers(from: from, to: to)])
        }
    }

    /// 4. The fallback: records the refusal and runs the error handlers.
    private func fallback(from: S, declared: Set<S>) -> Transition {
        let registry = self
        let refuse = Action<RouteSignal<S, E>, RouteMemory<S, E>>("refuse") { memory, signal in
            registry.refuse(signal, from: from, declared: declared, memory: &memory)
        }
        return Transition(trigger: .anyEvent, actions: [refuse])
    }
}
