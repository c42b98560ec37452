/// What an event may take, by event class: the classes, and for charts with exact matching the
/// dense candidate table (per atomic state and class, the transitions of the state and its
/// ancestors in selection order) with every candidate's precomputed plan.
@usableFromInline
internal struct _CandidateTables: @unchecked Sendable {
    @usableFromInline let classCount: Int
    /// The class of events no transition names.
    @usableFromInline let unmatchedClass: _EventClass
    /// `start[r] ..< start[r + 1]`: the candidates of row `r` (atomic state `s`, event class `c`:
    /// ``row(_:_:)``), in selection order (``candidates(of:_:)``). Empty when the table would be
    /// too large (`exists` is false).
    @usableFromInline let start: _Table<_CandidateRow, _CandidateIndex>
    /// The transition of each candidate.
    @usableFromInline let transition: _Table<_CandidateIndex, _TransitionIndex>
    @usableFromInline let exists: Bool
    /// For each candidate (an atomic state and one of its transitions), its whole plan as the
    /// runtime executes it without an observer: `plans[c]` holds the range of `actionSlots` to run
    /// in order (exits from the leaf up, the transition's, entries with initial-transition
    /// actions), `leaf[c]` the new leaf, and `flags[c]` what else it needs (see ``_PlanFlags``).
    /// The variants of candidates that enter through a history state follow the last row's
    /// candidates (``_HistoryPlanTables``).
    @usableFromInline let plans: _Table<_CandidateIndex, _CandidatePlan>
    @usableFromInline let actionSlots: _Table<_PlanSlot, _ActionSlot>
    @usableFromInline let leaf: _Table<_CandidateIndex, _StateIndex>
    @usableFromInline let flags: _Table<_CandidateIndex, _PlanFlags>

    /// The tables of `b`, the plans' actions called through `actionSlots` (by action index).
    @usableFromInline
    init(_ b: Builder, actionSlots slots: [_ActionSlot], in storage: _TableStorage) {
        classCount = b.classCount
        unmatchedClass = b.unmatchedClass
        start = storage.table(b.start)
        transition = storage.table(b.transition)
        exists = b.exists
        plans = storage.table(b.leaf.indices.map { c in
            _CandidatePlan(actionStart: b.actionStart[c], exitEnd: b.exitEnd[c],
                           transitionEnd: b.transitionEnd[c], actionEnd: b.actionStart[c + 1])
        })
        actionSlots = storage.table(b.actions.map { slots[$0] })
        leaf = storage.table(b.leaf)
        flags = storage.table(b.flags)
    }

    /// The candidate table's row for atomic state `s` and event class `c`.
    @inlinable @inline(__always)
    func row(_ s: _StateIndex, _ c: _EventClass) -> _CandidateRow {
        _CandidateRow(s.offset &* classCount &+ c.offset)
    }

    /// The candidates of atomic state `s` for an event of class `c`, in selection order.
    @inlinable @inline(__always)
    func candidates(of s: _StateIndex, _ c: _EventClass) -> Range<_CandidateIndex> {
        let r = row(s, c)
        return Range(uncheckedBounds: (start[r], start[r.next]))
    }

    /// The arrays the compiler fills (ChartCompiler+Lowering.swift).
    @usableFromInline
    struct Builder {
        @inlinable init() {}
        @usableFromInline var classCount = 1
        @usableFromInline var unmatchedClass = _EventClass(rawValue: 0)
        @usableFromInline var start: [_CandidateIndex] = [_CandidateIndex(rawValue: 0)]
        @usableFromInline var transition: [_TransitionIndex] = []
        @usableFromInline var exists = false
        /// `actionStart[c] ..< actionStart[c+1]`: candidate `c`'s action indices in `actions`,
        /// its exits ending at `exitEnd[c]` and its transition's actions at `transitionEnd[c]`.
        @usableFromInline var actionStart: [_PlanSlot] = [_PlanSlot(rawValue: 0)]
        @usableFromInline var actions: [_ActionIndex] = []
        @usableFromInline var exitEnd: [_PlanSlot] = []
        @usableFromInline var transitionEnd: [_PlanSlot] = []
        @usableFromInline var leaf: [_StateIndex] = []
        @usableFromInline var flags: [_PlanFlags] = []
    }
}

/// What a candidate's plan needs besides its action list. One byte; decoded only here.
@usableFromInline
internal struct _PlanFlags: BitwiseCopyable, Equatable, Sendable {
    @usableFromInline let rawValue: UInt8

    @inlinable init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The plan is its action list and the new leaf, nothing else.
    @inlinable static var none: Self { Self(rawValue: 0) }
    /// The plan does something the action list cannot say (enters a final state, starts or
    /// stops invocations, has no single-path plan): take the step in full.
    @inlinable static var needsGeneralStep: Self { Self(rawValue: 1) }
    /// The new leaf has eventless transitions on its path: complete the macrostep.
    @inlinable static var needsCompletion: Self { Self(rawValue: 2) }
    /// The plan exits the parent of a history state: write its records
    /// (``_HistoryPlanTables/records``) to the history memory.
    @inlinable static var recordsHistory: Self { Self(rawValue: 4) }
    /// The candidate enters through a history state and has no plan of its own: take the variant
    /// for what the history remembers (``_HistoryPlanTables/restores``). Always with
    /// ``needsGeneralStep``, which is what a memory no variant covers takes.
    @inlinable static var restoresHistory: Self { Self(rawValue: 8) }

    /// These flags and `other`'s.
    @inlinable
    func union(_ other: Self) -> Self { Self(rawValue: rawValue | other.rawValue) }

    /// Whether the step must be taken in full.
    @inlinable
    var needsGeneralStep: Bool { @inline(__always) get { rawValue & 1 != 0 } }
    /// Whether the new leaf's path has eventless transitions to try.
    @inlinable
    var needsCompletion: Bool { @inline(__always) get { rawValue & 2 != 0 } }
    /// Whether the plan is its action list, the new leaf and history records alone.
    @inlinable
    var isNoneOrRecords: Bool { @inline(__always) get { rawValue & ~Self.recordsHistory.rawValue == 0 } }
    /// Whether the plan is its action list and the new leaf, perhaps followed by eventless
    /// transitions.
    @inlinable
    var isNoneOrCompletion: Bool { @inline(__always) get { rawValue & ~Self.needsCompletion.rawValue == 0 } }
    /// Whether the candidate records or restores history.
    @inlinable
    var usesHistory: Bool { @inline(__always) get { rawValue & 12 != 0 } }
    /// Whether the plan writes history records.
    @inlinable
    var recordsHistory: Bool { @inline(__always) get { rawValue & 4 != 0 } }
    /// Whether the candidate's plan is the variant its history's memory selects.
    @inlinable
    var restoresHistory: Bool { @inline(__always) get { rawValue & 8 != 0 } }
    /// Whether the plan is its action list and the new leaf alone.
    @inlinable
    var isNone: Bool { @inline(__always) get { rawValue == 0 } }
}
