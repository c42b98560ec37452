// The tables `send` reads before anything else: the direct table (one entry per atomic state and
// event class), the call sites of its actions, and the region steps for charts of at most 64
// states. Built from the candidate table and plans (ChartCompiler+Lowering.swift).

extension _ChartCompiler {
    /// For charts of at most 64 states, the region path's tables (see ``_RegionTables``):
    /// per (atomic state, event class), the direct candidate if it is region-local, and per
    /// candidate its exits and entries as bits of the configuration and what its actions need.
    @inlinable
    mutating func computeRegionSteps(classCount: Int) {
        guard stateCount <= 64, !b.direct.entries.isEmpty else { return }
        let total = b.candidates.transition.count
        var steps = Array(repeating: _RegionStep(exits: 0, entries: 0, flags: [], transition: .none), count: total)
        var row = 0
        // The rows' candidates (history variants follow them, and are never region steps).
        let rowCandidates = b.candidates.start[b.candidates.start.count - 1].offset
        for c in _CandidateIndex.all(rowCandidates) where b.candidates.flags[c].isNoneOrCompletion {
            while b.candidates.start[row + 1] <= c { row += 1 }
            let t = b.candidates.transition[c]
            guard let domain = b.transitions.domain[t].state, b.transitions.domainIsParallelFree[t] else { continue }
            var exits: UInt64 = 0
            var s = _StateIndex(row / classCount)
            while s != domain {
                exits |= 1 << UInt64(s.rawValue)
                s = parentOf[s]
            }
            var entries: UInt64 = 0
            for entry in b.transitions.planEntries[t] {
                entries |= 1 << UInt64(entry.state.rawValue)
            }
            // A plan whose new leaf has eventless transitions on its path finishes the macrostep.
            var flags: _RegionStep.Flags = b.candidates.flags[c].needsCompletion ? .finishes : []
            if b.candidates.exitEnd[c] > b.candidates.actionStart[c] { flags.insert(.exitActions) }
            if b.candidates.actionStart[c.next] > b.candidates.transitionEnd[c] { flags.insert(.entryActions) }
            steps[c] = _RegionStep(exits: exits, entries: entries, flags: flags, transition: t)
        }
        // The row table: a region-local candidate taken by its plan alone (its exits are never
        // empty, its number fits a pick and its transition a result's field), ignored, or anything
        // else (the full path decides). Unlike the direct table, a row without candidates is
        // ignored even where the state has eventless transitions on its path, and a candidate
        // whose plan is followed by eventless ones is taken: the step then finishes the
        // macrostep, as ``_JointEntry/regionBits(_:class:atomicMask:eventlessWord:row:step:)``
        // decides from the configuration after it.
        let shift = b.direct.shift
        var rows = Array(repeating: _RegionRow.slow, count: _RegionTables.index(state: 0, class: _EventClass(1 << shift)))
        for s in 0..<stateCount where kindOf[s] == .atomic || kindOf[s] == .final {
            for cls in _EventClass.all(classCount) {
                // The row whose history fields are 0 (a chart with regions has none).
                let entry = b.direct.entries[s << (b.direct.historyBits + shift) | cls.offset]
                let candidates = b.candidates.start[s * classCount + cls.offset]..<b.candidates.start[s * classCount + cls.offset + 1]
                if candidates.isEmpty {
                    rows[_RegionTables.index(state: s, class: cls)] = .ignored
                    continue
                }
                // The direct candidate, or else the row's first when only its completion keeps it
                // from being direct.
                let first = candidates.lowerBound
                let completing = b.transitions.isConditionFree[b.candidates.transition[first]]
                    && b.candidates.flags[first].needsCompletion && b.candidates.flags[first].isNoneOrCompletion
                guard let c = entry.directCandidate ?? (completing ? first : nil), _RegionRow.fits(c), steps[c].exits != 0,
                      _TransitionFields.fits(_FourTransitions(steps[c].transition)) else { continue }
                if case .sending = entry.kind { steps[c] = steps[c].adding(.finishes) }
                if case .contextOnly = entry.kind {
                    let own = b.candidates.actions[b.candidates.exitEnd[c].offset..<b.candidates.transitionEnd[c].offset]
                    let step = steps[c]
                    steps[c] = _RegionStep(exits: step.exits, entries: step.entries,
                                           flags: step.flags.union(.contextOnly),
                                           transition: step.transition, transitionAction: singleContextAction(own))
                }
                rows[_RegionTables.index(state: s, class: cls)] = _RegionRow(candidate: c)
            }
        }
        b.regions.rows = rows
        b.regions.steps = steps
        b.regions.atomicMask = (0..<stateCount).reduce(0) { mask, s in
            kindOf[s] == .atomic || kindOf[s] == .final ? mask | 1 << UInt64(s) : mask
        }
        b.regions.exists = true
    }

