// Starting and sending: the macrostep loop of SCXML's mainEventLoop, with the fast path for
// single-path configurations (one candidate-table load, the guards in order, a precomputed plan).

extension StatechartInstance {
    /// Starts the instance: enters the initial configuration and runs the initial macrostep.
    /// Starting a started instance does nothing.
    @inlinable @discardableResult
    public mutating func start() -> SendResult {
        var observer = _NoObserver<StateID, Event>()
        return start(observer: &observer)
    }

    /// Starts the instance, reporting to `observer`.
    @inlinable @discardableResult
    public mutating func start<Observer: StatechartObserver>(observer: inout Observer) -> SendResult
    where Observer.StateID == StateID, Observer.Event == Event {
        guard status == .notStarted else { return .notRunning(currentConfiguration) }
        defer { refreshLeafRow() }
        var log = _StepLog()
        status = .running
        activeSet = _Bitset(capacity: chart.tables.stateCount)
        activeSet.insert(0)
        currentEvent = nil
        let initial = chart.tables.initialTransition[0]
        if initial >= 0 { microstep([initial], &log, &observer) }
        completeMacrostep(&log, steps: 0, &observer)
        if chart.tables.anyInvocations { startInvocations() }
        observer.macrostepCompleted(after: nil)
        drainExternalQueue(&log, &observer)
        return SendResult(log, from: .notStarted, to: currentConfiguration)
    }

    /// Sends an event and runs the macrostep it causes, then any events the macrostep sent to
    /// this instance, until the instance is stable.
    @inlinable @inline(__always) @discardableResult
    public mutating func send(_ event: Event) -> SendResult {
        // With names that may be tags (known at compile time), `leafRow >= 0` says that they are
        // (see `Statechart.fastRows`): no flag to check.
        if _ChartCompiler<StateID, Event, Context>.namesMayBeTags && leafRow >= 0 {
            return sendDirectly(event, Statechart<StateID, Event, Context>.tag(of: event.name))
        }
        unowned(unsafe) let chart = self.chart
        // A payload-free enum: its tag byte is its class.
        if chart.sendsDirectlyByTag { return sendDirectly(event, Statechart<StateID, Event, Context>.tag(of: event.name)) }
        if chart.exactMatching && chart.tables.hasDirectTable {
            return sendDirectly(event, chart.eventClass(ofName: event.name))
        }
        return processWithoutObserver(event, chart.resolve(event))
    }

    /// Sends an event resolved in advance by ``Statechart/prepare(_:)``.
    @inlinable @inline(__always) @discardableResult
    public mutating func send(_ event: PreparedEvent<Event>) -> SendResult {
        if event.resolved.mask == nil && chart.tables.hasDirectTable {
            return sendDirectly(event.event, event.resolved.classID)
        }
        return processWithoutObserver(event.event, event.resolved)
    }

    /// Sends an event, reporting to `observer`.
    @inlinable @discardableResult
    public mutating func send<Observer: StatechartObserver>(_ event: Event, observer: inout Observer) -> SendResult
    where Observer.StateID == StateID, Observer.Event == Event {
        process(event, chart.resolve(event), &observer)
    }

