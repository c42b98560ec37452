// History on the single-path route: what a candidate's plan records, and which plan a candidate
// entering through a history state takes (the tables: Tables/HistoryPlans.swift).

extension StatechartInstance {
    /// A slow direct entry naming candidate `candidate` (``_DirectEntry/named(_:)``),
    /// which records history or enters through a history state: the variant for the memory,
    /// its records and its plan, as the direct stage runs a plan. `nil`, with nothing done, when
    /// the variant the memory selects needs more than its plan.
    @inlinable @inline(__always)
    mutating func sendByHistoryEntry<Plans: _PlanRunner>(_ candidate: _CandidateIndex, _ event: Event, from: _LeafRow,
                                                         _ plans: Plans) -> SendResult?
    where Plans.StateID == StateID, Plans.Event == Event, Plans.Context == Context {
        let tables = self.tables
        var c = candidate
        if tables.candidates.flags[c].restoresHistory { c = historyVariant(of: c) }
        let flags = tables.candidates.flags[c]
        guard flags.isNoneOrRecords else { return nil }
        if flags.recordsHistory { recordHistory(by: c) }
        // As the direct stage takes a plan: the new leaf row first (with the history fields the
        // records left in the row), then the actions.
        let rowShift = tables.direct.rowShift
        let to = tables.candidates.leaf[c]
        moveDirectRow(to: to, rowShift: rowShift)
        plans.runDirectPlan(c, event, contextOnly: false, on: &self)
        return SendResult(outcome: .transitioned, transition: tables.candidates.transition[c],
                          fromLeaf: from.directLeaf(rowShift: rowShift), toLeaf: to)
    }

    /// The variant of candidate `c` (which enters through a history state) for what the history
    /// remembers now: its default transition's when nothing is, the remembered state's
    /// otherwise; `c` itself, whose flags ask for the general step, for a memory no variant
    /// covers (several states).
    ///
    /// Out of line, as ``recordHistory(by:)``: histories the direct rows carry never come here,
    /// and the candidate stage it would be inlined into is every guarded event's path.
    @inlinable @inline(never)
    mutating func historyVariant(of c: _CandidateIndex) -> _CandidateIndex {
        let memory = history()
        let tables = self.tables
        let restore = tables.history.restores[c][0]
        let slot = Int(restore.slot)
        if memory.isEmpty || memory[slot] < 0 { return restore.firstVariant }
        guard let remembered = _HistoryMemory.single(at: slot, in: memory),
              let variant = tables.history.variant(of: restore, remembering: remembered) else {
            return c
        }
        return variant
    }

    /// Writes what candidate `c`'s plan records to the history memory: constants, since the
    /// configuration it exits is the single path from its leaf (SCXML records history as the
    /// states are exited, before any exit action runs; no action reads the memory).
    @inlinable @inline(never)
    mutating func recordHistory(by c: _CandidateIndex) {
        let records = tables.history.records[c]
        updateHistory { memory in
            for record in records { _HistoryMemory.record(single: record.state, at: Int(record.slot), in: &memory) }
        }
    }
}
