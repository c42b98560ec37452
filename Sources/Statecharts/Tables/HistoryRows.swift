// History in the direct table's rows: for a chart without parallel states, the direct table may
// have one row per (atomic state, what some history states remember), so that leaving a
// history's parent and coming back through the history are both plain direct entries: the
// memory is part of the leaf row, and the entry for the row says which plan the history gives.
// The compiler chooses the history states and fills the rows (ChartCompiler+DirectTables.swift);
// the instance keeps its memory and its row in agreement (Runtime/StatechartInstance+History.swift).
//
// A leaf row (``_LeafRow``) with history fields is `leaf << rowShift | fields`: each field, at
// bit `shift` of the row, holds 0 (nothing remembered) or 1 + the ordinal of the one state the
// history remembers (its rank among the states it can remember, as for its variants,
// ``_HistoryRestore``). The fields sit between the row's byte offset bits and the leaf, so that
// the row is still the byte offset of its entries and `row >> rowShift` still the leaf.

/// One history state whose memory a direct row carries.
@usableFromInline
internal struct _HistoryRowField: BitwiseCopyable, Sendable {
    /// The history's memory slot (``_StateTables/historySlot``).
    @usableFromInline let slot: Int32
    /// Where the field starts in a leaf row's raw value.
    @usableFromInline let shift: Int32
    /// How many bits it has.
    @usableFromInline let width: Int32
    /// Deep history: the atomic rank of the history's parent; shallow: -1 (as ``_HistoryRestore``).
    @usableFromInline let atomicBase: Int32
    /// Where the states it can remember start in ``_HistoryRowFields/states``, in ordinal order.
    @usableFromInline let first: Int32
    /// How many states it can remember.
    @usableFromInline let count: Int32

    @inlinable
    init(slot: Int, shift: Int, width: Int, atomicBase: Int, first: Int, count: Int) {
        self.slot = Int32(truncatingIfNeeded: slot)
        self.shift = Int32(truncatingIfNeeded: shift)
        self.width = Int32(truncatingIfNeeded: width)
        self.atomicBase = Int32(truncatingIfNeeded: atomicBase)
        self.first = Int32(truncatingIfNeeded: first)
        self.count = Int32(truncatingIfNeeded: count)
    }

    /// The field's value in leaf row `row`: 0, or 1 + the remembered state's ordinal.
    @inlinable @inline(__always)
    func value(in row: _LeafRow) -> Int {
        row.field(at: Int(shift), width: Int(width))
    }

    /// `row` with the field set to `value`.
    @inlinable @inline(__always)
    func setting(_ value: Int, in row: _LeafRow) -> _LeafRow {
        row.setting(field: value, at: Int(shift), width: Int(width))
    }
}

/// The history fields of a direct table's rows, none in most charts.
@usableFromInline
internal struct _HistoryRowFields: @unchecked Sendable {
    @usableFromInline let fields: _Table<_ListSlot, _HistoryRowField>
    /// Per field, the states it can remember, by ordinal.
    @usableFromInline let states: _Table<_ListSlot, _StateIndex>
    /// Whether the rows carry any memory (`fields` is not empty).
    @usableFromInline let exist: Bool

    @usableFromInline
    init(_ b: Builder, in storage: _TableStorage) {
        exist = !b.fields.isEmpty
        // At least one element each, so that no table is empty storage.
        fields = storage.table(b.fields.isEmpty ? [_HistoryRowField(slot: 0, shift: 0, width: 0, atomicBase: -1, first: 0, count: 0)] : b.fields)
        states = storage.table(b.states.isEmpty ? [.none] : b.states)
    }

    /// The value field `f` holds for history memory `memory` (0: nothing remembered), or `nil`
    /// when the memory holds what no value stands for (several states, or a state the history
    /// has no variant for: a snapshot's, say); `ranks`: the chart's history ranks.
    @inlinable
    func value(of f: _HistoryRowField, in memory: _HistoryMemory.Storage, ranks: _HistoryPlanTables) -> Int? {
        let slot = Int(f.slot)
        if memory.isEmpty || memory[slot] < 0 { return 0 }
        guard let remembered = _HistoryMemory.single(at: slot, in: memory) else { return nil }
        let ordinal = f.atomicBase >= 0 ? ranks.atomicRank[remembered] &- f.atomicBase : ranks.childRank[remembered]
        guard ordinal >= 0 && ordinal < f.count, states[offset: Int(f.first &+ ordinal)] == remembered else { return nil }
        return Int(ordinal) &+ 1
    }

    /// The state a field's nonzero `value` stands for.
    @inlinable
    func state(of f: _HistoryRowField, value: Int) -> _StateIndex { states[offset: Int(f.first) &+ value &- 1] }

    /// What the compiler fills (ChartCompiler+DirectTables.swift).
    @usableFromInline
    struct Builder {
        @inlinable init() {}
        @usableFromInline var fields: [_HistoryRowField] = []
        @usableFromInline var states: [_StateIndex] = []
    }
}
