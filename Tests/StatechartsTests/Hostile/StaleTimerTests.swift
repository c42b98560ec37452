import Foundation
import Statecharts
import Testing

/// Found by FuzzSnapshot: a snapshot whose pending event is due long before its clock. Delivering
/// it moved the clock back, and a state that reschedules the event on delivery then delivered it
/// every 500 ms of virtual time all the way up to the clock's target: a hang.
@Suite("Hostile: a snapshot with a delayed event due before its clock")
struct StaleTimerTests {
    enum S: String, Hashable, Sendable, Codable { case off, p, left, l1, l2, right, r1, r2, h }
    enum E: String, StatechartEvent, Hashable, Codable { case power, ping }

    static func chart() throws -> Statechart<S, E, Int> {
        try Statechart<S, E, Int> {
            State(.off) { On(.power, to: .h) }
            Parallel(.p) {
                History(.h, .deep, default: .left)
                On(.ping) { count, _, outbox in count += 1; outbox.send(.ping, after: .milliseconds(500)) }
                State(.left) { State(.l1); State(.l2) }
                State(.right) { State(.r1); State(.r2) }
            }
        }
    }

    @Test("the fuzzer's input, as JSON: refused for its stale due time and its duplicated memory")
    func fuzzerInput() throws {
        let chart = try Self.chart()
        // The clock at 42,120,000,002 × 2⁶⁴ attoseconds (about 777 billion seconds), the ping due
        // at about 22 seconds.
        let json = """
        {"configuration":["off"],"externalQueue":["ping"],"history":["h",["l2","r2","r2"]],
         "now":[42120000002,0],"pendingEvents":[{"due":[1,3744500000000000000],"event":"ping","id":"ping"}],
         "status":"running"}
        """
        let snapshot = try JSONDecoder().decode(StatechartSnapshot<S, E>.self, from: Data(json.utf8))
        #expect {
            _ = try chart.restore(snapshot, context: 0, verifyingFingerprint: false)
        } throws: { error in
            guard let problems = (error as? SnapshotRestoreError)?.problems else { return false }
            return problems.contains { $0.hasPrefix("pending event 0 is due at") && $0.contains("before the clock's time") }
                && problems.contains("history 'h' remembers 'r2' more than once")
        }
    }

    @Test("a due time equal to the clock's is accepted, and the event is delivered at once")
    func dueNow() throws {
        let chart = try Self.chart()
        let snapshot = StatechartSnapshot<S, E>(
            status: .running, configuration: [.p, .left, .l1, .right, .r1], now: .seconds(10),
            pendingEvents: [.init(due: .seconds(10), event: .ping, id: nil)], chartFingerprint: chart.fingerprint)
        var instance = try chart.restore(snapshot, context: 0)
        let delivered = instance.advanceClock(by: .seconds(2))
        // 10 s, then every 500 ms up to 12 s.
        #expect(delivered.map(\.time) == [10, 10.5, 11, 11.5, 12].map { Duration.milliseconds(Int($0 * 1000)) })
        #expect(instance.context == 5)
    }
}

/// Found by FuzzSnapshot: a finished snapshot holding a pending event. Finishing drops the queues,
/// so the event could never be delivered, and advancing the clock left it behind the clock's time:
/// the instance's own next snapshot did not restore.
@Suite("Hostile: a finished or stopped snapshot with events still waiting")
struct EventsAfterTheEndTests {
    enum S: String, Hashable, Sendable, Codable { case a, done }
    enum E: String, StatechartEvent, Hashable, Codable { case go, ping }

    @Test("refused, whether finished or stopped, pending or queued", arguments: [
        (StatechartSnapshot<S, E>.Status.finished, true), (.finished, false), (.stopped, true), (.stopped, false),
    ])
    func refused(status: StatechartSnapshot<S, E>.Status, pending: Bool) throws {
        let chart = try Statechart<S, E, Void> {
            State(.a) { On(.go, to: .done) }
            Final(.done)
        }
        let snapshot = StatechartSnapshot<S, E>(
            status: status, configuration: [.done],
            pendingEvents: pending ? [.init(due: .zero, event: .ping, id: "ping")] : [],
            externalQueue: pending ? [] : [.ping], chartFingerprint: chart.fingerprint)
        #expect {
            _ = try chart.restore(snapshot, context: ())
        } throws: { error in
            (error as? SnapshotRestoreError)?.problems == ["a \(status.rawValue) instance has no pending or queued events"]
        }
    }
}
