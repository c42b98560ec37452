import Logging
import Statecharts
import StatechartsLogging
import Testing

@Suite("Logging observer: levels and metadata on swift-log")
struct StatechartLogObserverTests {
    enum Door: Hashable, Sendable { case closed, opened, locked }
    enum Input: StatechartEvent, Hashable { case open, close, lock, unlock, spin }

    static func chart() throws -> Statechart<Door, Input, Int> {
        try Statechart<Door, Input, Int>("door") {
            State(.closed) {
                On(.open, to: .opened) { $0 += 1 }
                On(.lock, to: .locked)
                // Spinning starts an eventless loop that never settles: the instance stops.
                On(.spin, to: .opened) { $0 = -1 }
                Always(to: .opened, guard: Guard("spinning") { count, _ in count < 0 })
            }
            State(.opened) {
                Always(to: .closed, guard: Guard("spinning") { count, _ in count < 0 })
                On(.close, to: .closed)
            }
            State(.locked) { On(.unlock, to: .closed) }
        }
    }

    @Test("start and a step log at info with chart, instance, event, from and to")
    func steps() throws {
        let (logger, store) = capturingLogger(level: .info)
        let chart = try Self.chart()
        var log = StatechartLogObserver(chart: chart, instance: "front", logger: logger)
        var door = chart.makeInstance(context: 0)
        door.start(logging: &log)
        door.send(.open, logging: &log)

        #expect(store.lines.map(\.message) == ["started", "step"])
        let started = try #require(store.lines("started").first)
        #expect(started.level == .info)
        #expect(started.metadata["to"] == "closed")
        #expect(started.metadata["event"] == nil)
        let step = try #require(store.lines("step").first)
        #expect(step.level == .info)
        #expect(step.metadata["chart"] == "door")
        #expect(step.metadata["instance"] == "front")
        #expect(step.metadata["event"] == "open")
        #expect(step.metadata["from"] == "closed")
        #expect(step.metadata["to"] == "opened")
        #expect(step.metadata["transitions"] == chart.transitions(of: .closed).first?.description)
    }

    @Test("transitions at debug with their source and targets, states at trace")
    func transitionsAndStates() throws {
        let (logger, store) = capturingLogger(level: .trace)
        let chart = try Self.chart()
        var log = StatechartLogObserver(chart: chart, instance: "front", logger: logger)
        var door = chart.start(context: 0)
        door.send(.lock, logging: &log)

        #expect(store.lines.map(\.message) == ["exited", "transition", "entered", "step"])
        let transition = try #require(store.lines("transition").first)
        #expect(transition.level == .debug)
        #expect(transition.metadata["from"] == "closed")
        #expect(transition.metadata["to"] == "locked")
        #expect(transition.metadata["event"] == "lock")
        #expect(transition.metadata["instance"] == "front")
        #expect(store.lines("exited").first?.metadata["state"] == "closed")
        #expect(store.lines("entered").first?.level == .trace)
        #expect(store.lines("entered").first?.metadata["state"] == "locked")
    }

    @Test("a refused event at notice, an event to a stopped instance at warning, a runtime error at error")
    func refusedNotRunningAndErrors() throws {
        let (logger, store) = capturingLogger(level: .info)
        let chart = try Self.chart()
        var log = StatechartLogObserver(chart: chart, instance: "front", logger: logger)
        var door = chart.start(context: 0)

        door.send(.close, logging: &log)
        let refused = try #require(store.lines("refused").first)
        #expect(refused.level == .notice)
        #expect(refused.metadata["event"] == "close")
        #expect(refused.metadata["from"] == "closed")

        door.send(.spin, logging: &log)
        let stopped = try #require(store.lines("stopped").first)
        #expect(stopped.level == .error)
        #expect(stopped.metadata["event"] == "spin")
        #expect(stopped.metadata["error"]?.contains("did not settle") == true)

        door.send(.open, logging: &log)
        let notRunning = try #require(store.lines("not running").first)
        #expect(notRunning.level == .warning)
        #expect(notRunning.metadata["event"] == "open")
    }

    @Test("the logger's level filters, and levels can be changed")
    func levels() throws {
        let (logger, store) = capturingLogger(level: .notice)
        let chart = try Self.chart()
        var log = StatechartLogObserver(chart: chart, instance: "front", logger: logger)
        var door = chart.start(context: 0)
        door.send(.open, logging: &log)
        door.send(.open, logging: &log)
        #expect(store.lines.map(\.message) == ["refused"])

        store.clear()
        log.levels = StatechartLogObserver.Levels(steps: .notice, refused: .debug)
        door.send(.close, logging: &log)
        door.send(.close, logging: &log)
        #expect(store.lines.map(\.message) == ["step"])
        #expect(store.lines.first?.level == .notice)
    }

    @Test("delayed events delivered by the clock are logged as steps")
    func delayedEvents() throws {
        enum T: StatechartEvent, Hashable { case arm, ring }
        let chart = try Statechart<Door, T, Void>("alarm") {
            State(.closed) { On(.arm, to: .locked) { _, _, outbox in outbox.send(.ring, after: .seconds(1)) } }
            State(.locked) { On(.ring, to: .opened) }
            State(.opened)
        }
        let (logger, store) = capturingLogger(level: .info)
        var log = StatechartLogObserver(chart: chart, instance: "hall", logger: logger)
        var alarm = chart.start()
        alarm.send(.arm, logging: &log)
        alarm.advanceClock(by: .seconds(2), logging: &log)
        #expect(store.lines.map(\.message) == ["step", "step"])
        #expect(store.lines.last?.metadata["event"] == "ring")
        #expect(store.lines.last?.metadata["to"] == "opened")
    }

    @Test("a runner's steps, recorded, log as the instance's would")
    func runnerSteps() async throws {
        let (logger, store) = capturingLogger(level: .info)
        let chart = try Self.chart()
        let log = StatechartLogObserver(chart: chart, instance: "front", logger: logger)
        let runner = StatechartRunner(chart: chart, context: 0, clock: ContinuousClock())
        let steps = runner.steps
        await runner.send(.open)
        await runner.send(.open)
        await runner.stop()
        for await step in steps { log.record(step) }
        #expect(store.lines.map(\.message) == ["step", "refused"])
        #expect(store.lines.first?.metadata["to"] == "opened")
    }
}
