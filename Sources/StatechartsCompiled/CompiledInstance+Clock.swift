import Statecharts

extension CompiledInstance {
    /// Advances the clock by `duration`, delivering each delayed event that falls due, each with
    /// its macrostep, as ``Statecharts/StatechartInstance/advanceClock(by:limit:)`` does. The
    /// deliveries run on the plain instance's route, with the same results.
    @discardableResult
    public mutating func advanceClock(by duration: Duration, limit: Int = 100_000) -> [DelayedDelivery<Chart.Event>] {
        base.advanceClock(by: duration, limit: limit)
    }

    /// Advances the clock, handing each delivery to `onDelivery` instead of collecting them, as
    /// ``Statecharts/StatechartInstance/advanceClock(by:limit:onDelivery:)`` does: the form for
    /// firmware that advances the clock from its timer tick.
    @discardableResult
    public mutating func advanceClock(by duration: Duration, limit: Int = 100_000,
                                      onDelivery: (DelayedDelivery<Chart.Event>) -> Void) -> Int {
        base.advanceClock(by: duration, limit: limit, onDelivery: onDelivery)
    }
}
