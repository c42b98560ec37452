import Foundation
import Statecharts

/// An event an instance sent out with `outbox.sendToParent(_:)`, as a delivery handler gets it.
public struct DurableMessage<Event: StatechartEvent & Codable>: Sendable {
    /// The message's stable id (`<instance>/<version>/<n>`): the same on every delivery attempt,
    /// so that a receiver drops duplicates by it.
    public let id: String
    /// The instance that sent it.
    public let instanceID: String
    /// The instance's version that the sending step wrote.
    public let version: Int64
    /// The event.
    public let event: Event
}

/// Delivers one message; throwing leaves it pending, to be delivered again.
public typealias DurableOutboxHandler<Event: StatechartEvent & Codable> = @Sendable (DurableMessage<Event>) async throws -> Void

/// What one round of ``DurableStore/deliverOutbox(limit:to:)`` did.
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
    /// Hands the pending outbox messages, oldest first and at most `limit`, to `handler`, and
    /// marks each delivered when the handler returns.
    ///
    /// Delivery is at least once: a message is marked delivered after the handler returns, so a
    /// crash in between delivers it again, with the same ``DurableMessage/id``. A handler that
    /// throws leaves the message pending (its error and attempts are recorded) and holds back the
    /// later messages of the same instance until the next round, so each instance's messages
    /// arrive in order. A message that does not decode is quarantined.
    public func deliverOutbox(limit: Int = 100, to handler: DurableOutboxHandler<Event>) async -> DurableOutboxRound {
        var round = DurableOutboxRound()
        let pending: [DurableOutboxRecord]
        do {
            pending = try await storage.withTransaction(.read) { try await $0.pendingOutbox(limit: max(1, limit)) }
        } catch {
            round.failures.append((id: "", error: error))
            return round
        }
        var heldBack: Set<String> = []
        for record in pending where !heldBack.contains(record.instanceID) {
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
                    try await handler(DurableMessage(id: record.id, instanceID: record.instanceID, version: record.version, event: event))
                } catch {
                    heldBack.insert(record.instanceID)
                    round.failures.append((id: record.id, error: error))
                    try await storage.withTransaction(.write) { try await $0.recordOutboxFailure(record.id, error: "\(error)") }
                    continue
                }
                let now = clock.milliseconds()
                try await storage.withTransaction(.write) { try await $0.markOutboxDelivered(record.id, atMillis: now) }
                round.delivered += 1
            } catch {
                heldBack.insert(record.instanceID)
                round.failures.append((id: record.id, error: error))
            }
        }
        return round
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
            return (DurableMessage(id: row.record.id, instanceID: row.record.instanceID, version: row.record.version, event: event),
                    row.delivered)
        }
    }
}
