// Executing microsteps: SCXML's `microstep`, `exitStates`, `executeTransitionContent` and
// `enterStates` (Appendix D), plus the same three phases precomputed for single-path
// configurations (`takeSingle`).

extension StatechartInstance {
    /// The active leaf while the configuration is a single path; -1 while `activeSet` holds it.
    /// Stored as ``leafRow`` (see there).
    @inlinable
    var leaf: Int32 {
        @inline(__always) get {
            if leafRow >= 0 { return leafRow &>> chart.tables.rowShift }
            return leafRow == -1 ? -1 : -2 &- leafRow
        }
        @inline(__always) set {
            if newValue < 0 {
                leafRow = -1
            } else if status == .running && hasNoPendingExternalEvents && chart.fastRows {
                leafRow = newValue &<< chart.tables.rowShift
            } else {
                leafRow = -2 &- newValue
            }
        }
    }

    /// Re-encodes ``leafRow`` after the status or the external queue changed, so that
    /// `leafRow >= 0` keeps meaning "running, single path, nothing queued".
    @inlinable
    mutating func refreshLeafRow() {
        let current = leaf
        leaf = current
    }

    /// The configuration as the runtime holds it.
    @inlinable @inline(__always)
    var currentConfiguration: Configuration {
        if status == .notStarted { return .notStarted }
        return leaf >= 0 ? Configuration(leaf: leaf) : Configuration(leaf: -1, set: activeSet)
    }

    // MARK: Actions

    /// Runs the actions `start ..< end` of the chart's action table, carrying out each one's
    /// sends and cancels as it returns.
    @inlinable @inline(__always)
    mutating func runActions(_ start: Int32, _ end: Int32) {
        unowned(unsafe) let tables = chart.tables
        var i = start
        while i < end {
            tables.actionSlots[i].run(&context, currentEvent, &outbox)
            if !outbox.requests.isEmpty { carryOutRequests() }
            i += 1
        }
    }

    /// Runs the actions `table[start ..< end]` (part of a candidate's plan).
    @inlinable @inline(__always)
    mutating func runActions(_ start: Int32, _ end: Int32, table: _Table<_ActionSlot>) {
        var i = start
        while i < end {
            table[i].run(&context, currentEvent, &outbox)
            i &+= 1
        }
        // Sends and cancels are carried out in the order made; doing it once after the list is
        // the same as after each action, since no action in between can observe them.
        if !outbox.requests.isEmpty { carryOutRequests() }
    }

    /// Runs part of a direct candidate's action list (no action of which reaches the outbox);
    /// `contextOnly`: every action takes only the context, so no dispatch on the closure form.
    /// The slot table's address is read into a local first, to stay in a register across calls.
    @inlinable @inline(__always)
    mutating func runDirectActions(_ start: Int32, _ end: Int32, _ event: Event, contextOnly: Bool) {
        let slots = chart.tables.candidateActionSlots.base
        var i = Int(start)
        let end = Int(end)
        if contextOnly {
            while i < end {
                Unmanaged<_ContextActionBox<Context>>.fromOpaque(slots[i].box)._withUnsafeGuaranteedRef { $0.body(&context) }
                i &+= 1
            }
        } else {
            while i < end {
                slots[i].run(&context, Optional(event), &outbox)
                i &+= 1
            }
        }
    }

    @usableFromInline
    mutating func carryOutRequests() {
        let requests = outbox.requests
        outbox.requests.removeAll(keepingCapacity: true)
        withExtras { extras in
            for request in requests {
                switch request {
                case .send(let event, let delay, let id):
                    if delay <= .zero {
                        extras.externalQueue.append(event)
                    } else {
                        let due = extras.now.adding(saturating: delay)
                        extras.timers.insert(_Timer(due: due, sequence: extras.nextSequence, event: event, id: id))
                        extras.nextSequence += 1
                    }
                case .cancel(let id):
                    extras.timers.cancel(id: id)
                }
            }
        }
    }

