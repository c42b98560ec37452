// The integers of the tables that carry several meanings, each encoded and decoded in one place:
// a transition's static domain, a plan's entries and its new leaf. An instance's leaf row has its
// own file (LeafRow.swift); the tables' other small values are in TableEntries.swift.

/// A transition's domain as the compiler knows it: a state, none (a targetless transition exits
/// and enters nothing), or not known before run time (a history target: the domain depends on
/// what the history remembers). One `Int32`; decoded only here.
@usableFromInline
internal struct _StaticDomain: BitwiseCopyable, Equatable, Sendable {
    /// The state, or -1 (targetless) or -2 (depends on history).
    @usableFromInline let rawValue: Int32

    @inlinable init(state: _StateIndex) { rawValue = state.rawValue }
    @inlinable init(rawValue: Int32) { self.rawValue = rawValue }

    /// A targetless transition: no domain.
    @inlinable static var targetless: Self { Self(rawValue: -1) }
    /// A history target: the domain is computed when the transition is taken.
    @inlinable static var dependsOnHistory: Self { Self(rawValue: -2) }

    /// The domain state when it is known and the transition has targets.
    @inlinable
    var state: _StateIndex? {
        @inline(__always) get { rawValue >= 0 ? _StateIndex(rawValue: rawValue) : nil }
    }
}

/// One state a single-path plan enters, and whether it is entered by default (its initial
/// transition's actions then run after its entry actions). One `UInt32`: the state in the low 30
/// bits, bit 30 for the default entry; encoded and decoded only here.
@usableFromInline
internal struct _PlanEntry: BitwiseCopyable, Sendable {
    @usableFromInline let rawValue: UInt32

    @inlinable static var defaultEntryBit: Int { 30 }

    @inlinable
    init(state: _StateIndex, byDefault: Bool) {
        rawValue = UInt32(truncatingIfNeeded: _BitPacking.field(_BitPacking.word(state), at: 0)
            | _BitPacking.flag(byDefault, at: Self.defaultEntryBit))
    }

    /// The state entered.
    @inlinable
    var state: _StateIndex {
        @inline(__always) get {
            _BitPacking.index(_BitPacking.field(of: UInt64(rawValue), at: 0, width: Self.defaultEntryBit))
        }
    }

    /// Whether the state is entered by default (its initial transition's actions run).
    @inlinable
    var isDefaultEntry: Bool { @inline(__always) get { _BitPacking.flag(of: UInt64(rawValue), at: Self.defaultEntryBit) } }
}

/// What taking a transition from a single-path configuration does to the active leaf, as far as
/// the compiler knows: it moves to a new leaf (the result is again a single path, and the plan's
/// entries say how), it stays (a targetless transition), or there is no plan (the general
/// algorithm, or remembered history, takes it). One `Int32`; decoded only here.
@usableFromInline
internal struct _PlanLeaf: BitwiseCopyable, Equatable, Sendable {
    /// The new leaf, -2 for a targetless transition, -1 without a plan.
    @usableFromInline let rawValue: Int32

    @inlinable init(rawValue: Int32) { self.rawValue = rawValue }

    /// No single-path plan.
    @inlinable static var noPlan: Self { Self(rawValue: -1) }
    /// A targetless transition: the leaf stays.
    @inlinable static var targetless: Self { Self(rawValue: -2) }
    /// The plan moves to `leaf`.
    @inlinable static func moves(to leaf: _StateIndex) -> Self { Self(rawValue: leaf.rawValue) }

    /// Whether the transition has a single-path plan (targetless transitions have an empty one).
    @inlinable
    var hasPlan: Bool { @inline(__always) get { rawValue != -1 } }

    /// The new leaf when the plan moves the leaf.
    @inlinable
    var newLeaf: _StateIndex? { @inline(__always) get { rawValue >= 0 ? _StateIndex(rawValue: rawValue) : nil } }
}