    /// The front of `send` for an exactly matched event of class `classID` when the chart has a
    /// direct table, small enough to inline into the caller's loop: one load from the table
    /// decides whether the event is ignored or taken by a plan of actions alone; everything else
    /// goes out of line.
    @inlinable @inline(__always)
    mutating func sendDirectly(_ event: Event, _ classID: Int32) -> SendResult {
        unowned(unsafe) let tables = chart.tables
        let from = leafRow
        // `leafRow >= 0`: a single path, running, and no events waiting in the external queue
        // (only a restored snapshot has any between sends; they are processed after this event's
        // macrostep, by the full path).
        if from >= 0 {
            assert(status == .running && hasNoPendingExternalEvents, "leafRow out of date")
            // The row is a byte offset and the compiler keeps every offset in range: from one
            // event's row to the next is one load (no shift, no bounds or overflow checks).
            let entry = UnsafeRawPointer(chart.direct.base)
                .load(fromByteOffset: Int(from) &+ Int(classID) &<< _DirectEntry.strideShift, as: _DirectEntry.self)
            // A direct plan's actions cannot reach the outbox and nothing follows them: the
            // macrostep is over when they return (so `currentEvent` is not even needed). The leaf
            // is set first: no action can see it, and the next event's lookup need not wait.
            // The common case first: a direct candidate whose plan is one action on the context
            // (only such an entry has an action).
            if let action = entry.action {
                leafRow = entry.row
                Unmanaged<_ContextActionBox<Context>>.fromOpaque(action)._withUnsafeGuaranteedRef { $0.body(&context) }
                return SendResult(outcome: .transitioned, transition: tables.candidates[entry.candidate],
                                  fromLeaf: from &>> tables.rowShift, toLeaf: entry.row &>> tables.rowShift)
            }
            if entry.candidate >= 0 {
                leafRow = entry.row
                // Every action takes only the context: no dispatch on the closure form.
                let plan = tables.candidatePlans[entry.candidate]
                runDirectActions(plan.actionStart, plan.actionEnd, event, contextOnly: true)
                return SendResult(outcome: .transitioned, transition: tables.candidates[entry.candidate],
                                  fromLeaf: from &>> tables.rowShift, toLeaf: entry.row &>> tables.rowShift)
            }
            if entry.candidate == _ChartTables.directIgnore {
                let leaf = from &>> tables.rowShift
                return SendResult(outcome: .ignored, transition: -1, fromLeaf: leaf, toLeaf: leaf)
            }
            if entry.candidate <= _ChartTables.directWithEvent {
                leafRow = entry.row
                let c = _ChartTables.directWithEvent &- entry.candidate
                let plan = tables.candidatePlans[c]
                runDirectActions(plan.actionStart, plan.actionEnd, event, contextOnly: false)
                return SendResult(outcome: .transitioned, transition: tables.candidates[c],
                                  fromLeaf: from &>> tables.rowShift, toLeaf: entry.row &>> tables.rowShift)
            }
        } else if from == -1 && status == .running && tables.hasRegionSteps && hasNoPendingExternalEvents {
            return sendToRegions(event, classID)
        }
        return processWithoutObserver(event, _ResolvedEvent(classID: classID, mask: nil))
    }

    /// Whether the external queue is empty (it is between sends, unless a snapshot with queued
    /// events was restored).
    @inlinable @inline(__always)
    var hasNoPendingExternalEvents: Bool { extras?.value.externalQueue.isEmpty ?? true }

    /// `process` without an observer, out of line so that `send`'s front stays small.
    @inlinable @inline(never)
    mutating func processWithoutObserver(_ event: Event, _ resolved: _ResolvedEvent) -> SendResult {
        var observer = _NoObserver<StateID, Event>()
        return process(event, resolved, &observer)
    }

    @inlinable
    mutating func process<Observer: StatechartObserver>(
        _ event: Event, _ resolved: _ResolvedEvent, _ observer: inout Observer
    ) -> SendResult where Observer.StateID == StateID, Observer.Event == Event {
        guard status == .running else { return .notRunning(currentConfiguration) }
        // The status and the external queue may change below.
        defer { refreshLeafRow() }
        if leaf >= 0 {
            unowned(unsafe) let tables = chart.tables
            let from = leaf
            currentEvent = event
            if Observer._ignoresEverything && resolved.mask == nil && tables.hasCandidateTable {
                // The fast path for what the direct table leaves: guards, plans whose actions
                // may raise or send, and plans followed by eventless transitions.
                let c = firstEnabledCandidate(of: from, resolved.classID)
                if c >= 0 {
                    let flags = tables.candidateFlags[c]
                    let t = tables.candidates[c]
                    if flags & _ChartTables.planNeedsGeneralStep != 0 { return takeSlowly(t, from: from, event, &observer) }
                    let plan = tables.candidatePlans[c]
                    runActions(plan.actionStart, plan.actionEnd, table: tables.candidateActionSlots)
                    leaf = tables.candidateLeaf[c]
                    if flags == 0 && outbox.internalQueue.isEmpty && hasNoPendingExternalEvents {
                        return SendResult(outcome: .transitioned, transition: t, fromLeaf: from, toLeaf: leaf)
                    }
                    var log = _StepLog()
                    log.transitions.append(t)
                    return completeSlowly(&log, from: from, event, &observer)
                }
                if !tables.eventlessOnPath[from] && outbox.internalQueue.isEmpty && hasNoPendingExternalEvents {
                    return SendResult(outcome: .ignored, transition: -1, fromLeaf: from, toLeaf: from)
                }
                var log = _StepLog()
                return completeSlowly(&log, from: from, event, &observer)
            }
            let t = firstEnabled(from: from, resolved)
            if t < 0 {
                var log = _StepLog()
                return completeSlowly(&log, from: from, event, &observer)
            }
            return takeSlowly(t, from: from, event, &observer)
        }
        return processGeneral(event, resolved, &observer)
    }

