/// What `send` reads before anything else.
///
/// `entries`: per (atomic state, event class), at `state << shift | class` (a shift, not a
/// multiply, on the path from one event's leaf to the next's), see ``_DirectEntry``; with
/// history fields (``_HistoryRowFields``), per (atomic state, their values, event class), at
/// `(state << historyBits | values) << shift | class`. Only built with the candidate table and
/// exact matching.
@usableFromInline
internal struct _DirectTable: @unchecked Sendable {
    /// Indexed by row and class, through ``_DirectTableHandle``.
    @usableFromInline let entries: _Table<_ListSlot, _DirectEntry>
    @usableFromInline let shift: Int
    /// How an instance stores its leaf (``StatechartInstance/leafRow``): shifted left by `shift`
    /// plus log2 of an entry's 16 bytes plus `historyBits`, so that a row is the byte offset of
    /// its entries in `entries`; 0 (the leaf itself) without a direct table. The bits below it
    /// are the row's history fields (zero without them).
    @usableFromInline let rowShift: Int
    /// The bits of a row's history fields (0 in most charts).
    @usableFromInline let historyBits: Int
    /// The history states whose memory the rows carry.
    @usableFromInline let historyFields: _HistoryRowFields
    /// Per candidate, the step of its guarded entry when it has the common shape (see
    /// ``_GuardedStep``); empty in a chart without such entries.
    @usableFromInline let guardedSteps: _Table<_CandidateIndex, _GuardedStep>
    @usableFromInline let exists: Bool

    @usableFromInline
    init(_ b: Builder, in storage: _TableStorage) {
        entries = storage.table(b.entries)
        shift = b.shift
        historyBits = b.historyBits
        rowShift = b.entries.isEmpty ? 0 : b.rowShift
        historyFields = _HistoryRowFields(b.historyFields, in: storage)
        guardedSteps = storage.table(b.guardedSteps)
        exists = !b.entries.isEmpty
    }

    /// What the compiler fills (ChartCompiler+DirectTables.swift).
    @usableFromInline
    struct Builder {
        @inlinable init() {}
        @usableFromInline var entries: [_DirectEntry] = []
        @usableFromInline var shift = 0
        @usableFromInline var historyBits = 0
        @usableFromInline var historyFields = _HistoryRowFields.Builder()
        @usableFromInline var guardedSteps: [_GuardedStep] = []

        /// ``_DirectTable/rowShift`` for `shift` and `historyBits` as set.
        @inlinable
        var rowShift: Int { shift + _DirectEntry.strideShift + historyBits }
    }
}

/// The direct table as `send` reads it: an entry addressed by a leaf row (a byte offset, see
/// ``_LeafRow``) and an event class, with no shift and no bounds or overflow check, since the
/// compiler keeps every offset in range. A view of storage ``_DirectTable`` owns.
@usableFromInline
internal struct _DirectTableHandle: @unchecked Sendable {
    @usableFromInline let base: UnsafeRawPointer

    @inlinable
    init(_ entries: _Table<_ListSlot, _DirectEntry>) { base = UnsafeRawPointer(entries.base) }

    /// The entry for `classID` in the row of `row` (a direct row): from one event's row to the
    /// next is one load.
    @inlinable @inline(__always)
    func entry(at row: _LeafRow, class classID: _EventClass) -> _DirectEntry {
        base.load(fromByteOffset: row.byteOffset &+ classID.offset &<< _DirectEntry.strideShift, as: _DirectEntry.self)
    }
}

/// The regions route's tables, for charts of at most 64 states while parallel states are active.
///
/// `rows`, class by class (64 states each, ``index(state:class:)``: an event's rows are one
/// array indexed by the state), holds the row's direct candidate when it is
/// region-local (its domain holds no parallel state), see ``_RegionRow``; `steps[c]` the states candidate `c` exits and enters as bits of the
/// configuration, with what its actions need. `atomicMask` holds the atomic and final states.
@usableFromInline
internal struct _RegionTables: @unchecked Sendable {
    /// Indexed by ``index(state:class:)``.
    @usableFromInline let rows: _Table<_ListSlot, _RegionRow>
    @usableFromInline let steps: _Table<_CandidateIndex, _RegionStep>
    @usableFromInline let atomicMask: UInt64
    @usableFromInline let exists: Bool

    /// Where the row of atomic state `s` (below 64) and event class `classID` is in `rows`.
    @inlinable @inline(__always)
    static func index(state s: Int, class classID: _EventClass) -> Int { classID.offset &<< 6 | s }

    /// The row of atomic state `s` (below 64) and event class `classID`.
    @inlinable @inline(__always)
    func row(state s: Int, class classID: _EventClass) -> _RegionRow { rows[offset: Self.index(state: s, class: classID)] }

    @usableFromInline
    init(_ b: Builder, in storage: _TableStorage) {
        rows = storage.table(b.rows)
        steps = storage.table(b.steps)
        atomicMask = b.atomicMask
        exists = b.exists
    }

    /// What the compiler fills (ChartCompiler+DirectTables.swift).
    @usableFromInline
    struct Builder {
        @inlinable init() {}
        @usableFromInline var rows: [_RegionRow] = []
        @usableFromInline var steps: [_RegionStep] = []
        @usableFromInline var atomicMask: UInt64 = 0
        @usableFromInline var exists = false
    }
}

/// How the runtime calls every action (by action index) and every guard (by transition index).
/// The boxes the slots point to belong to the chart's actions and guards.
@usableFromInline
internal struct _SlotTables: @unchecked Sendable {
    @usableFromInline let actions: _Table<_ActionIndex, _ActionSlot>
    @usableFromInline let guards: _Table<_TransitionIndex, _GuardSlot>

    @usableFromInline
    init(actions: [_ActionSlot], guards: [_GuardSlot], in storage: _TableStorage) {
        self.actions = storage.table(actions)
        self.guards = storage.table(guards)
    }
}
