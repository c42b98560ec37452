/// A configuration of a chart, as compact as the runtime keeps it: the active leaf when no
/// parallel state is active, otherwise the set of active states. Read it with
/// ``Statechart/activeStates(in:)`` and ``Statechart/atomicStates(in:)`` of the chart it came from.
public struct Configuration: Sendable, Hashable {
    @usableFromInline
    internal enum Storage: Sendable, Hashable {
        case notStarted
        case path(leaf: Int32)
        case set(_Bitset)
    }

    @usableFromInline internal let storage: Storage

    @inlinable
    internal init(_ storage: Storage) { self.storage = storage }
}

/// The transitions a macrostep took, in the order taken; stored inline for the common case of one.
public struct TransitionList: Sendable, Hashable, RandomAccessCollection {
    @usableFromInline internal var first_: Int32 = -1
    @usableFromInline internal var rest: [Int32] = []

    @inlinable
    internal init() {}

    @inlinable
    internal mutating func append(_ t: Int32) {
        if first_ < 0 { first_ = t } else { rest.append(t) }
    }

    /// The first position.
    @inlinable public var startIndex: Int { 0 }
    /// One past the last position.
    @inlinable public var endIndex: Int { first_ < 0 ? 0 : 1 + rest.count }
    /// The transition at `position`.
    @inlinable public subscript(position: Int) -> TransitionID {
        TransitionID(rawValue: position == 0 ? first_ : rest[position - 1])
    }
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
    public var outcome: Outcome
    /// Every transition taken, including those of eventless transitions, internal events and the
    /// events the macrostep sent to itself, in order.
    public var transitions: TransitionList
    /// The configuration before the event.
    public var from: Configuration
    /// The configuration after the event and everything it caused.
    public var to: Configuration
    /// Set when the instance stopped during this event (see ``StatechartRuntimeError``).
    public var error: StatechartRuntimeError?

    /// Whether at least one transition was taken.
    @inlinable
    public var isAccepted: Bool { outcome == .transitioned }

    @inlinable
    internal init(outcome: Outcome, from: Configuration) {
        self.outcome = outcome
        self.transitions = TransitionList()
        self.from = from
        self.to = from
        self.error = nil
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
