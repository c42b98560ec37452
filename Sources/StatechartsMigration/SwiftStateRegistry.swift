// What a RouteMachine has been told (routes, handlers, mappings, chains), as Sendable values the
// compiled chart's guards and actions capture. The compiler (SwiftStateCompiler.swift) turns it
// into transitions; the functions here are what those guards and actions call.

/// The context of a condition or handler: SwiftState's `(event, fromState, toState, userInfo)`.
/// `event` is `nil` for a state-driven attempt (`machine <- .s`).
public typealias RouteContext<S: Hashable & Sendable, E: Hashable & Sendable> =
    (event: E?, fromState: S, toState: S, userInfo: (any Sendable)?)

/// A condition on a route: the route is taken only when it returns `true`.
public typealias RouteCondition<S: Hashable & Sendable, E: Hashable & Sendable> =
    @Sendable (RouteContext<S, E>) -> Bool

/// A handler, called when a step it watches is taken (or, for error handlers, refused).
public typealias RouteHandler<S: Hashable & Sendable, E: Hashable & Sendable> =
    @Sendable (RouteContext<S, E>) -> Void

/// A closure route (SwiftState's `RouteMapping`, a Redux-style reducer): the state to go to for
/// an event (`nil` for a state-driven attempt) in a state, or `nil` for "no route".
public typealias RouteMapping<S: Hashable & Sendable, E: Hashable & Sendable> =
    @Sendable (_ event: E?, _ fromState: S, _ userInfo: (any Sendable)?) -> S?

/// A closure route for state-driven attempts (SwiftState's `StateRouteMapping`): the states
/// reachable from a state, or `nil` for none.
public typealias StateRouteMapping<S: Hashable & Sendable> =
    @Sendable (_ fromState: S, _ userInfo: (any Sendable)?) -> [S]?

/// A route: a transition, for state attempts (`event == nil`) or for an event pattern.
struct RouteRecord<S: Hashable & Sendable, E: Hashable & Sendable>: Sendable {
    let id: Int
    let event: EventPattern<E>?
    let transition: RouteTransition<S>
    let condition: RouteCondition<S, E>?

    func allows(_ context: RouteContext<S, E>) -> Bool { condition?(context) ?? true }
}

/// When a handler runs.
enum HandlerTrigger<S: Hashable & Sendable, E: Hashable & Sendable>: Sendable {
    /// State attempts matching the transition (and the route's condition, when it came with one).
    case state(RouteTransition<S>, condition: RouteCondition<S, E>?)
    /// Event attempts matching the pattern.
    case event(EventPattern<E>)
    /// Attempts of either kind matching the transition.
    case both(RouteTransition<S>)
    /// Event attempts whose step this mapping chose.
    case eventMapping(RouteMapping<S, E>)
    /// State attempts whose step this mapping allows.
    case stateMapping(StateRouteMapping<S>)

    func applies(to context: RouteContext<S, E>) -> Bool {
        switch self {
        case .state(let transition, let condition):
            return context.event == nil && transition.matches(from: context.fromState, to: context.toState)
                && (condition?(context) ?? true)
        case .event(let pattern):
            return pattern.matches(context.event)
        case .both(let transition):
            return transition.matches(from: context.fromState, to: context.toState)
        case .eventMapping(let mapping):
            guard let event = context.event else { return false }
            return mapping(event, context.fromState, context.userInfo) == context.toState
        case .stateMapping(let mapping):
            return context.event == nil && mapping(context.fromState, context.userInfo)?.contains(context.toState) == true
        }
    }
}

/// A handler and when it runs.
struct HandlerRecord<S: Hashable & Sendable, E: Hashable & Sendable>: Sendable {
    let id: Int
    let order: RouteHandlerOrder
    let trigger: HandlerTrigger<S, E>
    let handler: RouteHandler<S, E>
}

/// A handler of a chain: it runs when the chain's steps were taken one after another (or, for an
/// error handler, when a state attempt broke the chain after it had begun).
struct ChainRecord<S: Hashable & Sendable, E: Hashable & Sendable>: Sendable {
    let id: Int
    let order: RouteHandlerOrder
    let steps: [RouteTransition<S>]
    let condition: RouteCondition<S, E>?
    let isErrorHandler: Bool
    let handler: RouteHandler<S, E>
}

/// A handler that runs when an attempt is refused.
struct ErrorHandlerRecord<S: Hashable & Sendable, E: Hashable & Sendable>: Sendable {
    let id: Int
    let order: RouteHandlerOrder
    let handler: RouteHandler<S, E>
}

