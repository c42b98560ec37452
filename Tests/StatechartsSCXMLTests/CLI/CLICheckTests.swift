import Foundation
import Testing

/// `statechart check`: its lines, its JSON and its exit statuses.
@Suite("statechart check")
struct CLICheckTests {
    static let flawed = """
    <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="a">
      <state id="a">
        <onentry><raise event="nobody.listens"/></onentry>
        <transition event="go" target="b"/>
        <transition event="go" target="island"/>
      </state>
      <state id="b"><transition event="back" target="a"/></state>
      <state id="island"><transition event="back" target="a"/></state>
    </scxml>
    """

    func run(_ text: String, _ arguments: [String]) async throws -> (CLIProcess.Result, String) {
        try await CLIProcess.run(chart: text, arguments)
    }

    /// The package's root, from this file's path.
    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    @Test("the media player has no findings: exit 0, nothing printed")
    func mediaPlayer() async throws {
        let path = Self.root.appendingPathComponent("Examples/SCXML/media-player.scxml").path
        let result = try await CLIProcess.run(["check", path])
        #expect(result.status == 0)
        #expect(result.stdout == "")
    }

    @Test("findings print FILE:LINE:COL: warning: KIND: message in document order, exit 1")
    func readable() async throws {
        let (result, path) = try await run(Self.flawed, ["check", "FILE"])
        #expect(result.status == 1)
        #expect(result.lines == [
            "\(path):3:14: warning: unused-event: event 'nobody.listens' is sent but no transition matches it",
            "\(path):5:5: warning: shadowed-transition: transition 'go' → 'island' can never be taken: the earlier transition 'go' → 'b' has no guard and matches every event it matches",
            "\(path):8:3: warning: unreachable-state: state 'island' can never be entered: no transition, initial state or history default leads to it",
        ])
    }

    @Test("--json prints one object per finding")
    func json() async throws {
        let (result, _) = try await run(Self.flawed, ["check", "FILE", "--json", "--allow", "unused-event,unreachable-state"])
        #expect(result.status == 1)
        #expect(result.lines == [
            #"{"kind":"shadowed-transition","state":"a","transition":"root/a#2","line":5,"column":5,"message":"transition 'go' → 'island' can never be taken: the earlier transition 'go' → 'b' has no guard and matches every event it matches"}"#,
        ])
    }

    @Test("--allow silences kinds; with every finding silenced the exit status is 0")
    func allow() async throws {
        let (result, _) = try await run(Self.flawed, ["check", "FILE", "--allow", "unused-event", "--allow", "shadowed-transition,unreachable-state"])
        #expect(result.status == 0)
        #expect(result.stdout == "")
    }

    @Test("usage errors exit 2: an unknown kind, a missing file argument")
    func usage() async throws {
        let (unknown, _) = try await run(Self.flawed, ["check", "FILE", "--allow", "unreachable"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown kind 'unreachable'"))
        #expect(try await CLIProcess.run(["check"]).status == 2)
    }

    @Test("a chart that cannot be loaded: its problems on standard error, exit 1")
    func unloadable() async throws {
        let (result, path) = try await run("<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" version=\"1.0\"><state id=\"a\"><transition target=\"zz\"/></state></scxml>", ["check", "FILE"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(path):1:"))
    }
}
