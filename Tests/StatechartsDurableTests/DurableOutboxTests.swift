import Foundation
import Statecharts
import StatechartsDurable
import StatechartsDurableSQLite
import Testing

@Suite("Durable store: outbox")
struct DurableOutboxTests {
    @Test("a failing handler gets the message again, with the same id, until it takes it", arguments: storageKinds)
    func atLeastOnce(_ kind: StorageKind) async throws {
        try await withStore(kind) { store, _, _ in
            try await store.create("o1", context: Order())
            try await store.send(.pay, to: "o1")
            let stored = try #require(try await store.outboxMessages(of: "o1").first?.message)
            #expect(stored.position == "o1/2/0")
            let received = Received()
            let failuresLeft = Locked(2)
            let handler: DurableOutboxHandler<OrderEvent> = { message in
                received.append(message.id)
                if failuresLeft.withLock({ left in defer { left -= 1 }; return left > 0 }) { throw DeliveryRefused() }
            }
            let first = await store.deliverOutbox(to: handler)
            #expect(first.delivered == 0)
            #expect(first.failures.map(\.id) == [stored.id])
            #expect(try await store.outboxMessages().map(\.delivered) == [false])
            #expect(await store.deliverOutbox(to: handler).delivered == 0)
            #expect(await store.deliverOutbox(to: handler).delivered == 1)
            #expect(await store.deliverOutbox(to: handler).delivered == 0)
            #expect(received.all == [stored.id, stored.id, stored.id])
            #expect(try await store.outboxMessages().map(\.delivered) == [true])
        }
    }

    @Test("a failed message holds back the later messages of its instance, not the others", arguments: storageKinds)
    func orderPerInstance(_ kind: StorageKind) async throws {
        try await withStore(kind) { store, _, _ in
            for id in ["a", "b"] {
                try await store.create(id, context: Order())
                try await store.send(.pay, to: id)
                try await store.send(.ship, to: id)
            }
            let received = Received()
            let round = await store.deliverOutbox { message in
                if message.position == "a/2/0" { throw DeliveryRefused() }
                received.append(message.position)
            }
            #expect(round.delivered == 2)
            #expect(received.all == ["b/2/0", "b/3/0"])
            #expect(await store.deliverOutbox { received.append($0.position) }.delivered == 2)
            #expect(received.all == ["b/2/0", "b/3/0", "a/2/0", "a/3/0"])
        }
    }

    @Test("messages delivered to instances of the store are applied once, even when delivered twice", arguments: storageKinds)
    func deliveryToInstances(_ kind: StorageKind) async throws {
        try await withStore(kind) { store, _, _ in
            try await store.create("ledger", context: Order())
            try await store.create("o1", context: Order())
            try await store.send(.pay, to: "o1")
            let toLedger = store.deliveringToInstances { message in
                message.event == .paidNotice ? (instance: "ledger", event: .bump) : nil
            }
            #expect(await store.deliverOutbox(to: toLedger).delivered == 1)
            // A redelivery (a crash before the message was marked delivered) changes nothing.
            let message = try #require(try await store.outboxMessages(of: "o1").first?.message)
            try await toLedger(message)
            let ledger = try #require(try await store.instance("ledger"))
            #expect(ledger.context.bumps == 1)
            #expect(ledger.version == 2)
        }
    }
}