/// Everything registered on a ``RouteMachine``, in registration order.
struct RouteRegistry<S: Hashable & Sendable, E: Hashable & Sendable>: Sendable {
    private(set) var nextID = 0
    var routes: [RouteRecord<S, E>] = []
    var handlers: [HandlerRecord<S, E>] = []
    var chains: [ChainRecord<S, E>] = []
    var errorHandlers: [ErrorHandlerRecord<S, E>] = []
    var mappings: [(id: Int, mapping: RouteMapping<S, E>)] = []
    var stateMappings: [(id: Int, mapping: StateRouteMapping<S>)] = []

    /// A fresh registration id.
    mutating func makeID() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    /// Removes whatever was registered with `id`.
    mutating func remove(_ id: Int) {
        routes.removeAll { $0.id == id }
        handlers.removeAll { $0.id == id }
        chains.removeAll { $0.id == id }
        errorHandlers.removeAll { $0.id == id }
        mappings.removeAll { $0.id == id }
        stateMappings.removeAll { $0.id == id }
    }

    /// The state the first route mapping that answers chooses for an event in `from`.
    func mappedState(for event: E, from: S, userInfo: (any Sendable)?) -> S? {
        for entry in mappings {
            if let state = entry.mapping(event, from, userInfo) { return state }
        }
        return nil
    }

    /// Whether a mapping allows the state attempt `from → to`.
    func mappingAllows(from: S, to: S, userInfo: (any Sendable)?) -> Bool {
        mappings.contains { $0.mapping(nil, from, userInfo) == to }
            || stateMappings.contains { $0.mapping(from, userInfo)?.contains(to) == true }
    }

    // MARK: Running handlers (called by the chart's actions)

    /// Runs, by order and then registration, every handler that applies to the step taken, and
    /// advances the chains (state attempts only, as SwiftState does).
    func runHandlers(for context: RouteContext<S, E>, memory: inout RouteMemory<S, E>) {
        var due: [(order: RouteHandlerOrder, id: Int, handler: RouteHandler<S, E>)] = []
        for record in handlers where record.trigger.applies(to: context) {
            due.append((record.order, record.id, record.handler))
        }
        if context.event == nil {
            for chain in chains where advance(chain, with: context, memory: &memory) {
                due.append((chain.order, chain.id, chain.handler))
            }
        }
        due.sort { ($0.order, $0.id) < ($1.order, $1.id) }
        for entry in due { entry.handler(context) }
    }

    /// Moves `chain` on by the step in `context`; returns whether its handler is due.
    private func advance(_ chain: ChainRecord<S, E>, with context: RouteContext<S, E>, memory: inout RouteMemory<S, E>) -> Bool {
        func isStep(_ i: Int) -> Bool {
            i < chain.steps.count && chain.steps[i].matches(from: context.fromState, to: context.toState)
                && (chain.condition?(context) ?? true)
        }
        let progress = memory.chainProgress[chain.id] ?? 0
        var next = 0
        var broken = false
        if progress > 0 && isStep(progress) {
            next = progress + 1
        } else {
            broken = progress > 0
            next = isStep(0) ? 1 : 0
        }
        let completed = next == chain.steps.count && next > 0
        memory.chainProgress[chain.id] = completed ? 0 : next
        return chain.isErrorHandler ? broken : completed
    }

    /// Records why an attempt was refused and runs the error handlers (the chart's fallback
    /// transition calls this when no route took the attempt).
    func refuse(_ signal: RouteSignal<S, E>?, from: S, declared: Set<S>, memory: inout RouteMemory<S, E>) {
        guard let signal else { return }
        let context: RouteContext<S, E>
        switch signal {
        case .state(let to, let userInfo):
            context = (nil, from, to, userInfo)
            memory.refusal = declared.contains(to) ? .noRoute(from: from, to: to, event: nil) : .undeclaredState(to)
        case .event(let event, let userInfo):
            context = (event, from, from, userInfo)
            memory.refusal = undeclaredTarget(of: event, from: from, userInfo: userInfo, declared: declared)
                .map { .undeclaredState($0) } ?? .noRoute(from: from, to: nil, event: event)
        }
        for record in errorHandlers.sorted(by: { ($0.order, $0.id) < ($1.order, $1.id) }) {
            record.handler(context)
        }
    }

    /// A state outside `declared` that a route or mapping would have chosen for `event`.
    private func undeclaredTarget(of event: E, from: S, userInfo: (any Sendable)?, declared: Set<S>) -> S? {
        for route in routes where route.event?.matches(event) == true && route.transition.fromState.matches(from) {
            if let to = route.transition.toState.value, !declared.contains(to),
               route.allows((event, from, to, userInfo)) {
                return to
            }
        }
        if let mapped = mappedState(for: event, from: from, userInfo: userInfo), !declared.contains(mapped) {
            return mapped
        }
        return nil
    }
}
