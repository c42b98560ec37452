// Child charts (``ChartInvocation``) inside their parent instance: starting them at the end of a
// macrostep, stopping them when their state is exited, the turns that share one `send` fairly
// between the parent's queue and its children's, and events crossing between them.

extension StatechartInstance {
    /// Starts the invocations of the states entered in this macrostep, then, as SCXML's main
    /// loop does, settles again while starting them raised events (an invocation that cannot
    /// start raises its error), starting what that entered. The rounds share the macrostep's
    /// microstep limit (`steps` were taken before): each takes at least one microstep, so a state
    /// whose failing invocation re-enters it stops the instance instead of looping.
    @usableFromInline
    mutating func startInvocationsAndSettle<Observer: StatechartObserver>(_ log: inout _StepLog, steps: Int, _ observer: inout Observer)
    where Observer.StateID == StateID, Observer.Event == Event {
        startInvocations()
        var steps = steps
        while status == .running && !outbox.internalQueue.isEmpty {
            steps = settle(&log, steps: steps, &observer)
            startInvocations()
        }
    }

    /// Starts the child chart `invocation` of state `s`: its id, the child's session, its initial
    /// macrostep at this instance's time, and what it sent.
    mutating func startChild(_ invocation: ChartInvocation<Event, Context>, state s: _StateIndex, token: UInt64) {
        let stateName = chart.stateIDs[s].map { _describe($0) } ?? "state\(s)"
        let id = invocation.id ?? "\(stateName).\(token)"
        let launched = invocation.launch(&context, id, &outbox)
        if !outbox.requests.isEmpty { carryOutRequests() }
        guard var session = launched?.session else { return }
        session.start(at: now)
        let slot = _ChildSlot(token: token, state: s, id: id, autoforward: invocation.autoforward,
                              finalize: invocation.finalize, session: session)
        withExtras { $0.family.slots.append(slot) }
        collectOutput(ofChildAt: (extras?.value.family.slots.count ?? 1) - 1)
    }

    /// Stops the children invoked by state `s`, which is being exited: each is cancelled (its
    /// active states' exit actions run, SCXML 6.4 and W3C test 250) and forgotten, with whatever
    /// it sent while exiting. Events they sent before stay queued.
    @usableFromInline
    mutating func stopChildren(of s: _StateIndex) {
        guard extras?.value.family.isEmpty == false else { return }
        withExtras { extras in
            for i in extras.family.slots.indices where extras.family.slots[i].state == s {
                extras.family.slots[i].session.cancel()
            }
            extras.family.slots.removeAll { $0.state == s }
        }
    }

    /// Ends a session its parent cancelled: the exit actions of its active states run in exit
    /// order, as when it finishes, and it stops without a completion event.
    mutating func exitCancelled() {
        status = .finishing
        var observer = _NoObserver<StateID, Event>()
        exitInterpreter(&observer)
        status = .stopped
    }

    /// Moves what the child at `index` sent its parent into this instance's external queue, with
    /// its completion event last; forgets the child once it no longer runs.
    mutating func collectOutput(ofChildAt index: Int) {
        withExtras { extras in
            guard extras.family.slots.indices.contains(index) else { return }
            var events = extras.family.slots[index].session.takeEventsForParent()
            let running = extras.family.slots[index].session.isRunning
            if !running, let done = extras.family.slots[index].session.completionEvent { events.append(done) }
            let slot = extras.family.slots[index]
            for event in events {
                let ordinal = extras.family.dequeued + UInt64(extras.externalQueue.count)
                extras.family.origins.append((ordinal, slot.state, slot.finalize))
                extras.externalQueue.append(event)
            }
            if !running { extras.family.slots.remove(at: index) }
        }
    }

