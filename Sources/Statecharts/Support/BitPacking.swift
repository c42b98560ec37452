/// Fields and flags packed into a word: the one place that shifts and masks them, so each packed
/// value (``_PlanEntry``, ``_RegionRow``'s picks, ``_JointEntry``, ``_TransitionFields``) says only
/// where its fields are.
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
}