    @inlinable @inline(__always)
    mutating func enterState<Observer: StatechartObserver>(_ s: Int32, _ observer: inout Observer)
    where Observer.StateID == StateID, Observer.Event == Event {
        if !Observer._ignoresEverything, let id = chart.stateIDs[Int(s)] { observer.stateEntered(id) }
        unowned(unsafe) let tables = chart.tables
        if tables.anyInvocations && tables.hasInvocations[s] { withExtras { $0.statesToInvoke.append(s) } }
        runActions(tables.entryActionStart[s], tables.entryActionStart[s + 1])
    }

    @inlinable @inline(__always)
    mutating func exitState<Observer: StatechartObserver>(_ s: Int32, _ observer: inout Observer)
    where Observer.StateID == StateID, Observer.Event == Event {
        unowned(unsafe) let tables = chart.tables
        runActions(tables.exitActionStart[s], tables.exitActionStart[s + 1])
        if tables.anyInvocations && tables.hasInvocations[s] { cancelInvocations(of: s) }
        if !Observer._ignoresEverything, let id = chart.stateIDs[Int(s)] { observer.stateExited(id) }
    }

    @inlinable
    mutating func runTransitionActions(_ t: Int32) {
        let tables = chart.tables
        runActions(tables.transitionActionStart[t], tables.transitionActionStart[t + 1])
    }

    /// After entering final state `s`: the chart finishes (top level), or its parent's done event
    /// is raised, and the grandparent's when it is a parallel state all of whose regions are final.
    @inlinable
    mutating func finalStateEntered(_ s: Int32) {
        let tables = chart.tables
        let parent = tables.tree.parent[s]
        if parent == 0 {
            status = .finishing
            return
        }
        if let builder = chart.doneEventBuilders[s], let id = chart.stateIDs[Int(parent)],
           let event = builder.build(&context, String(describing: id), &outbox) {
            outbox.internalQueue.append(.event(event))
        } else {
            raiseDone(parent)
        }
        let grandparent = tables.tree.parent[parent]
        if grandparent >= 0 && tables.tree.isParallel(grandparent) && leaf < 0 {
            let complete = tables.tree.children(of: grandparent).allSatisfy {
                tables.tree.isHistory($0) || tables.tree.isInFinalState($0, activeSet)
            }
            if complete { raiseDone(grandparent) }
        }
    }

    @inlinable
    mutating func raiseDone(_ state: Int32) {
        if chart.doneEventsAreEvents, let id = chart.stateIDs[Int(state)],
           let event = Event.doneEvent(forStateNamed: String(describing: id)) {
            outbox.internalQueue.append(.event(event))
        } else {
            outbox.internalQueue.append(.done(state))
        }
    }

    // MARK: History

    @inlinable
    mutating func prepareHistoryMemory() {
        if historyMemory.isEmpty {
            historyMemory = Array(repeating: -1, count: max(chart.tables.historyMemorySize, 1))
        }
    }

    /// Records the history of state `s` in a single-path configuration: its one active child,
    /// and its one active leaf (no allocation).
    @inlinable
    mutating func recordHistory(of s: Int32, activeChild: Int32, leaf: Int32) {
        prepareHistoryMemory()
        unowned(unsafe) let tables = chart.tables
        var h = s + 1
        let end = tables.tree.subtreeEnd[s]
        while h <= end {
            if tables.tree.isHistory(h) {
                let slot = Int(tables.historySlot[h])
                historyMemory[slot] = 1
                historyMemory[slot + 1] = tables.tree.stateKind(h) == .deepHistory ? leaf : activeChild
            }
            h = tables.tree.subtreeEnd[h] + 1
        }
    }