    /// One turn of the children, in start order: each takes one step. Whether any did anything.
    @usableFromInline
    mutating func runChildTurns(turn: Int) -> Bool {
        var progressed = false
        var i = 0
        while status == .running, let count = extras?.value.family.slots.count, i < count {
            let time = now
            let stepped = withExtras { $0.family.slots[i].session.step(at: time, turn: turn) }
            let before = extras?.value.family.slots.count ?? 0
            collectOutput(ofChildAt: i)
            if stepped { progressed = true }
            // A child that stopped was removed: the next one moved to `i`.
            if (extras?.value.family.slots.count ?? 0) == before { i += 1 }
        }
        return progressed
    }

    /// One turn of this instance: its children's turns, then one event of its external queue
    /// with its macrostep (after the `finalize` of the child that sent it). Whether anything
    /// happened. `turn` counts the turns of this call to `send`; past the limit the instance
    /// stops (see ``Statechart/externalEventLimit``).
    @inlinable
    mutating func takeTurn<Observer: StatechartObserver>(turn: Int, _ log: inout _StepLog, _ observer: inout Observer) -> Bool
    where Observer.StateID == StateID, Observer.Event == Event {
        var progressed = false
        if extras?.value.family.isEmpty == false { progressed = runChildTurns(turn: turn) }
        guard status == .running, let next = extras?.value.externalQueue.removeFirst() else { return progressed }
        if turn > chart.externalEventLimit {
            stop(with: .externalEventLimitExceeded(limit: chart.externalEventLimit))
            log.error = .externalEventLimitExceeded(limit: chart.externalEventLimit)
            return false
        }
        if let finalize = takeOrigin(), isActive(index: finalize.state), let action = finalize.action {
            currentEvent = next
            action.slot.run(&context, next, &outbox)
            if !outbox.requests.isEmpty { carryOutRequests() }
        }
        macrostep(next, chart.resolve(next), &log, &observer)
        return true
    }

    /// The invoking state and finalize action of the event just taken from the external queue,
    /// when a child sent it.
    @usableFromInline
    mutating func takeOrigin() -> (state: _StateIndex, action: Action<Event, Context>?)? {
        // With no child event queued, nothing refers to the count: it need not be kept (the
        // ordinal of the next child event is counted from wherever it stands then).
        guard extras?.value.family.origins.isEmpty == false else { return nil }
        return withExtras { extras in
            let ordinal = extras.family.dequeued
            extras.family.dequeued += 1
            while let first = extras.family.origins.first, first.ordinal < ordinal { extras.family.origins.removeFirst() }
            guard let first = extras.family.origins.first, first.ordinal == ordinal else { return nil }
            extras.family.origins.removeFirst()
            return (first.state, first.finalize)
        }
    }

    /// Sends an external event on to the children invoked with `autoforward`.
    @usableFromInline
    mutating func forwardToChildren(_ event: Event) {
        guard extras?.value.family.slots.contains(where: { $0.autoforward }) == true else { return }
        withExtras { extras in
            for i in extras.family.slots.indices where extras.family.slots[i].autoforward {
                _ = extras.family.slots[i].session.enqueue(event)
            }
        }
    }

    /// A child's turn, run by its parent: its own children's turns and one of its events.
    mutating func takeOneTurn(turn: Int) -> Bool {
        var log = _StepLog()
        var observer = _NoObserver<StateID, Event>()
        let progressed = takeTurn(turn: turn, &log, &observer)
        if status == .finishing { exitInterpreter(&observer) }
        return progressed
    }

    /// Whether this instance or one of its children has an event waiting.
    var hasQueuedWork: Bool {
        guard let extras = extras?.value else { return false }
        return !extras.externalQueue.isEmpty || extras.family.slots.contains { $0.session.hasQueuedEvents }
    }

