import Statecharts
import Testing

/// A restored clock near the end of `Duration`'s range, or a huge delay, must not trap: the
/// clock saturates at `Int64.max` seconds, and a snapshot's times outside `0...Int64.max` seconds
/// are refused.
@Suite("Hostile: the clock near the end of its range")
struct ClockOverflowTests {
    enum S: String, Hashable, Sendable, Codable { case idle, waiting, done }
    enum E: String, StatechartEvent, Hashable, Codable { case wait, tick }

    static let end = Duration.seconds(Int64.max)

    static func chart(delay: Duration) throws -> Statechart<S, E, Void> {
        try Statechart<S, E, Void> {
            State(.idle) { On(.wait, to: .waiting) { _, _, outbox in outbox.send(.tick, after: delay) } }
            State(.waiting) { On(.tick, to: .done) }
            State(.done)
        }
    }

    @Test("advancing a clock restored one second before its end saturates instead of trapping")
    func advanceNearTheEnd() throws {
        let chart = try Self.chart(delay: .seconds(5))
        let snapshot = StatechartSnapshot<S, E>(status: .running, configuration: [.idle], now: Self.end - .seconds(1),
                                                chartFingerprint: chart.fingerprint)
        var instance = try chart.restore(snapshot, context: ())
        instance.advanceClock(by: .seconds(10))
        #expect(instance.now == Self.end)
        instance.advanceClock(by: Self.end)
        #expect(instance.now == Self.end)
        // A delay past the end falls due at the end, and is delivered there.
        instance.send(.wait)
        #expect(instance.nextDelayedEventTime == Self.end)
        let delivered = instance.advanceClock(by: .seconds(1))
        #expect(delivered.map(\.event) == [.tick])
        #expect(instance.configuration == [.done])
    }

    @Test("a delay as long as the clock's range is scheduled at the clock's end")
    func hugeDelay() throws {
        var instance = try Self.chart(delay: Self.end).start()
        instance.advanceClock(by: .seconds(3))
        instance.send(.wait)
        #expect(instance.nextDelayedEventTime == Self.end)
        #expect(instance.runUntilIdle().map(\.event) == [.tick])
    }

    @Test("a snapshot whose clock or due times lie outside 0...Int64.max seconds is refused",
          arguments: [
            (Duration.seconds(-1), Duration.seconds(1), "the clock's time"),
            (Duration.seconds(Int64.max) + .seconds(1), Duration.seconds(1), "the clock's time"),
            (Duration.zero, Duration.seconds(-5), "pending event 0 is due"),
            (Duration.zero, Duration.seconds(Int64.max) * 2, "pending event 0 is due"),
          ])
    func outOfRangeTimes(now: Duration, due: Duration, expected: String) throws {
        let chart = try Self.chart(delay: .seconds(1))
        let snapshot = StatechartSnapshot<S, E>(
            status: .running, configuration: [.waiting], now: now,
            pendingEvents: [.init(due: due, event: .tick, id: nil)], chartFingerprint: chart.fingerprint)
        #expect {
            _ = try chart.restore(snapshot, context: ())
        } throws: { error in
            (error as? SnapshotRestoreError)?.problems.contains { $0.contains(expected) && $0.contains("outside 0...Int64.max seconds") } ?? false
        }
    }
}
