// The stepwise route: a single path is active, but an observer watches (it must see every state
// entered and exited) or the chart has no candidate table (descriptor matching, or a table too
// large to build). The first enabled transition of the active leaf or its ancestors is taken as
// one microstep: by its single-path plan (`takePlanned`), through a history state that remembers
// one state (`takeThroughHistory`), or else by the general microstep; then the macrostep
// completes (MacrostepLoop.swift). The single-path route hands over here the candidates whose
// plans need a full step.
//
// May not: take several transitions at once (a single path has one active leaf).

extension StatechartInstance {
    /// The stepwise route for an external event. Out of line: `send` inlines only its front.
    @inlinable @inline(never)
    mutating func sendStepwise<Observer: StatechartObserver>(
        _ event: Event, _ resolved: _ResolvedEvent, _ observer: inout Observer
    ) -> SendResult where Observer.StateID == StateID, Observer.Event == Event {
        let from = leaf
        currentEvent = event
        guard let t = firstEnabled(from: from, resolved) else {
            var log = _StepLog()
            return completeMacrostep(event, from: from, &log, &observer)
        }
        return takeStepwise(t, from: from, event, &observer)
    }

    /// Takes the selected transition `t` from the single-path configuration `from` step by step
    /// (observers see every entry and exit), then completes the macrostep.
    @inlinable @inline(never)
    mutating func takeStepwise<Observer: StatechartObserver>(
        _ t: _TransitionIndex, from: _StateIndex, _ event: Event, _ observer: inout Observer
    ) -> SendResult where Observer.StateID == StateID, Observer.Event == Event {
        var log = _StepLog()
        takeFromSinglePath(t, &log, &observer)
        return completeMacrostep(event, from: from, &log, &observer)
    }

    /// Takes transition `t` from a single-path configuration (one microstep): with its
    /// precomputed plan when it has one, through remembered history when that keeps a single
    /// path, otherwise by the general microstep.
    @inlinable
    mutating func takeFromSinglePath<Observer: StatechartObserver>(_ t: _TransitionIndex, _ log: inout _StepLog, _ observer: inout Observer)
    where Observer.StateID == StateID, Observer.Event == Event {
        if !tables.transitions.planLeaf[t].hasPlan {
            if takeThroughHistory(t, &log, &observer) { return }
            materializeActiveSet()
            // The one transition read in place: an array literal would allocate.
            withUnsafePointer(to: t) { microstep(UnsafeBufferPointer(start: $0, count: 1), &log, &observer) }
        } else {
            log.transitions.append(t)
            takePlanned(t, &observer)
        }
    }

    /// Takes transition `t`, which has a single-path plan, from the single-path configuration:
    /// exits walk up the parent table from the leaf to the domain, the transition's actions run,
    /// and the plan's entries run in order.
    @inlinable @inline(__always)
    mutating func takePlanned<Observer: StatechartObserver>(_ t: _TransitionIndex, _ observer: inout Observer)
    where Observer.StateID == StateID, Observer.Event == Event {
        let tables = self.tables
        let domain = tables.transitions.domain[t].state
        if let domain { exitPath(below: domain, &observer) }
        observer.transitionTaken(TransitionID(t))
        runActions(tables.transitions.actions(of: t))
        // A plan with a domain has targets, so it moves the leaf.
        if domain != nil, let newLeaf = tables.transitions.planLeaf[t].newLeaf {
            leaf = newLeaf
            for entry in tables.transitions.planEntries[t] {
                let s = entry.state
                enterState(s, &observer)
                if entry.isDefaultEntry, let initial = tables.states.initialTransition[s] {
                    runActions(tables.transitions.actions(of: initial))
                }
                if tables.tree.isFinal(s) { finalStateEntered(s) }
            }
        }
        observer.microstepCompleted()
    }

    /// Exits the single-path configuration from the leaf up to (not including) `domain`: the
    /// exit set of a transition with that domain, in exit order, history recorded first.
    @inlinable @inline(__always)
    mutating func exitPath<Observer: StatechartObserver>(below domain: _StateIndex, _ observer: inout Observer)
    where Observer.StateID == StateID, Observer.Event == Event {
        let tables = self.tables
        var s = leaf
        var below = _StateIndex.none
        while s != domain {
            if tables.states.hasHistoryChild[s] { recordHistory(of: s, activeChild: below, leaf: leaf) }
            below = s
            s = tables.tree.parent[s]
        }
        s = leaf
        while s != domain {
            exitState(s, &observer)
            s = tables.tree.parent[s]
        }
    }

    /// Takes transition `t` from the single-path configuration when its one target is a history
    /// state that remembers one atomic state whose ancestors up to the transition's domain are all
    /// compound: the configuration stays a single path, and the step needs no allocation.
    /// Returns `false`, having done nothing, for anything else (the general algorithm takes it).
    ///
    /// Entering through history enters the remembered state and its ancestors below the domain,
    /// none of them by default (SCXML `addDescendantStatesToEnter` for history content, then
    /// `addAncestorStatesToEnter`): no initial-transition actions run on the way down.
    @inlinable
    mutating func takeThroughHistory<Observer: StatechartObserver>(
        _ t: _TransitionIndex, _ log: inout _StepLog, _ observer: inout Observer
    ) -> Bool where Observer.StateID == StateID, Observer.Event == Event {
        let tables = chart.tables
        let memory = self.history()
        let targets = tables.transitions.targets[t]
        guard targets.count == 1, let history = targets.first, !memory.isEmpty else { return false }
        guard tables.tree.isHistory(history), let slot = tables.states.historySlot[history],
              let remembered = _HistoryMemory.single(at: slot, in: memory) else { return false }
        // A memory restored from a snapshot is checked like any other: inside the history's parent.
        guard tables.tree.isAtomic(remembered), tables.tree.isDescendant(remembered, of: tables.tree.parent[history]) else { return false }
        // getTransitionDomain with the effective target `remembered`.
        let domain = tables.tree.transitionDomain(source: tables.transitions.source[t], isInternal: tables.transitions.isInternal[t],
                                                  effectiveTargets: CollectionOfOne(remembered))
        guard tables.tree.isDescendant(leaf, of: domain) else { return false }
        // The history's parent must not be exited: exiting it would record its history before
        // the entry set is computed from it (SCXML computes the exit set with the old memory and
        // the entry set with the new). And the domain must contain it: otherwise SCXML enters
        // the history's ancestors above the domain again (`addAncestorStatesToEnter`).
        let owner = tables.tree.parent[history]
        guard domain == owner || (tables.tree.isDescendant(owner, of: domain) && !tables.tree.isDescendant(leaf, of: owner)) else {
            return false
        }
        return withUnsafeTemporaryAllocation(of: _StateIndex.self, capacity: 64) { path in
            // The states to enter, bottom up: the remembered state, then compound ancestors.
            var count = 0
            var s = remembered
            while s != domain {
                guard count < path.count, s == remembered || tables.tree.isCompound(s) else { return false }
                path[count] = s
                count += 1
                s = tables.tree.parent[s]
            }
            exitPath(below: domain, &observer)
            log.transitions.append(t)
            observer.transitionTaken(TransitionID(t))
            runActions(tables.transitions.actions(of: t))
            leaf = remembered
            while count > 0 {
                count -= 1
                let entered = path[count]
                enterState(entered, &observer)
                if tables.tree.isFinal(entered) { finalStateEntered(entered) }
            }
            observer.microstepCompleted()
            return true
        }
    }
}
