import Statecharts
import Testing

/// A clock that moves only when told to, for driving ``StatechartRunner`` in tests.
final class ManualClock: Clock, @unchecked Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (a: Instant, b: Instant) -> Bool { a.offset < b.offset }
    }

    private struct Sleeper {
        let id: Int
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let state = Locked<(now: Instant, sleepers: [Sleeper], nextID: Int)>((Instant(offset: .zero), [], 0))

    var now: Instant { state.withLock { $0.now } }
    var minimumResolution: Duration { .nanoseconds(1) }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let id = state.withLock { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow = state.withLock { state -> Bool in
                    if deadline <= state.now || Task.isCancelled { return true }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return false
                }
                if resumeNow { continuation.resume() }
            }
            try Task.checkCancellation()
        } onCancel: {
            let cancelled = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward and wakes the sleepers whose deadline passed.
    func advance(by duration: Duration) {
        let due = state.withLock { state -> [Sleeper] in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    var sleeperCount: Int { state.withLock { $0.sleepers.count } }
}

@Suite("Live runner on an injected clock")
struct RunnerTests {
    enum S: Hashable, Sendable { case idle, waiting, timedOut, answered }
    enum E: StatechartEvent, Hashable { case ask, answer, timeout }

    static func chart() throws -> Statechart<S, E, Int> {
        try Statechart<S, E, Int> {
            State(.idle) {
                On(.ask, to: .waiting) { _, _, outbox in outbox.send(.timeout, after: .seconds(5), id: "timeout") }
            }
            State(.waiting) {
                On(.timeout, to: .timedOut)
                On(.answer, to: .answered) { _, _, outbox in outbox.cancel("timeout") }
            }
            State(.timedOut)
            State(.answered)
        }
    }

    /// Waits (bounded) until the runner's clock sleeper is registered or `condition` holds.
    static func eventually(_ condition: () async -> Bool) async -> Bool {
        for _ in 0..<2_000 {
            if await condition() { return true }
            await Task.yield()
        }
        return await condition()
    }

    @Test("a delayed event fires when the injected clock reaches it, not before")
    func delayedEventFires() async throws {
        let clock = ManualClock()
        let runner = StatechartRunner(chart: try Self.chart(), context: 0, clock: clock)
        await runner.send(.ask)
        #expect(await Self.eventually { clock.sleeperCount == 1 })
        clock.advance(by: .seconds(4))
        #expect(await runner.isActive(.waiting))
        clock.advance(by: .seconds(1))
        #expect(await Self.eventually { await runner.isActive(.timedOut) })
    }

    @Test("a cancelled delayed event never fires")
    func cancelled() async throws {
        let clock = ManualClock()
        let runner = StatechartRunner(chart: try Self.chart(), context: 0, clock: clock)
        await runner.send(.ask)
        clock.advance(by: .seconds(2))
        await runner.send(.answer)
        clock.advance(by: .seconds(10))
        for _ in 0..<100 { await Task.yield() }
        #expect(await runner.configuration == [.answered])
        #expect(await runner.instance.pendingDelayedEventCount == 0)
    }

    @Test("deliveries are reported on the stream")
    func stream() async throws {
        let clock = ManualClock()
        let runner = StatechartRunner(chart: try Self.chart(), context: 0, clock: clock)
        let deliveries = await runner.deliveredEvents()
        await runner.send(.ask)
        #expect(await Self.eventually { clock.sleeperCount == 1 })
        clock.advance(by: .seconds(5))
        var iterator = deliveries.makeAsyncIterator()
        let delivery = await iterator.next()
        #expect(delivery?.event == .timeout)
        #expect(delivery?.time == .seconds(5))
        await runner.stopTimers()
    }
}
