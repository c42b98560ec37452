/// A configuration of a chart, as compact as the runtime keeps it: the active leaf when no
/// parallel state is active, otherwise the set of active states. Read it with
/// ``Statechart/activeStates(in:)`` and ``Statechart/atomicStates(in:)`` of the chart it came from.
public struct Configuration: Sendable, Hashable {
    /// The active leaf of a single-path configuration; -1 when `set` holds the configuration;
    /// -2 before the instance started.
    @usableFromInline internal let leaf: Int32
    /// The active states, when a parallel state is active.
    @usableFromInline internal let set: _Bitset?

    @inlinable
    internal init(leaf: Int32, set: _Bitset? = nil) {
        self.leaf = leaf
        self.set = set
    }

    @inlinable
    internal static var notStarted: Configuration { Configuration(leaf: -2) }
}

/// The transitions a macrostep took, in the order taken; stored inline for the common case of one.
public struct TransitionList: Sendable, Hashable, RandomAccessCollection {
    @usableFromInline internal var first_: Int32 = -1
    /// The transitions after the first; allocated only when there are some.
    @usableFromInline internal var rest: [Int32]?

    @inlinable
    internal init() {}

    @inlinable
    internal init(first: Int32, rest: [Int32]?) {
        first_ = first
        self.rest = rest
    }

    @inlinable
    internal mutating func append(_ t: Int32) {
        if first_ < 0 {
            first_ = t
        } else if rest == nil {
            var more: [Int32] = []
            more.reserveCapacity(7)
            more.append(t)
            rest = more
        } else {
            rest!.append(t)
        }
    }

    /// The first position.
    @inlinable public var startIndex: Int { 0 }
    /// One past the last position.
    @inlinable public var endIndex: Int { first_ < 0 ? 0 : 1 + (rest?.count ?? 0) }
    /// The transition at `position`.
    @inlinable public subscript(position: Int) -> TransitionID {
        TransitionID(rawValue: position == 0 ? first_ : rest![position - 1])
    }
}

/// What the microsteps of a send did, gathered while they run.
@usableFromInline
internal struct _StepLog {
    @usableFromInline var transitions = TransitionList()
    @usableFromInline var error: StatechartRuntimeError?

    @inlinable init() {}
}

/// Identifies a transition of a compiled chart; ``Statechart/transition(_:)`` describes it.
public struct TransitionID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The transition's number in the compiled chart (document order).
    public let rawValue: Int32

    /// Creates an id from its number.
    @inlinable
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Document order.
    public static func < (a: TransitionID, b: TransitionID) -> Bool { a.rawValue < b.rawValue }

    /// `t<number>`.
    public var description: String { "t\(rawValue)" }
}

/// What an instance did with an event.
///
/// A result of the fast path holds only integers (nothing to retain or release); the rarer parts
/// (more than one transition, configurations with parallel states, an error) live in one
/// out-of-line box.
public struct SendResult: Sendable, Hashable {
    /// Whether anything happened.
    public enum Outcome: Sendable, Hashable {
        /// At least one transition was taken.
        case transitioned
        /// No transition was enabled: the configuration is unchanged (actions of guards aside).
        case ignored
        /// The instance was not running (not started, finished or stopped): nothing happened.
        case notRunning
    }

    /// Whether anything happened.
    public let outcome: Outcome
    @usableFromInline let firstTransition: Int32
    @usableFromInline let fromLeaf: Int32
    @usableFromInline let toLeaf: Int32
    @usableFromInline let details: _SendResultDetails?

    /// Every transition taken, including those of eventless transitions, internal events and the
    /// events the macrostep sent to itself, in order.
    @inlinable
    public var transitions: TransitionList { TransitionList(first: firstTransition, rest: details?.moreTransitions) }
    /// The configuration before the event.
    @inlinable
    public var from: Configuration { Configuration(leaf: fromLeaf, set: details?.fromSet) }
    /// The configuration after the event and everything it caused.
    @inlinable
    public var to: Configuration { Configuration(leaf: toLeaf, set: details?.toSet) }
    /// Set when the instance stopped during this event (see ``StatechartRuntimeError``).
    @inlinable
    public var error: StatechartRuntimeError? { details?.error }

    /// Whether at least one transition was taken.
    @inlinable
    public var isAccepted: Bool { outcome == .transitioned }

    /// A result of the fast path: at most one transition, single-path configurations.
    @inlinable
    internal init(outcome: Outcome, transition: Int32, fromLeaf: Int32, toLeaf: Int32) {
        self.outcome = outcome
        self.firstTransition = transition
        self.fromLeaf = fromLeaf
        self.toLeaf = toLeaf
        self.details = nil
    }

    @inlinable
    internal init(_ log: _StepLog, from: Configuration, to: Configuration, outcome: Outcome? = nil) {
        self.outcome = outcome ?? (log.transitions.isEmpty ? .ignored : .transitioned)
        firstTransition = log.transitions.first_
        fromLeaf = from.leaf
        toLeaf = to.leaf
        if log.transitions.rest != nil || from.set != nil || to.set != nil || log.error != nil {
            details = _SendResultDetails(moreTransitions: log.transitions.rest, fromSet: from.set, toSet: to.set, error: log.error)
        } else {
            details = nil
        }
    }

    @inlinable
    internal static func notRunning(_ configuration: Configuration) -> SendResult {
        SendResult(_StepLog(), from: configuration, to: configuration, outcome: .notRunning)
    }

    public static func == (a: SendResult, b: SendResult) -> Bool {
        a.outcome == b.outcome && a.transitions == b.transitions && a.from == b.from && a.to == b.to && a.error == b.error
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(outcome)
        hasher.combine(transitions)
        hasher.combine(from)
        hasher.combine(to)
        hasher.combine(error)
    }
}

/// The rarer parts of a ``SendResult``.
@usableFromInline
internal final class _SendResultDetails: Sendable {
    @usableFromInline let moreTransitions: [Int32]?
    @usableFromInline let fromSet: _Bitset?
    @usableFromInline let toSet: _Bitset?
    @usableFromInline let error: StatechartRuntimeError?

    @inlinable
    init(moreTransitions: [Int32]?, fromSet: _Bitset?, toSet: _Bitset?, error: StatechartRuntimeError?) {
        self.moreTransitions = moreTransitions
        self.fromSet = fromSet
        self.toSet = toSet
        self.error = error
    }
}

/// Why a running instance stopped on its own.
public enum StatechartRuntimeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A macrostep took more microsteps than ``Statechart/microstepLimit``: eventless transitions
    /// or raised events that never settle.
    case microstepLimitExceeded(limit: Int)

    /// A sentence.
    public var description: String {
        switch self {
        case .microstepLimitExceeded(let limit):
            return "the chart did not settle within \(limit) microsteps (an eventless or raised-event loop); the instance stopped"
        }
    }
}
