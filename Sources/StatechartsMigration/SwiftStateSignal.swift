import Statecharts

/// What a ``RouteMachine`` sends its compiled chart: an attempt to reach a state
/// (`machine <- .s`) or an event (`machine <-! .e`), each with the caller's user info.
public enum RouteSignal<S: Hashable & Sendable, E: Hashable & Sendable>: StatechartEvent {
    /// `tryState`: go to this state.
    case state(S, userInfo: (any Sendable)?)
    /// `tryEvent`: this event happened.
    case event(E, userInfo: (any Sendable)?)

    /// What the chart's transitions are declared on: the state asked for, or the event.
    public enum Name: Hashable, Sendable {
        /// An attempt to reach this state.
        case state(S)
        /// This event.
        case event(E)
    }

    /// The state or event, without the user info.
    public var name: Name {
        switch self {
        case .state(let state, _): return .state(state)
        case .event(let event, _): return .event(event)
        }
    }

    /// The user info passed with the attempt.
    public var userInfo: (any Sendable)? {
        switch self {
        case .state(_, let userInfo), .event(_, let userInfo): return userInfo
        }
    }

    /// The event, for an event attempt.
    public var event: E? {
        if case .event(let event, _) = self { return event }
        return nil
    }
}

/// The context of a ``RouteMachine``'s chart: what it remembers besides its state.
public struct RouteMemory<S: Hashable & Sendable, E: Hashable & Sendable>: Sendable {
    /// Set by the chart's fallback transition when the last attempt was refused.
    public internal(set) var refusal: RouteRefusal<S, E>?
    /// For each chain handler (by registration id): how many of its steps were taken in a row.
    internal var chainProgress: [Int: Int] = [:]

    /// An empty memory.
    public init() {}
}
