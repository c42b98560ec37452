// Starting and sending: the one `switch` over the route (`take(_:_:_:)`), which SendWays.swift
// decides (`route(for:observedBy:)`). Each route lives in its own file of this folder; the
// article "How `send` works" (Statecharts.docc/HowSendWorks.md) walks through them.

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
        var log = _StepLog()
        status = .running
        activeSet = _Bitset(capacity: chart.tables.stateCount)
        activeSet.insert(.root)
        currentEvent = nil
        if let initial = tables.states.initialTransition[.root] { microstep([initial], &log, &observer) }
        let settled = settle(&log, steps: 0, &observer)
        if tables.states.anyInvocations { startInvocationsAndSettle(&log, steps: settled, &observer) }
        observer.macrostepCompleted(after: nil)
        drainExternalQueue(&log, &observer)
        return SendResult(log, from: .notStarted, to: currentConfiguration)
    }

    /// Sends an event and runs the macrostep it causes, then any events the macrostep sent to
    /// this instance, until the instance is stable.
    @inlinable @inline(__always) @discardableResult
    public mutating func send(_ event: Event) -> SendResult {
        guard let classID = exactClass(of: event) else { return sendOutOfLine(event, chart.resolve(event)) }
        var observer = _NoObserver<StateID, Event>()
        return take(event, .exact(classID), &observer, _TablePlans(), _RoutesOutOfLine.self)
    }

    /// The class of `event` as `send(_:)` resolves it when names are matched exactly, or `nil`
    /// when descriptors match them (``Statechart/resolve(_:)`` decides then).
    @inlinable @inline(__always)
    func exactClass(of event: Event) -> _EventClass? {
        // With names that may be tags (known at compile time), a direct row says that they are
        // (see `Statechart.fastRows`): the tag is the class, with no flag to check.
        if Event._namesMayBeTags && leafRow.isDirectRow { return Statechart<StateID, Event, Context>.tag(of: event.name) }
        if chart.exactMatching { return chart.eventClass(ofName: event.name) }
        return nil
    }

    /// Sends an event resolved in advance by ``Statechart/prepare(_:)``.
    @inlinable @inline(__always) @discardableResult
    public mutating func send(_ event: PreparedEvent<Event>) -> SendResult {
        if let classID = event.exactClass {
            var observer = _NoObserver<StateID, Event>()
            return take(event.event, .exact(classID), &observer)
        }
        return sendOutOfLine(resolving: event.event)
    }

    /// `send` for an event matched by descriptors, resolved here from the chart's cache: out of
    /// line, so that the prepared `send` above inlines only its exact case.
    @inlinable @inline(never)
    mutating func sendOutOfLine(resolving event: Event) -> SendResult {
        var observer = _NoObserver<StateID, Event>()
        return take(event, chart.resolve(event), &observer)
    }

    /// `send` for an event matched by descriptors (no fast route applies), out of line.
    @inlinable @inline(never)
    mutating func sendOutOfLine(_ event: Event, _ resolved: _ResolvedEvent) -> SendResult {
        var observer = _NoObserver<StateID, Event>()
        return take(event, resolved, &observer)
    }

    /// Sends an event, reporting to `observer`.
    @inlinable @discardableResult
    public mutating func send<Observer: StatechartObserver>(_ event: Event, observer: inout Observer) -> SendResult
    where Observer.StateID == StateID, Observer.Event == Event {
        take(event, chart.resolve(event), &observer)
    }

    /// Takes one external event and its macrostep by the route ``route(for:observedBy:)``
    /// chooses. Small enough to inline into the caller's loop: the single path's direct table
    /// is read here, every other route runs out of line.
    ///
    /// Transparent, not only `@inline(__always)`: generic over the observer, an
    /// `@inline(__always)` `take` stays out of line in release builds, a call on every send.
    @usableFromInline @_transparent
    mutating func take<Observer: StatechartObserver>(
        _ event: Event, _ resolved: _ResolvedEvent, _ observer: inout Observer
    ) -> SendResult where Observer.StateID == StateID, Observer.Event == Event {
        take(event, resolved, &observer, _TablePlans(), _RoutesOutOfLine.self)
    }

    /// `take`, with the single-path, joint and regions routes' plans and guards run by `plans`
    /// (PlanRunners.swift), and the joint and regions routes called as `Dispatch` says
    /// (RouteDispatch.swift): the routes are the same code for the table runtime and for
    /// compiled charts, specialized for each.
    @usableFromInline @_transparent
    mutating func take<Observer: StatechartObserver, Plans: _PlanRunner, Dispatch: _RouteDispatch>(
        _ event: Event, _ resolved: _ResolvedEvent, _ observer: inout Observer, _ plans: Plans, _: Dispatch.Type
    ) -> SendResult
    where Observer.StateID == StateID, Observer.Event == Event,
          Plans.StateID == StateID, Plans.Event == Event, Plans.Context == Context {
        switch route(for: resolved, observedBy: Observer.self) {
        case .notRunning:
            return notRunningResult()
        case .singlePath:
            guard leafRow.isDirectRow else { return Dispatch.sendByCandidateStage(event, resolved.classID, after: .slow, plans, on: &self) }
            let entry = directEntry(resolved.classID, plans)
            if let result = sendByDirectEntry(entry, event, plans) { return result }
            return Dispatch.sendByCandidateStage(event, resolved.classID, after: entry, plans, on: &self)
        case .joint:
            return Dispatch.sendByJointStep(event, resolved.classID, plans, on: &self)
        case .regions:
            return Dispatch.sendOnRegions(event, resolved.classID, plans, on: &self)
        case .stepwise:
            return sendStepwise(event, resolved, &observer)
        case .general:
            return sendByMicrosteps(event, resolved, &observer)
        }
    }

    /// The result of an event sent to an instance that is not running. Out of line: `send`
    /// inlines only its front.
    @inlinable @inline(never)
    func notRunningResult() -> SendResult { .notRunning(currentConfiguration) }

    /// Whether the external queue is empty (it is between sends, unless a snapshot with queued
    /// events was restored) and no invoked child runs.
    @inlinable @inline(__always)
    var hasNoPendingExternalEvents: Bool {
        guard let extras else { return true }
        // Running children count as pending work: every send ends with their turns.
        return extras.value.externalQueue.isEmpty && extras.value.family.isEmpty
    }

    @inlinable
    func resolve(_ event: QueuedEvent<Event>) -> _ResolvedEvent {
        switch event {
        case .event(let event): return chart.resolve(event)
        case .done(let state): return _ResolvedEvent(classID: tables.states.doneClass[state], mask: nil)
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

    /// ``withExtras(_:)`` without re-encoding ``leafRow``, for changes the row does not depend on
    /// (see ``_extras``): the caller re-encodes it if something became pending.
    @inlinable
    mutating func withExtrasKeepingRow<R>(_ body: (inout _InstanceExtras<Event, Context>) -> R) -> R {
        if _extras == nil { _extras = _Indirect(_InstanceExtras()) }
        return body(&_extras!.value)
    }
}
