import Foundation
import Statecharts
import StatechartsDurable
import StatechartsDurableSQLite
import Testing

@Suite("Durable store: create, send, instance, delete, queries")
struct DurableStoreContractTests {
    @Test("create starts the instance; creating it again returns it unchanged", arguments: storageKinds)
    func createIsIdempotent(_ kind: StorageKind) async throws {
        try await withStore(kind) { store, _, _ in
            let first = try await store.create("o1", context: Order(payments: 0, bumps: 7))
            #expect(first.version == 1)
            #expect(first.activeLeaves == [.placed])
            let again = try await store.create("o1", context: Order(payments: 5, bumps: 0))
            #expect(again.version == 1)
            #expect(again.context == Order(payments: 0, bumps: 7))
            #expect(try await store.eventLog(of: "o1").map(\.kind) == [.create])
        }
    }

    @Test("create refuses an id that an instance of another chart has", arguments: storageKinds)
    func createRefusesAnotherChart(_ kind: StorageKind) async throws {
        try await withStore(kind) { store, database, clock in
            try await store.create("o1", context: Order())
            let (other, storage) = try await openStore(database, chart: shortOrderChart, clock: clock)
            await #expect(throws: DurableStoreError.alreadyExists(id: "o1", fingerprint: orderChart.fingerprint,
                                                                  expected: shortOrderChart.fingerprint)) {
                try await other.create("o1", context: Order())
            }
            try await storage.close()
        }
    }

    @Test("a send commits the snapshot, version, timers, outbox, active states and log together", arguments: storageKinds)
    func sendCommitsEverything(_ kind: StorageKind) async throws {
        try await withStore(kind) { store, _, clock in
            let created = try await store.create("o1", context: Order())
            clock.advance(by: .seconds(2))
            let result = try await store.send(.pay, to: "o1")
            #expect(result.outcome == .transitioned)
            let order = try #require(try await store.instance("o1"))
            #expect(order.version == 2)
            #expect(order.activeLeaves == [.paid])
            #expect(order.context.payments == 1)
            // The payment timer was cancelled; the ship timer is due 5 s after the payment.
            #expect(order.instance.pendingDelayedEventCount == 1)
            #expect(order.nextTimerMillis == created.originMillis + 7_000)
            #expect(try await store.instances(inState: .paid) == ["o1"])
            #expect(try await store.instances(inState: .placed) == [])
            let messages = try await store.outboxMessages(of: "o1")
            #expect(messages.map(\.message.position) == ["o1/2/0"])
            #expect(messages.map(\.message.event) == [.paidNotice])
            let log = try await store.eventLog(of: "o1")
            #expect(log.map(\.kind) == [.create, .send])
            #expect(log.last?.version == 2)
        }
    }

    @Test("a key already applied returns the first result and changes nothing", arguments: storageKinds)
    func idempotencyKey(_ kind: StorageKind) async throws {
        try await withStore(kind) { store, _, _ in
            try await store.create("o1", context: Order())
            let first = try await store.send(.pay, to: "o1", idempotencyKey: "payment-77")
            try await store.send(.bump, to: "o1", idempotencyKey: "bump-1")
            let replayed = try await store.send(.pay, to: "o1", idempotencyKey: "payment-77")
            let replayedBump = try await store.send(.bump, to: "o1", idempotencyKey: "bump-1")
            #expect(replayed == first)
            #expect(replayed.outcome == .transitioned)
            #expect(orderChart.activeStates(in: replayed.to) == [.paid])
            #expect(replayedBump.outcome == .transitioned)
            let order = try #require(try await store.instance("o1"))
            #expect(order.version == 3)
            #expect(order.context == Order(payments: 1, bumps: 1))
            #expect(try await store.eventLog(of: "o1").count == 3)
            #expect(try await store.outboxMessages(of: "o1").count == 1)
            // The same key on another instance is another key.
            try await store.create("o2", context: Order())
            #expect(try await store.send(.bump, to: "o2", idempotencyKey: "bump-1").outcome == .transitioned)
            #expect(try await store.instance("o2")?.context.bumps == 1)
        }
    }

    @Test("queries: instances in a state, with pending timers, by fingerprint; delete", arguments: storageKinds)
    func queriesAndDelete(_ kind: StorageKind) async throws {
        try await withStore(kind) { store, _, _ in
            for id in ["a", "b", "c"] { try await store.create(id, context: Order()) }
            try await store.send(.pay, to: "b")
            try await store.send(.cancel, to: "c")
            #expect(try await store.instances(inState: .placed) == ["a"])
            #expect(try await store.instances(inState: .paid) == ["b"])
            #expect(try await store.instances(inState: .cancelled) == ["c"])
            #expect(try await store.instancesWithPendingTimers() == ["a", "b"])
            #expect(try await store.instances() == ["a", "b", "c"])
            #expect(try await store.instances(withFingerprint: shortOrderChart.fingerprint) == [])
            #expect(try await store.delete("b"))
            #expect(try await store.delete("b") == false)
            #expect(try await store.instance("b") == nil)
            #expect(try await store.instancesWithPendingTimers() == ["a"])
            #expect(try await store.instances(inState: .paid) == [])
            await #expect(throws: DurableStoreError.instanceNotFound(id: "b")) { try await store.send(.pay, to: "b") }
            // Its outbox message stays, to be delivered.
            #expect(try await store.outboxMessages(of: "b").count == 1)
        }
    }

    @Test("a step that sends a delayed event out is refused and rolled back", arguments: storageKinds)
    func unsupportedStepIsRolledBack(_ kind: StorageKind) async throws {
        try await withDatabase(kind) { database in
            let (store, storage) = try await openStore(database, chart: delayedOutChart, clock: ManualClock())
            try await store.create("o1", context: Order())
            await #expect(throws: DurableStoreError.self) { try await store.send(.pay, to: "o1") }
            let order = try #require(try await store.instance("o1"))
            #expect(order.version == 1)
            #expect(order.activeLeaves == [.placed])
            #expect(try await store.eventLog(of: "o1").count == 1)
            try await storage.close()
        }
    }
}
