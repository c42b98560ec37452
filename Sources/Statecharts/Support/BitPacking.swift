/// Fields, flags and indices packed into a word: the one place that shifts and masks them and
/// turns indices into bits and back, so each packed value (``_PlanEntry``, ``_RegionRow``'s picks,
/// ``_JointEntry``, ``_TransitionFields``, a result's words) says only where its fields are.
@usableFromInline
internal enum _BitPacking {
    /// `value` placed at bit `shift` (the caller keeps it within its field's width).
    @inlinable @inline(__always)
    static func field(_ value: UInt64, at shift: Int) -> UInt64 { value &<< shift }

    /// The `width` bits of `word` from bit `shift`.
    @inlinable @inline(__always)
    static func field(of word: UInt64, at shift: Int, width: Int) -> UInt64 {
        word &>> shift & (1 &<< width &- 1)
    }

    /// A one-bit flag at bit `bit`.
    @inlinable @inline(__always)
    static func flag(_ isSet: Bool, at bit: Int) -> UInt64 { isSet ? 1 &<< bit : 0 }

    /// Whether bit `bit` of `word` is set.
    @inlinable @inline(__always)
    static func flag(of word: UInt64, at bit: Int) -> Bool { word &>> bit & 1 != 0 }

    /// An index's 32 bits as the low half of a word (``_StateIndex/none``, -1, is `0xFFFF_FFFF`).
    @inlinable @inline(__always)
    static func word<Index: _TableIndex>(_ index: Index) -> UInt64 { UInt64(UInt32(bitPattern: index.rawValue)) }

    /// An index as a whole word, its sign extended (-1 is all ones).
    @inlinable @inline(__always)
    static func signExtendedWord<Index: _TableIndex>(_ index: Index) -> UInt64 {
        UInt64(bitPattern: Int64(index.rawValue))
    }

    /// The index in the low 32 bits of `word`.
    @inlinable @inline(__always)
    static func index<Index: _TableIndex>(_ word: UInt64) -> Index { Index(rawValue: Int32(truncatingIfNeeded: word)) }
}
