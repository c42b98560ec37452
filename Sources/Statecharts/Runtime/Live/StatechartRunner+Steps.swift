// Not in Embedded Swift: Swift concurrency's tasks, clocks and async streams.
#if !hasFeature(Embedded)
// The runner's stream of steps: every macrostep it runs (events sent, delayed events delivered,
// invocation results), published only while a stream is open.

extension StatechartRunner {
    /// Every step the runner takes from now on, each with its event, the transitions taken and
    /// the configuration after, buffering at most
    /// ``StatechartStepStreams/defaultBufferLimit`` (256) unread steps.
    ///
    /// ```swift
    /// for await step in runner.steps { print(step.event, step.configuration) }
    /// ```
    ///
    /// Each access makes a new stream, which receives every step from then on. A consumer that
    /// falls behind loses the oldest unread steps, never slows the runner, and sees the gap in
    /// ``StatechartStep/sequence``. The stream finishes when the runner stops (``stop()``), when
    /// the instance stops running (a top-level final state, or a runtime error), or when the
    /// runner is released. While no stream is open, the runner builds no step at all.
    public nonisolated var steps: AsyncStream<StatechartStep<StateID, Event>> { stepStreams.makeStream() }

    /// The steps from now on, as ``steps``, buffering at most `limit` unread steps.
    public nonisolated func steps(bufferingNewest limit: Int) -> AsyncStream<StatechartStep<StateID, Event>> {
        stepStreams.makeStream(bufferingNewest: limit)
    }

    /// Publishes a step if a stream is open, and finishes the streams once the instance stopped.
    func publish(_ cause: StatechartStep<StateID, Event>.Cause, _ event: Event, _ result: SendResult, at time: Duration? = nil) {
        if stepStreams.hasSubscribers {
            stepStreams.publish(cause: cause, event: event, result: result,
                                configuration: instance.chart.activeStates(in: result.to), time: time ?? instance.now)
        }
        if !instance.isRunning { stepStreams.finish() }
    }
}
#endif
