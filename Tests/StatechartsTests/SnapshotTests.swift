import Foundation
import Statecharts
import Testing

@Suite("Snapshots")
struct SnapshotTests {
    enum S: String, Hashable, Sendable, Codable { case off, on, idle, busy, h, p, left, l1, l2, right, r1, r2 }
    enum E: String, StatechartEvent, Hashable, Codable { case power, work, split, l, r, ping }

    static func chart() throws -> Statechart<S, E, [String]> {
        try Statechart<S, E, [String]> {
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

    @Test("a snapshot survives JSON and the restored instance behaves identically")
    func roundTrip() throws {
        let chart = try Self.chart()
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


    @Test("restoring a snapshot that does not fit the chart is an error naming each problem")
    func invalid() throws {
        let chart = try Self.chart()
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

    @Test("a not-started snapshot restores an instance that starts normally")
    func notStarted() throws {
        let chart = try Self.chart()
        let snapshot = chart.makeInstance(context: []).snapshot()
        #expect(snapshot.status == .notStarted)
        var restored = try chart.restore(snapshot, context: [])
        #expect(restored.configuration.isEmpty)
        restored.start()
        #expect(restored.configuration == [.off])
    }
}
