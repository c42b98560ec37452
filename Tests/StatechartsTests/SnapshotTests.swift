import Foundation
@_spi(Testing) import Statecharts
import Testing

@Suite("Snapshots")
struct SnapshotTests {
    enum S: String, Hashable, Sendable, Codable { case off, on, idle, busy, h, p, left, l1, l2, right, r1, r2 }
    enum E: String, StatechartEvent, Hashable, Codable { case power, work, split, l, r, ping }

    static func chart(singlePathPlans: Bool) throws -> Statechart<S, E, [String]> {
        try Statechart<S, E, [String]>(singlePathPlans: singlePathPlans) {
            State(.off) { On(.power, to: .h) }
            State(.on) {
                On(.power, to: .off)
                History(.h, .deep, default: .idle)
                State(.idle) { On(.work, to: .busy) { _, _, outbox in outbox.send(.ping, after: .seconds(3), id: "ping") } }
                State(.busy) { On(.split, to: .p); On(.ping) { $0.append("ping") } }
                Parallel(.p) {
                    On(.ping) { $0.append("ping in p") }
                    State(.left) { State(.l1) { On(.l, to: .l2) }; State(.l2) }
                    State(.right) { State(.r1) { On(.r, to: .r2) }; State(.r2) }
                }
            }
        }
    }

    @Test("a snapshot survives JSON and the restored instance behaves identically", arguments: [true, false])
    func roundTrip(singlePathPlans: Bool) throws {
        let chart = try Self.chart(singlePathPlans: singlePathPlans)
        var original = chart.start(context: [])
        for event in [E.power, .work, .split, .l, .power] { original.send(event) }
        original.advanceClock(by: .seconds(1))
        let snapshot = original.snapshot()
        #expect(snapshot.configuration == [.off])
        #expect(snapshot.history[.h] == [.l2, .r1])
        #expect(snapshot.pendingEvents.count == 1)
        #expect(snapshot.now == .seconds(1))

        let data = try JSONEncoder().encode(snapshot)
        let decoded = try JSONDecoder().decode(StatechartSnapshot<S, E>.self, from: data)
        #expect(decoded == snapshot)
        var restored = try chart.restore(decoded, context: original.context)
        #expect(restored.configuration == original.configuration)

        for event in [E.power, .r] {
            original.send(event)
            restored.send(event)
            #expect(restored.configuration == original.configuration)
        }
        #expect(original.configuration == [.on, .p, .left, .l2, .right, .r2])
        original.advanceClock(by: .seconds(5))
        restored.advanceClock(by: .seconds(5))
        #expect(restored.context == original.context)
        #expect(original.context == ["ping in p"])
        #expect(restored.snapshot() == original.snapshot())
    }


    @Test("restoring a snapshot that does not fit the chart is an error naming each problem", arguments: [true, false])
    func invalid(singlePathPlans: Bool) throws {
        let chart = try Self.chart(singlePathPlans: singlePathPlans)
        let snapshot = StatechartSnapshot<S, E>(status: .running, configuration: [.on, .idle, .busy], history: [.idle: [.off]])
        #expect {
            _ = try chart.restore(snapshot, context: [])
        } throws: { error in
            guard let error = error as? SnapshotRestoreError else { return false }
            return error.problems.contains { $0.contains("root/on") && $0.contains("exactly one active child, not 2") }
                && error.problems.contains { $0.contains("'idle' is not a history state") }
        }
        let orphan = StatechartSnapshot<S, E>(status: .running, configuration: [.l1])
        #expect(throws: SnapshotRestoreError.self) { _ = try chart.restore(orphan, context: []) }
    }

    @Test("a not-started snapshot restores an instance that starts normally", arguments: [true, false])
    func notStarted(singlePathPlans: Bool) throws {
        let chart = try Self.chart(singlePathPlans: singlePathPlans)
        let snapshot = chart.makeInstance(context: []).snapshot()
        #expect(snapshot.status == .notStarted)
        var restored = try chart.restore(snapshot, context: [])
        #expect(restored.configuration.isEmpty)
        restored.start()
        #expect(restored.configuration == [.off])
    }
}

// MARK: - Copies and snapshots

extension SnapshotTests {

    static func timerChart<Sg: LockstepSignal>(_: Sg.Type, singlePathPlans: Bool) throws -> Statechart<String, Sg, Trace> {
        typealias D = Logged<Sg>
        return try Statechart<String, Sg, Trace>(singlePathPlans: singlePathPlans) {
            D.state("a") { On(.go, to: "b", actions: [D.log("t a→b"), D.send("tick later", .tick, after: .seconds(5))]) }
            D.state("b") {
                On(.go, to: "a", actions: [D.log("t b→a")])
                On(.tick, actions: [D.logWithEvent("b ticks")])
            }
        }
    }

    @Test("copying an instance and sending to the copy leaves the original as it was", arguments: Numbering.allCases)
    func copiesAreValues(_ numbering: Numbering) throws {
        try Self.copiesAreValues(numbering.type)
    }

