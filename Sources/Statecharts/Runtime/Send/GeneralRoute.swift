// The general route: SCXML's algorithm (Appendix D) over the configuration as a set, with the
// specification's names: `microstep` is `exitStates`, `executeTransitionContent` and
// `enterStates`; the sets they use are computed in SCXMLAlgorithm.swift, the selection in
// StatechartInstance+Selection.swift, and the rest of the macrostep in MacrostepLoop.swift.
// Taken while parallel states are active and no fast route applies, and by every route for a
// step its plans cannot say.
//
// May not: be skipped. It is the reference every other route must agree with.

extension StatechartInstance {
    /// The general route for an external event: its macrostep by the specification, then the
    /// events the chart sent to itself. Out of line: `send` inlines only its front.
    @inlinable @inline(never)
    mutating func sendByMicrosteps<Observer: StatechartObserver>(
        _ event: Event, _ resolved: _ResolvedEvent, _ observer: inout Observer
    ) -> SendResult where Observer.StateID == StateID, Observer.Event == Event {
        let from = currentConfiguration
        var log = _StepLog()
        macrostep(event, resolved, &log, &observer)
        drainExternalQueue(&log, &observer)
        return SendResult(log, from: from, to: currentConfiguration)
    }

    /// Switches from the single-path representation to the set, for the general algorithm.
    @inlinable
    mutating func materializeActiveSet() {
        guard leaf != .none else { return }
        let tables = chart.tables
        if activeSet.capacity < tables.stateCount {
            activeSet = _Bitset(capacity: tables.stateCount)
        } else {
            activeSet.removeAll()
        }
        var s = leaf
        while s != .none {
            activeSet.insert(s)
            s = tables.tree.parent[s]
        }
        leaf = .none
    }

    /// `microstep` for transitions in an array.
    @inlinable
    mutating func microstep<Observer: StatechartObserver>(_ enabled: [_TransitionIndex], _ log: inout _StepLog, _ observer: inout Observer)
    where Observer.StateID == StateID, Observer.Event == Event {
        enabled.withUnsafeBufferPointer { microstep($0, &log, &observer) }
    }

    /// `microstep`: exit the states of the transitions' exit sets, run the transitions' actions,
    /// enter the states of their entry sets. `enabled` is conflict-free, in document order.
    @inlinable
    mutating func microstep<Observer: StatechartObserver>(
        _ enabled: UnsafeBufferPointer<_TransitionIndex>, _ log: inout _StepLog, _ observer: inout Observer
    ) where Observer.StateID == StateID, Observer.Event == Event {
        materializeActiveSet()
        exitStates(enabled, &observer)
        executeTransitionContent(enabled, &log, &observer)
        enterStates(enabled, &observer)
        // The leaf again, or the set's row (a joint row holds the configuration's slot).
        leaf = chart.tables.isSinglePath(activeSet) ? activeSet.last ?? .none : .none
        observer.microstepCompleted()
    }

    /// `exitStates`: the union of the transitions' exit sets leaves in exit order (reverse
    /// document order), each state's history recorded before any of them is exited.
    @inlinable
    mutating func exitStates<Observer: StatechartObserver>(_ enabled: UnsafeBufferPointer<_TransitionIndex>, _ observer: inout Observer)
    where Observer.StateID == StateID, Observer.Event == Event {
        let tables = chart.tables
        let history = _HistoryMemory(history())
        var statesToExit = _Bitset(capacity: tables.stateCount)
        for t in enabled {
            statesToExit.formUnion(tables.computeExitSet(t, configuration: activeSet, history))
        }
        // Iterated in place (no array of the members); the sets are copies, so the bodies may
        // change the instance.
        statesToExit.forEachDescending { s in
            if tables.states.hasHistoryChild[s] { recordHistory(ofExiting: s) }
        }
        statesToExit.forEachDescending { s in
            exitState(s, &observer)
            activeSet.remove(s)
        }
    }

    /// Records the history of active state `s`, about to be exited: its active children for its
    /// shallow histories, its active atomic descendants for its deep ones, gathered in a scratch
    /// buffer on the stack (shallow ones from the front, deep ones from the middle).
    @inlinable
    mutating func recordHistory(ofExiting s: _StateIndex) {
        let tables = chart.tables
        let half = Swift.max(tables.stateCount, 1)
        withUnsafeTemporaryAllocation(of: _StateIndex.self, capacity: 2 * half) { buffer in
            var shallowEnd = 0
            var deepEnd = half
            activeSet.forEachAscending { s0 in
                guard tables.tree.isDescendant(s0, of: s) else { return }
                if tables.tree.parent[s0] == s {
                    buffer[shallowEnd] = s0
                    shallowEnd += 1
                }
                if tables.tree.isAtomic(s0) {
                    buffer[deepEnd] = s0
                    deepEnd += 1
                }
            }
            recordHistory(of: s, shallow: UnsafeBufferPointer(rebasing: buffer[..<shallowEnd]),
                          deep: UnsafeBufferPointer(rebasing: buffer[half..<deepEnd]))
        }
    }

    /// `executeTransitionContent`: each transition's actions, in document order. Pseudo-transitions
    /// (initial transitions, history defaults) run here only when the microstep takes them.
    @inlinable
    mutating func executeTransitionContent<Observer: StatechartObserver>(
        _ enabled: UnsafeBufferPointer<_TransitionIndex>, _ log: inout _StepLog, _ observer: inout Observer
    ) where Observer.StateID == StateID, Observer.Event == Event {
        let tables = chart.tables
        for t in enabled {
            if tables.transitions.triggerKind[t] != _TriggerKind.pseudo.rawValue {
                log.transitions.append(t)
                observer.transitionTaken(TransitionID(t))
            }
            runTransitionActions(t)
        }
    }

    /// `enterStates`: the entry set (computed now, with the history the exits just recorded)
    /// enters in document order; a state entered by default runs its initial transition's
    /// actions, a history entered by default its default transition's, a final state raises its
    /// done event.
    @inlinable
    mutating func enterStates<Observer: StatechartObserver>(_ enabled: UnsafeBufferPointer<_TransitionIndex>, _ observer: inout Observer)
    where Observer.StateID == StateID, Observer.Event == Event {
        let tables = chart.tables
        let entrySet = tables.computeEntrySet(enabled, _HistoryMemory(history()))
        entrySet.statesToEnter.forEachAscending { s in
            activeSet.insert(s)
            enterState(s, &observer)
            if entrySet.statesForDefaultEntry.contains(s), let initial = tables.states.initialTransition[s] {
                runTransitionActions(initial)
            }
            if let historyDefault = entrySet.defaultHistoryContent[s] { runTransitionActions(historyDefault) }
            if tables.tree.isFinal(s) { finalStateEntered(s) }
        }
    }

    /// SCXML's `exitInterpreter`: when the chart finishes, the exit actions of every active state
    /// run in exit order. The instance keeps reporting the configuration it finished in.
    @inlinable
    mutating func exitInterpreter<Observer: StatechartObserver>(_ observer: inout Observer)
    where Observer.StateID == StateID, Observer.Event == Event {
        guard status == .finishing else { return }
        let saved = leaf
        materializeActiveSet()
        let active = activeSet
        active.forEachDescending { s in if s != .root { exitState(s, &observer) } }
        if saved != .none { leaf = saved }
        status = .finished
        if extras != nil { withExtras { $0.externalQueue.removeAll(); $0.timers.removeAll() } }
        outbox.internalQueue.removeAll()
        outbox.requests.removeAll()
    }
}
