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
/// Four words, returned in registers: the outcome, the first transition and the configurations
/// before and after (a leaf, or states 0 ..< 64 as bits), with anything more (further
/// transitions, states from 64 on, an error) in one optional box.
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
    @usableFromInline let packedFrom: _PackedConfiguration
    @usableFromInline let packedTo: _PackedConfiguration
    /// Transitions after the first, states from 64 on, an error.
    @usableFromInline let details: _SendResultDetails?

    /// Every transition taken, including those of eventless transitions, internal events and the
    /// events the macrostep sent to itself, in order.
    @inlinable
    public var transitions: TransitionList { TransitionList(first: firstTransition, rest: details?.moreTransitions()) }
    /// The configuration before the event.
    @inlinable
    public var from: Configuration { packedFrom.configuration(rest: details?.fromRest) }
    /// The configuration after the event and everything it caused.
    @inlinable
    public var to: Configuration { packedTo.configuration(rest: details?.toRest) }
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
        firstTransition = transition
        packedFrom = _PackedConfiguration(leaf: fromLeaf)
        packedTo = _PackedConfiguration(leaf: toLeaf)
        details = nil
    }

    @inlinable
    internal init(_ log: _StepLog, from: Configuration, to: Configuration, outcome: Outcome? = nil) {
        self.outcome = outcome ?? (log.transitions.isEmpty ? .ignored : .transitioned)
        firstTransition = log.transitions.first_
        packedFrom = _PackedConfiguration(from)
        packedTo = _PackedConfiguration(to)
        let fromRest = from.set?.rest
        let toRest = to.set?.rest
        if log.transitions.rest != nil || fromRest != nil || toRest != nil || log.error != nil {
            details = _SendResultDetails(moreTransitions: log.transitions.rest, fromRest: fromRest, toRest: toRest,
                                         error: log.error)
        } else {
            details = nil
        }
    }

    /// A result of the region path: up to four transitions (the box holds the second to the
    /// fourth), configurations of up to 64 states.
    @inlinable
    internal init(first: Int32, details: _SendResultDetails?, fromWord: UInt64, toWord: UInt64) {
        outcome = first >= 0 ? .transitioned : .ignored
        firstTransition = first
        packedFrom = _PackedConfiguration(word: fromWord)
        packedTo = _PackedConfiguration(word: toWord)
        self.details = details
    }

    @inlinable
    internal static func notRunning(_ configuration: Configuration) -> SendResult {
        SendResult(_StepLog(), from: configuration, to: configuration, outcome: .notRunning)
    }

    /// Results with the same outcome, transitions, configurations and error are equal.
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

/// A configuration in one word: a set's states 0 ..< 64 as bits (bit 0, the root, is always set
/// in a set), or a leaf shifted left by one (bit 0 clear).
@usableFromInline
internal struct _PackedConfiguration: Sendable {
    @usableFromInline let bits: UInt64

    @inlinable
    init(leaf: Int32) { bits = UInt64(bitPattern: Int64(leaf)) << 1 }

    /// States 0 ..< 64 of a set (the root among them).
    @inlinable
    init(word: UInt64) { bits = word | 1 }

    @inlinable
    init(_ configuration: Configuration) {
        if let set = configuration.set {
            bits = set.first | 1
        } else {
            bits = UInt64(bitPattern: Int64(configuration.leaf)) << 1
        }
    }

    @inlinable
    func configuration(rest: [UInt64]?) -> Configuration {
        if bits & 1 != 0 { return Configuration(leaf: -1, set: _Bitset(first: bits, rest: rest)) }
        return Configuration(leaf: Int32(truncatingIfNeeded: Int64(bitPattern: bits) >> 1))
    }
}

/// The rarer parts of a ``SendResult``: one allocation, with room for three more transitions
/// (one per further region of a four-region parallel state) before it needs an array.
///
/// Immutable once a result holds it, with one exception: an instance keeps the box of its last
/// region-path result and refills it for the next one when it is the only owner left (the
/// result was dropped), so that a loop over `send` does not allocate. Nobody else can see it then.
@usableFromInline
internal final class _SendResultDetails: @unchecked Sendable {
    // Written only while the box has a single owner: no dynamic exclusivity checks needed.
    @exclusivity(unchecked) @usableFromInline var secondToFourth: (Int32, Int32, Int32)
    @exclusivity(unchecked) @usableFromInline var moreCount: Int32
    @usableFromInline let fifthOn: [Int32]?
    @usableFromInline let fromRest: [UInt64]?
    @usableFromInline let toRest: [UInt64]?
    @usableFromInline let error: StatechartRuntimeError?

    @inlinable
    init(moreTransitions: [Int32]?, fromRest: [UInt64]?, toRest: [UInt64]?, error: StatechartRuntimeError?) {
        let more = moreTransitions ?? []
        secondToFourth = (more.count > 0 ? more[0] : -1, more.count > 1 ? more[1] : -1, more.count > 2 ? more[2] : -1)
        moreCount = Int32(more.count)
        fifthOn = more.count > 3 ? Array(more[3...]) : nil
        self.fromRest = fromRest
        self.toRest = toRest
        self.error = error
    }

    /// Up to three more transitions, without an array.
    @inlinable
    init(secondToFourth: (Int32, Int32, Int32), count: Int32) {
        self.secondToFourth = secondToFourth
        moreCount = count
        fifthOn = nil
        fromRest = nil
        toRest = nil
        error = nil
    }

    /// The transitions after the first.
    @inlinable
    func moreTransitions() -> [Int32]? {
        if moreCount == 0 { return nil }
        var result = [secondToFourth.0, secondToFourth.1, secondToFourth.2].prefix(Int(Swift.min(moreCount, 3))).map { $0 }
        if let fifthOn { result += fifthOn }
        return result
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
