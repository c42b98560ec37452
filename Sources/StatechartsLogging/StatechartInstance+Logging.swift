import Statecharts

extension StatechartInstance {
    /// Starts the instance, logging it to `log` (its states, transitions and the `started` line).
    @discardableResult
    public mutating func start(logging log: inout StatechartLogObserver<StateID, Event, Context>) -> SendResult {
        let result = start(observer: &log)
        log.record(result, event: nil)
        return result
    }

    /// Sends an event, logging what it did to `log`: its states and transitions, then one line
    /// for the step (`step`, `refused`, `not running`, and `stopped` after a runtime error).
    @discardableResult
    public mutating func send(_ event: Event, logging log: inout StatechartLogObserver<StateID, Event, Context>) -> SendResult {
        log.currentEvent = event
        defer { log.currentEvent = nil }
        let result = send(event, observer: &log)
        log.record(result, event: event)
        return result
    }

    /// Advances the clock, logging each delayed event delivered as a step to `log`.
    @discardableResult
    public mutating func advanceClock(by duration: Duration, limit: Int = 100_000,
                                      logging log: inout StatechartLogObserver<StateID, Event, Context>) -> [DelayedDelivery<Event>] {
        let delivered = advanceClock(by: duration, limit: limit, observer: &log)
        for delivery in delivered { log.record(delivery.result, event: delivery.event) }
        return delivered
    }
}
