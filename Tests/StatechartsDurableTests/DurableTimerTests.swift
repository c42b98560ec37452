import Foundation
import Statecharts
import StatechartsDurable
import StatechartsDurableSQLite
import Testing

@Suite("Durable store: timers")
struct DurableTimerTests {
    @Test("a timer that fell due while no process ran fires once after a restart, late", arguments: storageKinds)
    func timerAfterRestart(_ kind: StorageKind) async throws {
        try await withDatabase(kind) { database in
            let clock = ManualClock()
            do {
                let (store, storage) = try await openStore(database, clock: clock)
                try await store.create("o1", context: Order())
                try await store.send(.pay, to: "o1")
                #expect(await store.deliverDueTimers().delivered == 0)
                try await storage.close()
            }
            // No process runs while the ship timer (5 s) falls due and 3 s more pass.
            clock.advance(by: .seconds(8))
            let (store, storage) = try await openStore(database, clock: clock)
            #expect(try await store.instance("o1")?.activeLeaves == [.paid])
            let round = await store.deliverDueTimers()
            #expect(round.delivered == 1)
            #expect(round.failures.isEmpty)
            let order = try #require(try await store.instance("o1"))
            #expect(order.activeLeaves == [.shipped])
            #expect(order.instance.now == .seconds(8))
            let timerRow = try #require(try await store.eventLog(of: "o1").last)
            #expect(timerRow.kind == .timer)
            #expect(timerRow.lateMillis == 3_000)
            #expect(await store.deliverDueTimers().delivered == 0)
            #expect(try await store.instancesWithPendingTimers() == [])
            #expect(try await store.outboxMessages(of: "o1").map(\.message.event) == [.paidNotice, .shippedNotice])
            try await storage.close()
        }
    }

    @Test("workers on two store objects deliver each due timer exactly once", arguments: storageKinds)
    func twoWorkersDeliverOnce(_ kind: StorageKind) async throws {
        try await withStore(kind) { store, database, clock in
            let ids = (0..<12).map { "o\($0)" }
            for id in ids {
                try await store.create(id, context: Order())
                try await store.send(.pay, to: id)
            }
            clock.advance(by: .seconds(6))
            let (second, storage) = try await openStore(database, clock: clock)
            async let a = store.deliverDueTimers(limit: 100)
            async let b = second.deliverDueTimers(limit: 100)
            let (roundA, roundB) = await (a, b)
            #expect(roundA.delivered + roundB.delivered == ids.count)
            #expect(roundA.failures.isEmpty && roundB.failures.isEmpty)
            for id in ids {
                #expect(try await store.eventLog(of: id).filter { $0.kind == .timer }.count == 1)
                #expect(try await store.instance(id)?.activeLeaves == [.shipped])
            }
            try await storage.close()
        }
    }

    @Test("a send first delivers the timers that fell due before it, at their due time", arguments: storageKinds)
    func dueTimerBeforeSend(_ kind: StorageKind) async throws {
        try await withStore(kind) { store, _, clock in
            try await store.create("o1", context: Order())
            clock.advance(by: .seconds(61))
            let result = try await store.send(.pay, to: "o1")
            #expect(result.outcome == .notRunning)
            let order = try #require(try await store.instance("o1"))
            #expect(order.isFinished)
            #expect(order.isActive(.cancelled))
            #expect(try await store.eventLog(of: "o1").map(\.kind) == [.create, .timer, .send])
            #expect(try await store.eventLog(of: "o1")[1].lateMillis == 1_000)
        }
    }

    @Test("a cancelled timer never fires", arguments: storageKinds)
    func cancelledTimer(_ kind: StorageKind) async throws {
        try await withStore(kind) { store, _, clock in
            try await store.create("o1", context: Order())
            // Paying cancels the payment timer (60 s) and sets the ship timer (5 s).
            try await store.send(.pay, to: "o1")
            clock.advance(by: .seconds(120))
            #expect(await store.deliverDueTimers().delivered == 1)
            let order = try #require(try await store.instance("o1"))
            #expect(order.activeLeaves == [.shipped])
            #expect(order.instance.pendingDelayedEventCount == 0)
            let delivered = try await store.eventLog(of: "o1").filter { $0.kind == .timer }.compactMap(\.event)
            #expect(delivered == [Data("\"ship\"".utf8)])
        }
    }

    @Test("a running worker delivers due timers and the outbox until cancelled", arguments: storageKinds)
    func workerRuns(_ kind: StorageKind) async throws {
        try await withStore(kind) { store, _, clock in
            try await store.create("o1", context: Order())
            try await store.send(.pay, to: "o1")
            let received = Received()
            let worker = DurableWorker(store: store, outbox: { received.append($0.position) }, pollInterval: .milliseconds(5))
            let running = Task { await worker.run() }
            clock.advance(by: .seconds(5))
            var shipped = false
            for _ in 0..<400 where !shipped {
                try await Task.sleep(for: .milliseconds(10))
                shipped = try await store.instance("o1")?.activeLeaves == [.shipped] && received.all.count == 2
            }
            running.cancel()
            await running.value
            #expect(shipped)
            #expect(received.all == ["o1/2/0", "o1/3/0"])
        }
    }
}