    /// The one action in `list` (action indices) when there is exactly one and it takes only the
    /// context, for the fast paths to call without a range; `nil` otherwise. The box belongs to
    /// the action, which the chart keeps.
    @inlinable
    func singleContextAction(_ list: ArraySlice<_ActionIndex>) -> _ContextActionRef? {
        guard list.count == 1, let only = list.first else { return nil }
        return actions[only].slot.contextAction
    }

    /// The `direct` table (see ``_DirectTable``): per (atomic state, event class), the
    /// candidate `send` can take by its plan alone, or whether the event is simply ignored; with
    /// history fields (``chooseHistoryRowFields(shift:)``), per (atomic state, what the histories
    /// remember, event class), so that recording and restoring those histories are direct too.
    @inlinable
    mutating func computeDirectEntries(classCount: Int) {
        let shift = Int.bitWidth - (classCount - 1).leadingZeroBitCount
        // Entries name candidates in 28 bits (``_DirectEntry/candidateLimit``).
        guard stateCount << shift <= Self.directTableLimit, b.candidates.leaf.count < Int(_DirectEntry.candidateLimit) else { return }
        // Rows are byte offsets (`leaf << rowShift`) in 32 bits: the size cap keeps them in range.
        assert(MemoryLayout<_DirectEntry>.stride == 1 << _DirectEntry.strideShift)
        b.direct.shift = shift
        chooseHistoryRowFields(shift: shift)
        let bits = b.direct.historyBits
        let rowShift = b.direct.rowShift
        var direct = Array(repeating: _DirectEntry.slow, count: stateCount << (shift + bits))
        for s in _StateIndex.all(stateCount) where kindOf[s] == .atomic || kindOf[s] == .final {
            for fields in 0..<(1 << bits) {
                // The row of `s` whose history fields are `fields`, skipped when no memory gives it.
                let from = _LeafRow(directRowOf: s, rowShift: rowShift, historyFields: fields, historyBits: bits)
                guard bits == 0 || isHistoryRow(from) else { continue }
                for cls in 0..<classCount {
                    let index = (s.offset << bits | fields) << shift | cls
                    if let entry = directEntry(of: s, class: cls, classCount: classCount, from: from, rowShift: rowShift) {
                        direct[index] = entry
                    }
                }
            }
        }
        b.direct.entries = direct
    }

    /// The direct entry of atomic state `s` and class `cls` in row `from` (a row of `s`), or
    /// `nil` to leave it slow.
    @inlinable
    func directEntry(of s: _StateIndex, class cls: Int, classCount: Int, from: _LeafRow, rowShift: Int) -> _DirectEntry? {
        let row = s.offset * classCount + cls
        let c = b.candidates.start[row]
        if c == b.candidates.start[row + 1] {
            // Nothing to take, and nothing eventless that could follow.
            return b.states.eventlessOnPath[s] ? nil : _DirectEntry.ignored(row: from)
        }
        if b.candidates.flags[c].usesHistory {
            if let entry = historyRowEntry(c, from: from, rowShift: rowShift) { return entry }
            return takesHistoryDirectly(c) ? .named(c) : nil
        }
        if takesGuardDirectly(c, of: s, row: row) { return .guarded(c) }
        guard b.transitions.isConditionFree[b.candidates.transition[c]], b.candidates.flags[c].isNone else { return nil }
        let list = b.candidates.actions[b.candidates.actionStart[c].offset..<b.candidates.actionStart[c.next].offset]
        let to = _LeafRow(directRowOf: b.candidates.leaf[c], rowShift: rowShift, historyOf: from)
        // Actions that may raise, send or cancel: `send` carries out their requests after the plan.
        if list.contains(where: { actions[$0].usesOutbox }) { return .sending(c, row: to) }
        let contextOnly = list.allSatisfy { actions[$0].takesOnlyContext }
        return .candidate(c, contextOnly: contextOnly, row: to, single: singleContextAction(list))
    }

