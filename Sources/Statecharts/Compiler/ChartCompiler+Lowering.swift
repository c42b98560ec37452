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

    /// The static transition domain, as `getTransitionDomain` computes it.
    @inlinable
    func staticDomain(_ t: Int) -> _StaticDomain {
        // The targets as a slice of the table (no array per transition).
        let targets = b.targets[Int(b.targetStart[t])..<Int(b.targetStart[t + 1])]
        if targets.isEmpty { return .targetless }
        if targets.contains(where: { kindOf[Int($0)].isHistory }) { return .dependsOnHistory }
        return _StaticDomain(state: tree.transitionDomain(source: b.source[t], isInternal: b.isInternal[t],
                                                          effectiveTargets: targets))
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
        b.domain = Array(repeating: .targetless, count: transitionCount)
        b.planLeaf = Array(repeating: .noPlan, count: transitionCount)
        var entries: [_PlanEntry] = []
        for t in 0..<transitionCount {
            let d = staticDomain(t)
            b.domain[t] = d
            if let state = d.state { b.domainIsParallelFree[t] = nextParallel[Int(state)] > tree.subtreeEnd[state] }
            entries.removeAll(keepingCapacity: true)
            if b.triggerKind[t] != .pseudo {
                if d == .targetless {
                    b.planLeaf[t] = .targetless
                } else if singlePathPlans, let state = d.state, let leaf = singlePathEntries(t, domain: state, into: &entries) {
                    b.planLeaf[t] = .moves(to: leaf)
                    b.planEntries += entries
                }
            }
            b.planEntryStart.append(Int32(b.planEntries.count))
        }
    }

    /// The entry sequence of transition `t` when it enters no parallel and no history state:
    /// the target's ancestors below the domain, the target, and its default descendants.
    @inlinable
    func singlePathEntries(_ t: Int, domain: Int32, into entries: inout [_PlanEntry]) -> Int32? {
        let range = Int(b.targetStart[t])..<Int(b.targetStart[t + 1])
        guard range.count == 1 else { return nil }
        var target = b.targets[range.lowerBound]
        // The source must be inside the domain's subtree for the exit walk to stop at it.
        var anc = parentOf[Int(target)]
        while anc != domain && anc >= 0 {
            if kindOf[Int(anc)] != .compound { return nil }
            entries.append(_PlanEntry(state: anc, byDefault: false))
            anc = parentOf[Int(anc)]
        }
        guard anc == domain else { return nil }
        while true {
            switch kindOf[Int(target)] {
            case .atomic, .final:
                entries.append(_PlanEntry(state: target, byDefault: false))
                entries.sort { $0.state < $1.state }
                return target
            case .compound:
                entries.append(_PlanEntry(state: target, byDefault: true))
                let i = b.initialTransition[Int(target)]
                guard i >= 0 else { return nil }
                let initialTargets = Int(b.targetStart[Int(i)])..<Int(b.targetStart[Int(i) + 1])
                guard initialTargets.count == 1 else { return nil }
                let next = b.targets[initialTargets.lowerBound]
                var between = parentOf[Int(next)]
                while between != target {
                    if kindOf[Int(between)] != .compound { return nil }
                    entries.append(_PlanEntry(state: between, byDefault: false))
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
            guard planLeaf.hasPlan else { continue }
            var slow = false
            let domain = b.domain[t].state
            if let domain {
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
            if domain != nil {
                for i in Int(b.planEntryStart[t])..<Int(b.planEntryStart[t + 1]) {
                    let entry = b.planEntries[i]
                    let s = Int(entry.state)
                    if b.hasInvocations[s] || kindOf[s] == .final { slow = true }
                    append(b.entryActionStart[s], b.entryActionStart[s + 1])
                    if entry.isDefaultEntry {
                        let initial = Int(b.initialTransition[s])
                        if initial >= 0 { append(b.transitionActionStart[initial], b.transitionActionStart[initial + 1]) }
                    }
                }
            }
            guard !slow else {
                list.removeLast(list.count - listStart)
                continue
            }
            let newLeaf = planLeaf.newLeaf ?? leaf
            b.candidateExitEnd[c] = Int32(exitEnd)
            b.candidateTransitionEnd[c] = Int32(transitionEnd)
            b.candidateLeaf[c] = newLeaf
            b.candidateFlags[c] = b.eventlessOnPath[Int(newLeaf)] ? _ChartTables.planNeedsCompletion : 0
        }
        b.candidateActions = list
    }
}