    /// Records the history of state `s` as it is exited: `shallow` are its active children,
    /// `deep` its active atomic descendants.
    @inlinable
    mutating func recordHistory(of s: Int32, shallow: [Int32], deep: [Int32]) {
        prepareHistoryMemory()
        let tables = chart.tables
        for h in tables.tree.children(of: s) where tables.tree.isHistory(h) {
            let slot = Int(tables.historySlot[h])
            let value = tables.tree.stateKind(h) == .deepHistory ? deep : shallow
            historyMemory[slot] = Int32(value.count)
            for (i, state) in value.enumerated() { historyMemory[slot + 1 + i] = state }
        }
    }

    // MARK: The fast path

    /// Takes transition `t` from a single-path configuration: with its precomputed plan when it
    /// has one, otherwise through the general algorithm.
    @inlinable
    mutating func takeSingle<Observer: StatechartObserver>(_ t: Int32, _ log: inout _StepLog, _ observer: inout Observer)
    where Observer.StateID == StateID, Observer.Event == Event {
        if chart.tables.planLeaf[t] == -1 {
            if takeThroughHistory(t, &log, &observer) { return }
            materializeActiveSet()
            microstep([t], &log, &observer)
        } else {
            log.transitions.append(t)
            takePlanned(t, &observer)
        }
    }

    /// Takes transition `t`, which has a single-path plan, from the single-path configuration:
    /// exits walk up the parent table from the leaf to the domain, the transition's actions run,
    /// and the plan's entries run in order.
    @inlinable @inline(__always)
    mutating func takePlanned<Observer: StatechartObserver>(_ t: Int32, _ observer: inout Observer)
    where Observer.StateID == StateID, Observer.Event == Event {
        unowned(unsafe) let tables = chart.tables
        let domain = tables.domain[t]
        if domain >= 0 { exitPath(below: domain, &observer) }
        observer.transitionTaken(TransitionID(rawValue: t))
        runActions(tables.transitionActionStart[t], tables.transitionActionStart[t + 1])
        if domain >= 0 {
            leaf = tables.planLeaf[t]
            var i = tables.planEntryStart[t]
            let end = tables.planEntryStart[t + 1]
            while i < end {
                let entry = tables.planEntries[i]
                let s = entry & _ChartTables.entryStateMask
                enterState(s, &observer)
                if entry & _ChartTables.defaultEntryFlag != 0 {
                    let initial = tables.initialTransition[s]
                    if initial >= 0 { runActions(tables.transitionActionStart[initial], tables.transitionActionStart[initial + 1]) }
                }
                if tables.tree.isFinal(s) { finalStateEntered(s) }
                i += 1
            }
        }
        observer.microstepCompleted()
    }

