import Foundation
import Statecharts
import StatechartsDurable
import StatechartsDurableLoadKit
import StatechartsDurableSQLite
import Testing

/// The crash test's checker (Examples/DurableLoad): a tiny run in this process passes it, and
/// the same evidence doctored (a key applied twice, a timer lost or fired twice, a context
/// changed, a message never delivered) fails it with the mismatch named.
@Suite("Durable load test: the checker")
struct DurableLoadCheckerTests {
    /// A tiny load run on a new SQLite file with a clock moved by hand: every send of the plan
    /// (repeats too), worker rounds between them, then the clock past every timer.
    static func tinyRun() async throws -> LoadEvidence {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("durable-load-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let storage = try await SQLiteDurableStorage.open(path: folder.appendingPathComponent("load.sqlite").path)
        let now = Locked<Int64>(1_700_000_000_000)
        let store = DurableStore(chart: loadChart, storage: storage, clock: WallClock { now.withLock { $0 } })
        let plan = LoadPlan(seed: 7, instances: 6, events: 120)
        for index in 0..<plan.instances { try await store.create(plan.instanceID(index), context: LoadPlan.initialContext(index)) }
        let delivered = Locked<[String]>([])
        let handler: DurableOutboxHandler<LoadEvent> = { message in delivered.withLock { $0.append(message.id) } }
        for (position, send) in plan.sends.enumerated() {
            try await store.send(send.event, to: plan.instanceID(send.instance), idempotencyKey: send.key)
            now.withLock { $0 += 150 }
            if position % 4 == 0 {
                _ = await store.deliverDueTimers()
                _ = await store.deliverOutbox(to: handler)
            }
        }
        now.withLock { $0 += 10_000 }
        _ = await store.deliverDueTimers()
        _ = await store.deliverOutbox(to: handler)
        let evidence = try await LoadEvidence.gather(from: store, plan: plan, deliveredIDs: delivered.withLock { $0 })
        try await storage.close()
        return evidence
    }

    /// The mismatches of `evidence`, one line each.
    static func mismatches(_ evidence: LoadEvidence) -> [String] {
        LoadChecker().check(evidence).mismatches.map(\.description)
    }

    /// The index of an instance whose log has a send and a timer delivery.
    static func busyInstance(_ evidence: LoadEvidence) throws -> Int {
        try #require(evidence.instances.firstIndex { instance in
            instance.log.contains { $0.kind == .send } && instance.log.contains { $0.kind == .timer }
        })
    }

    @Test("a tiny run passes, with timers scheduled, cancelled and delivered and repeats applied once")
    func tinyRunPasses() async throws {
        let evidence = try await Self.tinyRun()
        let report = LoadChecker().check(evidence)
        #expect(report.mismatches.map(\.description) == [])
        #expect(report.instances == 6)
        #expect(report.sendsApplied == LoadPlan(seed: 7, instances: 6, events: 120).sends.filter { !$0.isRepeat }.count)
        #expect(report.timersDelivered > 0)
        #expect(report.timersCancelled > 0)
        #expect(report.outboxMessages > 0)
    }

    @Test("a send applied twice is reported")
    func doubleApplication() async throws {
        var evidence = try await Self.tinyRun()
        let index = try Self.busyInstance(evidence)
        var instance = evidence.instances[index]
        let send = try #require(instance.log.first { $0.kind == .send })
        var again = send
        again.version = instance.version + 1
        again.atMillis = try #require(instance.log.last).atMillis
        instance.log.append(again)
        instance.version += 1
        evidence.instances[index] = instance
        let found = Self.mismatches(evidence)
        #expect(found.contains { $0.contains("key \(send.idempotencyKey ?? "")") && $0.contains("applied again") })
    }

    @Test("a timer lost, or fired twice, is reported")
    func timerLostOrTwice() async throws {
        let evidence = try await Self.tinyRun()
        let index = try Self.busyInstance(evidence)
        let timerRow = try #require(evidence.instances[index].log.firstIndex { $0.kind == .timer })
        var lost = evidence
        lost.instances[index].log.remove(at: timerRow)
        #expect(Self.mismatches(lost).contains { $0.hasPrefix(evidence.instances[index].id + ": timers delivered at") })
        var twice = evidence
        twice.instances[index].log.insert(evidence.instances[index].log[timerRow], at: timerRow)
        #expect(Self.mismatches(twice).contains { $0.hasPrefix(evidence.instances[index].id + ": timers delivered at") })
    }

    @Test("a context, a configuration or a pending timer that differs is reported with both values")
    func stateDiffers() async throws {
        let evidence = try await Self.tinyRun()
        var doctored = evidence
        doctored.instances[0].context?.total += 1
        doctored.instances[1].snapshot?.configuration = [.onHold]
        doctored.instances[2].snapshot?.pendingEvents.append(.init(due: .seconds(1), event: .ship, id: "ship"))
        let found = Self.mismatches(doctored)
        #expect(found.contains { $0.hasPrefix(evidence.instances[0].id + ": context: expected") })
        #expect(found.contains { $0.hasPrefix(evidence.instances[1].id + ": configuration: expected") && $0.hasSuffix("found [\"onHold\"]") })
        #expect(found.contains { $0.hasPrefix(evidence.instances[2].id + ": timers after the run") })
    }

    @Test("a message never delivered, or missing from the outbox, is reported")
    func outboxProblems() async throws {
        let evidence = try await Self.tinyRun()
        let message = try #require(evidence.outbox.first)
        var undelivered = evidence
        undelivered.deliveredIDs.removeAll { $0 == message.id }
        undelivered.outbox[0].delivered = false
        let found = Self.mismatches(undelivered)
        #expect(found.contains("message \(message.id): delivery: expected recorded by a handler, found never handled"))
        #expect(found.contains("message \(message.id): delivery: expected marked delivered, found pending"))
        var missing = evidence
        missing.outbox.removeFirst()
        #expect(Self.mismatches(missing).contains { $0.hasPrefix("message \(message.position): outbox: expected") })
    }

    @Test("a key the plan sent that never arrived is reported")
    func keyNeverApplied() async throws {
        var evidence = try await Self.tinyRun()
        evidence.instances[0].expectedKeys.insert("k-never-sent")
        #expect(Self.mismatches(evidence).contains { $0.contains("never applied") && $0.contains("k-never-sent") })
    }
}
