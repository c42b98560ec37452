import Foundation
import Statecharts

/// An event an instance sent out with `outbox.sendToParent(_:)`, as a delivery handler gets it.
public struct DurableMessage<Event: StatechartEvent & Codable>: Sendable {
    /// The message's id: stored with it, the same on every delivery attempt, so that a receiver
    /// drops duplicates by it, and unique in the store, also across an instance deleted and
    /// created again with the same id.
    ///
    /// It reads `<instance>/<origin>/<version>/<n>/<random>`: the instance's id, the wall time in
    /// milliseconds since 1970 when that instance was created (``DurableInstance/originMillis``,
    /// which tells its incarnations apart), the version the sending step wrote, the message's
    /// place among that step's messages (``ordinal``), and 16 random hexadecimal digits (which
    /// keep two incarnations created in the same millisecond apart). For example
    /// `order-1/1700000000000/2/0/9f86d081884c7d65`. Treat it as opaque: match messages by
    /// ``instanceID``, ``version`` and ``ordinal`` rather than by taking it apart.
    public let id: String
    /// The instance that sent it.
    public let instanceID: String
    /// The instance's version that the sending step wrote.
    public let version: Int64
    /// Its place among the events that step sent out (0 first).
    public let ordinal: Int
    /// The event.
    public let event: Event
}

/// Delivers one message; throwing leaves it pending, to be delivered again.
public typealias DurableOutboxHandler<Event: StatechartEvent & Codable> = @Sendable (DurableMessage<Event>) async throws -> Void

/// What one round of ``DurableStore/deliverOutbox(limit:lease:to:)`` did.
public struct DurableOutboxRound: Sendable {
    /// Messages the handler took.
    public var delivered: Int = 0
    /// Messages whose delivery failed (they stay pending) or that cannot be read (they are
    /// quarantined), with the error.
    public var failures: [(id: String, error: any Error)] = []

    /// An empty round.
    public init() {}
}

/// An outbox message that does not decode.
struct UnreadableMessage: Error, CustomStringConvertible {
    let description: String
}

extension DurableStore {
    /// Claims pending outbox messages, at most `limit`, and hands them to `handler`, each
    /// instance's in order, marking each delivered when the handler returns.
    ///
    /// The round first claims its messages in one write transaction
    /// (``DurableTransaction/claimOutbox(limit:atMillis:leaseUntilMillis:)``): a lease of `lease`
    /// on each, during which other rounds, on this store or on any other process or machine
    /// sharing the database, skip them, and skip the later messages of the same instances. So
    /// concurrent rounds hand out different messages, and each instance's messages still arrive
    /// in order. The round hands out no message once its lease ran out.
    ///
    /// Delivery is at least once: a message is marked delivered after the handler returns, so a
    /// crash in between delivers it again, with the same ``DurableMessage/id``, once the lease
    /// ran out. A handler that throws leaves the message pending (its error and attempts are
    /// recorded) and holds back the later messages of the same instance; both are released at
    /// once, for the next round. A message that does not decode is quarantined.
    ///
    /// - Parameters:
    ///   - limit: the most messages the round claims.
    ///   - lease: how long the claimed messages are the round's: choose it longer than the
    ///     handler takes for `limit` messages. When it runs out before the round is done (a
    ///     crashed or stalled worker), another round delivers the messages again. 30 seconds by
    ///     default.
    ///   - handler: delivers one message; throwing leaves it pending.
    public func deliverOutbox(limit: Int = 100, lease: Duration = .seconds(30),
                              to handler: DurableOutboxHandler<Event>) async -> DurableOutboxRound {
        var round = DurableOutboxRound()
        let claimedAt = clock.milliseconds()
        let leaseUntil = claimedAt &+ max(1, lease.millisecondsRoundedUp)
        let claimed: [DurableOutboxRecord]
        do {
            claimed = try await storage.withTransaction(.write) {
                try await $0.claimOutbox(limit: max(1, limit), atMillis: claimedAt, leaseUntilMillis: leaseUntil)
            }
        } catch {
            round.failures.append((id: "", error: error))
            return round
        }
        var heldBack: Set<String> = []
        for (index, record) in claimed.enumerated() where !heldBack.contains(record.instanceID) {
            // Past the lease, another round may hold these messages: leave them to it.
            if clock.milliseconds() >= leaseUntil { break }
            do {
                let event: Event
                switch codec.decode(Event.self, from: record.event, what: "outbox message '\(record.id)'") {
                case .success(let value): event = value
                case .failure(let problem):
                    try await storage.withTransaction(.write) { try await $0.quarantineOutbox(record.id, reason: problem.message) }
                    round.failures.append((id: record.id, error: UnreadableMessage(description: problem.message)))
                    continue
                }
                do {
                    try await handler(DurableMessage(id: record.id, instanceID: record.instanceID, version: record.version,
                                                     ordinal: record.ordinal, event: event))
                } catch {
                    heldBack.insert(record.instanceID)
                    round.failures.append((id: record.id, error: error))
                    let released = Self.rest(of: record.instanceID, in: claimed, from: index)
                    try await storage.withTransaction(.write) { tx in
                        try await tx.recordOutboxFailure(record.id, error: "\(error)")
                        try await tx.releaseOutbox(released)
                    }
                    continue
                }
                let now = clock.milliseconds()
                try await storage.withTransaction(.write) { try await $0.markOutboxDelivered(record.id, atMillis: now) }
                round.delivered += 1
            } catch {
                heldBack.insert(record.instanceID)
                round.failures.append((id: record.id, error: error))
                // The storage failed: give the instance's messages back if it still can, else
                // their lease runs out.
                let released = Self.rest(of: record.instanceID, in: claimed, from: index)
                try? await storage.withTransaction(.write) { try await $0.releaseOutbox(released) }
            }
        }
        return round
    }

    /// The ids of `instanceID`'s messages in `claimed` from `index` on: the failed one and those
    /// it holds back.
    private static func rest(of instanceID: String, in claimed: [DurableOutboxRecord], from index: Int) -> [String] {
        claimed[index...].filter { $0.instanceID == instanceID }.map(\.id)
    }

    /// A handler that delivers messages to instances of this store: `route` names the receiving
    /// instance and the event it gets, or `nil` to drop the message. Each is sent with the
    /// message's id as idempotency key (`outbox:<id>`), so a message delivered twice is applied
    /// once.
    public func deliveringToInstances(
        _ route: @escaping @Sendable (DurableMessage<Event>) -> (instance: String, event: Event)?
    ) -> DurableOutboxHandler<Event> {
        { message in
            guard let (instance, event) = route(message) else { return }
            try await self.send(event, to: instance, idempotencyKey: "outbox:" + message.id)
        }
    }

    /// The outbox messages an instance sent (every instance's when `nil`), in order, with whether
    /// each was delivered.
    public func outboxMessages(of id: String? = nil) async throws -> [(message: DurableMessage<Event>, delivered: Bool)] {
        let rows = try await storage.withTransaction(.read) { try await $0.outbox(of: id) }
        return rows.compactMap { row in
            guard case .success(let event) = codec.decode(Event.self, from: row.record.event, what: "message") else { return nil }
            return (DurableMessage(id: row.record.id, instanceID: row.record.instanceID, version: row.record.version,
                                   ordinal: row.record.ordinal, event: event),
                    row.delivered)
        }
    }
}
