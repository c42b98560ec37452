import Statecharts

/// Runs a store's background work: due timers, then the outbox, round after round.
///
/// Any number of workers, in any number of processes, may run on one database: each timer is
/// still delivered exactly once (``DurableStore/deliverDueTimers(limit:)``), and outbox messages
/// at least once, each claimed by one worker at a time
/// (``DurableStore/deliverOutbox(limit:lease:to:)``).
public struct DurableWorker<StateID: Hashable & Sendable & Codable, Event: StatechartEvent & Codable, Context: Sendable>: Sendable {
    /// The store worked on.
    public let store: DurableStore<StateID, Event, Context>
    /// Where outbox messages go; `nil` leaves them pending.
    public let outbox: DurableOutboxHandler<Event>?
    /// How long to wait after a round that found nothing to do.
    public let pollInterval: Duration
    /// At most this many instances' timers, and this many messages, per round.
    public let batchSize: Int
    /// How long the outbox messages a round claims are its own (see
    /// ``DurableStore/deliverOutbox(limit:lease:to:)``).
    public let outboxLease: Duration

    /// A worker on `store`.
    /// - Parameters:
    ///   - store: the store.
    ///   - outbox: where outbox messages go; `nil` leaves them pending.
    ///   - pollInterval: how long to wait after a round that found nothing to do.
    ///   - batchSize: at most this many instances' timers, and this many messages, per round.
    ///   - outboxLease: how long a round's outbox messages are its own: longer than `outbox`
    ///     takes for `batchSize` messages; a crashed worker's messages are delivered again after
    ///     it.
    public init(store: DurableStore<StateID, Event, Context>, outbox: DurableOutboxHandler<Event>? = nil,
                pollInterval: Duration = .milliseconds(100), batchSize: Int = 100, outboxLease: Duration = .seconds(30)) {
        self.store = store
        self.outbox = outbox
        self.pollInterval = pollInterval
        self.batchSize = max(1, batchSize)
        self.outboxLease = outboxLease
    }

    /// One round: the due timers, then the outbox.
    public func runOnce() async -> (timers: DurableTimerRound, outbox: DurableOutboxRound) {
        let timers = await store.deliverDueTimers(limit: batchSize)
        let messages = if let outbox {
            await store.deliverOutbox(limit: batchSize, lease: outboxLease, to: outbox)
        } else {
            DurableOutboxRound()
        }
        return (timers, messages)
    }

    /// Runs rounds until the task is cancelled, waiting `pollInterval` after a round with
    /// nothing to do; `onRound` sees each round that did something or failed.
    public func run(onRound: @Sendable (DurableTimerRound, DurableOutboxRound) async -> Void = { _, _ in }) async {
        while !Task.isCancelled {
            let (timers, messages) = await runOnce()
            let busy = timers.delivered > 0 || messages.delivered > 0
            if busy || !timers.failures.isEmpty || !messages.failures.isEmpty { await onRound(timers, messages) }
            if !busy {
                do { try await Task.sleep(for: pollInterval) } catch { return }
            }
        }
    }
}