    /// Moves the delayed events due by `time` (this instance's and its children's) to their
    /// external queues, each at its due time.
    mutating func releaseTimers(upTo time: Duration) {
        guard extras != nil else { return }
        var unreachableEvents: [Event] = []
        defer {
            // Raised as the next turn's events: a child keeps them for its next macrostep.
            for event in unreachableEvents { withExtras { $0.externalQueue.append(event) } }
        }
        withExtras { extras in
            while let due = extras.timers.first?.due, due <= time, let timer = extras.timers.removeFirst() {
                extras.now = max(extras.now, timer.due)
                if let unreachable = extras.release(timer) { unreachableEvents.append(unreachable) }
            }
            for i in extras.family.slots.indices { extras.family.slots[i].session.releaseTimers(upTo: time) }
        }
    }

    /// When the next delayed event of a child (or of its children) is due.
    var nextChildDue: Duration? {
        extras?.value.family.slots.compactMap { $0.session.nextDue }.min()
    }

    /// Delivers the children's delayed events due at `due` and lets everybody take turns.
    mutating func deliverChildTimers<Observer: StatechartObserver>(at due: Duration, _ observer: inout Observer)
    where Observer.StateID == StateID, Observer.Event == Event {
        withExtras { extras in
            extras.now = max(extras.now, due)
            for i in extras.family.slots.indices { extras.family.slots[i].session.releaseTimers(upTo: due) }
        }
        var log = _StepLog()
        drainExternalQueue(&log, &observer)
    }

    /// The child charts running now, in start order, each with its configuration and children.
    public var invokedSessions: [InvokedSessionInfo] {
        extras?.value.family.slots.map { slot in
            // Every session is a `_ChildInstance` (the only way to make an `InvokedChart`).
            #if hasFeature(Embedded)  // no casts to a protocol there: the id alone
            InvokedSessionInfo(id: slot.id, configuration: [])
            #else
            (slot.session as? any _DescribedChildSession)?.info(id: slot.id) ?? InvokedSessionInfo(id: slot.id, configuration: [])
            #endif
        } ?? []
    }
}

extension _InstanceExtras {
    /// Schedules a delayed event for another session (the parent or a child).
    @usableFromInline
    mutating func insertTimer(_ event: Event, after delay: Duration, destination: _Destination<Event>) {
        let due = now.adding(saturating: delay)
        timers.insert(_Timer(due: due, sequence: nextSequence, event: event, id: nil, destination: destination))
        nextSequence += 1
    }

    /// Where a due timer's event goes: this instance's queue, the parent's outbox, or a child.
    /// Returns the event to raise when the child it was for no longer runs.
    mutating func release(_ timer: _Timer<Event>) -> Event? {
        switch timer.destination {
        case nil:
            externalQueue.append(timer.event)
        case .parent?:
            toParent.append(timer.event)
        case .invocation(let id, let unreachable)?:
            if !family.deliver(timer.event, toInvocation: id) { return unreachable }
        }
        return nil
    }
}

extension StatechartInstance {
    /// A due delayed event for another session: handed over, then everybody takes turns.
    mutating func deliverElsewhere<Observer: StatechartObserver>(_ timer: _Timer<Event>, _ observer: inout Observer)
    where Observer.StateID == StateID, Observer.Event == Event {
        if let unreachable = withExtras({ $0.release(timer) }) {
            outbox.internalQueue.append(.event(unreachable))
            var log = _StepLog()
            currentEvent = nil
            settle(&log, steps: 0, &observer)
        }
        var log = _StepLog()
        drainExternalQueue(&log, &observer)
    }
}

extension StatechartInstance {
    /// What a snapshot cannot hold: the ids of the running children, and `delayed:ID` for each
    /// delayed event on its way to another session (`delayed:#parent` for the parent).
    var runningInvocationIDs: [String]? {
        guard let extras = extras?.value else { return nil }
        var ids = extras.family.slots.map { $0.id }
        for timer in extras.timers.inDeliveryOrder {
            switch timer.destination {
            case .parent?: ids.append("delayed:#parent")
            case .invocation(let id, _)?: ids.append("delayed:" + id)
            case nil: break
            }
        }
        return ids.isEmpty ? nil : ids
    }
}
