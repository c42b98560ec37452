import Statecharts
import Testing

/// docs/guides/apps-and-servers.md, the stream of steps: its samples, line for line
/// (DocSampleCheckTests checks that the page shows exactly these lines).
@Suite("Apps and servers guide: the stream of steps")
struct StepsGuideSampleTests {
    enum Door: Hashable, Sendable { case closed, opened, locked }
    enum Input: StatechartEvent, Hashable { case open, close, lock, unlock }
    struct Stats: Sendable { var openings = 0 }

    @Test("for await step in runner.steps")
    func steps() async throws {
        let door = try Statechart<Door, Input, Stats> {
            State(.closed) {
                On(.open, to: .opened) { $0.openings += 1 }
                On(.lock, to: .locked)
            }
            State(.opened) { On(.close, to: .closed) }
            State(.locked) { On(.unlock, to: .closed) }
        }

        let runner = StatechartRunner(chart: door, context: Stats(), clock: ContinuousClock())
        let steps = runner.steps                        // the steps from now on
        await runner.send(.open)
        await runner.send(.lock)                        // refused in opened
        await runner.stop()                             // finishes every stream
        var events: [Input] = []
        var configurations: [[Door]] = []
        for await step in steps {
            events.append(step.event)                   // also: step.result, step.transitions, step.cause
            configurations.append(step.configuration)
        }
        // events: [.open, .lock]; configurations: [[.opened], [.opened]]

        #expect(events == [.open, .lock])
        #expect(configurations == [[.opened], [.opened]])
    }
}
