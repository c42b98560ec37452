// How an instance stores its active leaf: one `Int32` with five ranges of meaning, encoded and
// decoded in this file only (the layer check, scripts/check-core-layers.py, refuses
// `_LeafRow(rawValue:` and `.rawValue` of a row anywhere else). Readers that want the meaning
// rather than a fast test read ``_LeafRow/decoded(rowShift:)``. The instance changes its row only
// through the named moves of Runtime/StatechartInstance+LeafRow.swift.
//
// May not: know the instance (its status, queues, history memory): the instance's file decides
// which row is right, this one only how a row is written.

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
@usableFromInline
internal struct _LeafRow: BitwiseCopyable, Equatable, Sendable {
    @usableFromInline let rawValue: Int32

    @inlinable init(rawValue: Int32) { self.rawValue = rawValue }

    /// What a row says, decoded: for invariant checks and descriptions, not for `send`'s tests
    /// (``isDirectRow`` and ``isJointRow`` are one comparison each).
    @usableFromInline
    enum Decoded: Equatable, Sendable, CustomStringConvertible {
        /// A row of the direct table: its leaf, and the history fields below `rowShift`.
        case direct(leaf: _StateIndex, historyFields: Int32)
        /// A joint row: the configuration is the set, held by the joint tables at this offset.
        case joint(byteOffset: Int)
        /// A single path that `send` may not take by the direct table.
        case plain(leaf: _StateIndex)
        /// The configuration is the instance's set of active states, with no joint row.
        case set

        @usableFromInline
        var description: String {
            switch self {
            case .direct(let leaf, let fields): "direct(leaf \(leaf.rawValue), history fields \(fields))"
            case .joint(let offset): "joint(offset \(offset))"
            case .plain(let leaf): "plain(leaf \(leaf.rawValue))"
            case .set: "set"
            }
        }
    }

    /// The row decoded, in a chart whose direct rows are `1 << rowShift` bytes apart.
    @inlinable
    func decoded(rowShift: Int) -> Decoded {
        if rawValue >= 0 {
            return .direct(leaf: directLeaf(rowShift: rowShift), historyFields: rawValue & (1 &<< Int32(truncatingIfNeeded: rowShift) &- 1))
        }
        if rawValue == -1 { return .set }
        if rawValue < Self.jointRowLimit { return .joint(byteOffset: jointByteOffset) }
        return .plain(leaf: _StateIndex(rawValue: -2 &- rawValue))
    }

    // MARK: Writing

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

    /// This direct row with the `width` bits at `shift` (a history field,
    /// ``_HistoryRowField``) set to `value`.
    @inlinable @inline(__always)
    func setting(field value: Int, at shift: Int, width: Int) -> _LeafRow {
        let word = UInt64(UInt32(bitPattern: rawValue))
        let cleared = word & ~_BitPacking.field((1 &<< UInt64(width)) &- 1, at: shift)
        return _LeafRow(rawValue: Int32(truncatingIfNeeded: cleared | _BitPacking.field(UInt64(value), at: shift)))
    }

    // MARK: Reading

    /// Whether this is a row of the direct table.
    @inlinable
    var isDirectRow: Bool { @inline(__always) get { rawValue >= 0 } }

    /// The row's byte offset in the direct table (only for a direct row).
    @inlinable
    var byteOffset: Int { @inline(__always) get { Int(rawValue) } }

    /// The leaf of a direct row.
    @inlinable @inline(__always)
    func directLeaf(rowShift: Int) -> _StateIndex { _StateIndex(rawValue: rawValue &>> rowShift) }

    /// The `width` bits at `shift` of a direct row (a history field, ``_HistoryRowField``).
    @inlinable @inline(__always)
    func field(at shift: Int, width: Int) -> Int {
        Int(_BitPacking.field(of: UInt64(UInt32(bitPattern: rawValue)), at: shift, width: width))
    }

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
