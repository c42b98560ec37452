// Plans for candidates that enter through a history state (see Tables/HistoryPlans.swift): one
// variant per value the history can remember on a single path, and one for its default
// transition, each a whole plan (exits, the transition's actions, the entries the value gives).

extension _ChartCompiler {
    /// The most variants a chart gets: beyond it, the remaining candidates that enter through
    /// history take the general step, as before. A history below a parent with many leaves,
    /// entered from many states, would otherwise multiply the candidate table.
    @inlinable
    static func historyVariantBudget(candidates: Int) -> Int { Swift.max(4096, 4 * candidates) }

    /// Appends the variants of each candidate in `restoring` (a candidate of atomic state `leaf`
    /// whose transition targets a history state and has no plan) after the table's candidates,
    /// their actions to `list`, and fills the history columns' restores and ranks. A candidate
    /// gets variants when the configuration stays a single path whatever the history
    /// remembers, and the history's parent is neither the transition's source, nor holds it or
    /// the leaf (see ``historyDomain(_:from:)``); the others keep taking the general step.
    @inlinable
    mutating func appendHistoryVariants(_ restoring: [(candidate: _CandidateIndex, leaf: _StateIndex)], to list: inout [_ActionIndex]) {
        computeHistoryRanks()
        var restoreOf: [_CandidateIndex: _HistoryRestore] = [:]
        let budget = Self.historyVariantBudget(candidates: b.candidates.transition.count)
        var built = 0
        var entries: [_PlanEntry] = []
        var records: [_HistoryRecord] = []
        // Per history state: the states it can remember on a single path (computed once).
        var rememberable: [_StateIndex: [_StateIndex]] = [:]
        var parallelFree: [_StateIndex: Bool] = [:]
        for (c, leaf) in restoring {
            let t = b.candidates.transition[c]
            let targets = b.transitions.targets[t]
            guard targets.count == 1, let h = targets.first, kindOf[h].isHistory,
                  let slot = b.states.historySlot[h], let defaultTransition = b.states.historyDefault[h],
                  let domain = historyDomain(t, from: leaf) else { continue }
            let parent = parentOf[h]
            let deep = kindOf[h] == .deepHistory
            // Whatever it remembers, the configuration stays a single path.
            let noParallel = parallelFree[parent] ?? {
                let free = !(parent.next..<tree.subtreeEnd[parent].next).contains { kindOf[$0] == .parallel }
                parallelFree[parent] = free
                return free
            }()
            guard noParallel else { continue }
            let remembered = rememberable[h] ?? {
                let values = deep ? (parent.next..<tree.subtreeEnd[parent].next).filter { tree.isAtomic($0) } : tree.children(of: parent)
                rememberable[h] = values
                return values
            }()
            guard built + 1 + remembered.count <= budget else { continue }
            built += 1 + remembered.count
            let firstVariant = _CandidateIndex(b.candidates.transition.count)
            // The default variant first, then one per state the history can remember, in rank order.
            let defaultTargets = b.transitions.targets[defaultTransition]
            let variantTargets: [_StateIndex?] = [defaultTargets.count == 1 ? defaultTargets.first : nil] + remembered.map { $0 }
            for (k, target) in variantTargets.enumerated() {
                let v = _CandidateIndex(b.candidates.transition.count)
                b.candidates.transition.append(t)
                b.candidates.leaf.append(.none)
                b.candidates.flags.append(.needsGeneralStep)
                b.candidates.exitEnd.append(_PlanSlot(rawValue: 0))
                b.candidates.transitionEnd.append(_PlanSlot(rawValue: 0))
                entries.removeAll(keepingCapacity: true)
                records.removeAll(keepingCapacity: true)
                if let target, !kindOf[target].isHistory, let newLeaf = singlePathEntries(to: target, domain: domain, into: &entries) {
                    appendPlan(v, from: leaf, taking: t, domain: domain, entries: entries,
                               historyContent: k == 0 ? (parent, defaultTransition) : nil,
                               newLeaf: newLeaf, to: &list, records: &records)
                }
                b.candidates.actionStart.append(_PlanSlot(list.count))
                b.history.records.append(records)
            }
            restoreOf[c] = _HistoryRestore(slot: slot, atomicBase: deep ? b.history.atomicRank[parent.offset] : -1,
                                           firstVariant: firstVariant, rememberedCount: remembered.count)
            // Still `needsGeneralStep`: a memory no variant covers takes the general step.
            b.candidates.flags[c] = _PlanFlags.needsGeneralStep.union(.restoresHistory)
        }
        for c in _CandidateIndex.all(b.candidates.transition.count) {
            if let restore = restoreOf[c] { b.history.restores.append(CollectionOfOne(restore)) } else { b.history.restores.endList() }
        }
    }

    /// The domain of transition `t`, whose one target is a history state, taken from atomic
    /// state `leaf`, when it is the same whatever the history remembers: the history's parent
    /// is compound, and neither it nor anything below it is the
    /// transition's source or the leaf. Then the parent is not active, so the transition does
    /// not record the history it restores, and the domain is the one the parent as a target
    /// would give (every remembered state is below the parent). `nil` otherwise.
    @inlinable
    func historyDomain(_ t: _TransitionIndex, from leaf: _StateIndex) -> _StateIndex? {
        guard let h = b.transitions.targets[t].first else { return nil }
        let parent = parentOf[h]
        guard parent != .none, kindOf[parent] == .compound else { return nil }
        let end = tree.subtreeEnd[parent]
        let source = b.transitions.source[t]
        guard !(source >= parent && source <= end), !(leaf >= parent && leaf <= end) else { return nil }
        let domain = tree.transitionDomain(source: source, isInternal: b.transitions.isInternal[t], effectiveTargets: CollectionOfOne(parent))
        guard domain != .none, tree.isDescendant(leaf, of: domain) else { return nil }
        return domain
    }

    /// Each state's atomic rank (atomic states before it in document order) and its position
    /// among its parent's children: how the runtime turns a remembered state into a variant.
    @inlinable
    mutating func computeHistoryRanks() {
        var atomicRank = Array(repeating: 0, count: stateCount)
        var childRank = Array(repeating: 0, count: stateCount)
        var atomicCount = 0
        for s in _StateIndex.all(stateCount) {
            atomicRank[s.offset] = atomicCount
            if tree.isAtomic(s) { atomicCount += 1 }
            for (i, child) in tree.children(of: s).enumerated() { childRank[child.offset] = i }
        }
        b.history.atomicRank = atomicRank
        b.history.childRank = childRank
    }

    /// Whether candidate `c`, first in its row, may be a ``_DirectEntry/named(_:)`` entry: it
    /// has no guard, it records history and needs nothing else or enters through a history
    /// state, and no action of its plans (its variants') reaches the outbox. A variant that
    /// needs more than its plan is left to the rest of the candidate stage when the memory
    /// selects it.
    @inlinable
    func takesHistoryDirectly(_ c: _CandidateIndex) -> Bool {
        let flags = b.candidates.flags[c]
        guard b.transitions.isConditionFree[b.candidates.transition[c]] else { return false }
        var plans = c..<c.next
        if flags.restoresHistory {
            guard let restore = b.history.restores[c].first else { return false }
            plans = restore.variants
        } else if !(flags.recordsHistory && flags.isNoneOrRecords) {
            return false
        }
        for v in plans where !b.candidates.flags[v].needsGeneralStep {
            let list = b.candidates.actions[b.candidates.actionStart[v].offset..<b.candidates.actionStart[v.next].offset]
            if list.contains(where: { actions[$0].usesOutbox }) { return false }
        }
        return true
    }
}
