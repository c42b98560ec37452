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
        let namedCount = exactMatching ? classNames.count : descriptors.count
        let doneStates = Set(doneTriggers.map { $0.state }).sorted()
        b.candidates.unmatchedClass = _EventClass(namedCount + doneStates.count)
        b.candidates.classCount = b.candidates.unmatchedClass.offset + 1
        b.states.doneClass = Array(repeating: b.candidates.unmatchedClass, count: count)
        for (k, state) in doneStates.enumerated() { b.states.doneClass[state] = _EventClass(namedCount + k) }
        for (slot, state) in doneTriggers { b.transitions.triggers.elements[slot] = b.states.doneClass[state] }

        // Per-state flags.
        var ownEventless = Array(repeating: false, count: count)
        for t in 0..<b.transitions.source.count where b.transitions.triggerKind[t] == .eventless { ownEventless[b.transitions.source[t]] = true }
        b.states.eventlessOnPath = Array(repeating: false, count: count)
        b.states.hasHistoryChild = Array(repeating: false, count: count)
        b.states.historySlot = Array(repeating: nil, count: count)
        b.states.hasInvocations = _StateIndex.all(count).map { invocations[$0] != nil }
        b.states.parallelMask = Array(repeating: 0, count: (count + 63) >> 6)
        for s in _StateIndex.all(count) {
            let p = parentOf[s]
            b.states.eventlessOnPath[s] = ownEventless[s] || (p != .none && b.states.eventlessOnPath[p])
            if kindOf[s] == .parallel { b.states.parallelMask[s.offset >> 6] |= 1 << UInt64(s.offset & 63) }
            if kindOf[s].isHistory {
                b.states.hasHistoryChild[p] = true
                b.states.historySlot[s] = b.states.historyMemorySize
                b.states.historyMemorySize += 1 + historyCapacity(parent: p, deep: kindOf[s] == .deepHistory)
            }
        }

        computePlans()
        if exactMatching { buildCandidateTable() }
    }

    /// Room a history memory needs: the parent's children (shallow) or its atomic descendants (deep).
    @inlinable
    func historyCapacity(parent: _StateIndex, deep: Bool) -> Int {
        if !deep { return tree.children(of: parent).count }
        return (parent.next..<tree.subtreeEnd[parent].next).count { tree.isAtomic($0) }
    }

    /// The static transition domain, as `getTransitionDomain` computes it.
    @inlinable
    func staticDomain(_ t: _TransitionIndex) -> _StaticDomain {
        // The targets as a slice of the table (no array per transition).
        let targets = b.transitions.targets[t]
        if targets.isEmpty { return .targetless }
        if targets.contains(where: { kindOf[$0].isHistory }) { return .dependsOnHistory }
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
        var nextParallel = Array(repeating: _StateIndex(rawValue: .max), count: stateCount + 1)
        for s in _StateIndex.all(stateCount).reversed() {
            nextParallel[s] = kindOf[s] == .parallel ? s : nextParallel[s.next]
        }
        b.transitions.domainIsParallelFree = Array(repeating: false, count: transitionCount)
        b.transitions.domain = Array(repeating: .targetless, count: transitionCount)
        b.transitions.planLeaf = Array(repeating: .noPlan, count: transitionCount)
        var entries: [_PlanEntry] = []
        for t in _TransitionIndex.all(transitionCount) {
            let d = staticDomain(t)
            b.transitions.domain[t] = d
            if let state = d.state { b.transitions.domainIsParallelFree[t] = nextParallel[state] > tree.subtreeEnd[state] }
            entries.removeAll(keepingCapacity: true)
            if b.transitions.triggerKind[t] != .pseudo {
                if d == .targetless {
                    b.transitions.planLeaf[t] = .targetless
                } else if singlePathPlans, let state = d.state, let leaf = singlePathEntries(t, domain: state, into: &entries) {
                    b.transitions.planLeaf[t] = .moves(to: leaf)
                    b.transitions.planEntries.elements += entries
                }
            }
            b.transitions.planEntries.endList()
        }
    }

    /// The entry sequence of transition `t` when it enters no parallel and no history state:
    /// the target's ancestors below the domain, the target, and its default descendants.
    @inlinable
    func singlePathEntries(_ t: _TransitionIndex, domain: _StateIndex, into entries: inout [_PlanEntry]) -> _StateIndex? {
        let targets = b.transitions.targets[t]
        guard targets.count == 1, let target = targets.first else { return nil }
        return singlePathEntries(to: target, domain: domain, into: &entries)
    }

    /// The entry sequence into state `target` from `domain` when it enters no parallel and no
    /// history state: `target`'s ancestors below the domain, `target` (by default when it is
    /// compound), and its default descendants; the new leaf, or `nil` for any other entry.
    @inlinable
    func singlePathEntries(to target: _StateIndex, domain: _StateIndex, into entries: inout [_PlanEntry]) -> _StateIndex? {
        var target = target
        // The source must be inside the domain's subtree for the exit walk to stop at it.
        var anc = parentOf[target]
        while anc != domain && anc != .none {
            if kindOf[anc] != .compound { return nil }
            entries.append(_PlanEntry(state: anc, byDefault: false))
            anc = parentOf[anc]
        }
        guard anc == domain else { return nil }
        while true {
            switch kindOf[target] {
            case .atomic, .final:
                entries.append(_PlanEntry(state: target, byDefault: false))
                entries.sort { $0.state < $1.state }
                return target
            case .compound:
                entries.append(_PlanEntry(state: target, byDefault: true))
                guard let i = b.states.initialTransition[target] else { return nil }
                let initialTargets = b.transitions.targets[i]
                guard initialTargets.count == 1, let next = initialTargets.first else { return nil }
                var between = parentOf[next]
                while between != target {
                    if kindOf[between] != .compound { return nil }
                    entries.append(_PlanEntry(state: between, byDefault: false))
                    between = parentOf[between]
                }
                target = next
            case .parallel, .shallowHistory, .deepHistory:
                return nil
            }
        }
    }

    /// The dense table of candidates per (atomic state, event class), in selection order: the
    /// state's own transitions in document order, then its parent's, up to the root. Everything
    /// the fast routes read is derived from it (plans, the direct table, guarded, region and joint
    /// steps), so a chart compiled without single-path plans has none of it: every send takes
    /// the stepwise or the general route, a second implementation the tests compare the fast
    /// routes with.
    @inlinable
    mutating func buildCandidateTable() {
        guard singlePathPlans else { return }
        let count = stateCount
        let classCount = b.candidates.classCount
        guard count * classCount <= Self.candidateTableLimit else { return }
        // Each candidate as its row (state * classCount + class) and its transition.
        var keys: [Int] = []
        var values: [_TransitionIndex] = []
        for s in _StateIndex.all(count) where kindOf[s] == .atomic || kindOf[s] == .final {
            var a = s
            while a != .none {
                for t in b.states.transitionStart[a]..<b.states.transitionStart[a.next] {
                    switch b.transitions.triggerKind[t] {
                    case .events:
                        for c in b.transitions.triggers[t] {
                            keys.append(s.offset * classCount + c.offset)
                            values.append(t)
                        }
                    case .anyEvent:
                        for c in 0..<classCount {
                            keys.append(s.offset * classCount + c)
                            values.append(t)
                        }
                    case .eventless, .pseudo:
                        break
                    }
                }
                a = parentOf[a]
            }
        }
        // Counting sort by key keeps the walk order within each (state, class) row.
        var start = Array(repeating: 0, count: count * classCount + 1)
        for k in keys { start[k + 1] += 1 }
        for i in 1..<start.count { start[i] += start[i - 1] }
        var fill = start
        var candidates = Array(repeating: _TransitionIndex(rawValue: 0), count: values.count)
        for (k, v) in zip(keys, values) {
            candidates[fill[k]] = v
            fill[k] += 1
        }
        b.candidates.start = start.map(_CandidateIndex.init)
        b.candidates.transition = candidates
        b.candidates.exists = true
        computeCandidatePlans(classCount: classCount)
        computeDirectEntries(classCount: classCount)
        computeGuardedSteps()
        computeRegionSteps(classCount: classCount)
        computeJointSteps()
        // Last: the region steps read which direct candidates take only the context from the
        // entries' encoding, which this changes for some.
        assignCallSites()
    }

    /// The plan of every candidate as the fast path runs it: the actions in order and the new
    /// leaf. Exits are the path from the candidate's atomic state up to the transition's domain.
    /// A candidate entering through a history state gets its variants after the rows'
    /// candidates (ChartCompiler+HistoryPlans.swift).
    @inlinable
    mutating func computeCandidatePlans(classCount: Int) {
        let total = b.candidates.transition.count
        b.candidates.leaf = Array(repeating: .none, count: total)
        b.candidates.flags = Array(repeating: _PlanFlags.needsGeneralStep, count: total)
        b.candidates.exitEnd = Array(repeating: _PlanSlot(rawValue: 0), count: total)
        b.candidates.transitionEnd = Array(repeating: _PlanSlot(rawValue: 0), count: total)
        b.candidates.actionStart.reserveCapacity(total + 1)
        // The lists are appended in place (no array per candidate); a candidate found to need the
        // general step has its list removed again.
        var list = b.candidates.actions
        b.candidates.actions = []
        list.reserveCapacity(total * 2)
        let hasHistory = b.states.historyMemorySize > 0
        var restoring: [(candidate: _CandidateIndex, leaf: _StateIndex)] = []
        var records: [_HistoryRecord] = []
        var row = 0
        for c in _CandidateIndex.all(total) {
            // The row of candidate `c` tells its atomic state.
            while b.candidates.start[row + 1] <= c { row += 1 }
            let leaf = _StateIndex(row / classCount)
            let t = b.candidates.transition[c]
            records.removeAll(keepingCapacity: true)
            defer {
                b.candidates.actionStart.append(_PlanSlot(list.count))
                if hasHistory { b.history.records.append(records) }
            }
            let planLeaf = b.transitions.planLeaf[t]
            guard planLeaf.hasPlan else {
                if hasHistory && singlePathPlans && b.transitions.domain[t] == .dependsOnHistory { restoring.append((c, leaf)) }
                continue
            }
            let domain = b.transitions.domain[t].state
            appendPlan(c, from: leaf, taking: t, domain: domain, entries: domain == nil ? [] : b.transitions.planEntries[t],
                       newLeaf: planLeaf.newLeaf ?? leaf, to: &list, records: &records)
        }
        if hasHistory { appendHistoryVariants(restoring, to: &list) }
        b.candidates.actions = list
    }

    /// Appends candidate `c`'s plan to `list`: atomic state `leaf` takes transition `t` (domain
    /// `domain`, `nil` when targetless), entering `entries` and ending in `newLeaf`; with
    /// `historyContent`, that history default's actions run after its parent's entry. Sets the
    /// candidate's phase ends, leaf and flags, and puts the history its exits record in
    /// `records`; a plan that needs the general step leaves `list` and `records` as they were.
    @inlinable
    mutating func appendPlan(_ c: _CandidateIndex, from leaf: _StateIndex, taking t: _TransitionIndex, domain: _StateIndex?,
                             entries: some Sequence<_PlanEntry>, historyContent: (parent: _StateIndex, transition: _TransitionIndex)? = nil,
                             newLeaf: _StateIndex, to list: inout [_ActionIndex], records: inout [_HistoryRecord]) {
        let listStart = list.count
        func append(_ actions: Range<_ActionIndex>) { list.append(contentsOf: actions) }
        var slow = false
        if let domain {
            var s = leaf
            var below = _StateIndex.none
            while s != domain {
                if b.states.hasInvocations[s] { slow = true }
                // History is recorded before any exit action runs (SCXML `exitStates`); on a
                // single path, deep history remembers the leaf and shallow the child below.
                if b.states.hasHistoryChild[s] {
                    for h in tree.children(of: s) where kindOf[h].isHistory {
                        guard let slot = b.states.historySlot[h] else { continue }
                        records.append(_HistoryRecord(slot: slot, state: kindOf[h] == .deepHistory ? leaf : below))
                    }
                }
                append(b.states.exitActionStart[s]..<b.states.exitActionStart[s.next])
                below = s
                s = parentOf[s]
            }
        }
        let exitEnd = list.count
        append(b.transitions.actionStart[t]..<b.transitions.actionStart[t.next])
        let transitionEnd = list.count
        if domain != nil {
            for entry in entries {
                let s = entry.state
                if b.states.hasInvocations[s] || kindOf[s] == .final { slow = true }
                append(b.states.entryActionStart[s]..<b.states.entryActionStart[s.next])
                if entry.isDefaultEntry, let initial = b.states.initialTransition[s] {
                    append(b.transitions.actionStart[initial]..<b.transitions.actionStart[initial.next])
                }
                if let historyContent, historyContent.parent == s {
                    append(b.transitions.actionStart[historyContent.transition]..<b.transitions.actionStart[historyContent.transition.next])
                }
            }
        }
        guard !slow else {
            list.removeLast(list.count - listStart)
            records.removeAll()
            return
        }
        b.candidates.exitEnd[c] = _PlanSlot(exitEnd)
        b.candidates.transitionEnd[c] = _PlanSlot(transitionEnd)
        b.candidates.leaf[c] = newLeaf
        var flags = b.states.eventlessOnPath[newLeaf] ? _PlanFlags.needsCompletion : .none
        if !records.isEmpty { flags = flags.union(.recordsHistory) }
        b.candidates.flags[c] = flags
    }
}