    /// Exits the single-path configuration from the leaf up to (not including) `domain`: the
    /// exit set of a transition with that domain, in exit order, history recorded first.
    @inlinable @inline(__always)
    mutating func exitPath<Observer: StatechartObserver>(below domain: Int32, _ observer: inout Observer)
    where Observer.StateID == StateID, Observer.Event == Event {
        unowned(unsafe) let tables = chart.tables
        var s = leaf
        var below: Int32 = -1
        while s != domain {
            if tables.hasHistoryChild[s] { recordHistory(of: s, activeChild: below, leaf: leaf) }
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
        _ t: Int32, _ log: inout _StepLog, _ observer: inout Observer
    ) -> Bool where Observer.StateID == StateID, Observer.Event == Event {
        let tables = chart.tables
        let first = tables.targetStart[t]
        guard tables.targetStart[t + 1] == first + 1, !historyMemory.isEmpty else { return false }
        let history = tables.targets[first]
        guard tables.tree.isHistory(history) else { return false }
        let slot = Int(tables.historySlot[history])
        guard historyMemory[slot] == 1 else { return false }
        let remembered = historyMemory[slot + 1]
        // A memory restored from a snapshot is checked like any other: inside the history's parent.
        guard tables.tree.isAtomic(remembered), tables.tree.isDescendant(remembered, of: tables.tree.parent[history]) else { return false }
        // getTransitionDomain with the effective target `remembered`.
        let domain = tables.tree.transitionDomain(source: tables.source[t], isInternal: tables.isInternal[t],
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
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 64) { path in
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
            observer.transitionTaken(TransitionID(rawValue: t))
            runActions(tables.transitionActionStart[t], tables.transitionActionStart[t + 1])
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

    /// Switches from the single-path representation to the set, for the general algorithm.
    @inlinable
    mutating func materializeActiveSet() {
        guard leaf >= 0 else { return }
        let tables = chart.tables
        if activeSet.capacity < tables.stateCount {
            activeSet = _Bitset(capacity: tables.stateCount)
        } else {
            activeSet.removeAll()
        }
        var s = leaf
        while s >= 0 {
            activeSet.insert(s)
            s = tables.tree.parent[s]
        }
        leaf = -1
    }

    // MARK: The general algorithm

    /// `microstep`: exit the states of the transitions' exit sets, run the transitions' actions,
    /// enter the states of their entry sets. `enabled` is conflict-free, in document order.
    @inlinable
    mutating func microstep<Observer: StatechartObserver>(_ enabled: [Int32], _ log: inout _StepLog, _ observer: inout Observer)
    where Observer.StateID == StateID, Observer.Event == Event {
        materializeActiveSet()
        let tables = chart.tables
        // exitStates
        var statesToExit = _Bitset(capacity: tables.stateCount)
        for t in enabled {
            statesToExit.formUnion(tables.computeExitSet(t, configuration: activeSet, _HistoryMemory(historyMemory)))
        }
        let exitOrder = statesToExit.descending
        for s in exitOrder where tables.hasHistoryChild[s] {
            var shallow: [Int32] = []
            var deep: [Int32] = []
            for s0 in activeSet.ascending where tables.tree.isDescendant(s0, of: s) {
                if tables.tree.parent[s0] == s { shallow.append(s0) }
                if tables.tree.isAtomic(s0) { deep.append(s0) }
            }
            recordHistory(of: s, shallow: shallow, deep: deep)
        }
        for s in exitOrder {
            exitState(s, &observer)
            activeSet.remove(s)
        }
        // executeTransitionContent
        for t in enabled {
            if tables.triggerKind[t] != _TriggerKind.pseudo.rawValue {
                log.transitions.append(t)
                observer.transitionTaken(TransitionID(rawValue: t))
            }
            runTransitionActions(t)
        }
        // enterStates
        let entrySet = tables.computeEntrySet(enabled, _HistoryMemory(historyMemory))
        for s in entrySet.statesToEnter.ascending {
            activeSet.insert(s)
            enterState(s, &observer)
            if entrySet.statesForDefaultEntry.contains(s) {
                let initial = tables.initialTransition[s]
                if initial >= 0 { runTransitionActions(initial) }
            }
            if let historyDefault = entrySet.defaultHistoryContent[s] { runTransitionActions(historyDefault) }
            if tables.tree.isFinal(s) { finalStateEntered(s) }
        }
        if tables.isSinglePath(activeSet) { leaf = activeSet.last }
        observer.microstepCompleted()
    }

    /// SCXML's `exitInterpreter`: when the chart finishes, the exit actions of every active state
    /// run in exit order. The instance keeps reporting the configuration it finished in.
    @inlinable
    mutating func exitInterpreter<Observer: StatechartObserver>(_ observer: inout Observer)
    where Observer.StateID == StateID, Observer.Event == Event {
        guard status == .finishing else { return }
        let saved = leaf
        materializeActiveSet()
        for s in activeSet.descending where s != 0 { exitState(s, &observer) }
        if saved >= 0 { leaf = saved }
        status = .finished
        if extras != nil { withExtras { $0.externalQueue.removeAll(); $0.timers.removeAll() } }
        outbox.internalQueue.removeAll()
        outbox.requests.removeAll()
    }
}
