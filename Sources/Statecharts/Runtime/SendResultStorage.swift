// How a ``SendResult`` packs itself: its configurations and its outcome with up to four
// transitions in one word each, and the rarer parts in one allocation. Encoded and decoded only here.

/// A configuration in one word: a set's states 0 ..< 64 as bits (bit 0, the root, is always set
/// in a set), or a leaf shifted left by one (bit 0 clear).
@usableFromInline
internal struct _PackedConfiguration: Sendable {
    @usableFromInline let bits: UInt64

    @inlinable
    init(leaf: _StateIndex) { bits = _BitPacking.signExtendedWord(leaf) << 1 }

    /// The word as ``bits`` holds it (``SendResult/_plainWords`` round trips).
    @inlinable
    init(rawBits: UInt64) { bits = rawBits }

    /// States 0 ..< 64 of a set (the root among them).
    @inlinable
    init(word: UInt64) { bits = word | 1 }

    @inlinable
    init(_ configuration: Configuration) {
        if let set = configuration.set {
            bits = set.first | 1
        } else {
            bits = _BitPacking.signExtendedWord(configuration.leaf) << 1
        }
    }

    @inlinable
    func configuration(rest: [UInt64]?) -> Configuration {
        if bits & 1 != 0 { return Configuration(set: _Bitset(first: bits, rest: rest)) }
        return Configuration(leaf: _BitPacking.index(bits >> 1))
    }
}

/// A result's outcome and transitions in one word. Bits 0-1: the outcome (0 transitioned,
/// 1 ignored, 2 not running). Bit 2 clear: bits 32..<64 hold the first transition (or none)
/// and the others are in the details. Bit 2 set ("four"): bits 8..<64 are a
/// ``_TransitionFields`` (up to four transitions of 14 bits each), which any chart of fewer than
/// 16,383 transitions fits, with no box.
@usableFromInline
internal struct _ResultHead: Sendable {
    /// Encoded by the initializers, decoded by `outcome` and `transitions`, and nowhere else.
    @usableFromInline let bits: UInt64

    @inlinable static var outcomeMask: UInt64 { 3 }
    @inlinable static var fourFlag: UInt64 { 4 }

    /// The word as ``bits`` holds it (``SendResult/_plainWords`` round trips).
    @inlinable
    init(rawBits: UInt64) { bits = rawBits }

    @inlinable
    init(_ outcome: SendResult.Outcome, first: _TransitionIndex) {
        bits = Self.code(outcome) | _BitPacking.field(_BitPacking.word(first), at: 32)
    }

    /// Up to four transitions; ``_TransitionFields/fits(_:)`` must hold.
    @inlinable
    init(_ outcome: SendResult.Outcome, four: _FourTransitions) {
        bits = Self.code(outcome) | Self.fourFlag | _TransitionFields(four).bits
    }

    /// One to four transitions already in their fields.
    @inlinable @inline(__always)
    init(transitioned fields: _TransitionFields) {
        bits = Self.code(.transitioned) | Self.fourFlag | fields.bits
    }

    @inlinable
    static func code(_ outcome: SendResult.Outcome) -> UInt64 {
        switch outcome {
        case .transitioned: return 0
        case .ignored: return 1
        case .notRunning: return 2
        }
    }

    @inlinable
    var outcome: SendResult.Outcome {
        switch bits & Self.outcomeMask {
        case 0: return .transitioned
        case 1: return .ignored
        default: return .notRunning
        }
    }

    @inlinable
    var isTransitioned: Bool { bits & Self.outcomeMask == Self.code(.transitioned) }

    /// The transitions held here (the first only, unless the four flag is set).
    @inlinable
    var transitions: _FourTransitions {
        guard bits & Self.fourFlag != 0 else { return _FourTransitions(_BitPacking.index(bits >> 32)) }
        let fields = _TransitionFields(bits: bits)
        return _FourTransitions(fields[0], fields[1], fields[2], fields[3])
    }
}

/// The rarer parts of a ``SendResult``, in one immutable allocation.
@usableFromInline
internal final class _SendResultDetails: Sendable {
    /// The transitions after those in the result's head.
    @usableFromInline let moreTransitions: [_TransitionIndex]?
    @usableFromInline let fromRest: [UInt64]?
    @usableFromInline let toRest: [UInt64]?
    @usableFromInline let error: StatechartRuntimeError?

    @inlinable
    init(moreTransitions: [_TransitionIndex]?, fromRest: [UInt64]?, toRest: [UInt64]?, error: StatechartRuntimeError?) {
        self.moreTransitions = moreTransitions
        self.fromRest = fromRest
        self.toRest = toRest
        self.error = error
    }
}

/// A ``SendResult`` as an out-of-line route returns it: the same words, with the details passed
/// unmanaged, at +1. The caller rebuilds the result (``take()``) on two paths, one where the
/// details are `nil`, so that a caller done with a plain result releases nothing: returned as a
/// `SendResult`, the details of every out-of-line result cost the caller a call to
/// `swift_release`, `nil` or not. (A compiled chart's `send` does not use it: there the test on
/// the details cost more in the inlined front than the release it saves.)
///
/// Noncopyable, so that the reference it holds is taken at most once (the compiler refuses a
/// second `take()` or a copy); one dropped without `take()` releases it in `deinit`.
@usableFromInline @frozen
internal struct _CrossingResult: ~Copyable {
    @usableFromInline let head: _ResultHead
    @usableFromInline let packedFrom: _PackedConfiguration
    @usableFromInline let packedTo: _PackedConfiguration
    @usableFromInline let details: Unmanaged<_SendResultDetails>?

    /// `result`, to return from an out-of-line call.
    @inlinable @inline(__always)
    init(_ result: consuming SendResult) {
        head = result.head
        packedFrom = result.packedFrom
        packedTo = result.packedTo
        if let details = result.details {
            self.details = Unmanaged.passRetained(details)
        } else {
            self.details = nil
        }
    }

    /// The result, taking the details' reference (the one use of a crossing result).
    @inlinable @inline(__always)
    consuming func take() -> SendResult {
        let result = if let details {
            SendResult(head: head, from: packedFrom, to: packedTo, details: details.takeRetainedValue())
        } else {
            SendResult(head: head, from: packedFrom, to: packedTo, details: nil)
        }
        discard self
        return result
    }

    @inlinable
    deinit { details?.release() }
}