    /// `process` while parallel states are active (the configuration is a set).
    @inlinable @inline(never)
    mutating func processGeneral<Observer: StatechartObserver>(
        _ event: Event, _ resolved: _ResolvedEvent, _ observer: inout Observer
    ) -> SendResult where Observer.StateID == StateID, Observer.Event == Event {
        if Observer._ignoresEverything && resolved.mask == nil && chart.tables.hasCandidateTable
            && !chart.tables.hasEventlessTransitions {
            return processRegionLocal(event, resolved, &observer)
        }
        let from = currentConfiguration
        var log = _StepLog()
        macrostep(event, resolved, &log, &observer)
        drainExternalQueue(&log, &observer)
        return SendResult(log, from: from, to: currentConfiguration)
    }

    /// Takes `t` from the single-path configuration `from` step by step (observers see every
    /// entry and exit), then completes the macrostep.
    @inlinable @inline(never)
    mutating func takeSlowly<Observer: StatechartObserver>(
        _ t: Int32, from: Int32, _ event: Event, _ observer: inout Observer
    ) -> SendResult where Observer.StateID == StateID, Observer.Event == Event {
        var log = _StepLog()
        takeSingle(t, &log, &observer)
        return completeSlowly(&log, from: from, event, &observer)
    }

    /// Completes a macrostep begun on the fast path (eventless transitions, internal events,
    /// invocations, the external queue) and builds its result.
    @inlinable @inline(never)
    mutating func completeSlowly<Observer: StatechartObserver>(
        _ log: inout _StepLog, from: Int32, _ event: Event, _ observer: inout Observer
    ) -> SendResult where Observer.StateID == StateID, Observer.Event == Event {
        finishMacrostep(event, &log, steps: log.transitions.isEmpty ? 0 : 1, &observer)
        drainExternalQueue(&log, &observer)
        return SendResult(log, from: Configuration(leaf: from), to: currentConfiguration)
    }

    /// One external event's macrostep (SCXML's mainEventLoop body for one external event).
    @inlinable
    mutating func macrostep<Observer: StatechartObserver>(
        _ event: Event, _ resolved: _ResolvedEvent, _ log: inout _StepLog, _ observer: inout Observer
    ) where Observer.StateID == StateID, Observer.Event == Event {
        currentEvent = event
        var steps = 0
        if leaf >= 0 {
            let t = firstEnabled(from: leaf, resolved)
            if t >= 0 {
                takeSingle(t, &log, &observer)
                steps = 1
            }
        } else {
            let enabled = selectTransitions(resolved)
            if !enabled.isEmpty {
                microstep(enabled, &log, &observer)
                steps = 1
            }
        }
        finishMacrostep(event, &log, steps: steps, &observer)
    }

    /// The rest of a macrostep after its external event's microstep: eventless transitions and
    /// internal events until stable, then the invocations of the states entered.
    @inlinable
    mutating func finishMacrostep<Observer: StatechartObserver>(
        _ event: Event, _ log: inout _StepLog, steps: Int, _ observer: inout Observer
    ) where Observer.StateID == StateID, Observer.Event == Event {
        completeMacrostep(&log, steps: steps, &observer)
        if chart.tables.anyInvocations { startInvocations() }
        observer.macrostepCompleted(after: event)
    }

