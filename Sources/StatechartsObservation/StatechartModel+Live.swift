import Statecharts

// Time and asynchronous work, as StatechartRunner does them: the instance's virtual clock kept in
// step with the injected clock, invocations run as tasks, and every step published on `steps`.

extension StatechartModel {
    /// Every step the model takes from now on (events sent, delayed events delivered, invocation
    /// results), each with its event, transitions and configuration after, buffering at most
    /// `StatechartStepStreams.defaultBufferLimit` (256) unread steps.
    ///
    /// As `StatechartRunner.steps`: each access makes a new stream that receives
    /// every step from then on; a slow consumer loses the oldest unread steps (gaps in
    /// `StatechartStep.sequence`) and never slows the model; the stream finishes
    /// when the instance stops running or the model is released. Nothing is built while no
    /// stream is open.
    public nonisolated var steps: AsyncStream<StatechartStep<StateID, Event>> { stepStreams.makeStream() }

    /// The steps from now on, as ``steps``, buffering at most `limit` unread steps.
    public nonisolated func steps(bufferingNewest limit: Int) -> AsyncStream<StatechartStep<StateID, Event>> {
        stepStreams.makeStream(bufferingNewest: limit)
    }

    /// Publishes a step if a stream is open, and finishes the streams once the instance stopped.
    func publishStep(_ cause: StatechartStep<StateID, Event>.Cause, _ event: Event, _ result: SendResult, at time: Duration? = nil) {
        let instance = engine.instance
        if stepStreams.hasSubscribers {
            stepStreams.publish(cause: cause, event: event, result: result,
                                configuration: instance.chart.activeStates(in: result.to), time: time ?? instance.now)
        }
        if !instance.isRunning { stepStreams.finish() }
    }

    /// Brings the instance's clock up to the injected clock's time, delivering what fell due.
    func catchUp() {
        let elapsed = clock.elapsed()
        guard elapsed > engine.instance.now else { return }
        let delivered = engine.withInstance { $0.advanceClock(by: elapsed - $0.now) }
        for delivery in delivered { publishStep(.delayed, delivery.event, delivery.result, at: delivery.time) }
        if !delivered.isEmpty { refresh() }
    }

    /// Starts and cancels invocations as the instance asks, then sleeps until the next delayed
    /// event is due.
    func settle() {
        if hasInvocations {
            for request in engine.withInstance({ $0.takeInvocationRequests() }) {
                switch request {
                case .start(let token, let invocation, let context):
                    let key = Int(truncatingIfNeeded: token.rawValue)
                    invocations.set(key, Task { [weak self] in
                        let event: Event?
                        do {
                            event = try await invocation.work(context)
                        } catch {
                            event = Task.isCancelled ? nil : invocation.failure(error)
                        }
                        self?.invocationEnded(token, event: event)
                    })
                case .cancel(let token):
                    invocations.cancel(Int(truncatingIfNeeded: token.rawValue))
                }
            }
        }
        schedule()
    }

    private func invocationEnded(_ token: InvocationToken, event: Event?) {
        guard invocations.remove(Int(truncatingIfNeeded: token.rawValue)) else { return }
        catchUp()
        if let event {
            if let result = engine.withInstance({ $0.deliverInvocationResult(event, token: token) }) {
                publishStep(.invocationResult, event, result)
                refresh()
            }
        } else {
            engine.withInstance { $0.invocationFinished(token) }
        }
        settle()
    }

    /// Sleeps until the next delayed event is due, then catches up.
    private func schedule() {
        let instance = engine.instance
        guard instance.isRunning, let due = instance.nextDelayedEventTime else {
            timer.set(0, nil)
            return
        }
        let sleep = clock.sleep
        timer.set(0, Task { [weak self] in
            do { try await sleep(due) } catch { return }
            self?.timerFired()
        })
    }

    private func timerFired() {
        catchUp()
        settle()
    }
}
