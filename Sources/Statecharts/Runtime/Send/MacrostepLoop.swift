// The rest of a macrostep, shared by every route: SCXML's mainEventLoop around one external
// event (`macrostep`), the inner loop of eventless transitions and internal events (`settle`),
// and the events the chart sent to itself (`drainExternalQueue`). Each microstep in them is
// taken from a single path (StepwiseRoute.swift) or by the general microstep (GeneralRoute.swift).

extension StatechartInstance {
    /// Completes a macrostep begun from the single-path configuration `from` (eventless
    /// transitions, internal events, invocations, the external queue) and builds its result.
    @inlinable @inline(never)
    mutating func completeMacrostep<Observer: StatechartObserver>(
        _ event: Event, from: _StateIndex, _ log: inout _StepLog, _ observer: inout Observer
    ) -> SendResult where Observer.StateID == StateID, Observer.Event == Event {
        finishMacrostep(event, &log, steps: log.transitions.isEmpty ? 0 : 1, &observer)
        drainExternalQueue(&log, &observer)
        return SendResult(log, from: Configuration(leaf: from), to: currentConfiguration)
    }

    /// After a step taken without selection whose macrostep may go on (a sending direct entry, a
    /// step of the region bits or a joint step that finishes, ``_RegionStep/Flags/finishes``):
    /// carries out the sends and cancels its actions made, then, when an event was raised or
    /// sent now, or (`eventless`, for a set of active states) an active state has eventless
    /// transitions on its path, completes the macrostep (SCXML's inner loop, then the external
    /// queue) from `taken`, the step's result; otherwise returns `taken`. Out of line: the
    /// fronts that call it stay small.
    @inlinable @inline(never)
    mutating func finishAfterStep(_ event: Event, _ taken: SendResult, eventless: Bool) -> SendResult {
        if !outbox.requests.isEmpty { carryOutRequests() }
        // Timers alone (the common case) leave nothing to process now.
        if outbox.internalQueue.isEmpty && hasNoPendingExternalEvents && !(eventless && activeStatesHaveEventless) {
            return taken
        }
        var log = _StepLog()
        log.transitions = taken.transitions
        var observer = _NoObserver<StateID, Event>()
        // Eventless transitions and internal events see the external event as the current one.
        currentEvent = event
        finishMacrostep(event, &log, steps: log.transitions.isEmpty ? 0 : 1, &observer)
        drainExternalQueue(&log, &observer)
        return SendResult(log, from: taken.from, to: currentConfiguration)
    }

    /// One external event's macrostep (SCXML's mainEventLoop body for one external event).
    @inlinable
    mutating func macrostep<Observer: StatechartObserver>(
        _ event: Event, _ resolved: _ResolvedEvent, _ log: inout _StepLog, _ observer: inout Observer
    ) where Observer.StateID == StateID, Observer.Event == Event {
        currentEvent = event
        if tables.states.anyInvocations { forwardToChildren(event) }
        var steps = 0
        if leaf != .none {
            if let t = firstEnabled(from: leaf, resolved) {
                takeFromSinglePath(t, &log, &observer)
                steps = 1
            }
        } else {
            steps = microstepSelected(resolved, &log, &observer) ? 1 : 0
        }
        finishMacrostep(event, &log, steps: steps, &observer)
    }

    /// The rest of a macrostep after its external event's microstep: eventless transitions and
    /// internal events until stable, then the invocations of the states entered.
    @inlinable
    mutating func finishMacrostep<Observer: StatechartObserver>(
        _ event: Event, _ log: inout _StepLog, steps: Int, _ observer: inout Observer
    ) where Observer.StateID == StateID, Observer.Event == Event {
        let settled = settle(&log, steps: steps, &observer)
        if tables.states.anyInvocations { startInvocationsAndSettle(&log, steps: settled, &observer) }
        observer.macrostepCompleted(after: event)
    }

    /// Processes the events actions and invoked children sent to this instance, each as its own
    /// macrostep, in turns with the children (see `takeTurn`, Children/), stopping the instance
    /// when one call would take more than ``Statechart/externalEventLimit`` turns (a chart that
    /// keeps sending itself events never returns otherwise).
    @inlinable
    mutating func drainExternalQueue<Observer: StatechartObserver>(_ log: inout _StepLog, _ observer: inout Observer)
    where Observer.StateID == StateID, Observer.Event == Event {
        // Nothing queued and no child running (the common case, timers pending or not): no turn
        // to take, and no call: a turn is out of line.
        var turn = 1
        while status == .running, !hasNoPendingExternalEvents, takeTurn(turn: turn, &log, &observer) { turn += 1 }
        if status == .finishing { exitInterpreter(&observer) }
    }

