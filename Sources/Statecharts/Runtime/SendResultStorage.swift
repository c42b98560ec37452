// How a ``SendResult`` packs itself: its configurations and its outcome with up to four
// transitions in one word each, and the rarer parts in one allocation. Encoded and decoded only here.

/// A configuration in one word: a set's states 0 ..< 64 as bits (bit 0, the root, is always set
/// in a set), or a leaf shifted left by one (bit 0 clear).
@usableFromInline
internal struct _PackedConfiguration: Sendable {
    @usableFromInline let bits: UInt64

    @inlinable
    init(leaf: Int32) { bits = UInt64(bitPattern: Int64(leaf)) << 1 }

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
            bits = UInt64(bitPattern: Int64(configuration.leaf)) << 1
        }
    }

    @inlinable
    func configuration(rest: [UInt64]?) -> Configuration {
        if bits & 1 != 0 { return Configuration(leaf: -1, set: _Bitset(first: bits, rest: rest)) }
        return Configuration(leaf: Int32(truncatingIfNeeded: Int64(bitPattern: bits) >> 1))
    }
}

/// A result's outcome and transitions in one word. Bits 0-1: the outcome (0 transitioned,
/// 1 ignored, 2 not running). Bit 2 clear: bits 32..<64 hold the first transition (-1 for none)
/// and the others are in the details. Bit 2 set ("four"): bits 8..<64 hold up to four transitions
/// of 14 bits each, stored plus one (0 for none), which any chart of fewer than 16,383 transitions
/// fits, with no box.
@usableFromInline
internal struct _ResultHead: Sendable {
    /// Encoded by the initializers and `field(_:holding:)`, decoded by `outcome`, `transitions`
    /// and `field(_:)`, and nowhere else.
    @usableFromInline let bits: UInt64

    @inlinable static var outcomeMask: UInt64 { 3 }
    @inlinable static var fourFlag: UInt64 { 4 }
    @inlinable static var fieldMask: UInt64 { 1 << 14 - 1 }

    /// Where field `i` (0 ..< 4) starts.
    @inlinable @inline(__always)
    static func fieldShift(_ i: UInt64) -> UInt64 { 8 &+ 14 &* i }

    /// Transition `t` (-1 or more, small enough: ``fits(_:)``) as field `i`.
    @inlinable @inline(__always)
    static func field(_ i: UInt64, holding t: Int32) -> UInt64 {
        UInt64(UInt32(bitPattern: t &+ 1)) << fieldShift(i)
    }

    /// The transition in field `i`.
    @inlinable @inline(__always)
    func field(_ i: UInt64) -> Int32 {
        Int32(truncatingIfNeeded: bits >> Self.fieldShift(i) & Self.fieldMask) &- 1
    }

    /// The word as ``bits`` holds it (``SendResult/_plainWords`` round trips).
    @inlinable
    init(rawBits: UInt64) { bits = rawBits }

    @inlinable
    init(_ outcome: SendResult.Outcome, first: Int32) {
        bits = Self.code(outcome) | UInt64(UInt32(bitPattern: first)) << 32
    }

    /// Up to four transitions; ``fits(_:)`` must hold.
    @inlinable
    init(_ outcome: SendResult.Outcome, four: _FourTransitions) {
        let e = four.elements
        bits = Self.code(outcome) | Self.fourFlag
            | Self.field(0, holding: e.0) | Self.field(1, holding: e.1)
            | Self.field(2, holding: e.2) | Self.field(3, holding: e.3)
    }

    /// One to four transitions already in their fields.
    @inlinable @inline(__always)
    init(transitioned fields: Fields) {
        bits = Self.code(.transitioned) | Self.fourFlag | fields.bits
    }

    /// Up to four transitions' fields, filled one transition after another (the regions route
    /// packs each as it picks it).
    @usableFromInline
    struct Fields {
        @usableFromInline var bits: UInt64 = 0
        @usableFromInline var shift: UInt64 = _ResultHead.fieldShift(0)

        @inlinable init() {}

        /// Fields filled in advance (a joint step's, ``_JointEntry/fields``); only for the result's head.
        @inlinable init(bits: UInt64) { self.bits = bits }

        /// Adds transition `t` (small enough: ``_ResultHead/fits(_:)``) as the next field; at
        /// most four times.
        @inlinable @inline(__always)
        mutating func append(_ t: Int32) {
            // `&<<`: the shift stays below 64 (at most four fields).
            bits |= UInt64(UInt32(bitPattern: t &+ 1)) &<< shift
            shift &+= _ResultHead.fieldShift(1) &- _ResultHead.fieldShift(0)
        }
    }

    /// Whether every transition of `four` fits a 14-bit field (each is -1 or more).
    @inlinable
    static func fits(_ four: _FourTransitions) -> Bool {
        let e = four.elements
        return UInt32(bitPattern: e.0 &+ 1) | UInt32(bitPattern: e.1 &+ 1) | UInt32(bitPattern: e.2 &+ 1)
            | UInt32(bitPattern: e.3 &+ 1) <= UInt32(fieldMask)
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
        guard bits & Self.fourFlag != 0 else { return _FourTransitions(Int32(truncatingIfNeeded: bits >> 32)) }
        return _FourTransitions(field(0), field(1), field(2), field(3))
    }
}

/// The rarer parts of a ``SendResult``, in one immutable allocation.
@usableFromInline
internal final class _SendResultDetails: Sendable {
    /// The transitions after those in the result's head.
    @usableFromInline let moreTransitions: [Int32]?
    @usableFromInline let fromRest: [UInt64]?
    @usableFromInline let toRest: [UInt64]?
    @usableFromInline let error: StatechartRuntimeError?

    @inlinable
    init(moreTransitions: [Int32]?, fromRest: [UInt64]?, toRest: [UInt64]?, error: StatechartRuntimeError?) {
        self.moreTransitions = moreTransitions
        self.fromRest = fromRest
        self.toRest = toRest
        self.error = error
    }
}
