import Foundation
import Testing

/// `--script-time-limit` and `--script-memory-limit` on the commands that run charts.
@Suite("statechart script limits")
struct ScriptLimitsCLITests {
    static let endless = """
    <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript">
      <state id="s">
        <onentry><script>while (true) {}</script></onentry>
        <transition event="error.execution" target="caught"><log label="error" expr="_event.data"/></transition>
      </state>
      <state id="caught"/>
    </scxml>
    """

    static let growing = """
    <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript">
      <state id="s">
        <onentry><script>var a = []; for (;;) { a.push('item ' + a.length); }</script></onentry>
        <transition event="error.execution" target="caught"><log label="error" expr="_event.data"/></transition>
      </state>
      <state id="caught"/>
    </scxml>
    """

    /// Runs `statechart` on `text` saved to a file, `FILE` in the arguments standing for its path.
    func run(_ text: String, _ arguments: [String]) async throws -> CLIProcess.Result {
        try await CLIProcess.run(chart: text, arguments).0
    }

    @Test("run --script-time-limit stops an endless script with error.execution")
    func timeLimit() async throws {
        let result = try await run(Self.endless, ["run", "FILE", "--json", "--script-time-limit", "0.05"])
        #expect(result.status == 0)
        #expect(result.lines == [#"{"step":0,"event":null,"configuration":["caught"],"active":["caught"],"finished":false,"#
            + #""errors":[{"event":"error.execution","message":"the script ran longer than its 50 ms budget","line":3,"column":14}]}"#])
        #expect(result.stderr.contains("log: error: the script ran longer than its 50 ms budget"))
    }

    @Test("run --script-memory-limit stops an endless array with error.execution")
    func memoryLimit() async throws {
        let result = try await run(Self.growing, ["run", "FILE", "--script-memory-limit", "8", "--script-time-limit", "30"])
        #expect(result.status == 0)
        #expect(result.lines == ["[0] start -> caught (active: caught)"])
        #expect(result.stderr.contains("log: error: the script's heap exceeded its 8 MiB limit"))
    }

    @Test("trace takes the limits too")
    func traceTakesTheLimits() async throws {
        let directory = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("trace.html").path
        let result = try await run(Self.endless, ["trace", "FILE", "-o", output, "--script-time-limit", "0.05"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("50 ms budget"))
    }

    @Test("a limit that is not a positive number is a usage error")
    func invalidLimits() async throws {
        for arguments in [["--script-time-limit", "0"], ["--script-time-limit", "soon"], ["--script-memory-limit", "-1"]] {
            let result = try await run(Self.endless, ["run", "FILE"] + arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stdout.isEmpty)
        }
    }
}