    static func copiesAreValues<Sg: LockstepSignal>(_: Sg.Type) throws {
        // Every transition of this chart has a plan the direct table can take.
        var lock = try Lockstep<Sg> { try MicrostepOrderTests.nested(Sg.self, singlePathPlans: $0) }
        lock.start()
        let saved = lock.direct
        var copy = lock.direct
        var oracleCopy = lock.observed
        var recorder = StatechartTraceRecorder<String, Sg>()
        for event in [Sg.go, .back, .up] {
            let copied = copy.send(event)
            #expect(copied == oracleCopy.send(event, observer: &recorder), "\(event)")
            #expect(copy.context == oracleCopy.context, "\(event)")
        }
        #expect(copy.configuration == ["A", "A2"])
        #expect(lock.direct.configuration == ["A", "A1", "A11"])
        #expect(lock.direct.context == saved.context)
        #expect(lock.direct.snapshot() == saved.snapshot())
        // The original goes on from where it was.
        #expect(lock.send(.up).lines == ["-A11", "-A1", "t A11→A2", "+A2"])

        // With a pending delayed event (out-of-line storage) in the original.
        var timed = try Lockstep<Sg> { try timerChart(Sg.self, singlePathPlans: $0) }
        timed.start()
        _ = timed.send(.go)
        #expect(timed.direct.pendingDelayedEventCount == 1)
        let before = timed.direct
        var second = timed.direct
        var secondOracle = timed.observed
        for event in [Sg.go, .go, .stray, .go, .go] {
            #expect(second.send(event) == secondOracle.send(event, observer: &recorder), "\(event)")
        }
        #expect(second.pendingDelayedEventCount == 3)
        let delivered = second.advanceClock(by: .seconds(5))
        #expect(delivered.map(\.result) == secondOracle.advanceClock(by: .seconds(5)).map(\.result))
        #expect(second.context == secondOracle.context)
        #expect(second.context.lines.suffix(2) == ["b ticks [tick]", "b ticks [tick]"])
        #expect(timed.direct.pendingDelayedEventCount == 1)
        #expect(timed.direct.snapshot() == before.snapshot())
        #expect(timed.direct.context == before.context)
        #expect(timed.send(.go).lines == ["-b", "t b→a", "+a"])
    }

    @Test("snapshot, restore (into either compilation) and continue: the same results as the uninterrupted run")
    func snapshotRestoreContinue() throws {
        // Seed 3: at move 60 the instance runs, in P2, with both history memories set.
        let moves = PropertyTests.moves(seed: 3, count: 120)
        var uninterrupted = try Lockstep<TaggedSignal> { try PropertyTests.workshop(TaggedSignal.self, singlePathPlans: $0) }
        uninterrupted.start()
        let split = 60
        for move in moves[..<split] { PropertyTests.apply(move, to: &uninterrupted) }
        let snapshot = uninterrupted.direct.snapshot()
        #expect(snapshot.status == .running)
        #expect(snapshot.configuration == ["P", "P2"])
        #expect(snapshot.history.count == 2, "the snapshot should carry both history memories")
        var resumed = uninterrupted
        try resumed.replaceInstances { try $0.restore(snapshot, context: uninterrupted.direct.context) }
        var checked = 0
        for (i, move) in moves[split...].enumerated() {
            guard case .event(let k) = move else {
                PropertyTests.apply(move, to: &uninterrupted)
                PropertyTests.apply(move, to: &resumed)
                continue
            }
            let event = TaggedSignal.all[k]
            let expected = uninterrupted.sendAll(event)
            let step = resumed.sendAll(event)
            #expect(resumed.difference(step) == nil, "move \(split + i): \(event)")
            #expect(step.direct == expected.direct, "move \(split + i): \(event)")
            #expect(step.general == expected.direct, "move \(split + i): \(event)")
            #expect(resumed.direct.context == uninterrupted.direct.context, "move \(split + i): \(event)")
            #expect(resumed.direct.snapshot() == uninterrupted.direct.snapshot(), "move \(split + i): \(event)")
            checked += 1
        }
        #expect(checked > 40)
    }

    /// A snapshot may carry an external queue (`StatechartSnapshot.externalQueue`); the general
    /// algorithm processes it after the next event's macrostep.
    @Test("events a restored snapshot holds in its external queue run after the next event that takes a transition",
          arguments: Numbering.allCases)
    func restoredExternalQueueAfterTransition(_ numbering: Numbering) throws {
        try Self.restoredExternalQueueAfterTransition(numbering.type)
    }

    static func queueChart<Sg: LockstepSignal>(_: Sg.Type, singlePathPlans: Bool) throws -> Statechart<String, Sg, Trace> {
        typealias D = Logged<Sg>
        return try Statechart<String, Sg, Trace>(singlePathPlans: singlePathPlans) {
            D.state("a") { On(.go, to: "b", actions: [D.log("t a→b")]) }
            D.state("b") { On(.back, to: "c", actions: [D.log("t b→c")]) }
            D.state("c")
        }
    }

