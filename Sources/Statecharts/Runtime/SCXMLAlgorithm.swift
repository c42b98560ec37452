// The set computations of the W3C SCXML 1.0 "Algorithm for SCXML Interpretation" (Appendix D),
// over the compiled tables. Names follow the specification so the two read alike. Executing
// actions is the runtime's job (Send/GeneralRoute.swift); these functions only compute
// which states leave and enter.

/// The result of `computeEntrySet`.
@usableFromInline
internal struct _EntrySet {
    @usableFromInline var statesToEnter: _Bitset
    @usableFromInline var statesForDefaultEntry: _Bitset
    /// For a parent state: the history default transition whose actions run after its entry.
    @usableFromInline var defaultHistoryContent: [_StateIndex: _TransitionIndex] = [:]

    @inlinable
    init(capacity: Int) {
        statesToEnter = _Bitset(capacity: capacity)
        statesForDefaultEntry = _Bitset(capacity: capacity)
    }
}

extension _BorrowedTables {
    /// `getEffectiveTargetStates`: the targets, with history states replaced by their memory or
    /// their default transition's targets.
    @usableFromInline
    func getEffectiveTargetStates(_ t: _TransitionIndex, _ history: _HistoryMemory) -> [_StateIndex] {
        var result: [_StateIndex] = []
        func add(_ s: _StateIndex) { if !result.contains(s) { result.append(s) } }
        func visit(_ t: _TransitionIndex) {
            for s in transitions.targets[t] {
                if tree.isHistory(s) {
                    if let value = history.value(of: s, in: self) {
                        value.forEach(add)
                    } else if let defaultTransition = states.historyDefault[s] {
                        visit(defaultTransition)
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
    /// (``_StateIndex/none`` for a targetless transition).
    @usableFromInline
    func getTransitionDomain(_ t: _TransitionIndex, _ history: _HistoryMemory) -> _StateIndex {
        let known = transitions.domain[t]
        if known == .targetless { return .none }
        if let state = known.state { return state }
        return tree.transitionDomain(source: transitions.source[t], isInternal: transitions.isInternal[t],
                                     effectiveTargets: getEffectiveTargetStates(t, history))
    }

    /// `computeExitSet` for one transition: the active descendants of its domain.
    @usableFromInline
    func computeExitSet(_ t: _TransitionIndex, configuration: _Bitset, _ history: _HistoryMemory) -> _Bitset {
        var result = _Bitset(capacity: stateCount)
        let d = getTransitionDomain(t, history)
        guard d != .none else { return result }
        for s in d.next..<tree.subtreeEnd[d].next where configuration.contains(s) { result.insert(s) }
        return result
    }

    /// `removeConflictingTransitions` in place for configuration `configuration` and history
    /// memory `history` (see ``StatechartInstance/removeConflictingTransitions(in:count:)``).
    @usableFromInline
    func removeConflictingTransitions(in buffer: UnsafeMutableBufferPointer<_TransitionIndex>, count: Int,
                                      configuration: _Bitset, history: _HistoryMemory) -> Int {
        // `buffer[..<kept]` is the filtered set so far; `kept <= i`, so writing it never
        // overwrites a transition not yet read. Exit sets are computed again rather than stored.
        var kept = 0
        for i in 0..<count {
            let t1 = buffer[i]
            let exit1 = computeExitSet(t1, configuration: configuration, history)
            func conflicts(_ t2: _TransitionIndex) -> Bool {
                exit1.intersects(computeExitSet(t2, configuration: configuration, history))
            }
            // Preempted by an earlier conflicting transition whose source is not an ancestor of t1's.
            let preempted = buffer[..<kept].contains {
                conflicts($0) && !tree.isDescendant(transitions.source[t1], of: transitions.source[$0])
            }
            if preempted { continue }
            // Otherwise t1 replaces every filtered transition it conflicts with.
            var next = 0
            for j in 0..<kept where !conflicts(buffer[j]) {
                buffer[next] = buffer[j]
                next += 1
            }
            buffer[next] = t1
            kept = next + 1
        }
        return kept
    }

    /// `computeEntrySet`: the states to enter, those entered by default, and history content.
    @usableFromInline
    func computeEntrySet(_ enabled: UnsafeBufferPointer<_TransitionIndex>, _ history: _HistoryMemory) -> _EntrySet {
        var set = _EntrySet(capacity: stateCount)
        for t in enabled {
            let targets = transitions.targets[t]
            for s in targets { addDescendantStatesToEnter(s, &set, history) }
            let ancestor = getTransitionDomain(t, history)
            if targets.contains(where: { tree.isHistory($0) }) {
                for s in getEffectiveTargetStates(t, history) { addAncestorStatesToEnter(s, ancestor, &set, history) }
            } else {
                // Without a history target the effective targets are the targets, once each:
                // read in place rather than gathered into an array.
                for (i, s) in targets.enumerated() where !targets[..<i].contains(s) {
                    addAncestorStatesToEnter(s, ancestor, &set, history)
                }
            }
        }
        return set
    }

    @usableFromInline
    func addDescendantStatesToEnter(_ state: _StateIndex, _ set: inout _EntrySet, _ history: _HistoryMemory) {
        if tree.isHistory(state) {
            let p = tree.parent[state]
            if let value = history.value(of: state, in: self) {
                for s in value { addDescendantStatesToEnter(s, &set, history) }
                for s in value { addAncestorStatesToEnter(s, p, &set, history) }
            } else {
                guard let t = states.historyDefault[state] else { return }
                set.defaultHistoryContent[p] = t
                for s in transitions.targets[t] { addDescendantStatesToEnter(s, &set, history) }
                for s in transitions.targets[t] { addAncestorStatesToEnter(s, p, &set, history) }
            }
            return
        }
        set.statesToEnter.insert(state)
        if tree.isCompound(state) {
            set.statesForDefaultEntry.insert(state)
            guard let t = states.initialTransition[state] else { return }
            for s in transitions.targets[t] { addDescendantStatesToEnter(s, &set, history) }
            for s in transitions.targets[t] { addAncestorStatesToEnter(s, state, &set, history) }
        } else if tree.isParallel(state) {
            for child in tree.children(of: state) where !tree.isHistory(child) {
                if !tree.hasMember(of: set.statesToEnter, descendantOfOrEqual: child) {
                    addDescendantStatesToEnter(child, &set, history)
                }
            }
        }
    }

    @usableFromInline
    func addAncestorStatesToEnter(_ state: _StateIndex, _ ancestor: _StateIndex, _ set: inout _EntrySet, _ history: _HistoryMemory) {
        var anc = tree.parent[state]
        while anc != .none && anc != ancestor {
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
