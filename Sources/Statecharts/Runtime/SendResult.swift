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

/// The transitions a macrostep took, in the order taken. Up to four are stored inline (one per
/// region of a four-region parallel state, say); more go to an array.
public struct TransitionList: Sendable, Hashable, RandomAccessCollection {
    @usableFromInline internal var count_: Int32 = 0
    @usableFromInline internal var inline: (Int32, Int32, Int32, Int32) = (-1, -1, -1, -1)
    /// The transitions after the first four; `nil` (nothing to release) until needed.
    @usableFromInline internal var overflow: [Int32]?

    @inlinable
    internal init() {}

    /// A list of one transition, or of none when `t` is negative.
    @inlinable
    internal init(single t: Int32) {
        if t >= 0 {
            count_ = 1
            inline.0 = t
        }
    }

    @inlinable
    internal mutating func append(_ t: Int32) {
        switch count_ {
        case 0: inline.0 = t
        case 1: inline.1 = t
        case 2: inline.2 = t
        case 3: inline.3 = t
        default:
            if overflow == nil { overflow = [t] } else { overflow!.append(t) }
        }
        count_ &+= 1
    }

    /// The first transition, or -1.
    @inlinable
    internal var firstIndex: Int32 { count_ > 0 ? inline.0 : -1 }

    /// The first position.
    @inlinable public var startIndex: Int { 0 }
    /// One past the last position.
    @inlinable public var endIndex: Int { Int(count_) }
    /// The transition at `position`.
    @inlinable public subscript(position: Int) -> TransitionID {
        precondition(position >= 0 && position < Int(count_), "TransitionList index out of range")
        switch position {
        case 0: return TransitionID(rawValue: inline.0)
        case 1: return TransitionID(rawValue: inline.1)
        case 2: return TransitionID(rawValue: inline.2)
        case 3: return TransitionID(rawValue: inline.3)
        default: return TransitionID(rawValue: overflow![position - 4])
        }
    }

    /// Lists with the same transitions in the same order are equal.
    public static func == (a: TransitionList, b: TransitionList) -> Bool { a.elementsEqual(b) }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for t in self { hasher.combine(t) }
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
/// A plain value with nothing out of line in the common cases (up to four transitions, charts of
/// up to 64 states): making one never allocates.
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
    /// Every transition taken, including those of eventless transitions, internal events and the
    /// events the macrostep sent to itself, in order.
    public let transitions: TransitionList
    /// The configuration before the event.
    public let from: Configuration
    /// The configuration after the event and everything it caused.
    public let to: Configuration
    /// Set when the instance stopped during this event (see ``StatechartRuntimeError``).
    public let error: StatechartRuntimeError?

    /// Whether at least one transition was taken.
    @inlinable
    public var isAccepted: Bool { outcome == .transitioned }

    /// A result of the fast path: at most one transition, single-path configurations.
    @inlinable
    internal init(outcome: Outcome, transition: Int32, fromLeaf: Int32, toLeaf: Int32) {
        self.outcome = outcome
        transitions = TransitionList(single: transition)
        from = Configuration(leaf: fromLeaf)
        to = Configuration(leaf: toLeaf)
        error = nil
    }

    @inlinable
    internal init(_ log: _StepLog, from: Configuration, to: Configuration, outcome: Outcome? = nil) {
        self.outcome = outcome ?? (log.transitions.isEmpty ? .ignored : .transitioned)
        transitions = log.transitions
        self.from = from
        self.to = to
        error = log.error
    }

    @inlinable
    internal static func notRunning(_ configuration: Configuration) -> SendResult {
        SendResult(_StepLog(), from: configuration, to: configuration, outcome: .notRunning)
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
