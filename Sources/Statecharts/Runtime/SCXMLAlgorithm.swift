// The set computations of the W3C SCXML 1.0 "Algorithm for SCXML Interpretation" (Appendix D),
// over the compiled tables. Names follow the specification so the two read alike. Executing
// actions is the runtime's job (Send/GeneralRoute.swift); these functions only compute
// which states leave and enter.

/// Read-only access to an instance's history memory while sets are computed.
@usableFromInline
internal struct _HistoryMemory {
    @usableFromInline let memory: [Int32]

    @inlinable
    init(_ memory: [Int32]) { self.memory = memory }

    /// The recorded states of history state `h`, or `nil` when it has none yet.
    @inlinable
    func value(of h: Int32, in tables: _ChartTables) -> ArraySlice<Int32>? {
        let slot = Int(tables.states.historySlot[h])
        guard slot >= 0, slot < memory.count else { return nil }
        let count = Int(memory[slot])
        guard count >= 0 else { return nil }
        return memory[(slot + 1)..<(slot + 1 + count)]
    }
}

/// The result of `computeEntrySet`.
@usableFromInline
internal struct _EntrySet {
    @usableFromInline var statesToEnter: _Bitset
    @usableFromInline var statesForDefaultEntry: _Bitset
    /// For a parent state: the history default transition whose actions run after its entry.
    @usableFromInline var defaultHistoryContent: [Int32: Int32] = [:]

    @inlinable
    init(capacity: Int) {
        statesToEnter = _Bitset(capacity: capacity)
        statesForDefaultEntry = _Bitset(capacity: capacity)
    }
}

extension _ChartTables {
    /// `getEffectiveTargetStates`: the targets, with history states replaced by their memory or
    /// their default transition's targets.
    @usableFromInline
    func getEffectiveTargetStates(_ t: Int32, _ history: _HistoryMemory) -> [Int32] {
        var result: [Int32] = []
        func add(_ s: Int32) { if !result.contains(s) { result.append(s) } }
        func visit(_ t: Int32) {
            for i in transitions.targetsOf(t) {
                let s = transitions.targets[i]
                if tree.isHistory(s) {
                    if let value = history.value(of: s, in: self) {
                        value.forEach(add)
                    } else if states.historyDefault[s] >= 0 {
                        visit(states.historyDefault[s])
                    }
                } else {
                    add(s)
                }
            }
        }
        visit(t)
        return result
    }

    /// `getTransitionDomain`: the compound state whose descendants the transition exits and enters
    /// (-1 for a targetless transition).
    @usableFromInline
    func getTransitionDomain(_ t: Int32, _ history: _HistoryMemory) -> Int32 {
        let known = transitions.domain[t]
        if known != .dependsOnHistory { return known.rawValue }
        return tree.transitionDomain(source: transitions.source[t], isInternal: transitions.isInternal[t],
                                     effectiveTargets: getEffectiveTargetStates(t, history))
    }

    /// `computeExitSet` for one transition: the active descendants of its domain.
    @usableFromInline
    func computeExitSet(_ t: Int32, configuration: _Bitset, _ history: _HistoryMemory) -> _Bitset {
        var result = _Bitset(capacity: stateCount)
        let d = getTransitionDomain(t, history)
        guard d >= 0 else { return result }
        var s = d + 1
        let end = tree.subtreeEnd[d]
        while s <= end {
            if configuration.contains(s) { result.insert(s) }
            s += 1
        }
        return result
    }

    /// `computeEntrySet`: the states to enter, those entered by default, and history content.
    @usableFromInline
    func computeEntrySet(_ enabled: [Int32], _ history: _HistoryMemory) -> _EntrySet {
        var set = _EntrySet(capacity: stateCount)
        for t in enabled {
            for i in transitions.targetsOf(t) { addDescendantStatesToEnter(transitions.targets[i], &set, history) }
            let ancestor = getTransitionDomain(t, history)
            for s in getEffectiveTargetStates(t, history) { addAncestorStatesToEnter(s, ancestor, &set, history) }
        }
        return set
    }

    @usableFromInline
    func addDescendantStatesToEnter(_ state: Int32, _ set: inout _EntrySet, _ history: _HistoryMemory) {
        if tree.isHistory(state) {
            let p = tree.parent[state]
            if let value = history.value(of: state, in: self) {
                for s in value { addDescendantStatesToEnter(s, &set, history) }
                for s in value { addAncestorStatesToEnter(s, p, &set, history) }
            } else {
                let t = states.historyDefault[state]
                guard t >= 0 else { return }
                set.defaultHistoryContent[p] = t
                for i in transitions.targetsOf(t) { addDescendantStatesToEnter(transitions.targets[i], &set, history) }
                for i in transitions.targetsOf(t) { addAncestorStatesToEnter(transitions.targets[i], p, &set, history) }
            }
            return
        }
        set.statesToEnter.insert(state)
        if tree.isCompound(state) {
            set.statesForDefaultEntry.insert(state)
            let t = states.initialTransition[state]
            guard t >= 0 else { return }
            for i in transitions.targetsOf(t) { addDescendantStatesToEnter(transitions.targets[i], &set, history) }
            for i in transitions.targetsOf(t) { addAncestorStatesToEnter(transitions.targets[i], state, &set, history) }
        } else if tree.isParallel(state) {
            for child in tree.children(of: state) where !tree.isHistory(child) {
                if !tree.hasMember(of: set.statesToEnter, descendantOfOrEqual: child) {
                    addDescendantStatesToEnter(child, &set, history)
                }
            }
        }
    }

    @usableFromInline
    func addAncestorStatesToEnter(_ state: Int32, _ ancestor: Int32, _ set: inout _EntrySet, _ history: _HistoryMemory) {
        var anc = tree.parent[state]
        while anc >= 0 && anc != ancestor {
            set.statesToEnter.insert(anc)
            if tree.isParallel(anc) {
                for child in tree.children(of: anc) where !tree.isHistory(child) {
                    if !tree.hasMember(of: set.statesToEnter, descendantOfOrEqual: child) {
                        addDescendantStatesToEnter(child, &set, history)
                    }
                }
            }
            anc = tree.parent[anc]
        }
    }

    /// Whether the configuration holds no parallel state, so that it is one path from the root to
    /// a leaf and the fast path applies.
    @inlinable
    func isSinglePath(_ configuration: _Bitset) -> Bool {
        if !states.hasParallelStates { return true }
        for i in 0..<Swift.min(states.parallelMask.count, configuration.wordCount) where configuration.word(i) & states.parallelMask[i] != 0 { return false }
        return true
    }
}
