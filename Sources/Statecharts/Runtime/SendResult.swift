/// A configuration of a chart, as compact as the runtime keeps it: the active leaf when no
/// parallel state is active, otherwise the set of active states. Read it with
/// ``Statechart/activeStates(in:)`` and ``Statechart/atomicStates(in:)`` of the chart it came from.
public struct Configuration: Sendable, Hashable {
    /// The active leaf of a single-path configuration; ``_StateIndex/none`` when `set` holds the
    /// configuration; ``_StateIndex/beforeStart`` before the instance started.
    @usableFromInline internal let leaf: _StateIndex
    /// The active states, when a parallel state is active.
    @usableFromInline internal let set: _Bitset?

    /// A single-path configuration: its active leaf.
    @inlinable
    internal init(leaf: _StateIndex) {
        self.leaf = leaf
        self.set = nil
    }

    /// A configuration with a parallel state active: its active states.
    @inlinable
    internal init(set: _Bitset) {
        self.leaf = .none
        self.set = set
    }

    @inlinable
    internal static var notStarted: Configuration { Configuration(leaf: .beforeStart) }
}

/// The transitions a macrostep took, in the order taken; the first four stored inline.
public struct TransitionList: Sendable, Hashable, RandomAccessCollection {
    /// The first four transitions; ``_TransitionIndex/none`` past the end.
    @usableFromInline internal var firstFour: _FourTransitions = _FourTransitions.none
    /// The transitions from the fifth on; allocated only when there are some.
    @usableFromInline internal var rest: [_TransitionIndex]?

    @inlinable
    internal init() {}

    @inlinable
    internal init(firstFour: _FourTransitions, rest: [_TransitionIndex]?) {
        self.firstFour = firstFour
        self.rest = rest
    }

    @inlinable
    internal mutating func append(_ t: _TransitionIndex) {
        let inline = firstFour.count
        if inline < 4 {
            firstFour[inline] = t
        } else {
            if rest == nil {
                var more: [_TransitionIndex] = []
                more.reserveCapacity(4)
                more.append(t)
                rest = more
            } else {
                rest!.append(t)
            }
        }
    }

    /// The first position.
    @inlinable public var startIndex: Int { 0 }
    /// One past the last position.
    @inlinable public var endIndex: Int { firstFour.count + (rest?.count ?? 0) }
    /// The transition at `position`, which must be a valid index (as for an array).
    @inlinable public subscript(position: Int) -> TransitionID {
        precondition(position >= 0 && position < endIndex, "TransitionList index out of range")
        return TransitionID(position < 4 ? firstFour[position] : rest![position - 4])
    }

    /// Lists with the same transitions in the same order are equal.
    @inlinable
    public static func == (a: TransitionList, b: TransitionList) -> Bool { a.elementsEqual(b) }

    /// Hashes the transitions in order.
    @inlinable
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

/// What an instance did with an event.
///
/// Four words, returned in registers: the outcome with up to four transitions, and the
/// configurations before and after (a leaf, or states 0 ..< 64 as bits); anything more (further
/// transitions, states from 64 on, an error) is in one optional box. A step of a four-region
/// parallel state fits without the box.
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

    @usableFromInline let head: _ResultHead
    @usableFromInline let packedFrom: _PackedConfiguration
    @usableFromInline let packedTo: _PackedConfiguration
    /// Transitions after those in `head`, states from 64 on, an error.
    @usableFromInline let details: _SendResultDetails?

    /// Whether anything happened.
    @inlinable
    public var outcome: Outcome { head.outcome }
    /// Every transition taken, including those of eventless transitions, internal events and the
    /// events the macrostep sent to itself, in order.
    @inlinable
    public var transitions: TransitionList {
        var list = TransitionList(firstFour: head.transitions, rest: nil)
        if let more = details?.moreTransitions { for t in more { list.append(t) } }
        return list
    }
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
    public var isAccepted: Bool { head.isTransitioned }

    /// A result of its four words.
    @inlinable @inline(__always)
    internal init(head: _ResultHead, from: _PackedConfiguration, to: _PackedConfiguration, details: _SendResultDetails?) {
        self.head = head
        packedFrom = from
        packedTo = to
        self.details = details
    }

