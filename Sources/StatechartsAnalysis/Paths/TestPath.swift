import Statecharts

/// What a test path is for: a state to enter or a transition to take.
public enum PathTarget<StateID: Hashable & Sendable>: Sendable, Hashable {
    /// Entering this state.
    case state(StateID)
    /// Taking this transition.
    case transition(TransitionID)
}

/// One step of a test path: an event to send, or the virtual clock advanced so that delayed
/// events fire.
public enum PathStep<Event: StatechartEvent>: Sendable, CustomStringConvertible {
    /// Send this event.
    case event(Event)
    /// Advance the clock by this much (`+30s` in `statechart run`).
    case advance(Duration)

    /// The event's name, or `+DURATION` as `statechart run` takes it (`+30s`, `+250ms`).
    public var description: String {
        switch self {
        case .event(let event): return String(describing: event.name)
        case .advance(let duration): return Self.text(of: duration)
        }
    }

    /// `+30s`, `+1500ms`, `+0ms`: whole seconds when exact, else milliseconds (rounded up, so
    /// that the delayed event falls due).
    static func text(of duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        if attoseconds == 0 { return "+\(seconds)s" }
        let perMillisecond: Int64 = 1_000_000_000_000_000
        let milliseconds = seconds * 1000 + (attoseconds + perMillisecond - 1) / perMillisecond
        return "+\(milliseconds)ms"
    }
}

extension PathStep: Equatable where Event: Equatable {}
extension PathStep: Hashable where Event: Hashable {}

/// The shortest sequence of steps found, from the initial configuration, that reaches a target.
/// Use the paths of ``Statecharts/Statechart/paths(cover:events:context:limits:)`` as test
/// arguments: replay ``steps`` and check that the target was reached.
public struct TestPath<StateID: Hashable & Sendable, Event: StatechartEvent>: Sendable, CustomStringConvertible {
    /// What the path reaches.
    public let target: PathTarget<StateID>
    /// The steps, in order, after the chart has started (empty when starting reaches the target).
    public let steps: [PathStep<Event>]

    /// Creates a path.
    public init(target: PathTarget<StateID>, steps: [PathStep<Event>]) {
        self.target = target
        self.steps = steps
    }

    /// `target: step step …`, for test names and logs.
    public var description: String {
        let name: String
        switch target {
        case .state(let state): name = String(describing: state)
        case .transition(let transition): name = transition.description
        }
        return ([name + ":"] + steps.map(\.description)).joined(separator: " ")
    }
}

extension TestPath: Equatable where Event: Equatable {}
extension TestPath: Hashable where Event: Hashable {}

/// What to find paths to.
public enum PathGoal<StateID: Hashable & Sendable>: Sendable, Hashable {
    /// Every state (history pseudo-states left out).
    case states
    /// Every declared transition.
    case transitions
    /// One state.
    case state(StateID)
}

/// Bounds of the search: how long a path may be, and how many distinct situations
/// (configuration, history, pending delayed events and, when given, data) it may visit.
public struct PathLimits: Sendable, Hashable {
    /// The most steps in a path.
    public var maxDepth: Int
    /// The most distinct situations visited.
    public var maxStates: Int

    /// Creates limits; by default paths of at most 20 steps over at most 5,000 situations.
    public init(maxDepth: Int = 20, maxStates: Int = 5_000) {
        self.maxDepth = max(0, maxDepth)
        self.maxStates = max(1, maxStates)
    }
}

/// The result of a path search: a path per target reached, and what could not be reached.
public struct PathSearch<StateID: Hashable & Sendable, Event: StatechartEvent>: Sendable {
    /// The paths, in the order of the targets (document order).
    public let paths: [TestPath<StateID, Event>]
    /// The targets no path was found for, in document order.
    public let uncovered: [PathTarget<StateID>]
    /// Whether the search stopped at ``PathLimits`` with situations left to explore: an uncovered
    /// target may then be reachable by a longer path.
    public let reachedLimit: Bool
}
