import Statecharts
import Testing

@Suite("Live runner: the stream of steps")
struct RunnerStepsTests {
    enum S: Hashable, Sendable { case idle, waiting, timedOut, done }
    enum E: StatechartEvent, Hashable { case ask, timeout, tick, finish }

    static func chart() throws -> Statechart<S, E, Int> {
        try Statechart<S, E, Int> {
            State(.idle) {
                On(.ask, to: .waiting) { _, _, outbox in outbox.send(.timeout, after: .seconds(5), id: "timeout") }
                On(.tick) { $0 += 1 }
                On(.finish, to: .done)
            }
            State(.waiting) { On(.timeout, to: .timedOut) }
            State(.timedOut) { On(.finish, to: .done) }
            Final(.done)
        }
    }

    /// Takes `count` steps from `stream` (fewer if it finishes first).
    static func take(_ count: Int, from stream: AsyncStream<StatechartStep<S, E>>) async -> [StatechartStep<S, E>] {
        var steps: [StatechartStep<S, E>] = []
        for await step in stream {
            steps.append(step)
            if steps.count == count { break }
        }
        return steps
    }

    @Test("for await step in runner.steps: sent and delayed events with their transitions and configuration")
    func sentAndDelayed() async throws {
        let clock = ManualClock()
        let runner = StatechartRunner(chart: try Self.chart(), context: 0, clock: clock)
        let steps = runner.steps
        await runner.send(.timeout)                   // ignored in idle
        await runner.send(.ask)
        #expect(await RunnerTests.eventually { clock.sleeperCount == 1 })
        clock.advance(by: .seconds(5))
        let received = await Self.take(3, from: steps)
        #expect(received.map(\.event) == [.timeout, .ask, .timeout])
        #expect(received.map(\.cause) == [.sent, .sent, .delayed])
        #expect(received.map(\.isAccepted) == [false, true, true])
        #expect(received.map(\.transitions.count) == [0, 1, 1])
        #expect(received.map(\.configuration) == [[.idle], [.waiting], [.timedOut]])
        #expect(received.map(\.time) == [.zero, .zero, .seconds(5)])
    }

    @Test("a slow consumer keeps the newest steps up to its limit; the sequence shows what it missed")
    func slowConsumer() async throws {
        let runner = StatechartRunner(chart: try Self.chart(), context: 0, clock: ContinuousClock())
        let steps = runner.steps(bufferingNewest: 3)
        for _ in 0..<10 { await runner.send(.tick) }
        await runner.stop()
        var sequences: [Int] = []
        for await step in steps { sequences.append(step.sequence) }
        #expect(sequences == [7, 8, 9])
        #expect(await runner.instance.context == 10)
    }

    @Test("every consumer receives every step, each from when it subscribed")
    func severalConsumers() async throws {
        let runner = StatechartRunner(chart: try Self.chart(), context: 0, clock: ContinuousClock())
        let first = runner.steps
        await runner.send(.tick)
        let second = runner.steps
        await runner.send(.tick)
        await runner.send(.finish)
        var firstEvents: [E] = []
        for await step in first { firstEvents.append(step.event) }
        var secondEvents: [E] = []
        for await step in second { secondEvents.append(step.event) }
        #expect(firstEvents == [.tick, .tick, .finish])
        #expect(secondEvents == [.tick, .finish])
    }

    @Test("the streams finish when the chart finishes; a stream made afterwards is empty")
    func finishesWithTheChart() async throws {
        let runner = StatechartRunner(chart: try Self.chart(), context: 0, clock: ContinuousClock())
        let steps = runner.steps
        await runner.send(.finish)
        let received = await Self.take(10, from: steps)
        #expect(received.map(\.configuration) == [[.done]])
        var late = 0
        for await _ in runner.steps { late += 1 }
        #expect(late == 0)
    }

    @Test("stop() finishes the streams and the runner sends nothing more")
    func stop() async throws {
        let clock = ManualClock()
        let runner = StatechartRunner(chart: try Self.chart(), context: 0, clock: clock)
        let steps = runner.steps
        await runner.send(.ask)
        await runner.stop()
        #expect(await runner.send(.tick).outcome == .notRunning)
        clock.advance(by: .seconds(10))
        var events: [E] = []
        for await step in steps { events.append(step.event) }
        #expect(events == [.ask])
        #expect(await runner.configuration == [.waiting])
        #expect(await runner.instance.context == 0)
    }

    @Test("the stream finishes when the runner is released")
    func releasedRunner() async throws {
        var runner: StatechartRunner<S, E, Int, ContinuousClock>? = StatechartRunner(chart: try Self.chart(), context: 0, clock: ContinuousClock())
        let steps = try #require(runner?.steps)
        await runner?.send(.tick)
        runner = nil
        var count = 0
        for await _ in steps { count += 1 }
        #expect(count == 1)
    }

    @Test("a consumer that stops listening is forgotten: with no stream open nothing is published")
    func cancelledConsumer() async throws {
        let streams = StatechartStepStreams<S, E>()
        #expect(!streams.hasSubscribers)
        let consumer = Task {
            var count = 0
            for await _ in streams.makeStream() { count += 1 }
            return count
        }
        #expect(await RunnerTests.eventually { streams.hasSubscribers })
        consumer.cancel()
        #expect(await consumer.value == 0)
        #expect(await RunnerTests.eventually { !streams.hasSubscribers })
        var scratch = try Self.chart().start(context: 0)
        let result = scratch.send(.tick)
        let kept = streams.makeStream()
        streams.publish(cause: .sent, event: .tick, result: result, configuration: [.idle], time: .zero)
        streams.finish()
        var sequences: [Int] = []
        for await step in kept { sequences.append(step.sequence) }
        #expect(sequences == [0])
        #expect(streams.isFinished)
    }
}
