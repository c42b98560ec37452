// Up to four transitions as a value (`_FourTransitions`) and packed in one word
// (`_TransitionFields`): what a result holds inline, and what a joint step stores for its result.

/// Up to four transitions, in order, -1 after the last: the inline part of results and lists.
@usableFromInline
internal struct _FourTransitions: Sendable {
    @usableFromInline var elements: (Int32, Int32, Int32, Int32)

    @inlinable
    init(_ a: Int32, _ b: Int32 = -1, _ c: Int32 = -1, _ d: Int32 = -1) { elements = (a, b, c, d) }

    /// One transition.
    @inlinable
    init(_ t: _TransitionIndex) { elements = (t.rawValue, -1, -1, -1) }

    @inlinable
    static var none: _FourTransitions { _FourTransitions(-1) }

    /// How many there are (transitions are never negative).
    @inlinable
    var count: Int { elements.0 < 0 ? 0 : elements.1 < 0 ? 1 : elements.2 < 0 ? 2 : elements.3 < 0 ? 3 : 4 }

    @inlinable var first: Int32 { elements.0 }

    @inlinable
    subscript(i: Int) -> Int32 {
        get {
            switch i {
            case 0: return elements.0
            case 1: return elements.1
            case 2: return elements.2
            default: return elements.3
            }
        }
        set {
            switch i {
            case 0: elements.0 = newValue
            case 1: elements.1 = newValue
            case 2: elements.2 = newValue
            default: elements.3 = newValue
            }
        }
    }
}

/// Up to four transitions in one word: fields of 14 bits from bit 8, each transition stored plus
/// one (0 for none), in order. Bits 0 ..< 8 are left clear for the word's owner (a result's head
/// keeps its outcome there, ``_ResultHead``). Filled one transition after another (the regions
/// route packs each as it picks it) or all at once; a joint step keeps its result's fields
/// (``_JointEntry/fields``). Encoded and decoded only here.
@usableFromInline
internal struct _TransitionFields {
    @usableFromInline var bits: UInt64 = 0
    @usableFromInline var shift: UInt64 = Self.fieldShift(0)

    @inlinable static var fieldMask: UInt64 { 1 << 14 - 1 }

    /// Where field `i` (0 ..< 4) starts.
    @inlinable @inline(__always)
    static func fieldShift(_ i: UInt64) -> UInt64 { 8 &+ 14 &* i }

    /// No transition yet.
    @inlinable init() {}

    /// Fields filled in advance (a joint step's, ``_JointEntry/fields``), or a word whose fields
    /// are to be read; not to be appended to.
    @inlinable init(bits: UInt64) { self.bits = bits }

    /// The transitions of `four`, which must fit (``fits(_:)``).
    @inlinable
    init(_ four: _FourTransitions) {
        let e = four.elements
        bits = Self.field(0, holding: e.0) | Self.field(1, holding: e.1)
            | Self.field(2, holding: e.2) | Self.field(3, holding: e.3)
    }

    /// Transition `t` (-1 or more, small enough: ``fits(_:)``) as field `i`.
    @inlinable @inline(__always)
    static func field(_ i: UInt64, holding t: Int32) -> UInt64 {
        UInt64(UInt32(bitPattern: t &+ 1)) << fieldShift(i)
    }

    /// The transition in field `i` (0 ..< 4), -1 for none.
    @inlinable
    subscript(i: UInt64) -> Int32 {
        @inline(__always) get { Int32(truncatingIfNeeded: bits >> Self.fieldShift(i) & Self.fieldMask) &- 1 }
    }

    /// Adds transition `t` (small enough: ``fits(_:)``) as the next field; at most four times.
    @inlinable @inline(__always)
    mutating func append(_ t: _TransitionIndex) {
        // `&<<`: the shift stays below 64 (at most four fields).
        bits |= UInt64(UInt32(bitPattern: t.rawValue &+ 1)) &<< shift
        shift &+= Self.fieldShift(1) &- Self.fieldShift(0)
    }

    /// Whether every transition of `four` fits a 14-bit field (each is -1 or more).
    @inlinable
    static func fits(_ four: _FourTransitions) -> Bool {
        let e = four.elements
        return UInt32(bitPattern: e.0 &+ 1) | UInt32(bitPattern: e.1 &+ 1) | UInt32(bitPattern: e.2 &+ 1)
            | UInt32(bitPattern: e.3 &+ 1) <= UInt32(fieldMask)
    }
}
