import Statecharts
import Testing

/// Found by FuzzSCXML: a chart whose every delayed tick schedules two more. Each round of
/// `runUntilIdle` delivers everything due at one time, and the rounds doubled: 2, 4, 8, … events,
/// so `runUntilIdle(limit: 200)` never returned, and neither did `advanceClock(by:)`.
@Suite("Hostile: delayed events that schedule ever more delayed events")
struct DoublingTimerTests {
    enum S: Hashable, Sendable { case ticking }
    enum E: StatechartEvent, Hashable { case tick }

    /// Every tick sends two ticks a millisecond later; the context counts the ticks delivered.
    static func chart() throws -> Statechart<S, E, Int> {
        try Statechart<S, E, Int> {
            State(.ticking) {
                OnEntry { _, _, outbox in outbox.send(.tick, after: .milliseconds(1)) }
                On(.tick) { count, _, outbox in
                    count += 1
                    outbox.send(.tick, after: .milliseconds(1))
                    outbox.send(.tick, after: .milliseconds(1))
                }
            }
        }
    }

    @Test("runUntilIdle stops at its limit, within one round", .timeLimit(.minutes(1)))
    func runUntilIdleStopsAtItsLimit() throws {
        var instance = try Self.chart().start(context: 0)
        let delivered = instance.runUntilIdle(limit: 200)
        #expect(delivered.count == 200)
        #expect(instance.context == 200)
        #expect(instance.isRunning)
        // Rounds 1, 2, 4, 8, 16, 32, 64 make 127 events by 7 ms; the 73 more are due at 8 ms.
        #expect(instance.now == .milliseconds(8))
        // 1 + 2 × 200 ticks were scheduled, 200 delivered.
        #expect(instance.pendingDelayedEventCount == 201)
    }

    @Test("advanceClock stops at its limit and keeps the clock where it stopped", .timeLimit(.minutes(1)))
    func advanceClockStopsAtItsLimit() throws {
        var instance = try Self.chart().start(context: 0)
        let delivered = instance.advanceClock(by: .seconds(1), limit: 1_000)
        #expect(delivered.count == 1_000)
        #expect(instance.now == delivered.last?.time)
        #expect(instance.now == .milliseconds(10))
        // The next call goes on from there: the rest of the 10 ms round first.
        let next = instance.advanceClock(by: .zero, limit: 1_000)
        #expect(next.count == 1_023 - 1_000)
        #expect(next.allSatisfy { $0.time == .milliseconds(10) })
    }

    @Test("a chart that does not multiply still reaches the target within the default limit")
    func aSteadyTickerReachesTheTarget() throws {
        let ticker = try Statechart<S, E, Int> {
            State(.ticking) {
                OnEntry { _, _, outbox in outbox.send(.tick, after: .milliseconds(1)) }
                On(.tick) { count, _, outbox in count += 1; outbox.send(.tick, after: .milliseconds(1)) }
            }
        }
        var instance = ticker.start(context: 0)
        let delivered = instance.advanceClock(by: .seconds(5))
        #expect(delivered.count == 5_000)
        #expect(instance.now == .seconds(5))
    }
}