    /// A result of the fast path: at most one transition, single-path configurations.
    @inlinable
    internal init(outcome: Outcome, transition: _TransitionIndex, fromLeaf: _StateIndex, toLeaf: _StateIndex) {
        head = _ResultHead(outcome, first: transition)
        packedFrom = _PackedConfiguration(leaf: fromLeaf)
        packedTo = _PackedConfiguration(leaf: toLeaf)
        details = nil
    }

    @inlinable @inline(__always)
    internal init(_ log: borrowing _StepLog, from: Configuration, to: Configuration, outcome: Outcome? = nil) {
        let four = log.transitions.firstFour
        let rest = log.transitions.rest
        let outcome = outcome ?? (four.first.isNone ? .ignored : .transitioned)
        var more: [_TransitionIndex]?
        if four.elements.1.isNone {
            // At most one transition (the common case): no packing needed.
            head = _ResultHead(outcome, first: four.first)
        } else if rest == nil && _TransitionFields.fits(four) {
            head = _ResultHead(outcome, four: four)
        } else {
            (head, more) = Self.unpacked(outcome, four, rest: rest)
        }
        packedFrom = _PackedConfiguration(from)
        packedTo = _PackedConfiguration(to)
        let fromRest = from.set?.rest
        let toRest = to.set?.rest
        if more != nil || fromRest != nil || toRest != nil || log.error != nil {
            details = _SendResultDetails(moreTransitions: more, fromRest: fromRest, toRest: toRest, error: log.error)
        } else {
            details = nil
        }
    }

    /// A result of the region path: up to four transitions, configurations of up to 64 states.
    @inlinable @inline(__always)
    internal init(transitions: _FourTransitions, fromWord: UInt64, toWord: UInt64) {
        let outcome: Outcome = transitions.first.isNone ? .ignored : .transitioned
        if _TransitionFields.fits(transitions) {
            head = _ResultHead(outcome, four: transitions)
            details = nil
        } else {
            let (first, more) = Self.unpacked(outcome, transitions, rest: nil)
            head = first
            details = more.map { _SendResultDetails(moreTransitions: $0, fromRest: nil, toRest: nil, error: nil) }
        }
        packedFrom = _PackedConfiguration(word: fromWord)
        packedTo = _PackedConfiguration(word: toWord)
    }

    /// A result of the regions route's bits stage: one to four transitions, already packed as
    /// the head's fields, configurations of up to 64 states.
    @inlinable @inline(__always)
    internal init(transitions: _TransitionFields, fromWord: UInt64, toWord: UInt64) {
        head = _ResultHead(transitioned: transitions)
        details = nil
        packedFrom = _PackedConfiguration(word: fromWord)
        packedTo = _PackedConfiguration(word: toWord)
    }

    /// The head of a result whose transitions do not all fit it (more than four, or numbers from
    /// 16,383 on), holding the first, and the others for the box (`nil` if none). Out of line:
    /// such results are rare.
    @inlinable @inline(never)
    internal static func unpacked(_ outcome: Outcome, _ four: _FourTransitions, rest: [_TransitionIndex]?)
        -> (_ResultHead, [_TransitionIndex]?) {
        var after: [_TransitionIndex] = []
        for i in 1..<4 where !four[i].isNone { after.append(four[i]) }
        if let rest { after += rest }
        return (_ResultHead(outcome, first: four.first), after.isEmpty ? nil : after)
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

/// Why a running instance stopped on its own.
public enum StatechartRuntimeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A macrostep took more microsteps than ``Statechart/microstepLimit``: eventless transitions
    /// or raised events that never settle.
    case microstepLimitExceeded(limit: Int)
    /// One call (a `send`, a `start`, or one delayed event delivered by the clock) processed more
    /// than ``Statechart/externalEventLimit`` events that the chart sent to itself: a chart that
    /// keeps sending itself events.
    case externalEventLimitExceeded(limit: Int)

    /// A sentence.
    public var description: String {
        switch self {
        case .microstepLimitExceeded(let limit):
            return "the chart did not settle within \(limit) microsteps (an eventless or raised-event loop); the instance stopped"
        case .externalEventLimitExceeded(let limit):
            return "the chart sent itself more than \(limit) events in one call (a send loop); the instance stopped"
        }
    }
}
