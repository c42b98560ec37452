import Foundation
import Statecharts
import StatechartsDurable
import Testing

/// Outbox rounds claim their messages with a lease: concurrent rounds, on two storage objects on
/// one database, hand each message out once, each instance's in order; a lease that ran out
/// makes its messages deliverable again.
@Suite("Durable store: outbox leases")
struct DurableOutboxLeaseTests {
    /// `count` orders, each paid and then shipped: two messages each (versions 2 and 3).
    static func paidAndShipped(_ count: Int, in store: OrderStore, clock: ManualClock) async throws -> [String] {
        let ids = (0..<count).map { "o\($0)" }
        for id in ids {
            try await store.create(id, context: Order())
            try await store.send(.pay, to: id)
        }
        clock.advance(by: .seconds(6))
        #expect(await store.deliverDueTimers(limit: count).delivered == count)
        return ids
    }

    /// Rounds of `limit` messages until every message is delivered (at most `rounds` rounds).
    static func deliverAll(_ store: OrderStore, limit: Int, rounds: Int, to handler: @escaping DurableOutboxHandler<OrderEvent>) async throws {
        for _ in 0..<rounds {
            let round = await store.deliverOutbox(limit: limit, to: handler)
            #expect(round.failures.isEmpty)
            if round.delivered == 0, try await store.outboxMessages().allSatisfy(\.delivered) { return }
        }
    }

    @Test("two stores delivering at once hand each message to a handler exactly once, each instance's in order",
          arguments: storageKinds)
    func concurrentRoundsDeliverOnce(_ kind: StorageKind) async throws {
        try await withStore(kind) { store, database, clock in
            let ids = try await Self.paidAndShipped(24, in: store, clock: clock)
            let (second, storage) = try await openStore(database, clock: clock)
            let received = Received()
            let byStore = [Received(), Received()]
            let handlers: [DurableOutboxHandler<OrderEvent>] = byStore.map { mine in
                { message in
                    received.append(message.position)
                    mine.append(message.position)
                    // A slow receiver: the other store's rounds run meanwhile.
                    try await Task.sleep(for: .milliseconds(2))
                }
            }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, each) in [store, second].enumerated() {
                    group.addTask { try await Self.deliverAll(each, limit: 5, rounds: 200, to: handlers[index]) }
                }
                try await group.waitForAll()
            }
            try await storage.close()

            let counts = Dictionary(received.all.map { ($0, 1) }, uniquingKeysWith: +)
            #expect(counts.count == ids.count * 2)
            #expect(counts.values.allSatisfy { $0 == 1 }, "delivered more than once: \(counts.filter { $0.value > 1 }.keys.sorted())")
            for id in ids {
                #expect(received.all.filter { $0.hasPrefix(id + "/") } == ["\(id)/2/0", "\(id)/3/0"])
            }
            #expect(try await store.outboxMessages().allSatisfy(\.delivered))
            // Both stores did part of the work.
            #expect(byStore.allSatisfy { !$0.all.isEmpty })
        }
    }

    @Test("messages a crashed worker claimed are delivered again once its lease ran out, with the same ids",
          arguments: storageKinds)
    func leaseRunsOut(_ kind: StorageKind) async throws {
        try await withStore(kind) { store, database, clock in
            _ = try await Self.paidAndShipped(2, in: store, clock: clock)
            // Another worker claims every message for 30 s, then crashes (it never delivers).
            let (crashed, storage) = try await openStore(database, clock: clock)
            let now = clock.millis
            let claimed = try await crashed.storage.withTransaction(.write) {
                try await $0.claimOutbox(limit: 100, atMillis: now, leaseUntilMillis: now + 30_000)
            }
            try await storage.close()
            let stored = try await store.outboxMessages().map(\.message.id)
            #expect(claimed.map(\.id).sorted() == stored.sorted())

            let received = Received()
            #expect(await store.deliverOutbox { received.append($0.id) }.delivered == 0)
            clock.advance(by: .seconds(29))
            #expect(await store.deliverOutbox { received.append($0.id) }.delivered == 0)
            clock.advance(by: .seconds(1))
            #expect(await store.deliverOutbox { received.append($0.id) }.delivered == 4)
            #expect(received.all == claimed.map(\.id))
        }
    }

    @Test("a round whose lease runs out hands out no more messages; another round takes them", arguments: storageKinds)
    func roundStopsAtItsLease(_ kind: StorageKind) async throws {
        try await withStore(kind) { store, database, clock in
            _ = try await Self.paidAndShipped(3, in: store, clock: clock)
            let received = Received()
            // The first message takes the whole lease (10 s) and more.
            let slow = await store.deliverOutbox(lease: .seconds(10)) { message in
                received.append(message.position)
                clock.advance(by: .seconds(11))
            }
            #expect(slow.delivered == 1)
            #expect(received.all == ["o0/2/0"])
            let (second, storage) = try await openStore(database, clock: clock)
            let rest = await second.deliverOutbox { received.append($0.position) }
            try await storage.close()
            #expect(rest.delivered == 5)
            // Instances oldest first by their earliest pending message: o0's is now its second.
            #expect(received.all == ["o0/2/0", "o1/2/0", "o1/3/0", "o2/2/0", "o2/3/0", "o0/3/0"])
        }
    }

    @Test("while another worker holds an instance's earliest message, its later ones wait; other instances go on",
          arguments: storageKinds)
    func orderWhileLeased(_ kind: StorageKind) async throws {
        try await withStore(kind) { store, database, clock in
            _ = try await Self.paidAndShipped(2, in: store, clock: clock)
            // Another worker claims one message: o0's first.
            let (other, storage) = try await openStore(database, clock: clock)
            let now = clock.millis
            let claimed = try await other.storage.withTransaction(.write) {
                try await $0.claimOutbox(limit: 1, atMillis: now, leaseUntilMillis: now + 30_000)
            }
            try await storage.close()
            let message = try #require(claimed.first)
            #expect(claimed.count == 1)
            #expect("\(message.instanceID)/\(message.version)/\(message.ordinal)" == "o0/2/0")

            let received = Received()
            #expect(await store.deliverOutbox { received.append($0.position) }.delivered == 2)
            #expect(received.all == ["o1/2/0", "o1/3/0"])
            clock.advance(by: .seconds(30))
            #expect(await store.deliverOutbox { received.append($0.position) }.delivered == 2)
            #expect(received.all == ["o1/2/0", "o1/3/0", "o0/2/0", "o0/3/0"])
        }
    }

    @Test("a failed delivery gives its instance's messages back at once, for the next round", arguments: storageKinds)
    func failureReleases(_ kind: StorageKind) async throws {
        try await withStore(kind) { store, database, clock in
            _ = try await Self.paidAndShipped(1, in: store, clock: clock)
            let failed = await store.deliverOutbox { _ in throw DeliveryRefused() }
            #expect(failed.failures.count == 1)
            // No time passes: another store's round takes both messages, in order.
            let (second, storage) = try await openStore(database, clock: clock)
            let received = Received()
            #expect(await second.deliverOutbox { received.append($0.position) }.delivered == 2)
            try await storage.close()
            #expect(received.all == ["o0/2/0", "o0/3/0"])
        }
    }
}
