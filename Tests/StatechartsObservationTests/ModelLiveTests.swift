import Observation
import Statecharts
import StatechartsObservation
import Testing

@MainActor
@Suite("Observable model: delayed events, invocations and steps")
struct ModelLiveTests {
    enum S: Hashable, Sendable { case idle, waiting, timedOut }
    enum E: StatechartEvent, Hashable { case ask, timeout }

    static func chart() throws -> Statechart<S, E, Int> {
        try Statechart<S, E, Int> {
            State(.idle) {
                On(.ask, to: .waiting) { _, _, outbox in outbox.send(.timeout, after: .seconds(5), id: "timeout") }
            }
            State(.waiting) { On(.timeout, to: .timedOut) { $0 += 1 } }
            State(.timedOut)
        }
    }

    @Test("a delayed event fires when the injected clock reaches it, and invalidates the views that read its state")
    func delayedEvent() async throws {
        let clock = ManualClock()
        let model = StatechartModel(chart: try Self.chart(), context: 0, clock: clock)
        model.send(.ask)
        #expect(await eventually { clock.sleeperCount == 1 })
        clock.advance(by: .seconds(4))
        #expect(model.isActive(.waiting))
        let fired = invalidatedLater { _ = model.isActive(.timedOut) }
        clock.advance(by: .seconds(1))
        #expect(await eventually { model.isActive(.timedOut) })
        #expect(fired.value)
        #expect(model[context: \.self] == 1)
    }

    @Test("the steps stream reports sent and delayed events, in order, with the configuration after")
    func steps() async throws {
        let clock = ManualClock()
        let model = StatechartModel(chart: try Self.chart(), context: 0, clock: clock)
        let steps = model.steps
        model.send(.timeout)            // ignored in idle
        model.send(.ask)
        #expect(await eventually { clock.sleeperCount == 1 })
        clock.advance(by: .seconds(5))
        var received: [StatechartStep<S, E>] = []
        for await step in steps {
            received.append(step)
            if received.count == 3 { break }
        }
        #expect(received.map(\.event) == [.timeout, .ask, .timeout])
        #expect(received.map(\.cause) == [.sent, .sent, .delayed])
        #expect(received.map(\.sequence) == [0, 1, 2])
        #expect(received.map(\.result.outcome) == [.ignored, .transitioned, .transitioned])
        #expect(received.map(\.configuration) == [[.idle], [.waiting], [.timedOut]])
        #expect(received.last?.time == .seconds(5))
    }

    @Test("an invocation runs as a task and its result arrives as a step of its own")
    func invocation() async throws {
        enum L: Hashable, Sendable { case loading, shown }
        enum R: StatechartEvent, Hashable { case done }
        let chart = try Statechart<L, R, Int> {
            State(.loading) {
                Invoke("fetch", work: { _ in
                    try await Task.sleep(for: .milliseconds(5))
                    return .done
                }, failure: { _ in nil })
                On(.done, to: .shown) { $0 = 42 }
            }
            State(.shown)
        }
        let model = StatechartModel(chart: chart, context: 0)
        let steps = model.steps
        #expect(model.runningInvocationCount == 1)
        #expect(await eventually { model.isActive(.shown) })
        #expect(model[context: \.self] == 42)
        #expect(model.runningInvocationCount == 0)
        var iterator = steps.makeAsyncIterator()
        let step = await iterator.next()
        #expect(step?.cause == .invocationResult)
        #expect(step?.configuration == [.shown])
    }

    @Test("the stream finishes when the chart finishes, and when the model is released")
    func streamEnds() async throws {
        enum F: Hashable, Sendable { case on, off }
        enum G: StatechartEvent, Hashable { case stop, noop }
        let chart = try Statechart<F, G, Void> {
            State(.on) { On(.stop, to: .off) }
            Final(.off)
        }
        let finishing = StatechartModel(chart: chart, context: ())
        let finishingSteps = finishing.steps
        finishing.send(.stop)
        var count = 0
        for await _ in finishingSteps { count += 1 }
        #expect(count == 1)
        var afterwards = 0
        for await _ in finishing.steps { afterwards += 1 }
        #expect(afterwards == 0)

        var released: StatechartModel<F, G, Void>? = StatechartModel(chart: chart, context: ())
        let releasedSteps = released?.steps
        released?.send(.noop)
        released = nil
        var seen = 0
        if let releasedSteps { for await _ in releasedSteps { seen += 1 } }
        #expect(seen == 1)
    }

    @Test("releasing the model cancels its timer: the delayed event's sleeper goes away")
    func releaseCancelsTimer() async throws {
        let clock = ManualClock()
        var model: StatechartModel<S, E, Int>? = StatechartModel(chart: try Self.chart(), context: 0, clock: clock)
        model?.send(.ask)
        #expect(await eventually { clock.sleeperCount == 1 })
        model = nil
        #expect(await eventually { clock.sleeperCount == 0 })
    }
}

/// A flag set when what `read` reads changes, however much later.
@MainActor
func invalidatedLater(_ read: () -> Void) -> InvalidationFlag {
    let flag = InvalidationFlag()
    withObservationTracking(read) { flag.set() }
    return flag
}
