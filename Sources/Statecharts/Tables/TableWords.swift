// The integers of the tables and the instance that carry several meanings, each encoded and
// decoded in one place: a transition's static domain, an instance's leaf row, a plan's entries and
// its new leaf. The tables' other small values are in TableEntries.swift.

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

/// How an instance stores its active leaf (``StatechartInstance/leafRow``), in one `Int32`:
/// - `>= 0`: the byte offset of the leaf's row in the direct table (`leaf << rowShift`, with the
///   row's history fields below `rowShift` when the chart has them, see ``_DirectTable/rowShift``
///   and ``_HistoryRowFields``), which says at once that `send` may read that table: running, a
///   single path, nothing queued, and the chart allows it;
/// - `-1`: no leaf, the configuration is the instance's set of active states;
/// - `-2 ... -2^30`: `-2 - leaf`, a single path that `send` may not take by the direct table;
/// - below `-2^30`: a joint row, `Int32.min + offset`: the configuration is the set of active
///   states, held by the joint tables at byte offset `offset` (``_JointTables``), which says at
///   once that `send` may read them: running, nothing queued, and names matched as for a direct
///   row (the chart's ``Statechart/fastRows``).
/// Encoded and decoded only here.
@usableFromInline
internal struct _LeafRow: BitwiseCopyable, Equatable, Sendable {
    @usableFromInline let rawValue: Int32

    @inlinable init(rawValue: Int32) { self.rawValue = rawValue }

    /// The configuration is a set (no single leaf).
    @inlinable static var activeSet: Self { Self(rawValue: -1) }
    /// The configuration is a set, the instance is running with nothing queued, and the joint
    /// tables hold the configuration at byte offset `offset` (below 2^30): `send` may read its
    /// entries there (``_JointTables/entry(at:class:)``).
    @inlinable @inline(__always)
    static func jointRow(byteOffset offset: Int) -> Self { Self(rawValue: Int32.min | Int32(truncatingIfNeeded: offset)) }

    /// Below this, a raw value is a joint row; at or above it (to -2), a plain leaf.
    @inlinable static var jointRowLimit: Int32 { Int32.min + (1 << 30) }
    /// `leaf` as a row of the direct table.
    @inlinable
    init(directRowOf leaf: _StateIndex, rowShift: Int) { rawValue = leaf.rawValue &<< rowShift }

    /// `leaf` as a row of the direct table with the history fields of `row` (a direct row): what
    /// a step that records no history writes (the fields are the bits of `row` below `rowShift`,
    /// the bits below them being zero in every row).
    @inlinable @inline(__always)
    init(directRowOf leaf: _StateIndex, rowShift: Int, historyOf row: _LeafRow) {
        rawValue = leaf.rawValue &<< rowShift | row.rawValue & (1 &<< Int32(truncatingIfNeeded: rowShift) &- 1)
    }

    /// `leaf` as a row of the direct table whose history fields, `historyBits` bits just below
    /// `rowShift`, are `fields` (the compiler's loop over a state's rows).
    @inlinable
    init(directRowOf leaf: _StateIndex, rowShift: Int, historyFields fields: Int, historyBits: Int) {
        rawValue = Int32(truncatingIfNeeded: leaf.offset << rowShift | fields << (rowShift - historyBits))
    }

    /// The same, where the leaf of `row` is known (`rowLeaf`): `row` moved by the difference of
    /// the leaves, which keeps the history fields without masking them out.
    @inlinable @inline(__always)
    init(directRowOf leaf: _StateIndex, rowShift: Int, historyOf row: _LeafRow, rowLeaf: _StateIndex) {
        self = row.moved(by: Self.delta(from: rowLeaf, to: leaf, rowShift: rowShift))
    }

    /// What moving a direct row from leaf `from` to leaf `to` adds to it (its history fields
    /// unchanged), for ``moved(by:)``.
    @inlinable @inline(__always)
    static func delta(from: _StateIndex, to: _StateIndex, rowShift: Int) -> Int32 {
        (to.rawValue &- from.rawValue) &<< Int32(truncatingIfNeeded: rowShift)
    }

    /// This direct row moved by `delta` (``delta(from:to:rowShift:)``).
    @inlinable @inline(__always)
    func moved(by delta: Int32) -> _LeafRow { _LeafRow(rawValue: rawValue &+ delta) }

    /// `leaf`, kept where the direct table may not be used (below 2^30 - 2, as every state of a
    /// chart that fits in memory is).
    @inlinable
    init(plainLeaf leaf: _StateIndex) {
        assert(leaf.rawValue < 1 << 30 - 2, "a plain leaf would read as a joint row")
        rawValue = -2 &- leaf.rawValue
    }

    /// Whether this is a row of the direct table.
    @inlinable
    var isDirectRow: Bool { @inline(__always) get { rawValue >= 0 } }

    /// The row's byte offset in the direct table (only for a direct row).
    @inlinable
    var byteOffset: Int { @inline(__always) get { Int(rawValue) } }

    /// The leaf of a direct row.
    @inlinable @inline(__always)
    func directLeaf(rowShift: Int) -> _StateIndex { _StateIndex(rawValue: rawValue &>> rowShift) }

    /// Whether this is a joint row (``jointRow(byteOffset:)``).
    @inlinable
    var isJointRow: Bool { @inline(__always) get { rawValue < Self.jointRowLimit } }

    /// The byte offset of a joint row's entries in the joint tables.
    @inlinable
    var jointByteOffset: Int { @inline(__always) get { Int(rawValue & Int32.max) } }

    /// The leaf, or ``_StateIndex/none`` while the configuration is a set.
    @inlinable @inline(__always)
    func leaf(rowShift: Int) -> _StateIndex {
        if rawValue >= 0 { return _StateIndex(rawValue: rawValue &>> rowShift) }
        return rawValue == -1 || rawValue < Self.jointRowLimit ? .none : _StateIndex(rawValue: -2 &- rawValue)
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