    /// Processes the events actions sent to this instance, each as its own macrostep, stopping
    /// the instance when one call would process more than ``Statechart/externalEventLimit`` (a
    /// chart that keeps sending itself events never returns otherwise).
    @inlinable
    mutating func drainExternalQueue<Observer: StatechartObserver>(_ log: inout _StepLog, _ observer: inout Observer)
    where Observer.StateID == StateID, Observer.Event == Event {
        var processed = 0
        while status == .running, let next = extras?.value.externalQueue.removeFirst() {
            processed += 1
            if processed > chart.externalEventLimit {
                stop(with: .externalEventLimitExceeded(limit: chart.externalEventLimit))
                log.error = .externalEventLimitExceeded(limit: chart.externalEventLimit)
                break
            }
            macrostep(next, chart.resolve(next), &log, &observer)
        }
        if status == .finishing { exitInterpreter(&observer) }
    }

    /// Runs eventless transitions and internal events until the chart is stable (SCXML's inner
    /// macrostep loop), stopping the instance when it does not settle within the limit.
    @inlinable
    mutating func completeMacrostep<Observer: StatechartObserver>(
        _ log: inout _StepLog, steps: Int, _ observer: inout Observer
    ) where Observer.StateID == StateID, Observer.Event == Event {
        var steps = steps
        while status == .running {
            if leaf >= 0 {
                var t: Int32 = -1
                if chart.tables.eventlessOnPath[leaf] { t = firstEnabledEventless(from: leaf) }
                if t < 0 {
                    guard !outbox.internalQueue.isEmpty else { break }
                    let internalEvent = outbox.internalQueue.removeFirst()
                    currentEvent = internalEvent.userEvent
                    t = firstEnabled(from: leaf, resolve(internalEvent))
                }
                if t >= 0 { takeSingle(t, &log, &observer) }
            } else {
                var enabled = selectEventlessTransitions()
                if enabled.isEmpty {
                    guard !outbox.internalQueue.isEmpty else { break }
                    let internalEvent = outbox.internalQueue.removeFirst()
                    currentEvent = internalEvent.userEvent
                    enabled = selectTransitions(resolve(internalEvent))
                }
                if !enabled.isEmpty { microstep(enabled, &log, &observer) }
            }
            steps += 1
            if steps > chart.microstepLimit {
                stop(with: .microstepLimitExceeded(limit: chart.microstepLimit))
                log.error = .microstepLimitExceeded(limit: chart.microstepLimit)
            }
        }
    }

    @inlinable
    func resolve(_ event: QueuedEvent<Event>) -> _ResolvedEvent {
        switch event {
        case .event(let event): return chart.resolve(event)
        case .done(let state): return _ResolvedEvent(classID: chart.tables.doneClass[state], mask: nil)
        }
    }

    /// Stops the instance after a runtime error: it keeps its configuration and ignores events.
    @inlinable
    mutating func stop(with error: StatechartRuntimeError) {
        status = .stopped
        withExtras { $0.error = error; $0.externalQueue.removeAll(); $0.timers.removeAll() }
        outbox.internalQueue.removeAll()
    }

    @inlinable
    mutating func withExtras<R>(_ body: (inout _InstanceExtras<Event, Context>) -> R) -> R {
        if extras == nil { extras = _Indirect(_InstanceExtras()) }
        return body(&extras!.value)
    }

    // MARK: Selection

    /// Whether transition `t` is enabled: its `whenIn` states are active and its guard holds.
    @inlinable @inline(__always)
    mutating func isEnabled(_ t: Int32) -> Bool {
        unowned(unsafe) let tables = chart.tables
        var r = tables.requiredStart[t]
        let end = tables.requiredStart[t + 1]
        while r < end {
            if !isActive(index: tables.required[r]) { return false }
            r += 1
        }
        return tables.guardSlots[t].evaluate(context, currentEvent, &outbox)
    }

    /// Whether transition `t` is triggered by the resolved event.
    @inlinable
    func matches(_ t: Int32, _ resolved: _ResolvedEvent) -> Bool {
        let tables = chart.tables
        switch tables.triggerKind[t] {
        case _TriggerKind.anyEvent.rawValue: return true
        case _TriggerKind.events.rawValue:
            var i = tables.triggerStart[t]
            let end = tables.triggerStart[t + 1]
            while i < end {
                let d = tables.triggers[i]
                if d == resolved.classID { return true }
                if let mask = resolved.mask, d < mask.descriptorMatches.count, mask.descriptorMatches[Int(d)] { return true }
                i += 1
            }
            return false
        default: return false
        }
    }

