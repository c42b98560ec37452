// SwiftState's operators, as sugar over RouteMachine's methods: `=>` builds transitions and
// chains, `<-` tries a state, `<-!` tries an event. Nothing here does more than call them.

/// `from => to`: a transition; `a => b => c`: a chain.
precedencegroup RouteArrowPrecedence {
    associativity: left
    higherThan: AdditionPrecedence
}

/// Builds a route: `.a => .b`, `.any => .b`, `[.a, .b] => .c`, `.a => .b => .c`.
infix operator => : RouteArrowPrecedence
/// Tries a state: `machine <- .s`, `machine <- (.s, userInfo)`.
infix operator <- : AdditionPrecedence
/// Tries an event: `machine <-! .e`, `machine <-! (.e, userInfo)`.
infix operator <-! : AdditionPrecedence

// MARK: Transitions

/// `.a => .b`: the transition from one state to another.
public func => <S: Hashable & Sendable>(left: S, right: S) -> RouteTransition<S> {
    RouteTransition(fromState: .some(left), toState: .some(right))
}

/// `.any => .b`: from every state.
public func => <S: Hashable & Sendable>(left: StatePattern<S>, right: S) -> RouteTransition<S> {
    RouteTransition(fromState: left, toState: .some(right))
}

/// `.a => .any`: to every state.
public func => <S: Hashable & Sendable>(left: S, right: StatePattern<S>) -> RouteTransition<S> {
    RouteTransition(fromState: .some(left), toState: right)
}

/// `.any => .any`: between any two states.
public func => <S: Hashable & Sendable>(left: StatePattern<S>, right: StatePattern<S>) -> RouteTransition<S> {
    RouteTransition(fromState: left, toState: right)
}

/// `[.a, .b] => .c`: one transition from each state.
public func => <S: Hashable & Sendable>(left: [S], right: S) -> [RouteTransition<S>] {
    left.map { $0 => right }
}

/// `.a => [.b, .c]`: one transition to each state.
public func => <S: Hashable & Sendable>(left: S, right: [S]) -> [RouteTransition<S>] {
    right.map { left => $0 }
}

// MARK: Chains

/// `.a => .b => .c`: a chain.
public func => <S: Hashable & Sendable>(left: RouteTransition<S>, right: S) -> RouteTransitionChain<S> {
    RouteTransitionChain(states: [left.fromState, left.toState, .some(right)])
}

/// `.a => .b => .any`: a chain ending anywhere.
public func => <S: Hashable & Sendable>(left: RouteTransition<S>, right: StatePattern<S>) -> RouteTransitionChain<S> {
    RouteTransitionChain(states: [left.fromState, left.toState, right])
}

/// A longer chain.
public func => <S: Hashable & Sendable>(left: RouteTransitionChain<S>, right: S) -> RouteTransitionChain<S> {
    RouteTransitionChain(states: left.states + [.some(right)])
}

/// A longer chain ending anywhere.
public func => <S: Hashable & Sendable>(left: RouteTransitionChain<S>, right: StatePattern<S>) -> RouteTransitionChain<S> {
    RouteTransitionChain(states: left.states + [right])
}

// MARK: Trying

/// `machine <- .s`: ``RouteMachine/tryState(_:userInfo:)``.
@discardableResult
public func <- <S: Hashable & Sendable, E: Hashable & Sendable>(machine: RouteMachine<S, E>, state: S) -> RouteMachine<S, E> {
    machine.tryState(state)
    return machine
}

/// `machine <- (.s, info)`: ``RouteMachine/tryState(_:userInfo:)`` with user info.
@discardableResult
public func <- <S: Hashable & Sendable, E: Hashable & Sendable>(machine: RouteMachine<S, E>, attempt: (S, (any Sendable)?)) -> RouteMachine<S, E> {
    machine.tryState(attempt.0, userInfo: attempt.1)
    return machine
}

/// `machine <-! .e`: ``RouteMachine/tryEvent(_:userInfo:)``.
@discardableResult
public func <-! <S: Hashable & Sendable, E: Hashable & Sendable>(machine: RouteMachine<S, E>, event: E) -> RouteMachine<S, E> {
    machine.tryEvent(event)
    return machine
}

/// `machine <-! (.e, info)`: ``RouteMachine/tryEvent(_:userInfo:)`` with user info.
@discardableResult
public func <-! <S: Hashable & Sendable, E: Hashable & Sendable>(machine: RouteMachine<S, E>, attempt: (E, (any Sendable)?)) -> RouteMachine<S, E> {
    machine.tryEvent(attempt.0, userInfo: attempt.1)
    return machine
}
