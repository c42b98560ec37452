import Statecharts
import Testing

/// One compiled chart shared by many tasks, each with its own instance, and one runner fed from
/// many tasks at once: the results must be exactly those of a sequential run. `make tsan` runs
/// these under ThreadSanitizer, which must report nothing.
@Suite("Concurrency: a shared chart and a shared runner under load")
struct ConcurrencyStressTests {
    enum S: Hashable, Sendable { case idle, counting, paused, timed, done }
    enum E: StatechartEvent, Hashable { case start, tick, pause, resume, timeout, stop }
    struct Counts: Sendable, Equatable { var ticks = 0, timeouts = 0, entries = 0 }

    /// Nested states, delayed events with ids, cancellation, internal transitions.
    static func makeChart() throws -> Statechart<S, E, Counts> {
        try Statechart<S, E, Counts> {
            State(.idle) { On(.start, to: .counting) }
            State(.timed) {
                OnEntry { $0.entries += 1 }
                On(.stop, to: .done)
                On(.timeout, to: .paused) { $0.timeouts += 1 }
                State(.counting) {
                    OnEntry { _, _, outbox in outbox.send(.timeout, after: .milliseconds(30), id: "t") }
                    OnExit { _, _, outbox in outbox.cancel("t") }
                    On(.tick) { $0.ticks += 1 }
                    On(.pause, to: .paused)
                }
                State(.paused) { On(.resume, to: .counting) }
            }
            Final(.done)
        }
    }

    /// A deterministic script of events for worker `seed`.
    static func script(seed: UInt64, length: Int) -> [(E, Duration)] {
        var random = SplitMix64(seed: seed)
        let events: [E] = [.tick, .tick, .tick, .pause, .resume, .start]
        return (0..<length).map { _ in (events[random.below(events.count)], .milliseconds(random.below(20))) }
    }

    static func run(_ chart: Statechart<S, E, Counts>, _ script: [(E, Duration)]) -> (Counts, [S], Duration) {
        var instance = chart.start(context: Counts())
        instance.send(.start)
        for (event, elapsed) in script {
            instance.send(event)
            instance.advanceClock(by: elapsed)
        }
        return (instance.context, instance.configuration, instance.now)
    }

    @Test("64 tasks run their own instances of one chart and each gets the sequential result")
    func sharedChart() async throws {
        let chart = try Self.makeChart()
        let scripts = (0..<64).map { Self.script(seed: UInt64($0), length: 400) }
        let expected = scripts.map { Self.run(chart, $0).0 }
        let results = await withTaskGroup(of: (Int, Counts).self) { group in
            for (i, script) in scripts.enumerated() {
                group.addTask { (i, Self.run(chart, script).0) }
            }
            var results = Array(repeating: Counts(), count: scripts.count)
            for await (i, counts) in group { results[i] = counts }
            return results
        }
        #expect(results == expected)
        #expect(expected.contains { $0.timeouts > 0 } && expected.contains { $0.ticks > 50 })
    }

    @Test("one runner fed from 16 tasks at once counts every tick exactly once")
    func sharedRunner() async throws {
        let clock = ManualClock()
        let runner = StatechartRunner(chart: try Self.makeChart(), context: Counts(), clock: clock)
        await runner.send(.start)
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<16 {
                group.addTask {
                    for i in 0..<200 {
                        await runner.send(.tick)
                        if i == worker { clock.advance(by: .milliseconds(1)) }
                    }
                }
            }
        }
        let counts = await runner.instance.context
        // Every tick arrived while `counting` was active: the clock moved 16 ms at most, before
        // the 30 ms timeout.
        #expect(counts.ticks == 16 * 200)
        #expect(counts.timeouts == 0)
        #expect(await runner.configuration == [.timed, .counting])
        await runner.send(.stop)
        #expect(await runner.isFinished)
    }
}