    /// Whether candidate `c`, first in row `row` of atomic state `s`, may be a
    /// ``_DirectEntry/guarded(_:)`` entry, taken by its guard: the row's only candidate, with a guard
    /// that cannot reach the outbox and no `whenIn` states, its plan its actions and the new leaf
    /// alone (none reaching the outbox), and nothing eventless on `s`'s path, so that a false
    /// guard ignores the event and nothing is ever queued.
    @inlinable
    func takesGuardDirectly(_ c: _CandidateIndex, of s: _StateIndex, row: Int) -> Bool {
        let t = b.candidates.transition[c]
        guard b.candidates.start[row + 1] == c.next, !b.transitions.isConditionFree[t], b.transitions.required[t].isEmpty,
              guards[t.offset]?.usesOutbox == false,
              b.candidates.flags[c].isNone, !b.states.eventlessOnPath[s] else { return false }
        let list = b.candidates.actions[b.candidates.actionStart[c].offset..<b.candidates.actionStart[c.next].offset]
        return !list.contains { actions[$0].usesOutbox }
    }

    /// The steps of the guarded direct entries whose guard takes only the context and whose
    /// plan is at most one action taking only the context (``_GuardedStep``), per candidate;
    /// none when no entry is guarded.
    @inlinable
    mutating func computeGuardedSteps() {
        let rowShift = b.direct.rowShift
        var steps: [_GuardedStep] = []
        for (index, entry) in b.direct.entries.enumerated() {
            guard let c = entry.guardedCandidate else { continue }
            if steps.isEmpty { steps = Array(repeating: .none, count: b.candidates.leaf.count) }
            guard steps[c.offset].contextGuard == nil else { continue }
            let t = b.candidates.transition[c]
            guard let contextGuard = Guard.slot(guards[t.offset]).contextGuard else { continue }
            let list = b.candidates.actions[b.candidates.actionStart[c].offset..<b.candidates.actionStart[c.next].offset]
            let action = singleContextAction(list)
            guard list.isEmpty || action != nil else { continue }
            // The entry's state: `index` is `(state << historyBits | fields) << shift | class`.
            let from = _StateIndex(index >> (b.direct.shift + b.direct.historyBits))
            steps[c.offset] = _GuardedStep(contextGuard: contextGuard, action: action, transition: t, fromLeaf: from,
                                           toLeaf: b.candidates.leaf[c], rowShift: rowShift)
        }
        b.direct.guardedSteps = steps
    }

    /// Chooses where `send` calls each direct entry's actions from, so that two transitions with
    /// different actions (A→B's and B→A's in a toggle) are not called from the same site.
    ///
    /// Consecutive sends run the same instructions up to an action call whichever transition they
    /// take, so a shared call site leaves the processor's indirect-branch predictor nothing to
    /// tell A→B's action from B→A's: it can mispredict on every event while they alternate, which
    /// costs more than the rest of a toggle's send (measure with the W1 benchmark).
    /// With separate sites, the branch that picks the site is a conditional one, which the
    /// predictor learns from its history, and each call keeps its targets.
    ///
    /// `send` has two sites for each shape of plan: a single action on the context is called
    /// from the send itself when the entry holds its box, or else from the plan loop; a longer
    /// plan of context-only actions runs in the context-only loop, or else in the loop that
    /// dispatches on each action's form (``_DirectEntry/CallSite``). The distinct
    /// single actions, and the distinct longer plans, alternate between their two sites in the
    /// order the table first meets them.
    @inlinable
    mutating func assignCallSites() {
        var singleActionFirst: [_ContextActionRef: Bool] = [:]
        // A plan appears in one entry, or in several rows of one state when the rows carry
        // history: its site is chosen once.
        var planFirst: [_CandidateIndex: Bool] = [:]
        for i in b.direct.entries.indices {
            let entry = b.direct.entries[i]
            if let box = entry.action {
                let first = singleActionFirst[box] ?? {
                    let first = singleActionFirst.count % 2 == 0
                    singleActionFirst[box] = first
                    return first
                }()
                if !first, let c = entry.directCandidate { b.direct.entries[i] = .candidate(c, site: .contextOnlyLoop, row: entry.row) }
            } else if case .contextOnly(let c) = entry.kind {
                let plan = b.candidates.actionStart[c]..<b.candidates.actionStart[c.next]
                guard plan.count > 1 else { continue }
                let first = planFirst[c] ?? {
                    let first = planFirst.count % 2 == 0
                    planFirst[c] = first
                    return first
                }()
                if !first { b.direct.entries[i] = .candidate(c, site: .dispatchingLoop, row: entry.row) }
            }
        }
    }
}
