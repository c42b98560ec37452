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
        b.candidates.unmatchedClass = namedCount + Int32(doneStates.count)
        b.candidates.classCount = Int(b.candidates.unmatchedClass) + 1
        b.states.doneClass = doneClass.map { $0 >= 0 ? $0 : b.candidates.unmatchedClass }
        for i in b.transitions.triggers.indices where b.transitions.triggers[i] < 0 {
            b.transitions.triggers[i] = doneClass[Int(-1 - b.transitions.triggers[i])]
        }

        // Per-state flags.
        var ownEventless = Array(repeating: false, count: count)
        for t in 0..<b.transitions.source.count where b.transitions.triggerKind[t] == .eventless { ownEventless[Int(b.transitions.source[t])] = true }
        b.states.eventlessOnPath = Array(repeating: false, count: count)
        b.states.hasHistoryChild = Array(repeating: false, count: count)
        b.states.historySlot = Array(repeating: -1, count: count)
        b.states.hasInvocations = (0..<count).map { invocations[Int32($0)] != nil }
        b.states.parallelMask = Array(repeating: 0, count: (count + 63) >> 6)
        for s in 0..<count {
            let p = parentOf[s]
            b.states.eventlessOnPath[s] = ownEventless[s] || (p >= 0 && b.states.eventlessOnPath[Int(p)])
            if kindOf[s] == .parallel { b.states.parallelMask[s >> 6] |= 1 << UInt64(s & 63) }
            if kindOf[s].isHistory {
                b.states.hasHistoryChild[Int(p)] = true
                b.states.historySlot[s] = Int32(b.states.historyMemorySize)
                b.states.historyMemorySize += 1 + historyCapacity(parent: p, deep: kindOf[s] == .deepHistory)
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
        let targets = b.transitions.targets[Int(b.transitions.targetStart[t])..<Int(b.transitions.targetStart[t + 1])]
        if targets.isEmpty { return .targetless }
        if targets.contains(where: { kindOf[Int($0)].isHistory }) { return .dependsOnHistory }
        return _StaticDomain(state: tree.transitionDomain(source: b.transitions.source[t], isInternal: b.transitions.isInternal[t],
                                                          effectiveTargets: targets))
    }

    /// For every declared transition: its static domain and, when taking it from a single-path
    /// configuration leads to a single-path configuration, its plan: the states entered in order
    /// (with the default-entry flag) and the new leaf. Linear in transitions × depth.
    @inlinable
    mutating func computePlans() {
        let transitionCount = b.transitions.source.count
        // The last parallel state at or after each position, to tell whether a subtree has one.
        var nextParallel = Array(repeating: Int32.max, count: stateCount + 1)
        for s in stride(from: stateCount - 1, through: 0, by: -1) {
            nextParallel[s] = kindOf[s] == .parallel ? Int32(s) : nextParallel[s + 1]
        }
        b.transitions.domainIsParallelFree = Array(repeating: false, count: transitionCount)
        b.transitions.domain = Array(repeating: .targetless, count: transitionCount)
        b.transitions.planLeaf = Array(repeating: .noPlan, count: transitionCount)
        var entries: [_PlanEntry] = []
        for t in 0..<transitionCount {
            let d = staticDomain(t)
            b.transitions.domain[t] = d
            if let state = d.state { b.transitions.domainIsParallelFree[t] = nextParallel[Int(state)] > tree.subtreeEnd[state] }
            entries.removeAll(keepingCapacity: true)
            if b.transitions.triggerKind[t] != .pseudo {
                if d == .targetless {
                    b.transitions.planLeaf[t] = .targetless
                } else if singlePathPlans, let state = d.state, let leaf = singlePathEntries(t, domain: state, into: &entries) {
                    b.transitions.planLeaf[t] = .moves(to: leaf)
                    b.transitions.planEntries += entries
                }
            }
            b.transitions.planEntryStart.append(Int32(b.transitions.planEntries.count))
        }
    }

    /// The entry sequence of transition `t` when it enters no parallel and no history state:
    /// the target's ancestors below the domain, the target, and its default descendants.
    @inlinable
    func singlePathEntries(_ t: Int, domain: Int32, into entries: inout [_PlanEntry]) -> Int32? {
        let range = Int(b.transitions.targetStart[t])..<Int(b.transitions.targetStart[t + 1])
        guard range.count == 1 else { return nil }
        var target = b.transitions.targets[range.lowerBound]
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
                let i = b.states.initialTransition[Int(target)]
                guard i >= 0 else { return nil }
                let initialTargets = Int(b.transitions.targetStart[Int(i)])..<Int(b.transitions.targetStart[Int(i) + 1])
                guard initialTargets.count == 1 else { return nil }
                let next = b.transitions.targets[initialTargets.lowerBound]
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
        let classCount = b.candidates.classCount
        guard count * classCount <= Self.candidateTableLimit else { return }
        var keys: [Int32] = []
        var values: [Int32] = []
        for s in 0..<count where kindOf[s] == .atomic || kindOf[s] == .final {
            var a = Int32(s)
            while a >= 0 {
                for t in Int(b.states.transitionStart[Int(a)])..<Int(b.states.transitionStart[Int(a) + 1]) {
                    switch b.transitions.triggerKind[t] {
                    case .events:
                        for i in Int(b.transitions.triggerStart[t])..<Int(b.transitions.triggerStart[t + 1]) {
                            keys.append(Int32(s * classCount) + b.transitions.triggers[i])
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
        b.candidates.start = start
        b.candidates.transition = candidates
        b.candidates.exists = true
        computeCandidatePlans(classCount: classCount)
        computeDirectEntries(classCount: classCount)
        computeRegionSteps(classCount: classCount)
        computeJointSteps()
        // Last: the region steps read which direct candidates take only the context from the
        // entries' encoding, which this changes for some.
        assignCallSites()
    }

    /// The plan of every candidate as the fast path runs it: the actions in order and the new
    /// leaf. Exits are the path from the candidate's atomic state up to the transition's domain.
    @inlinable
    mutating func computeCandidatePlans(classCount: Int) {
        let total = b.candidates.transition.count
        b.candidates.leaf = Array(repeating: -1, count: total)
        b.candidates.flags = Array(repeating: _PlanFlags.needsGeneralStep, count: total)
        b.candidates.exitEnd = Array(repeating: 0, count: total)
        b.candidates.transitionEnd = Array(repeating: 0, count: total)
        b.candidates.actionStart.reserveCapacity(total + 1)
        // The lists are appended in place (no array per candidate); a candidate found to need the
        // general step has its list removed again.
        var list = b.candidates.actions
        b.candidates.actions = []
        list.reserveCapacity(total * 2)
        func append(_ start: Int32, _ end: Int32) {
            var i = start
            while i < end { list.append(i); i += 1 }
        }
        var row = 0
        for c in 0..<total {
            // The row of candidate `c` tells its atomic state.
            while b.candidates.start[row + 1] <= Int32(c) { row += 1 }
            let leaf = Int32(row / classCount)
            let t = Int(b.candidates.transition[c])
            let listStart = list.count
            defer { b.candidates.actionStart.append(Int32(list.count)) }
            let planLeaf = b.transitions.planLeaf[t]
            guard planLeaf.hasPlan else { continue }
            var slow = false
            let domain = b.transitions.domain[t].state
            if let domain {
                var s = leaf
                while s != domain {
                    if b.states.hasHistoryChild[Int(s)] || b.states.hasInvocations[Int(s)] { slow = true }
                    append(b.states.exitActionStart[Int(s)], b.states.exitActionStart[Int(s) + 1])
                    s = parentOf[Int(s)]
                }
            }
            let exitEnd = list.count
            append(b.transitions.actionStart[t], b.transitions.actionStart[t + 1])
            let transitionEnd = list.count
            if domain != nil {
                for i in Int(b.transitions.planEntryStart[t])..<Int(b.transitions.planEntryStart[t + 1]) {
                    let entry = b.transitions.planEntries[i]
                    let s = Int(entry.state)
                    if b.states.hasInvocations[s] || kindOf[s] == .final { slow = true }
                    append(b.states.entryActionStart[s], b.states.entryActionStart[s + 1])
                    if entry.isDefaultEntry {
                        let initial = Int(b.states.initialTransition[s])
                        if initial >= 0 { append(b.transitions.actionStart[initial], b.transitions.actionStart[initial + 1]) }
                    }
                }
            }
            guard !slow else {
                list.removeLast(list.count - listStart)
                continue
            }
            let newLeaf = planLeaf.newLeaf ?? leaf
            b.candidates.exitEnd[c] = Int32(exitEnd)
            b.candidates.transitionEnd[c] = Int32(transitionEnd)
            b.candidates.leaf[c] = newLeaf
            b.candidates.flags[c] = b.states.eventlessOnPath[Int(newLeaf)] ? .needsCompletion : .none
        }
        b.candidates.actions = list
    }
}
