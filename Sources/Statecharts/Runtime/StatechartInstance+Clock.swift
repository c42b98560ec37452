// Delayed events on the instance's own virtual clock. The clock only moves when told to, so tests
// are exact and fast; a live driver advances it from a real clock.

/// A delayed event the clock delivered, and what its macrostep did.
public struct DelayedDelivery<Event: StatechartEvent>: Sendable {
    /// The event.
    public let event: Event
    /// The clock's time when it was delivered (its due time).
    public let time: Duration
    /// What the instance did with it.
    public let result: SendResult
}

extension StatechartInstance {
    /// The instance's clock: the time since start that it has been advanced to.
    public var now: Duration { extras?.value.now ?? .zero }

    /// How many delayed events are waiting for the clock.
    public var pendingDelayedEventCount: Int { extras?.value.timers.count ?? 0 }

    /// When the next delayed event is due, if any.
    public var nextDelayedEventTime: Duration? {
        guard let extras else { return nil }
        let own = extras.value.timers.first?.due
        guard !extras.value.family.isEmpty, let child = nextChildDue else { return own }
        return own.map { min($0, child) } ?? child
    }

    /// Advances the clock by `duration`, delivering each delayed event that falls due, in due
    /// order (ties in the order sent), each with its full macrostep at its due time. A negative
    /// duration counts as zero; the clock stops at `Int64.max` seconds instead of overflowing.
    ///
    /// At most `limit` delayed events are delivered (a round of invoked children's events counts
    /// as one): a chart whose deliveries schedule ever more events, say two ticks per tick, would
    /// otherwise never return. When the limit cuts the advance short, the clock stays at the due
    /// time of the last delivery and the rest stays pending; ``now`` tells how far it got, and
    /// another call goes on from there.
    @discardableResult
    public mutating func advanceClock(by duration: Duration, limit: Int = 100_000) -> [DelayedDelivery<Event>] {
        var observer = _NoObserver<StateID, Event>()
        return advanceClock(by: duration, limit: limit, observer: &observer)
    }

    /// Advances the clock, reporting to `observer` (see ``advanceClock(by:limit:)``).
    @discardableResult
    public mutating func advanceClock<Observer: StatechartObserver>(by duration: Duration, limit: Int = 100_000,
                                                                   observer: inout Observer) -> [DelayedDelivery<Event>]
    where Observer.StateID == StateID, Observer.Event == Event {
        var delivered: [DelayedDelivery<Event>] = []
        advanceClock(by: duration, limit: limit, observer: &observer) { delivered.append($0) }
        return delivered
    }

    /// Advances the clock like ``advanceClock(by:limit:)``, handing each delivery to `onDelivery`
    /// as it is made instead of collecting them, and returns how many there were. Nothing is
    /// allocated for the deliveries: the form for firmware that advances the clock from its timer
    /// tick (Examples/Embedded).
    @discardableResult
    public mutating func advanceClock(by duration: Duration, limit: Int = 100_000,
                                      onDelivery: (DelayedDelivery<Event>) -> Void) -> Int {
        var observer = _NoObserver<StateID, Event>()
        return advanceClock(by: duration, limit: limit, observer: &observer, onDelivery: onDelivery)
    }

    /// The one loop of the advances above: delivers what falls due by `now + duration`.
    @discardableResult
    mutating func advanceClock<Observer: StatechartObserver>(by duration: Duration, limit: Int, observer: inout Observer,
                                                            onDelivery: (DelayedDelivery<Event>) -> Void) -> Int
    where Observer.StateID == StateID, Observer.Event == Event {
        let target = now.adding(saturating: duration)
        var deliveries = 0
        var work = 0
        while status == .running, work < limit, let due = nextDelayedEventTime, due <= target {
            work += 1
            // An invoked child's event falls due first (the parent's own first on a tie).
            guard extras?.value.timers.first?.due == due, let timer = extras?.value.timers.removeFirst() else {
                deliverChildTimers(at: due, &observer)
                continue
            }
            extras?.value.now = timer.due
            if timer.destination != nil {
                deliverElsewhere(timer, &observer)
                continue
            }
            let result = take(timer.event, chart.resolve(timer.event), &observer)
            deliveries += 1
            onDelivery(DelayedDelivery(event: timer.event, time: timer.due, result: result))
        }
        // Cut short by the limit with events still due: the clock stays where the work stopped.
        let cutShort = work >= limit && status == .running && (nextDelayedEventTime.map { $0 <= target } ?? false)
        if !cutShort, status == .running || extras != nil { withExtras { $0.now = max($0.now, target) } }
        return deliveries
    }

    /// Advances the clock through every pending delayed event until none is left, the chart
    /// finishes, or `limit` events were delivered (a chart that keeps rescheduling never idles).
    @discardableResult
    public mutating func runUntilIdle(limit: Int = 100_000) -> [DelayedDelivery<Event>] {
        var observer = _NoObserver<StateID, Event>()
        return runUntilIdle(limit: limit, observer: &observer)
    }

    /// Advances the clock until idle, reporting to `observer`.
    @discardableResult
    public mutating func runUntilIdle<Observer: StatechartObserver>(limit: Int = 100_000, observer: inout Observer) -> [DelayedDelivery<Event>]
    where Observer.StateID == StateID, Observer.Event == Event {
        var delivered: [DelayedDelivery<Event>] = []
        // Rounds are counted too: a round may deliver only invoked children's events.
        var rounds = 0
        while status == .running, delivered.count < limit, rounds < limit, let due = nextDelayedEventTime {
            // One round delivers what is due at one time, however many that is, within the limit.
            delivered += advanceClock(by: due - now, limit: limit - max(delivered.count, rounds), observer: &observer)
            rounds += 1
        }
        return delivered
    }
}