    /// Runs eventless transitions and internal events until the chart is stable (SCXML's inner
    /// macrostep loop), stopping the instance when it does not settle within the limit. `steps`
    /// counts the microsteps this macrostep already took; returns the count after settling.
    @inlinable @discardableResult
    mutating func settle<Observer: StatechartObserver>(
        _ log: inout _StepLog, steps: Int, _ observer: inout Observer
    ) -> Int where Observer.StateID == StateID, Observer.Event == Event {
        var steps = steps
        // Internal events are read in place from the front of the queue and removed together when
        // the loop ends, so a macrostep that raises n events takes O(n), not O(n²) (removing each
        // from the front of an array moves all the others).
        var taken = 0
        defer { dropTakenInternalEvents(taken) }
        while status == .running {
            if leaf != .none {
                var t: _TransitionIndex?
                if tables.states.eventlessOnPath[leaf] { t = firstEnabledEventless(from: leaf) }
                if t == nil {
                    guard let internalEvent = nextInternalEvent(&taken) else { break }
                    currentEvent = internalEvent.userEvent
                    t = firstEnabled(from: leaf, resolve(internalEvent))
                }
                if let t { takeFromSinglePath(t, &log, &observer) }
            } else if !(activeStatesHaveEventless && microstepSelected(nil, &log, &observer)) {
                guard let internalEvent = nextInternalEvent(&taken) else { break }
                currentEvent = internalEvent.userEvent
                microstepSelected(resolve(internalEvent), &log, &observer)
            }
            steps += 1
            if steps > chart.microstepLimit {
                stop(with: .microstepLimitExceeded(limit: chart.microstepLimit))
                log.error = .microstepLimitExceeded(limit: chart.microstepLimit)
            }
        }
        return steps
    }

    /// Whether an active state has an eventless transition (the set's states are checked, each
    /// path's flag covering its ancestors): without one, selecting eventless transitions finds
    /// none, and the set need not be walked transition by transition. Always inlined: a getter
    /// called out of line is passed a copy of the whole instance.
    @inlinable
    var activeStatesHaveEventless: Bool {
        @inline(__always) get {
            let tables = self.tables
            guard tables.transitions.hasEventlessTransitions else { return false }
            // Charts of at most 64 states: one word of the set against the word of those states.
            if tables.tree.count <= 64 { return activeSet.first & tables.states.eventlessOnPathWord != 0 }
            var found = false
            activeSet.forEachAscending { s in
                if tables.states.eventlessOnPath[s] { found = true }
            }
            return found
        }
    }

    /// Selects the transitions for `resolved` (eventless ones for `nil`) from the active set and
    /// takes them as one microstep; returns whether any was enabled.
    @inlinable @discardableResult
    mutating func microstepSelected<Observer: StatechartObserver>(
        _ resolved: _ResolvedEvent?, _ log: inout _StepLog, _ observer: inout Observer
    ) -> Bool where Observer.StateID == StateID, Observer.Event == Event {
        withSelection(resolved) { instance, enabled in
            guard !enabled.isEmpty else { return false }
            instance.microstep(enabled, &log, &observer)
            return true
        }
    }

    /// The internal event after the `taken` ones at the front of the queue, counting it as taken;
    /// `nil` when none is left, the queue then emptied (keeping its storage).
    @inlinable @inline(__always)
    mutating func nextInternalEvent(_ taken: inout Int) -> QueuedEvent<Event>? {
        if taken < outbox.internalQueue.count {
            defer { taken &+= 1 }
            return outbox.internalQueue[taken]
        }
        if taken > 0 {
            outbox.internalQueue.removeAll(keepingCapacity: true)
            taken = 0
        }
        return nil
    }

    /// Removes the `taken` internal events at the front of the queue (the loop stopped before
    /// emptying it: the instance finished or stopped, which may have emptied it already).
    @inlinable @inline(__always)
    mutating func dropTakenInternalEvents(_ taken: Int) {
        guard taken > 0 else { return }
        outbox.internalQueue.removeFirst(Swift.min(taken, outbox.internalQueue.count))
    }
}