    static func restoredExternalQueueAfterTransition<Sg: LockstepSignal>(_: Sg.Type) throws {
        var lock = try Lockstep<Sg> { try queueChart(Sg.self, singlePathPlans: $0) }
        let snapshot = StatechartSnapshot<String, Sg>(status: .running, configuration: ["a"], externalQueue: [.back])
        try lock.replaceInstances { try $0.restore(snapshot, context: Trace(), verifyingFingerprint: false) }
        let (result, lines) = lock.send(.go)
        #expect(lines == ["-a", "t a→b", "+b", "-b", "t b→c", "+c"])
        #expect(lock.names(result) == ["a→b", "b→c"])
        #expect(lock.direct.configuration == ["c"])
        #expect(lock.direct.snapshot().externalQueue.isEmpty)
    }

    @Test("events a restored snapshot holds in its external queue run after the next event even when it is ignored",
          arguments: Numbering.allCases)
    func restoredExternalQueueAfterIgnoredEvent(_ numbering: Numbering) throws {
        try Self.restoredExternalQueueAfterIgnoredEvent(numbering.type)
    }

    static func restoredExternalQueueAfterIgnoredEvent<Sg: LockstepSignal>(_: Sg.Type) throws {
        var lock = try Lockstep<Sg> { try queueChart(Sg.self, singlePathPlans: $0) }
        let snapshot = StatechartSnapshot<String, Sg>(status: .running, configuration: ["a"], externalQueue: [.go])
        try lock.replaceInstances { try $0.restore(snapshot, context: Trace(), verifyingFingerprint: false) }
        let (result, lines) = lock.send(.stray)
        #expect(lines == ["-a", "t a→b", "+b"])
        #expect(lock.names(result) == ["a→b"])
        #expect(lock.direct.configuration == ["b"])
        #expect(lock.direct.snapshot().externalQueue.isEmpty)
    }
}

// MARK: - Copies

extension SnapshotTests {

    @Test("copies of an instance in a parallel configuration stay independent")
    func copiesAreIndependent() throws {
        var quad = try Lockstep<RegionEvent> { try ParallelTests.cycling(singlePathPlans: $0) }
        quad.start()
        quad.send(.enter)
        _ = quad.direct.send(.go)
        var recorder = StatechartTraceRecorder<String, RegionEvent>()
        _ = quad.observed.send(.go, observer: &recorder)
        var copy = quad.direct
        var oracleCopy = quad.observed
        let originalLog = quad.direct.context.lines

        // The copy moves on; the original has not changed.
        let copyResult = copy.send(.go)
        let oracleCopyResult = oracleCopy.send(.go, observer: &recorder)
        #expect(copyResult == oracleCopyResult)
        #expect(copy.context == oracleCopy.context)
        #expect(quad.direct.context.lines == originalLog)
        #expect(quad.direct.activeLeaves == ["C11", "C21", "C31", "C41"])
        #expect(copy.activeLeaves == ["C12", "C22", "C32", "C42"])

        // The original takes a different event; both keep their results.
        let originalResult = quad.direct.send(.tick)
        let oracleOriginalResult = quad.observed.send(.tick, observer: &recorder)
        #expect(originalResult == oracleOriginalResult)
        #expect(quad.direct.activeLeaves == ["C10", "C20", "C31", "C41"])
        #expect(copy.activeLeaves == ["C12", "C22", "C32", "C42"])
        #expect(quad.names(copyResult) == ["C11→C12", "C21→C22", "C31→C32", "C41→C42"])
        #expect(quad.names(originalResult) == ["C11→C10", "C21→C20"])

        // More sends on both, alternately, all kept.
        var results: [(SendResult, SendResult)] = []
        for event in [RegionEvent.go, .tick, .go, .poke, .go] {
            results.append((copy.send(event), oracleCopy.send(event, observer: &recorder)))
            results.append((quad.direct.send(event), quad.observed.send(event, observer: &recorder)))
        }
        for (i, pair) in results.enumerated() {
            #expect(pair.0 == pair.1, "result \(i)")
            #expect(Lockstep<RegionEvent>.describe(pair.0, quad.planned) == Lockstep<RegionEvent>.describe(pair.1, quad.oracle), "result \(i)")
        }
        #expect(copyResult == oracleCopyResult)
        #expect(quad.names(copyResult) == ["C11→C12", "C21→C22", "C31→C32", "C41→C42"])
        #expect(quad.names(originalResult) == ["C11→C10", "C21→C20"])
        #expect(copy.context == oracleCopy.context)
        #expect(quad.direct.context == quad.observed.context)
        #expect(copy.configuration == oracleCopy.configuration)
        #expect(quad.direct.configuration == quad.observed.configuration)
        #expect(copy.context != quad.direct.context)
    }
}
