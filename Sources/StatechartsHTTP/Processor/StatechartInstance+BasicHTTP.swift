import Statecharts
import StatechartsSCXML

extension StatechartInstance where StateID == String, Event == SCXMLEvent, Context == SCXMLContext {
    /// Runs an SCXML instance until it is idle, with events arriving over HTTP: gives it each
    /// event `processor` received for its session, waits while its background HTTP sends are on
    /// their way, and advances its virtual clock to the next delayed event only when neither is
    /// left.
    ///
    /// So a delayed `timeout` never overtakes an HTTP event the chart sent itself: the clock moves
    /// only once every send has been answered (or failed). (A send that waits for its answer,
    /// the default, is over before the instance goes on.) Events posted by others while the
    /// instance is idle are given to it by the next call.
    ///
    /// - Parameters:
    ///   - processor: the processor the instance's session was started with.
    ///   - limit: the most events (received or delayed) given to the instance in this call.
    ///   - wait: the longest this call waits, in all, for sends in flight; past it the call returns
    ///     with sends still in flight. The processor's own timeouts normally end a send sooner.
    /// - Returns: how many events were given to the instance.
    @discardableResult
    public mutating func runUntilIdle(with processor: BasicHTTPEventProcessor, limit: Int = 100_000,
                                      wait: Duration = .seconds(30)) async -> Int {
        let session = context.session.sessionID
        let deadline = ContinuousClock.now.advanced(by: wait)
        var delivered = 0
        while isRunning, delivered < limit {
            let received = processor.takeEvents(forSession: session)
            if !received.isEmpty {
                for event in received where isRunning {
                    send(event)
                    delivered += 1
                }
                continue
            }
            if processor.sendsInFlight(forSession: session) > 0 {
                guard ContinuousClock.now < deadline else { break }
                await processor.waitForEvents(forSession: session, until: deadline)
                continue
            }
            guard let due = nextDelayedEventTime else { break }
            // A round that only moved invoked children's events counts as one, so a chart whose
            // children keep rescheduling still ends within `limit`.
            delivered += max(1, advanceClock(by: due - now, limit: limit - delivered).count)
        }
        return delivered
    }
}
