// Handlers on a RouteMachine, and trying states and events. Handlers run as the actions of the
// compiled chart's transitions, after the step is decided, by order then registration.

extension RouteMachine {
    // MARK: Handlers

    /// Adds a handler run when a state attempt (`machine <- .s`) takes a step `transition`
    /// matches. Event attempts do not run it (use ``addAnyHandler(_:order:handler:)``).
    @discardableResult
    public func addHandler(_ transition: RouteTransition<S>, order: RouteHandlerOrder = defaultRouteHandlerOrder,
                           handler: @escaping Handler) -> RouteDisposable {
        register { registry, id in
            registry.handlers.append(HandlerRecord(id: id, order: order, trigger: .state(transition, condition: nil), handler: handler))
        }
    }

    /// Adds a handler run when `event` moves the machine.
    @discardableResult
    public func addHandler(event: E, order: RouteHandlerOrder = defaultRouteHandlerOrder,
                           handler: @escaping Handler) -> RouteDisposable {
        addHandler(event: .some(event), order: order, handler: handler)
    }

    /// Adds a handler run when an event `event` matches moves the machine.
    @discardableResult
    public func addHandler(event: EventPattern<E>, order: RouteHandlerOrder = defaultRouteHandlerOrder,
                           handler: @escaping Handler) -> RouteDisposable {
        register { registry, id in
            registry.handlers.append(HandlerRecord(id: id, order: order, trigger: .event(event), handler: handler))
        }
    }

    /// Adds a handler run when a state attempt or an event takes a step `transition` matches.
    @discardableResult
    public func addAnyHandler(_ transition: RouteTransition<S>, order: RouteHandlerOrder = defaultRouteHandlerOrder,
                              handler: @escaping Handler) -> RouteDisposable {
        register { registry, id in
            registry.handlers.append(HandlerRecord(id: id, order: order, trigger: .both(transition), handler: handler))
        }
    }

    /// Adds a handler run when an attempt is refused. For a state attempt the context's
    /// `toState` is the state asked for; for an event it is the current state.
    @discardableResult
    public func addErrorHandler(order: RouteHandlerOrder = defaultRouteHandlerOrder,
                                handler: @escaping Handler) -> RouteDisposable {
        register { registry, id in
            registry.errorHandlers.append(ErrorHandlerRecord(id: id, order: order, handler: handler))
        }
    }

    // MARK: Trying

    /// Tries to go to `toState`: succeeds when a route (or closure route) from the current state
    /// allows it, then runs the matching handlers; otherwise runs the error handlers.
    @discardableResult
    public func tryState(_ toState: S, userInfo: (any Sendable)? = nil) -> Bool {
        attempt(.state(toState, userInfo: userInfo))
    }

    /// Tries `event`: succeeds when a route of the event (or a closure route) leads somewhere
    /// from the current state, then runs the matching handlers; otherwise the error handlers.
    @discardableResult
    public func tryEvent(_ event: E, userInfo: (any Sendable)? = nil) -> Bool {
        attempt(.event(event, userInfo: userInfo))
    }

    /// Whether ``tryState(_:userInfo:)`` would succeed now. Only conditions run; no handler does.
    public func canTryState(_ toState: S, userInfo: (any Sendable)? = nil) -> Bool {
        destination(of: .state(toState, userInfo: userInfo)) != nil
    }

    /// The state ``tryEvent(_:userInfo:)`` would lead to now, or `nil` when it would be refused.
    /// Only conditions and mappings run; no handler does.
    public func canTryEvent(_ event: E, userInfo: (any Sendable)? = nil) -> S? {
        destination(of: .event(event, userInfo: userInfo))
    }
}
