// What every route does to states and actions: running action lists, entering and exiting one
// state, final states and done events, and history memory. The routes (Send/) decide which
// states to exit and enter; this file does it. The active leaf's encoding is in
// StatechartInstance+LeafRow.swift.

extension StatechartInstance {
    /// The configuration as the runtime holds it.
    @inlinable @inline(__always)
    var currentConfiguration: Configuration {
        if status == .notStarted { return .notStarted }
        return leaf != .none ? Configuration(leaf: leaf) : Configuration(set: activeSet)
    }

    // MARK: Actions

    /// Runs the actions `actions` of the chart's action table, carrying out each one's
    /// sends and cancels as it returns.
    @inlinable @inline(__always)
    mutating func runActions(_ actions: Range<_ActionIndex>) {
        let tables = self.tables
        var i = actions.lowerBound
        while i < actions.upperBound {
            tables.slots.actions[i].run(&context, currentEvent, &outbox)
            if !outbox.requests.isEmpty { carryOutRequests() }
            i = i.next
        }
    }

    /// Carries out the sends and cancels of the action just run. Inlinable so that it, and the
    /// timer queue's operations, are specialized for the event type (generic, the array
    /// operations allocate); never inlined, to keep the routes that call it small.
    @inlinable @inline(never)
    mutating func carryOutRequests() {
        // Moved out rather than copied, so that emptying it afterwards keeps its storage: an
        // array still shared with the outbox would allocate new storage to be emptied into.
        var requests: [OutboxRequest<Event>] = []
        swap(&requests, &outbox.requests)
        defer {
            // Emptied from the back, one by one: `removeAll(keepingCapacity:)` takes the general
            // range replacement, several times the cost of the one or two requests an action makes.
            while requests.popLast() != nil {}
            outbox.requests = requests
        }
        var undeliverable: [Event] = []
        defer { for event in undeliverable { outbox.internalQueue.append(.event(event)) } }
        // The extras changed without re-encoding the row (``_extras``): sends and cancels change
        // what is pending only by queueing an event now, and then the row is re-encoded below.
        // Nothing here empties the external queue or the family, so a row encoded with nothing
        // pending stays right when nothing is pending after.
        defer { if !hasNoPendingExternalEvents { reencodeLeafRow() } }
        withExtrasKeepingRow { extras in
            for i in requests.indices {
                switch requests[i] {
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
                case .toParent(let event, let delay):
                    if delay <= .zero {
                        extras.toParent.append(event)
                    } else {
                        extras.insertTimer(event, after: delay, destination: .parent)
                    }
                case .toInvocation(let event, let id, let delay, let unreachable):
                    if delay > .zero {
                        extras.insertTimer(event, after: delay, destination: .invocation(id, unreachable: unreachable))
                    } else if !extras.family.deliver(event, toInvocation: id), let unreachable {
                        undeliverable.append(unreachable)
                    }
                }
            }
        }
    }

    @inlinable @inline(__always)
    mutating func enterState<Observer: StatechartObserver>(_ s: _StateIndex, _ observer: inout Observer)
    where Observer.StateID == StateID, Observer.Event == Event {
        if !Observer._ignoresEverything, let id = chart.stateIDs[s] { observer.stateEntered(id) }
        let tables = self.tables
        if tables.states.anyInvocations && tables.states.hasInvocations[s] { withExtras { $0.statesToInvoke.append(s) } }
        runActions(tables.states.entryActions(of: s))
    }

    @inlinable @inline(__always)
    mutating func exitState<Observer: StatechartObserver>(_ s: _StateIndex, _ observer: inout Observer)
    where Observer.StateID == StateID, Observer.Event == Event {
        let tables = self.tables
        runActions(tables.states.exitActions(of: s))
        if tables.states.anyInvocations && tables.states.hasInvocations[s] { cancelInvocations(of: s) }
        if !Observer._ignoresEverything, let id = chart.stateIDs[s] { observer.stateExited(id) }
    }

    @inlinable
    mutating func runTransitionActions(_ t: _TransitionIndex) {
        runActions(tables.transitions.actions(of: t))
    }

    /// After entering final state `s`: the chart finishes (top level), or its parent's done event
    /// is raised, and the grandparent's when it is a parallel state all of whose regions are final.
    @inlinable
    mutating func finalStateEntered(_ s: _StateIndex) {
        let tables = chart.tables
        let parent = tables.tree.parent[s]
        if parent == .root {
            status = .finishing
            return
        }
        if let builder = chart.doneEventBuilders[s], let id = chart.stateIDs[parent],
           let event = builder.build(&context, _describe(id), &outbox) {
            outbox.internalQueue.append(.event(event))
        } else {
            raiseDone(parent)
        }
        let grandparent = tables.tree.parent[parent]
        if grandparent != .none && tables.tree.isParallel(grandparent) && leaf == .none {
            let complete = tables.tree.children(of: grandparent).allSatisfy {
                tables.tree.isHistory($0) || tables.tree.isInFinalState($0, activeSet)
            }
            if complete { raiseDone(grandparent) }
        }
    }

    @inlinable
    mutating func raiseDone(_ state: _StateIndex) {
        if chart.doneEventsAreEvents, let id = chart.stateIDs[state],
           let event = Event.doneEvent(forStateNamed: _describe(id)) {
            outbox.internalQueue.append(.event(event))
        } else {
            outbox.internalQueue.append(.done(state))
        }
    }

    // MARK: History

    /// Records the history of state `s` in a single-path configuration: its one active child,
    /// and its one active leaf (no allocation).
    @inlinable
    mutating func recordHistory(of s: _StateIndex, activeChild: _StateIndex, leaf: _StateIndex) {
        let tables = self.tables
        updateHistory { memory in
            var h = s.next
            let end = tables.tree.subtreeEnd[s]
            while h <= end {
                if tables.tree.isHistory(h), let slot = tables.states.historySlot[h] {
                    let remembered = tables.tree.stateKind(h) == .deepHistory ? leaf : activeChild
                    _HistoryMemory.record(single: remembered, at: slot, in: &memory)
                }
                h = tables.tree.subtreeEnd[h].next
            }
        }
    }

    /// Records the history of state `s` as it is exited: `shallow` are its active children,
    /// `deep` its active atomic descendants.
    @inlinable
    mutating func recordHistory(of s: _StateIndex, shallow: UnsafeBufferPointer<_StateIndex>, deep: UnsafeBufferPointer<_StateIndex>) {
        let tables = chart.tables
        updateHistory { memory in
            for h in tables.tree.children(of: s) where tables.tree.isHistory(h) {
                guard let slot = tables.states.historySlot[h] else { continue }
                let value = tables.tree.stateKind(h) == .deepHistory ? deep : shallow
                _HistoryMemory.record(value, at: slot, in: &memory)
            }
        }
    }
}
