import Foundation
import Statecharts
import StatechartsDurable
import Testing

/// Outbox message ids: stable across delivery attempts, unique across the incarnations of an
/// instance id (an instance deleted and created again).
@Suite("Durable store: outbox message ids")
struct DurableOutboxIdentityTests {
    @Test("an instance created again after a delete sends out at a version it sent at before", arguments: storageKinds)
    func recreateAfterDelete(_ kind: StorageKind) async throws {
        try await withStore(kind) { store, _, clock in
            try await store.create("o1", context: Order())
            try await store.send(.pay, to: "o1")
            #expect(try await store.delete("o1"))
            // The first incarnation's message stays in the outbox, pending.
            clock.advance(by: .seconds(1))
            try await store.create("o1", context: Order())
            // Version 2 again, and ordinal 0 again: the same place as the first incarnation's message.
            try await store.send(.pay, to: "o1")
            let messages = try await store.outboxMessages(of: "o1").map(\.message)
            #expect(messages.map(\.version) == [2, 2])
            #expect(messages.map(\.ordinal) == [0, 0])
            #expect(Set(messages.map(\.id)).count == 2)
            #expect(messages.allSatisfy { $0.id.hasPrefix("o1/") })

            let received = Received()
            let round = await store.deliverOutbox { received.append($0.id) }
            #expect(round.delivered == 2)
            #expect(round.failures.isEmpty)
            #expect(Set(received.all) == Set(messages.map(\.id)))
            #expect(try await store.outboxMessages(of: "o1").map(\.delivered) == [true, true])
        }
    }

    @Test("a recreated instance in the same millisecond still gets new ids", arguments: storageKinds)
    func recreateInSameMillisecond(_ kind: StorageKind) async throws {
        try await withStore(kind) { store, _, _ in
            for _ in 0..<3 {
                try await store.create("o1", context: Order())
                try await store.send(.pay, to: "o1")
                try await store.delete("o1")
            }
            let ids = try await store.outboxMessages(of: "o1").map(\.message.id)
            #expect(ids.count == 3)
            #expect(Set(ids).count == 3)
        }
    }

    @Test("every delivery attempt of a message shows the id stored with it", arguments: storageKinds)
    func idStableAcrossAttempts(_ kind: StorageKind) async throws {
        try await withStore(kind) { store, _, _ in
            try await store.create("o1", context: Order())
            try await store.send(.pay, to: "o1")
            let stored = try #require(try await store.outboxMessages(of: "o1").first?.message.id)
            let received = Received()
            _ = await store.deliverOutbox { message in
                received.append(message.id)
                throw DeliveryRefused()
            }
            _ = await store.deliverOutbox { received.append($0.id) }
            #expect(received.all == [stored, stored])
        }
    }
}
