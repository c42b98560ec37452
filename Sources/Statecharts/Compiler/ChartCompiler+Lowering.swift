extension _ChartCompiler {
    /// The largest dense candidate table built (states × event classes entries); larger charts
    /// find candidates by walking up from the atomic state instead.
    @inlinable static var candidateTableLimit: Int { 1 << 22 }
    /// The largest direct table built (16 bytes an entry, so 16 MB); larger charts send through
    /// the candidate table.
    @inlinable static var directTableLimit: Int { 1 << 20 }

    /// Fills the per-state tables, numbers the event classes, and computes the transition plans
    /// and the candidate table. Runs only on a definition without problems.
    @inlinable
    mutating func lower() {
        let count = stateCount

        // Event classes: named (or descriptors), then one per state whose done event is synthetic,
        // then the class of events no descriptor names.
        let namedCount = Int32(exactMatching ? classNames.count : descriptors.count)
        let doneStates = doneClassOfState.keys.sorted()
        var doneClass = Array(repeating: Int32(-1), count: count)
        for (k, state) in doneStates.enumerated() { doneClass[Int(state)] = namedCount + Int32(k) }
        b.unmatchedClass = namedCount + Int32(doneStates.count)
        b.classCount = Int(b.unmatchedClass) + 1
        b.doneClass = doneClass.map { $0 >= 0 ? $0 : b.unmatchedClass }
        for i in b.triggers.indices where b.triggers[i] < 0 {
            b.triggers[i] = doneClass[Int(-1 - b.triggers[i])]
        }

        // Per-state flags.
        var ownEventless = Array(repeating: false, count: count)
        for t in 0..<b.source.count where b.triggerKind[t] == .eventless { ownEventless[Int(b.source[t])] = true }
        b.eventlessOnPath = Array(repeating: false, count: count)
        b.hasHistoryChild = Array(repeating: false, count: count)
        b.historySlot = Array(repeating: -1, count: count)
        b.hasInvocations = (0..<count).map { invocations[Int32($0)] != nil }
        b.parallelMask = Array(repeating: 0, count: (count + 63) >> 6)
        for s in 0..<count {
            let p = parentOf[s]
            b.eventlessOnPath[s] = ownEventless[s] || (p >= 0 && b.eventlessOnPath[Int(p)])
            if kindOf[s] == .parallel { b.parallelMask[s >> 6] |= 1 << UInt64(s & 63) }
            if kindOf[s].isHistory {
                b.hasHistoryChild[Int(p)] = true
                b.historySlot[s] = Int32(b.historyMemorySize)
                b.historyMemorySize += 1 + historyCapacity(parent: p, deep: kindOf[s] == .deepHistory)
            }
        }

        computePlans()
        if exactMatching { buildCandidateTable() }
    }

    /// Room a history memory needs: the parent's children (shallow) or its atomic descendants (deep).
    @inlinable
    func historyCapacity(parent: Int32, deep: Bool) -> Int {
        if !deep { return tree.children(of: parent).count }
        return (parent + 1 ..< tree.subtreeEnd[parent] + 1).count { tree.isAtomic($0) }
    }

    /// The static transition domain, as `getTransitionDomain` computes it (-1 targetless, -2 when
    /// a history target makes it depend on history).
    @inlinable
    func staticDomain(_ t: Int) -> Int32 {
        // The targets as a slice of the table (no array per transition).
        let targets = b.targets[Int(b.targetStart[t])..<Int(b.targetStart[t + 1])]
        if targets.isEmpty { return -1 }
        if targets.contains(where: { kindOf[Int($0)].isHistory }) { return -2 }
        return tree.transitionDomain(source: b.source[t], isInternal: b.isInternal[t], effectiveTargets: targets)
    }

    /// For every declared transition: its static domain and, when taking it from a single-path
    /// configuration leads to a single-path configuration, its plan: the states entered in order
    /// (with the default-entry flag) and the new leaf. Linear in transitions × depth.
    @inlinable
    mutating func computePlans() {
        let transitionCount = b.source.count
        // The last parallel state at or after each position, to tell whether a subtree has one.
        var nextParallel = Array(repeating: Int32.max, count: stateCount + 1)
        for s in stride(from: stateCount - 1, through: 0, by: -1) {
            nextParallel[s] = kindOf[s] == .parallel ? Int32(s) : nextParallel[s + 1]
        }
        b.domainIsParallelFree = Array(repeating: false, count: transitionCount)
        b.domain = Array(repeating: -1, count: transitionCount)
        b.planLeaf = Array(repeating: -1, count: transitionCount)
        var entries: [Int32] = []
        for t in 0..<transitionCount {
            let d = staticDomain(t)
            b.domain[t] = d
            if d >= 0 { b.domainIsParallelFree[t] = nextParallel[Int(d)] > tree.subtreeEnd[d] }
            entries.removeAll(keepingCapacity: true)
            if b.triggerKind[t] != .pseudo {
                if d == -1 {
                    b.planLeaf[t] = -2
                } else if singlePathPlans, d >= 0, let leaf = singlePathEntries(t, domain: d, into: &entries) {
                    b.planLeaf[t] = leaf
                    b.planEntries += entries
                }
            }
            b.planEntryStart.append(Int32(b.planEntries.count))
        }
    }

    /// The entry sequence of transition `t` when it enters no parallel and no history state:
    /// the target's ancestors below the domain, the target, and its default descendants.
    @inlinable
    func singlePathEntries(_ t: Int, domain: Int32, into entries: inout [Int32]) -> Int32? {
        let range = Int(b.targetStart[t])..<Int(b.targetStart[t + 1])
        guard range.count == 1 else { return nil }
        var target = b.targets[range.lowerBound]
        // The source must be inside the domain's subtree for the exit walk to stop at it.
        var anc = parentOf[Int(target)]
        while anc != domain && anc >= 0 {
            if kindOf[Int(anc)] != .compound { return nil }
            entries.append(anc)
            anc = parentOf[Int(anc)]
        }
        guard anc == domain else { return nil }
        while true {
            switch kindOf[Int(target)] {
            case .atomic, .final:
                entries.append(target)
                entries.sort { ($0 & _ChartTables.entryStateMask) < ($1 & _ChartTables.entryStateMask) }
                return target
            case .compound:
                entries.append(target | _ChartTables.defaultEntryFlag)
                let i = b.initialTransition[Int(target)]
                guard i >= 0 else { return nil }
                let initialTargets = Int(b.targetStart[Int(i)])..<Int(b.targetStart[Int(i) + 1])
                guard initialTargets.count == 1 else { return nil }
                let next = b.targets[initialTargets.lowerBound]
                var between = parentOf[Int(next)]
                while between != target {
                    if kindOf[Int(between)] != .compound { return nil }
                    entries.append(between)
                    between = parentOf[Int(between)]
                }
                target = next
            case .parallel, .shallowHistory, .deepHistory:
                return nil
            }
        }
    }

    /// The dense table of candidates per (atomic state, event class), in selection order: the
    /// state's own transitions in document order, then its parent's, up to the root.
    @inlinable
    mutating func buildCandidateTable() {
        let count = stateCount
        let classCount = b.classCount
        guard count * classCount <= Self.candidateTableLimit else { return }
        var keys: [Int32] = []
        var values: [Int32] = []
        for s in 0..<count where kindOf[s] == .atomic || kindOf[s] == .final {
            var a = Int32(s)
            while a >= 0 {
                for t in Int(b.transitionStart[Int(a)])..<Int(b.transitionStart[Int(a) + 1]) {
                    switch b.triggerKind[t] {
                    case .events:
                        for i in Int(b.triggerStart[t])..<Int(b.triggerStart[t + 1]) {
                            keys.append(Int32(s * classCount) + b.triggers[i])
                            values.append(Int32(t))
                        }
                    case .anyEvent:
                        for c in 0..<classCount {
                            keys.append(Int32(s * classCount + c))
                            values.append(Int32(t))
                        }
                    case .eventless, .pseudo:
                        break
                    }
                }
                a = parentOf[Int(a)]
            }
        }
        // Counting sort by key keeps the walk order within each (state, class) row.
        var start = Array(repeating: Int32(0), count: count * classCount + 1)
        for k in keys { start[Int(k) + 1] += 1 }
        for i in 1..<start.count { start[i] += start[i - 1] }
        var fill = start
        var candidates = Array(repeating: Int32(0), count: values.count)
        for (k, v) in zip(keys, values) {
            candidates[Int(fill[Int(k)])] = v
            fill[Int(k)] += 1
        }
        b.candidateStart = start
        b.candidates = candidates
        b.hasCandidateTable = true
        computeCandidatePlans(classCount: classCount)
        computeDirectEntries(classCount: classCount)
        computeRegionSteps(classCount: classCount)
        // Last: the region steps read which direct candidates take only the context from the
        // entries' encoding, which this changes for some.
        assignCallSites()
    }

    /// For charts of at most 64 states, the region path's tables (see ``_ChartTables/regionDirect``):
    /// per (atomic state, event class), the direct candidate if it is region-local, and per
    /// candidate its exits and entries as bits of the configuration and what its actions need.
    @inlinable
    mutating func computeRegionSteps(classCount: Int) {
        guard stateCount <= 64, !b.direct.isEmpty else { return }
        let total = b.candidates.count
        var steps = Array(repeating: _RegionStep(exits: 0, entries: 0, flags: 0), count: total)
        var row = 0
        for c in 0..<total where b.candidateFlags[c] == 0 {
            while b.candidateStart[row + 1] <= Int32(c) { row += 1 }
            let t = Int(b.candidates[c])
            let domain = b.domain[t]
            guard domain >= 0, b.domainIsParallelFree[t] else { continue }
            var exits: UInt64 = 0
            var s = Int32(row / classCount)
            while s != domain {
                exits |= 1 << UInt64(s)
                s = parentOf[Int(s)]
            }
            var entries: UInt64 = 0
            for entry in b.planEntries[Int(b.planEntryStart[t])..<Int(b.planEntryStart[t + 1])] {
                entries |= 1 << UInt64(entry & _ChartTables.entryStateMask)
            }
            var flags: UInt32 = 0
            if b.candidateExitEnd[c] > b.candidateActionStart[c] { flags |= _RegionStep.exitActions }
            if b.candidateActionStart[c + 1] > b.candidateTransitionEnd[c] { flags |= _RegionStep.entryActions }
            steps[c] = _RegionStep(exits: exits, entries: entries, flags: flags)
        }
        // The row table: a region-local direct candidate (its exits are never empty), ignored, or
        // anything else (-2: the full path decides).
        let shift = b.directShift
        var rows = Array(repeating: _ChartTables.directSlow, count: b.direct.count)
        for s in 0..<stateCount where kindOf[s] == .atomic || kindOf[s] == .final {
            for cls in 0..<classCount {
                let entry = b.direct[s << shift | cls].candidate
                if entry == _ChartTables.directIgnore {
                    rows[s << shift | cls] = _ChartTables.directIgnore
                    continue
                }
                let c = entry >= 0 ? entry : entry <= _ChartTables.directWithEvent ? _ChartTables.directWithEvent - entry : -1
                guard c >= 0, steps[Int(c)].exits != 0 else { continue }
                if entry >= 0 {
                    let own = b.candidateActions[Int(b.candidateExitEnd[Int(c)])..<Int(b.candidateTransitionEnd[Int(c)])]
                    steps[Int(c)] = _RegionStep(exits: steps[Int(c)].exits, entries: steps[Int(c)].entries,
                                                flags: steps[Int(c)].flags | _RegionStep.contextOnly,
                                                transitionAction: singleContextActionBox(own))
                }
                rows[s << shift | cls] = c
            }
        }
        b.regionDirect = rows
        b.regionSteps = steps
        b.atomicMask = (0..<stateCount).reduce(0) { mask, s in
            kindOf[s] == .atomic || kindOf[s] == .final ? mask | 1 << UInt64(s) : mask
        }
        b.hasRegionSteps = true
    }

    /// The box of the one action in `list` (action indices) when there is exactly one and it takes
    /// only the context, for the fast paths to call without a range; `nil` otherwise. The box
    /// belongs to the action, which the chart keeps.
    @inlinable
    func singleContextActionBox(_ list: ArraySlice<Int32>) -> UnsafeRawPointer? {
        guard list.count == 1, let only = list.first, actions[Int(only)].takesOnlyContext else { return nil }
        return actions[Int(only)].slot.box
    }

    /// The `direct` table (see ``_ChartTables/direct``): per (atomic state, event class), the
    /// candidate `send` can take by its plan alone, or whether the event is simply ignored.
    @inlinable
    mutating func computeDirectEntries(classCount: Int) {
        let shift = Int.bitWidth - (classCount - 1).leadingZeroBitCount
        guard stateCount << shift <= Self.directTableLimit else { return }
        // Rows are byte offsets (`leaf << rowShift`) and Int32: the size cap keeps them in range.
        assert(MemoryLayout<_DirectEntry>.stride == 1 << _DirectEntry.strideShift)
        let rowShift = Int32(shift + _DirectEntry.strideShift)
        let slow = _DirectEntry(candidate: _ChartTables.directSlow, row: -1)
        var direct = Array(repeating: slow, count: stateCount << shift)
        for s in 0..<stateCount where kindOf[s] == .atomic || kindOf[s] == .final {
            for cls in 0..<classCount {
                let row = s * classCount + cls
                let c = Int(b.candidateStart[row])
                if c == Int(b.candidateStart[row + 1]) {
                    // Nothing to take, and nothing eventless that could follow.
                    if !b.eventlessOnPath[s] { direct[s << shift | cls] = _DirectEntry(candidate: _ChartTables.directIgnore, row: Int32(s) << rowShift) }
                    continue
                }
                guard b.isConditionFree[Int(b.candidates[c])], b.candidateFlags[c] == 0 else { continue }
                let list = b.candidateActions[Int(b.candidateActionStart[c])..<Int(b.candidateActionStart[c + 1])]
                if list.contains(where: { actions[Int($0)].usesOutbox }) { continue }
                let contextOnly = list.allSatisfy { actions[Int($0)].takesOnlyContext }
                direct[s << shift | cls] = _DirectEntry(
                    candidate: contextOnly ? Int32(c) : _ChartTables.directWithEvent - Int32(c), row: b.candidateLeaf[c] << rowShift,
                    action: singleContextActionBox(list))
            }
        }
        b.direct = direct
        b.directShift = shift
    }

    /// Chooses where `send` calls each direct entry's actions from, so that two transitions with
    /// different actions (A→B's and B→A's in a toggle) are not called from the same site.
    ///
    /// Consecutive sends run the same instructions up to an action call whichever transition they
    /// take, so a shared call site leaves the processor's indirect-branch predictor nothing to
    /// tell A→B's action from B→A's: it can mispredict on every event while they alternate
    /// (about 9 ns per event on the benchmark machine, three times the rest of a toggle's send).
    /// With separate sites, the branch that picks the site is a conditional one, which the
    /// predictor learns from its history, and each call keeps its targets.
    ///
    /// `send` has two sites for each shape of plan: a single action on the context is called
    /// from the send itself when the entry holds its box, or else from the plan loop; a longer
    /// plan of context-only actions runs in the context-only loop, or else in the loop that
    /// dispatches on each action's form (an entry encoded as `directWithEvent`). The distinct
    /// single actions, and the distinct longer plans, alternate between their two sites in the
    /// order the table first meets them.
    @inlinable
    mutating func assignCallSites() {
        var singleActionFirst: [UnsafeRawPointer: Bool] = [:]
        // A candidate is one (state, event class), so each plan appears in one entry only.
        var planFirst = true
        for i in b.direct.indices {
            let entry = b.direct[i]
            if let box = entry.action {
                let first = singleActionFirst[box] ?? {
                    let first = singleActionFirst.count % 2 == 0
                    singleActionFirst[box] = first
                    return first
                }()
                if !first { b.direct[i] = _DirectEntry(candidate: entry.candidate, row: entry.row) }
            } else if entry.candidate >= 0 {
                let c = entry.candidate
                let plan = b.candidateActionStart[Int(c)]..<b.candidateActionStart[Int(c) + 1]
                guard plan.count > 1 else { continue }
                if !planFirst { b.direct[i] = _DirectEntry(candidate: _ChartTables.directWithEvent - c, row: entry.row) }
                planFirst.toggle()
            }
        }
    }

    /// The plan of every candidate as the fast path runs it: the actions in order and the new
    /// leaf. Exits are the path from the candidate's atomic state up to the transition's domain.
    @inlinable
    mutating func computeCandidatePlans(classCount: Int) {
        let total = b.candidates.count
        b.candidateLeaf = Array(repeating: -1, count: total)
        b.candidateFlags = Array(repeating: _ChartTables.planNeedsGeneralStep, count: total)
        b.candidateExitEnd = Array(repeating: 0, count: total)
        b.candidateTransitionEnd = Array(repeating: 0, count: total)
        b.candidateActionStart.reserveCapacity(total + 1)
        // The lists are appended in place (no array per candidate); a candidate found to need the
        // general step has its list removed again.
        var list = b.candidateActions
        b.candidateActions = []
        list.reserveCapacity(total * 2)
        func append(_ start: Int32, _ end: Int32) {
            var i = start
            while i < end { list.append(i); i += 1 }
        }
        var row = 0
        for c in 0..<total {
            // The row of candidate `c` tells its atomic state.
            while b.candidateStart[row + 1] <= Int32(c) { row += 1 }
            let leaf = Int32(row / classCount)
            let t = Int(b.candidates[c])
            let listStart = list.count
            defer { b.candidateActionStart.append(Int32(list.count)) }
            let planLeaf = b.planLeaf[t]
            guard planLeaf != -1 else { continue }
            var slow = false
            let domain = b.domain[t]
            if domain >= 0 {
                var s = leaf
                while s != domain {
                    if b.hasHistoryChild[Int(s)] || b.hasInvocations[Int(s)] { slow = true }
                    append(b.exitActionStart[Int(s)], b.exitActionStart[Int(s) + 1])
                    s = parentOf[Int(s)]
                }
            }
            let exitEnd = list.count
            append(b.transitionActionStart[t], b.transitionActionStart[t + 1])
            let transitionEnd = list.count
            if domain >= 0 {
                for i in Int(b.planEntryStart[t])..<Int(b.planEntryStart[t + 1]) {
                    let entry = b.planEntries[i]
                    let s = Int(entry & _ChartTables.entryStateMask)
                    if b.hasInvocations[s] || kindOf[s] == .final { slow = true }
                    append(b.entryActionStart[s], b.entryActionStart[s + 1])
                    if entry & _ChartTables.defaultEntryFlag != 0 {
                        let initial = Int(b.initialTransition[s])
                        if initial >= 0 { append(b.transitionActionStart[initial], b.transitionActionStart[initial + 1]) }
                    }
                }
            }
            guard !slow else {
                list.removeLast(list.count - listStart)
                continue
            }
            let newLeaf = planLeaf >= 0 ? planLeaf : leaf
            b.candidateExitEnd[c] = Int32(exitEnd)
            b.candidateTransitionEnd[c] = Int32(transitionEnd)
            b.candidateLeaf[c] = newLeaf
            b.candidateFlags[c] = b.eventlessOnPath[Int(newLeaf)] ? _ChartTables.planNeedsCompletion : 0
        }
        b.candidateActions = list
    }
}
