// History on the single path as data: a single-path plan that exits a history's parent records
// constants (the configuration below the parent is one path, known from the candidate's leaf),
// and a candidate that enters through a history state has one precomputed plan per value the
// history can remember, plus one for its default transition ("variants", candidates of their own
// after the table's rows). The compiler fills these (ChartCompiler+HistoryPlans.swift); the
// single-path route reads them (SinglePathRoute+History.swift).

/// One write to an instance's history memory that a single-path plan makes: history slot `slot`
/// (``_StateTables/historySlot``) now remembers the one state `state`.
@usableFromInline
internal struct _HistoryRecord: BitwiseCopyable, Equatable, Sendable {
    @usableFromInline let slot: Int32
    @usableFromInline let state: _StateIndex

    @inlinable
    init(slot: Int, state: _StateIndex) {
        self.slot = Int32(truncatingIfNeeded: slot)
        self.state = state
    }
}

/// How a candidate whose one target is a history state finds its plan: the variant for what the
/// history remembers. Variant `firstVariant` is the default transition's (nothing remembered);
/// remembering state `r` selects `firstVariant + 1 + ordinal(r)`, where the ordinal is `r`'s
/// rank among the atomic states below the history's parent (deep history) or among the parent's
/// children (shallow history), see ``_HistoryPlanTables/variant(of:remembering:)``.
@usableFromInline
internal struct _HistoryRestore: BitwiseCopyable, Sendable {
    /// The history state's memory slot.
    @usableFromInline let slot: Int32
    /// Deep history: the atomic rank of the history's parent (ranks below it start there);
    /// shallow history: -1.
    @usableFromInline let atomicBase: Int32
    /// The default variant; the remembered ones follow it.
    @usableFromInline let firstVariant: _CandidateIndex
    /// How many variants follow the default one.
    @usableFromInline let rememberedCount: Int32

    @inlinable
    init(slot: Int, atomicBase: Int, firstVariant: _CandidateIndex, rememberedCount: Int) {
        self.slot = Int32(truncatingIfNeeded: slot)
        self.atomicBase = Int32(truncatingIfNeeded: atomicBase)
        self.firstVariant = firstVariant
        self.rememberedCount = Int32(truncatingIfNeeded: rememberedCount)
    }

    /// Whether the history is deep (it remembers atomic states, not children).
    @inlinable
    var isDeep: Bool { @inline(__always) get { atomicBase >= 0 } }

    /// Every variant: the default one, then one per state the history can remember.
    @inlinable
    var variants: Range<_CandidateIndex> {
        firstVariant..<_CandidateIndex(firstVariant.offset + 1 + Int(rememberedCount))
    }
}

/// The candidate table's history columns (see the top of this file), a concern of their own in
/// ``_ChartTables``. Every list is empty, and
/// never read, in a chart without history states: only a candidate whose ``_PlanFlags`` say it
/// records or restores history has an entry.
@usableFromInline
internal struct _HistoryPlanTables: @unchecked Sendable {
    /// Per candidate (variants included), the memory writes of its plan, in exit order.
    @usableFromInline let records: _Lists<_CandidateIndex, _HistoryRecord>
    /// Per candidate, one ``_HistoryRestore`` when it enters through a history state.
    @usableFromInline let restores: _Lists<_CandidateIndex, _HistoryRestore>
    /// Per state: how many atomic states come before it in document order.
    @usableFromInline let atomicRank: _Table<_StateIndex, Int32>
    /// Per state: its position among its parent's children.
    @usableFromInline let childRank: _Table<_StateIndex, Int32>

    @usableFromInline
    init(_ b: Builder, in storage: _TableStorage) {
        records = _Lists(b.records, in: storage)
        restores = _Lists(b.restores, in: storage)
        atomicRank = storage.table(b.atomicRank.map { Int32(truncatingIfNeeded: $0) })
        childRank = storage.table(b.childRank.map { Int32(truncatingIfNeeded: $0) })
    }

    /// The variant of `restore` for a history that remembers the one state `remembered` (a state
    /// a snapshot's check or a recording put there: an atomic descendant of the parent for deep
    /// history, a child for shallow), or `nil` when it has no variant for it.
    @inlinable @inline(__always)
    func variant(of restore: _HistoryRestore, remembering remembered: _StateIndex) -> _CandidateIndex? {
        let ordinal = restore.isDeep ? atomicRank[remembered] &- restore.atomicBase : childRank[remembered]
        guard ordinal >= 0 && ordinal < restore.rememberedCount else { return nil }
        return _CandidateIndex(rawValue: restore.firstVariant.rawValue &+ 1 &+ ordinal)
    }

    /// What the compiler fills (ChartCompiler+HistoryPlans.swift).
    @usableFromInline
    struct Builder {
        @inlinable init() {}
        @usableFromInline var records = _Lists<_CandidateIndex, _HistoryRecord>.Builder()
        @usableFromInline var restores = _Lists<_CandidateIndex, _HistoryRestore>.Builder()
        @usableFromInline var atomicRank: [Int] = []
        @usableFromInline var childRank: [Int] = []
    }
}