    /// The first enabled transition for atomic state `state`, walking up from it.
    @inlinable @inline(__always)
    mutating func firstEnabled(from state: Int32, _ resolved: _ResolvedEvent) -> Int32 {
        unowned(unsafe) let tables = chart.tables
        if resolved.mask == nil && tables.hasCandidateTable {
            let c = firstEnabledCandidate(of: state, resolved.classID)
            return c < 0 ? -1 : tables.candidates[c]
        }
        var a = state
        while a >= 0 {
            var t = tables.transitionStart[a]
            let end = tables.transitionStart[a + 1]
            while t < end {
                if matches(t, resolved) && isEnabled(t) { return t }
                t += 1
            }
            a = tables.tree.parent[a]
        }
        return -1
    }

    /// The first enabled candidate (an index into the candidate table) of atomic state `state`
    /// for event class `classID`, or -1. Requires the candidate table.
    @inlinable @inline(__always)
    mutating func firstEnabledCandidate(of state: Int32, _ classID: Int32) -> Int32 {
        unowned(unsafe) let tables = chart.tables
        // Indices come from the compiler and are in range: wrapping arithmetic, no overflow traps.
        let row = Int(state) &* tables.classCount &+ Int(classID)
        var c = tables.candidateStart[row]
        let end = tables.candidateStart[row &+ 1]
        while c < end {
            let t = tables.candidates[c]
            if tables.isConditionFree[t] || isEnabled(t) { return c }
            c &+= 1
        }
        return -1
    }

    /// The first enabled eventless transition for atomic state `state`.
    @inlinable
    mutating func firstEnabledEventless(from state: Int32) -> Int32 {
        let tables = chart.tables
        var a = state
        while a >= 0 {
            var t = tables.transitionStart[a]
            let end = tables.transitionStart[a + 1]
            while t < end {
                if tables.triggerKind[t] == _TriggerKind.eventless.rawValue && isEnabled(t) { return t }
                t += 1
            }
            a = tables.tree.parent[a]
        }
        return -1
    }

    /// `selectTransitions`: for each active atomic state in document order, its first enabled
    /// transition; then `removeConflictingTransitions`.
    @inlinable
    mutating func selectTransitions(_ resolved: _ResolvedEvent) -> [Int32] {
        var enabled: [Int32] = []
        for s in activeSet.ascending where chart.tables.tree.isAtomic(s) {
            let t = firstEnabled(from: s, resolved)
            if t >= 0 && !enabled.contains(t) { enabled.append(t) }
        }
        return removeConflictingTransitions(enabled)
    }

    /// `selectEventlessTransitions`.
    @inlinable
    mutating func selectEventlessTransitions() -> [Int32] {
        var enabled: [Int32] = []
        for s in activeSet.ascending where chart.tables.tree.isAtomic(s) && chart.tables.eventlessOnPath[s] {
            let t = firstEnabledEventless(from: s)
            if t >= 0 && !enabled.contains(t) { enabled.append(t) }
        }
        return removeConflictingTransitions(enabled)
    }

    /// `removeConflictingTransitions`: of two transitions whose exit sets intersect, the one whose
    /// source is a descendant of the other's wins; otherwise the earlier (document order) one.
    @inlinable
    func removeConflictingTransitions(_ enabled: [Int32]) -> [Int32] {
        if enabled.count < 2 { return enabled }
        let tables = chart.tables
        let history = _HistoryMemory(historyMemory)
        var filtered: [Int32] = []
        var exitSets: [_Bitset] = []
        for t1 in enabled {
            let exit1 = tables.computeExitSet(t1, configuration: activeSet, history)
            var preempted = false
            var toRemove: [Int] = []
            for (i, t2) in filtered.enumerated() where exit1.intersects(exitSets[i]) {
                if tables.tree.isDescendant(tables.source[t1], of: tables.source[t2]) {
                    toRemove.append(i)
                } else {
                    preempted = true
                    break
                }
            }
            if !preempted {
                for i in toRemove.reversed() {
                    filtered.remove(at: i)
                    exitSets.remove(at: i)
                }
                filtered.append(t1)
                exitSets.append(exit1)
            }
        }
        return filtered
    }
}
