import Statecharts
import Testing

/// Delayed events are kept in a heap: many pending timers (a restored snapshot, a chart that
/// schedules a lot) are delivered in order without quadratic costs.
@Suite("Hostile: many pending delayed events")
struct TimerQueueTests {
    enum E: StatechartEvent, Hashable, Codable {
        case tick(Int), go
        enum Name: Hashable, Sendable { case tick, go }
        var name: Name { if case .tick = self { return .tick } else { return .go } }
    }

    static func counter() throws -> Statechart<String, E, [Int]> {
        try Statechart<String, E, [Int]> {
            State("a") { On(.tick, actions: [Action("record") { context, event in
                if case .tick(let n)? = event { context.append(n) }
            }]) }
        }
    }

    @Test("200,000 pending events restored from a snapshot are delivered in due order (ties in sending order)")
    func manyRestored() throws {
        let chart = try Self.counter()
        let count = 200_000
        // Due times descend in blocks, so the snapshot's order is far from the delivery order.
        let pending = (0..<count).map { i in
            StatechartSnapshot<String, E>.PendingEvent(due: .milliseconds((count - i) / 4), event: .tick(i), id: nil)
        }
        let snapshot = StatechartSnapshot<String, E>(status: .running, configuration: ["a"], pendingEvents: pending,
                                                     chartFingerprint: chart.fingerprint)
        var instance = try chart.restore(snapshot, context: [])
        #expect(instance.pendingDelayedEventCount == count)
        let delivered = instance.runUntilIdle(limit: .max)
        #expect(delivered.count == count)
        let expected = (0..<count).sorted { a, b in
            let (da, db) = ((count - a) / 4, (count - b) / 4)
            return da != db ? da < db : a < b
        }
        #expect(instance.context == expected)
        #expect(instance.pendingDelayedEventCount == 0)
    }

    @Test("random schedules and cancellations deliver exactly what a sorted list would", arguments: 1...20)
    func randomSchedules(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let chart = try Statechart<String, E, [Int]> {
            State("a") {
                On(.go, actions: [Action("schedule") { context, _, outbox in
                    // The schedule is carried in the context: (delay ms, id) pairs, then cleared.
                    for (k, n) in context.enumerated() where n >= 0 {
                        outbox.send(.tick(n), after: .milliseconds(1 + n % 37), id: "id\(n % 7)")
                        if k % 11 == 10 { outbox.cancel("id\(n % 7)") }
                    }
                    context = []
                }])
                On(.tick, actions: [Action("record") { context, event in
                    if case .tick(let n)? = event { context.append(n) }
                }])
            }
        }
        var instance = chart.start(context: [])
        var expected: [(due: Int, sequence: Int, n: Int, id: String)] = []
        var sequence = 0
        var delivered: [Int] = []
        for round in 0..<5 {
            let batch = (0..<random.below(200)).map { _ in random.below(10_000) }
            instance.context = batch
            let now = Int(instance.now / .milliseconds(1))
            for (k, n) in batch.enumerated() {
                expected.append((now + 1 + n % 37, sequence, n, "id\(n % 7)"))
                sequence += 1
                if k % 11 == 10 { expected.removeAll { $0.id == "id\(n % 7)" } }
            }
            instance.send(.go)
            let step = Duration.milliseconds(random.below(30))
            instance.advanceClock(by: step)
            delivered += instance.context
            instance.context = []
            let reached = Int(instance.now / .milliseconds(1))
            let due = expected.filter { $0.due <= reached }.sorted { ($0.due, $0.sequence) < ($1.due, $1.sequence) }
            expected.removeAll { $0.due <= reached }
            #expect(delivered.suffix(due.count) == ArraySlice(due.map(\.n)), "round \(round)")
        }
        #expect(instance.pendingDelayedEventCount == expected.count)
    }
}
