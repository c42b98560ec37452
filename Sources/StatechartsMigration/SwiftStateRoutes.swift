// SwiftState's vocabulary as values: states or "any state", events or "any event", transitions
// `from => to`, chains `a => b => c`. The operators that build them live in
// SwiftStateOperators.swift; ``RouteMachine`` compiles them into a statechart.

/// One state of a route, or every state (SwiftState's `.any`).
public enum StatePattern<S: Hashable & Sendable>: Hashable, Sendable {
    /// This state.
    case some(S)
    /// Every declared state.
    case any

    /// The state, or `nil` for ``any``.
    public var value: S? {
        if case .some(let state) = self { return state }
        return nil
    }

    /// Whether `state` is this state (always, for ``any``).
    public func matches(_ state: S) -> Bool {
        switch self {
        case .some(let own): return own == state
        case .any: return true
        }
    }
}

/// One event of a route group or handler, or every event (SwiftState's `.any` event).
public enum EventPattern<E: Hashable & Sendable>: Hashable, Sendable {
    /// This event.
    case some(E)
    /// Every event sent with ``RouteMachine/tryEvent(_:userInfo:)``.
    case any

    /// Whether `event` is this event (always, for ``any``). `nil` (a state-driven attempt)
    /// matches nothing.
    public func matches(_ event: E?) -> Bool {
        guard let event else { return false }
        switch self {
        case .some(let own): return own == event
        case .any: return true
        }
    }
}

/// A route's source and destination, written `.a => .b`; either may be ``StatePattern/any``.
public struct RouteTransition<S: Hashable & Sendable>: Hashable, Sendable {
    /// Where the route starts.
    public let fromState: StatePattern<S>
    /// Where it leads. With an event, ``StatePattern/any`` means "stay" (an identity transition).
    public let toState: StatePattern<S>

    /// Creates a transition between two patterns.
    public init(fromState: StatePattern<S>, toState: StatePattern<S>) {
        self.fromState = fromState
        self.toState = toState
    }

    /// Whether the concrete step `from → to` is covered by this transition.
    public func matches(from: S, to: S) -> Bool {
        fromState.matches(from) && toState.matches(to)
    }
}

/// Consecutive transitions written `.a => .b => .c` (SwiftState's route chain).
public struct RouteTransitionChain<S: Hashable & Sendable>: Hashable, Sendable {
    /// The states in order; a chain of `n` states has `n - 1` transitions.
    public let states: [StatePattern<S>]

    /// Creates a chain from its states.
    public init(states: [StatePattern<S>]) {
        self.states = states
    }

    /// The transitions between neighbouring states, in order.
    public var transitions: [RouteTransition<S>] {
        guard states.count > 1 else { return [] }
        return (1..<states.count).map { RouteTransition(fromState: states[$0 - 1], toState: states[$0]) }
    }
}

/// The event type of a machine driven only by states (SwiftState's `NoEvent`): it has no values.
public enum NoEvent: Hashable, Sendable {}

/// The priority of a handler: lower runs first; handlers of equal order run in the order added.
public typealias RouteHandlerOrder = UInt8

/// The order handlers get when none is given.
public let defaultRouteHandlerOrder: RouteHandlerOrder = 100

/// Why the last attempt on a ``RouteMachine`` was refused.
public enum RouteRefusal<S: Hashable & Sendable, E: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
    /// No route from `from` leads there (or every matching route's condition said no).
    /// `to` is the state asked for (`nil` for an event), `event` the event tried (`nil` for a state).
    case noRoute(from: S, to: S?, event: E?)
    /// The state asked for, or returned by a route mapping, is not among the machine's declared
    /// states; a statechart only moves between states it declares.
    case undeclaredState(S)

    /// A sentence.
    public var description: String {
        switch self {
        case .noRoute(let from, let to?, _):
            return "no route from \(from) to \(to)"
        case .noRoute(let from, nil, let event?):
            return "no route from \(from) for event \(event)"
        case .noRoute(let from, nil, nil):
            return "no route from \(from)"
        case .undeclaredState(let state):
            return "\(state) is not one of the machine's declared states; pass it in `states:`"
        }
    }
}

/// Removes what a ``RouteMachine`` registration added (a route, a handler, a mapping, a chain):
/// SwiftState's `Disposable`. Disposing twice does nothing.
public final class RouteDisposable {
    private var action: (() -> Void)?

    /// Creates a disposable that runs `action` once, when disposed.
    public init(_ action: @escaping () -> Void) {
        self.action = action
    }

    /// Whether ``dispose()`` has run.
    public var isDisposed: Bool { action == nil }

    /// Removes the registration. The machine recompiles its chart before its next attempt.
    public func dispose() {
        let action = self.action
        self.action = nil
        action?()
    }
}
