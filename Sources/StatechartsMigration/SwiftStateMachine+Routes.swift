// Registering routes, chains and closure routes on a RouteMachine. Each returns a disposable
// that removes what it added.

extension RouteMachine {
    // MARK: Routes for state attempts

    /// Adds a route for state attempts (`machine <- .to`), taken when `condition` allows it.
    @discardableResult
    public func addRoute(_ transition: RouteTransition<S>, condition: Condition? = nil) -> RouteDisposable {
        addRoutes([transition], condition: condition)
    }

    /// Adds a route for state attempts and a handler run when it is taken (and its condition
    /// holds): SwiftState's `addRoute(_:condition:handler:)`.
    @discardableResult
    public func addRoute(_ transition: RouteTransition<S>, condition: Condition? = nil, handler: @escaping Handler) -> RouteDisposable {
        register { registry, id in
            registry.routes.append(RouteRecord(id: id, event: nil, transition: transition, condition: condition))
            registry.handlers.append(HandlerRecord(
                id: id, order: defaultRouteHandlerOrder, trigger: .state(transition, condition: condition), handler: handler))
        }
    }

    /// Adds several routes for state attempts at once, such as `[.a, .b] => .c`.
    @discardableResult
    public func addRoutes(_ transitions: [RouteTransition<S>], condition: Condition? = nil) -> RouteDisposable {
        register { registry, id in
            for transition in transitions {
                registry.routes.append(RouteRecord(id: id, event: nil, transition: transition, condition: condition))
            }
        }
    }

    // MARK: Routes grouped by event

    /// Adds routes taken by `event` (`machine <-! event`). A route to ``StatePattern/any`` keeps
    /// the state (an identity transition).
    @discardableResult
    public func addRoutes(event: E, transitions: [RouteTransition<S>], condition: Condition? = nil) -> RouteDisposable {
        addRoutes(event: .some(event), transitions: transitions, condition: condition)
    }

    /// Adds routes taken by the events `event` matches (``EventPattern/any``: every event).
    @discardableResult
    public func addRoutes(event: EventPattern<E>, transitions: [RouteTransition<S>], condition: Condition? = nil) -> RouteDisposable {
        register { registry, id in
            for transition in transitions {
                registry.routes.append(RouteRecord(id: id, event: event, transition: transition, condition: condition))
            }
        }
    }

    /// Adds routes taken by `event`, and a handler run whenever `event` moves the machine.
    @discardableResult
    public func addRoutes(event: E, transitions: [RouteTransition<S>], condition: Condition? = nil,
                          handler: @escaping Handler) -> RouteDisposable {
        addRoutes(event: .some(event), transitions: transitions, condition: condition, handler: handler)
    }

    /// Adds routes taken by the events `event` matches, and a handler run whenever one moves it.
    @discardableResult
    public func addRoutes(event: EventPattern<E>, transitions: [RouteTransition<S>], condition: Condition? = nil,
                          handler: @escaping Handler) -> RouteDisposable {
        register { registry, id in
            for transition in transitions {
                registry.routes.append(RouteRecord(id: id, event: event, transition: transition, condition: condition))
            }
            registry.handlers.append(HandlerRecord(id: id, order: defaultRouteHandlerOrder, trigger: .event(event), handler: handler))
        }
    }

    // MARK: Route chains

    /// Adds the routes of `chain` (`.a => .b => .c`) for state attempts, and a handler run when
    /// the machine has taken all of them one after another.
    @discardableResult
    public func addRouteChain(_ chain: RouteTransitionChain<S>, condition: Condition? = nil,
                              handler: @escaping Handler) -> RouteDisposable {
        register { registry, id in
            for transition in chain.transitions {
                registry.routes.append(RouteRecord(id: id, event: nil, transition: transition, condition: condition))
            }
            registry.chains.append(ChainRecord(id: id, order: defaultRouteHandlerOrder, steps: chain.transitions,
                                               condition: condition, isErrorHandler: false, handler: handler))
        }
    }

    /// Adds a handler run when state attempts have taken the steps of `chain` one after another
    /// (without adding routes).
    @discardableResult
    public func addChainHandler(_ chain: RouteTransitionChain<S>, order: RouteHandlerOrder = defaultRouteHandlerOrder,
                                handler: @escaping Handler) -> RouteDisposable {
        register { registry, id in
            registry.chains.append(ChainRecord(id: id, order: order, steps: chain.transitions, condition: nil,
                                               isErrorHandler: false, handler: handler))
        }
    }

    /// Adds a handler run when a state attempt breaks `chain` after its first step was taken.
    @discardableResult
    public func addChainErrorHandler(_ chain: RouteTransitionChain<S>, order: RouteHandlerOrder = defaultRouteHandlerOrder,
                                     handler: @escaping Handler) -> RouteDisposable {
        register { registry, id in
            registry.chains.append(ChainRecord(id: id, order: order, steps: chain.transitions, condition: nil,
                                               isErrorHandler: true, handler: handler))
        }
    }

    // MARK: Closure routes

    /// Adds a closure route: for an event (or `nil`, for a state attempt) in a state, the state
    /// to go to, or `nil`. It is compiled into guarded transitions towards each declared state;
    /// a state it returns that is not declared is refused (``RouteRefusal/undeclaredState(_:)``).
    @discardableResult
    public func addRouteMapping(_ mapping: @escaping RouteMapping<S, E>) -> RouteDisposable {
        register { registry, id in registry.mappings.append((id, mapping)) }
    }

    /// Adds a closure route and a handler run when an event moves the machine where it chose.
    @discardableResult
    public func addRouteMapping(_ mapping: @escaping RouteMapping<S, E>, order: RouteHandlerOrder = defaultRouteHandlerOrder,
                                handler: @escaping Handler) -> RouteDisposable {
        register { registry, id in
            registry.mappings.append((id, mapping))
            registry.handlers.append(HandlerRecord(id: id, order: order, trigger: .eventMapping(mapping), handler: handler))
        }
    }

    /// Adds a closure route for state attempts: the states reachable from a state.
    @discardableResult
    public func addStateRouteMapping(_ mapping: @escaping StateRouteMapping<S>) -> RouteDisposable {
        register { registry, id in registry.stateMappings.append((id, mapping)) }
    }

    /// Adds a closure route for state attempts and a handler run when a state attempt it allows
    /// is taken.
    @discardableResult
    public func addStateRouteMapping(_ mapping: @escaping StateRouteMapping<S>, handler: @escaping Handler) -> RouteDisposable {
        register { registry, id in
            registry.stateMappings.append((id, mapping))
            registry.handlers.append(HandlerRecord(id: id, order: defaultRouteHandlerOrder, trigger: .stateMapping(mapping), handler: handler))
        }
    }
}
