import Foundation
import Testing

/// Events no transition can match are reported (with a suggestion), `--strict` makes them fail,
/// and `render`/`trace` say what they wrote.
@Suite("statechart: unknown events, --strict, what was written")
struct CLIEventCheckTests {
    static let chart = """
    <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" name="player" initial="off">
      <state id="off"><transition event="power" target="on"/></state>
      <state id="on" initial="idle">
        <transition event="power" target="off"/>
        <transition event="error.*" target="off"/>
        <state id="idle"><transition event="play" target="playing"/></state>
        <state id="playing"><transition event="pause" target="idle"/></state>
      </state>
    </scxml>
    """

    func workspace() throws -> URL { try Fixture.workspace(holding: Self.chart) }

    @Test("a typo is a warning with a suggestion; the run goes on and exits 0")
    func typoWarning() async throws {
        let directory = try workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await CLIProcess.run(["run", "chart.scxml", "power", "plya", "fly", "plya"], in: directory)
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").count == 5)
        let warnings = result.stderr.split(separator: "\n")
        #expect(warnings == [
            "statechart: warning: no transition of chart.scxml can match event 'plya' (did you mean 'play'?)",
            "statechart: warning: no transition of chart.scxml can match event 'fly'",
        ])
    }

    @Test("events the chart knows are never warned about, even where they are ignored, and prefixes match")
    func knownEvents() async throws {
        let directory = try workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await CLIProcess.run(["run", "chart.scxml", "pause", "power", "error.custom.thing", "--strict"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
    }

    @Test("--strict turns the warning into exit status 1 before anything runs, for run, trace and render --after")
    func strict() async throws {
        let directory = try workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try await CLIProcess.run(["run", "chart.scxml", "power", "plya", "--strict"], in: directory)
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("'plya' (did you mean 'play'?)"))
        let trace = try await CLIProcess.run(["trace", "chart.scxml", "power", "plya", "-o", "t.html", "--strict"], in: directory)
        #expect(trace.status == 1)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("t.html").path))
        let render = try await CLIProcess.run(["render", "chart.scxml", "-o", "r.dot", "--after", "power", "pley", "--strict"], in: directory)
        #expect(render.status == 1)
        #expect(render.stderr.contains("'pley' (did you mean 'play'?)"))
        let lenient = try await CLIProcess.run(["render", "chart.scxml", "-o", "r.dot", "--after", "power", "pley"], in: directory)
        #expect(lenient.status == 0)
        #expect(lenient.stderr.contains("'pley'"))
    }

    @Test("render and trace print the file written and what it holds")
    func wroteLines() async throws {
        let directory = try workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let render = try await CLIProcess.run(["render", "chart.scxml", "-o", "p.svg", "--after", "power", "play"], in: directory)
        #expect(render.status == 0, "\(render.stderr)")
        #expect(render.stdout == "wrote p.svg: 4 states, 1 active\n")
        let trace = try await CLIProcess.run(["trace", "chart.scxml", "power", "play", "-o", "t.html"], in: directory)
        #expect(trace.status == 0, "\(trace.stderr)")
        #expect(trace.stdout == "wrote t.html: 3 steps, 4 states\n")
    }
}
