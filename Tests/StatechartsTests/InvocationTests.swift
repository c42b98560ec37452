import Statecharts
import Testing

@Suite("Invocations: asynchronous work of active states")
struct InvocationTests {
    enum S: Hashable, Sendable { case idle, loading, passing, showing, failed }
    enum E: StatechartEvent, Hashable {
        case load, cancel, loaded(Int), failed(String), skip
        enum Name: Hashable, Sendable { case load, cancel, loaded, failed, skip }
        var name: Name {
            switch self {
            case .load: .load
            case .cancel: .cancel
            case .loaded: .loaded
            case .failed: .failed
            case .skip: .skip
            }
        }
    }
    struct LoadError: Error {}

    static func chart(work: @escaping @Sendable (Int) async throws -> E?) throws -> Statechart<S, E, Int> {
        try Statechart<S, E, Int> {
            State(.idle) {
                On(.load, to: .loading)
                On(.skip, to: .passing)
            }
            State(.loading) {
                Invoke("fetch", work: work, failure: { .failed("\($0)") })
                On(.loaded, to: .showing) { context, event, _ in if case .loaded(let n)? = event { context = n } }
                On(.failed, to: .failed)
                On(.cancel, to: .idle)
            }
            State(.passing) {
                Invoke("never started", work: work)
                Always(to: .idle)
            }
            State(.showing)
            State(.failed)
        }
    }

    @Test("entering starts the work with a copy of the context; the result is sent back")
    func startAndDeliver() throws {
        var machine = try Self.chart { $0 == 7 ? .loaded(42) : nil }.start(context: 7)
        #expect(machine.takeInvocationRequests().isEmpty)
        machine.send(.load)
        let requests = machine.takeInvocationRequests()
        #expect(requests.count == 1)
        guard case .start(let token, let invocation, let context)? = requests.first else {
            Issue.record("expected a start request")
            return
        }
        #expect(context == 7)
        #expect(invocation.name == "fetch")
        #expect(machine.isInvocationActive(token))
        let result = machine.deliverInvocationResult(.loaded(42), token: token)
        #expect(result?.isAccepted == true)
        #expect(machine.activeLeaves == [.showing])
        #expect(machine.context == 42)
        #expect(!machine.isInvocationActive(token))
    }

    @Test("exiting cancels the work and its late result is dropped")
    func cancelOnExit() throws {
        var machine = try Self.chart { _ in .loaded(1) }.start(context: 0)
        machine.send(.load)
        guard case .start(let token, _, _)? = machine.takeInvocationRequests().first else {
            Issue.record("expected a start request")
            return
        }
        machine.send(.cancel)
        let requests = machine.takeInvocationRequests()
        #expect(requests.count == 1)
        if case .cancel(let cancelled)? = requests.first { #expect(cancelled == token) } else { Issue.record("expected a cancel request") }
        #expect(machine.deliverInvocationResult(.loaded(1), token: token) == nil)
        #expect(machine.activeLeaves == [.idle])
    }

    @Test("a state entered and exited within one macrostep starts nothing (SCXML statesToInvoke)")
    func transient() throws {
        var machine = try Self.chart { _ in .loaded(1) }.start(context: 0)
        machine.send(.skip)
        #expect(machine.activeLeaves == [.idle])
        #expect(machine.takeInvocationRequests().isEmpty)
    }

    @Test("the runner runs the work and sends its result")
    func runner() async throws {
        let runner = StatechartRunner(chart: try Self.chart { .loaded($0 + 1) }, context: 1, clock: ManualClock())
        await runner.send(.load)
        #expect(await RunnerTests.eventually { await runner.isActive(.showing) })
        #expect(await runner.instance.context == 2)
        #expect(await runner.runningInvocationCount == 0)
    }

    @Test("the runner maps a failure to an event")
    func failure() async throws {
        let runner = StatechartRunner(chart: try Self.chart { _ in throw LoadError() }, context: 0, clock: ManualClock())
        await runner.send(.load)
        #expect(await RunnerTests.eventually { await runner.isActive(.failed) })
    }

    @Test("the runner cancels the work of an exited state")
    func runnerCancels() async throws {
        let clock = ManualClock()
        let runner = StatechartRunner(chart: try Self.chart { _ in
            try await clock.sleep(until: clock.now.advanced(by: .seconds(60)), tolerance: nil)
            return .loaded(99)
        }, context: 0, clock: clock)
        await runner.send(.load)
        #expect(await RunnerTests.eventually { clock.sleeperCount == 1 })
        await runner.send(.cancel)
        #expect(await RunnerTests.eventually { clock.sleeperCount == 0 })
        #expect(await RunnerTests.eventually { await runner.runningInvocationCount == 0 })
        clock.advance(by: .seconds(120))
        for _ in 0..<100 { await Task.yield() }
        #expect(await runner.configuration == [.idle])
    }
}
