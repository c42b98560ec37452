import Statecharts
import StatechartsInspector
import Testing

/// The swift blocks of README.md's inspector section and of docs/inspector.md, compiled and run
/// (DocSampleCheckTests holds them to it, line for line).
@Suite("Docs: inspector samples")
struct InspectorSampleTests {
    enum Mode: Hashable, Sendable { case stopped, playing }
    enum Button: StatechartEvent, Hashable, CaseIterable { case play, stop }
    struct Counters: Sendable, Codable { var plays = 0 }

    enum Door: Hashable, Sendable { case closed, opened }
    enum Input: StatechartEvent, Hashable, CaseIterable { case open, close }
    struct Stats: Sendable, Codable { var openings = 0 }

    @Test("README: attach an instance in three lines")
    func readme() async throws {
        let chart = try Statechart<Mode, Button, Counters>("player") {
            State(.stopped) { On(.play, to: .playing) { $0.plays += 1 } }
            State(.playing) { On(.stop, to: .stopped) }
        }
        let inspector = try await StatechartInspector.start()   // prints "Inspector: http://127.0.0.1:PORT/?token=…"
        let player = inspector.attach(chart, context: Counters(), name: "living-room player")
        player.send(.play)                                       // the app sends here from now on
        #expect(player.configuration == [.playing])
        #expect(player.context.plays == 1)
        await inspector.stop()
    }

    @Test("docs/inspector.md: attach an instance")
    func guide() async throws {
        let chart = try Statechart<Door, Input, Stats>("door") {
            State(.closed) { On(.open, to: .opened) { $0.openings += 1 } }
            State(.opened) { On(.close, to: .closed) }
        }
        let inspector = try await StatechartInspector.start()   // prints "Inspector: http://127.0.0.1:PORT/?token=…"
        let door = inspector.attach(chart, context: Stats(), name: "front door")
        door.send(.open)                                         // send here from now on, from any thread
        #expect(door.configuration == [.opened])
        #expect(inspector.url.hasPrefix("http://127.0.0.1:"))
        await inspector.stop()
    }
}
