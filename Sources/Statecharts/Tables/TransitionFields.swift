// Up to four transitions as a value (`_FourTransitions`) and packed in one word
// (`_TransitionFields`): what a result holds inline, and what a joint step stores for its result.

/// Up to four transitions, in order, ``_TransitionIndex/none`` after the last: the inline part of
/// results and lists.
@usableFromInline
internal struct _FourTransitions: Sendable {
    @usableFromInline var elements: (_TransitionIndex, _TransitionIndex, _TransitionIndex, _TransitionIndex)

    @inlinable
    init(_ a: _TransitionIndex, _ b: _TransitionIndex = .none, _ c: _TransitionIndex = .none,
         _ d: _TransitionIndex = .none) {
        elements = (a, b, c, d)
    }

    @inlinable
    static var none: _FourTransitions { _FourTransitions(.none) }

    /// How many there are (transitions are never negative: ``_TransitionIndex/none`` is below all).
    @inlinable
    var count: Int {
        let e = elements
        return e.0.isNone ? 0 : e.1.isNone ? 1 : e.2.isNone ? 2 : e.3.isNone ? 3 : 4
    }

    @inlinable var first: _TransitionIndex { elements.0 }

    @inlinable
    subscript(i: Int) -> _TransitionIndex {
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

    /// Transition `t` (or ``_TransitionIndex/none``; small enough: ``fits(_:)``) as field `i`.
    @inlinable @inline(__always)
    static func field(_ i: UInt64, holding t: _TransitionIndex) -> UInt64 {
        _BitPacking.field(_BitPacking.word(t.next), at: Int(fieldShift(i)))
    }

    /// The transition in field `i` (0 ..< 4), ``_TransitionIndex/none`` for none.
    @inlinable
    subscript(i: UInt64) -> _TransitionIndex {
        @inline(__always) get {
            let stored: _TransitionIndex = _BitPacking.index(_BitPacking.field(of: bits, at: Int(Self.fieldShift(i)), width: 14))
            return stored.advanced(by: -1)
        }
    }

    /// Adds transition `t` (small enough: ``fits(_:)``) as the next field; at most four times.
    @inlinable @inline(__always)
    mutating func append(_ t: _TransitionIndex) {
        // `&<<`: the shift stays below 64 (at most four fields).
        bits |= _BitPacking.word(t.next) &<< shift
        shift &+= Self.fieldShift(1) &- Self.fieldShift(0)
    }

    /// Whether every transition of `four` fits a 14-bit field (each is ``_TransitionIndex/none``
    /// or more).
    @inlinable
    static func fits(_ four: _FourTransitions) -> Bool {
        let e = four.elements
        return _BitPacking.word(e.0.next) | _BitPacking.word(e.1.next) | _BitPacking.word(e.2.next)
            | _BitPacking.word(e.3.next) <= fieldMask
    }
}
