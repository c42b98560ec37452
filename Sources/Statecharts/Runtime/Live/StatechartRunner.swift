// Not in Embedded Swift: Swift concurrency's tasks, clocks and async streams.
#if !hasFeature(Embedded)
/// Runs a statechart instance live: on an injected `Clock`, delayed events are delivered when
/// they fall due, without anybody advancing a virtual clock by hand; invocations (``Invoke``) run
/// as tasks, cancelled when their state is exited, their results sent back as events.
///
/// The instance's own clock stays virtual (it is what makes runs exact); the runner keeps it in
/// step with `clock`, sleeping until the next delayed event is due. Inject `ContinuousClock` in an
/// app, a manual clock in tests.
///
/// ```swift
/// let runner = StatechartRunner(chart: chart, context: Model(), clock: ContinuousClock())
/// await runner.send(.start)          // may schedule `.timeout` in 5 s; the runner delivers it
/// ```
public actor StatechartRunner<StateID: Hashable & Sendable, Event: StatechartEvent, Context: Sendable, ClockType: Clock>
where ClockType.Duration == Duration {
    /// The running instance, as of now.
    public private(set) var instance: StatechartInstance<StateID, Event, Context>
    private let clock: ClockType
    private let origin: ClockType.Instant
    private var timer: Task<Void, Never>?
    private var deliveries: [AsyncStream<DelayedDelivery<Event>>.Continuation] = []
    private var invocationTasks: [InvocationToken: Task<Void, Never>] = [:]
    /// Set by ``stop()``: nothing more is sent to the instance.
    private var stopped = false
    /// The streams of ``steps`` (StatechartRunner+Steps.swift); untouched while none is open.
    let stepStreams = StatechartStepStreams<StateID, Event>()

    /// Starts `chart` with `context`, keeping its delayed events on `clock`.
    public init(chart: Statechart<StateID, Event, Context>, context: Context, clock: ClockType) {
        var instance = chart.makeInstance(context: context)
        instance.start()
        self.instance = instance
        self.clock = clock
        self.origin = clock.now
        if !instance.isRunning { stepStreams.finish() }
        Task { await self.settle() }
    }

    deinit {
        stepStreams.finish()
    }

    /// Sends an event now, and reschedules the timer for what it may have scheduled. After
    /// ``stop()`` nothing is sent: the result's outcome is ``SendResult/Outcome/notRunning``.
    @discardableResult
    public func send(_ event: Event) -> SendResult {
        guard !stopped else { return .notRunning(instance.currentConfiguration) }
        catchUp()
        let result = instance.send(event)
        publish(.sent, event, result)
        settle()
        return result
    }

    /// Every active state, in document order.
    public var configuration: [StateID] { instance.configuration }

    /// Whether `state` is active.
    public func isActive(_ state: StateID) -> Bool { instance.isActive(state) }

    /// Whether the chart reached a top-level final state.
    public var isFinished: Bool { instance.isFinished }

    /// The delayed events the runner delivers from now on, as they are delivered.
    public func deliveredEvents() -> AsyncStream<DelayedDelivery<Event>> {
        let (stream, continuation) = AsyncStream<DelayedDelivery<Event>>.makeStream()
        deliveries.append(continuation)
        return stream
    }

    /// Stops delivering delayed events (the instance keeps its state; `send` still works).
    public func stopTimers() {
        timer?.cancel()
        timer = nil
        for continuation in deliveries { continuation.finish() }
        deliveries = []
    }

    /// Stops the runner: no more delayed events, running invocations cancelled (their results
    /// dropped), every stream of ``steps`` and ``deliveredEvents()`` finished, and `send` no
    /// longer sends. The instance keeps the state it reached (``instance``).
    public func stop() {
        stopped = true
        stopTimers()
        for task in invocationTasks.values { task.cancel() }
        invocationTasks = [:]
        stepStreams.finish()
    }

    /// How many invocations are running.
    public var runningInvocationCount: Int { invocationTasks.count }

    /// Starts and cancels invocations as the instance asks, then sleeps until the next delayed event.
    private func settle() {
        for request in instance.takeInvocationRequests() {
            switch request {
            case .start(let token, let invocation, let context):
                invocationTasks[token] = Task { [weak self] in
                    do {
                        let event = try await invocation.work(context)
                        await self?.invocationEnded(token, event: event)
                    } catch {
                        let event = Task.isCancelled ? nil : invocation.failure(error)
                        await self?.invocationEnded(token, event: event)
                    }
                }
            case .cancel(let token):
                invocationTasks.removeValue(forKey: token)?.cancel()
            }
        }
        schedule()
    }

    private func invocationEnded(_ token: InvocationToken, event: Event?) {
        guard !stopped, invocationTasks.removeValue(forKey: token) != nil else { return }
        catchUp()
        if let event {
            if let result = instance.deliverInvocationResult(event, token: token) { publish(.invocationResult, event, result) }
        } else {
            instance.invocationFinished(token)
        }
        settle()
    }

    /// Brings the instance's clock up to the injected clock's time, delivering what fell due.
    private func catchUp() {
        let elapsed = origin.duration(to: clock.now)
        guard elapsed > instance.now else { return }
        let delivered = instance.advanceClock(by: elapsed - instance.now)
        for delivery in delivered {
            for continuation in deliveries { continuation.yield(delivery) }
            publish(.delayed, delivery.event, delivery.result, at: delivery.time)
        }
    }

    /// Sleeps until the next delayed event is due, then catches up.
    private func schedule() {
        timer?.cancel()
        timer = nil
        guard instance.isRunning, let due = instance.nextDelayedEventTime else { return }
        let deadline = origin.advanced(by: due)
        let clock = self.clock
        timer = Task { [weak self] in
            do { try await clock.sleep(until: deadline, tolerance: nil) } catch { return }
            await self?.timerFired()
        }
    }

    private func timerFired() {
        guard !stopped else { return }
        catchUp()
        settle()
    }
}
#endif
