import Logging
import Statecharts
import StatechartsLogging
import Testing

/// docs/guides/apps-and-servers.md, logging: its samples, line for line (DocSampleCheckTests
/// checks that the page shows exactly these lines).
@Suite("Apps and servers guide: logging")
struct LoggingGuideSampleTests {
    enum Door: Hashable, Sendable { case closed, opened, locked }
    enum Input: StatechartEvent, Hashable { case open, close, lock, unlock }
    struct Stats: Sendable { var openings = 0 }

    static func door() throws -> Statechart<Door, Input, Stats> {
        try Statechart<Door, Input, Stats>("door") {
            State(.closed) {
                On(.open, to: .opened) { $0.openings += 1 }
                On(.lock, to: .locked)
            }
            State(.opened) { On(.close, to: .closed) }
            State(.locked) { On(.unlock, to: .closed) }
        }
    }

    @Test("an instance sent events with logging:")
    func instance() throws {
        let door = try Self.door()
        let (logger, store) = capturingLogger(level: .info)

        var log = StatechartLogObserver(chart: door, instance: "front-door", logger: logger)
        var frontDoor = door.makeInstance(context: Stats())
        frontDoor.start(logging: &log)                  // info "started" to=closed
        frontDoor.send(.open, logging: &log)            // info "step" event=open from=closed to=opened
        frontDoor.send(.lock, logging: &log)            // notice "refused" event=lock from=opened

        #expect(store.lines.map(\.message) == ["started", "step", "refused"])
        #expect(store.lines.map(\.level) == [.info, .info, .notice])
        #expect(store.lines[1].metadata == ["chart": "door", "instance": "front-door", "event": "open",
                                            "from": "closed", "to": "opened",
                                            "transitions": "\(door.transitions(of: .closed)[0])"])
    }

    @Test("a runner's steps, logged")
    func runner() async throws {
        let door = try Self.door()
        let (logger, store) = capturingLogger(level: .info)

        let runner = StatechartRunner(chart: door, context: Stats(), clock: ContinuousClock())
        let runnerLog = StatechartLogObserver(chart: door, instance: "back-door", logger: logger)
        let steps = runner.steps
        let logging = Task { for await step in steps { runnerLog.record(step) } }
        await runner.send(.open)
        await runner.stop()
        await logging.value

        #expect(store.lines.map(\.message) == ["step"])
        #expect(store.lines.first?.metadata["instance"] == "back-door")
    }
}
