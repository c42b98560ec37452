import Foundation
import Testing

/// Error events raised by a chart's scripts reach standard error with their position, `--json`
/// lines carry them in an `"errors"` key, and `--strict` makes them exit status 1.
@Suite("statechart: script errors")
struct CLIScriptErrorTests {
    static let chart = """
    <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript" initial="a">
      <state id="a">
        <transition event="go" cond="x.y.z" target="b"/>
        <transition event="go" target="b"/>
      </state>
      <state id="b">
        <onentry><log expr="nope()"/></onentry>
        <transition event="back" target="a"/>
      </state>
    </scxml>
    """

    func workspace() throws -> URL { try Fixture.workspace(holding: Self.chart) }

    @Test("run prints each error with its line and column on standard error and exits 0")
    func human() async throws {
        let directory = try workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await CLIProcess.run(["run", "chart.scxml", "go", "back"], in: directory)
        #expect(result.status == 0)
        #expect(result.lines == ["[0] start -> a (active: a)", "[1] go -> b (active: b)", "[2] back -> a (active: a)"])
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("statechart: chart.scxml:3:5: error.execution: ") == true)
        #expect(lines.last?.hasPrefix("statechart: chart.scxml:7:14: error.execution: ") == true)
        #expect(lines.last?.contains("nope") == true)
    }

    @Test("--json puts the step's errors in an \"errors\" key, absent when there are none")
    func json() async throws {
        let directory = try workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await CLIProcess.run(["run", "chart.scxml", "go", "back", "--json"], in: directory)
        #expect(result.status == 0)
        #expect(result.lines.count == 3)
        #expect(result.lines[0] == #"{"step":0,"event":null,"configuration":["a"],"active":["a"],"finished":false}"#)
        #expect(result.lines[2] == #"{"step":2,"event":"back","configuration":["a"],"active":["a"],"finished":false}"#)
        let object = try JSONSerialization.jsonObject(with: Data(result.lines[1].utf8)) as? [String: Any]
        let errors = object?["errors"] as? [[String: Any]] ?? []
        #expect(errors.count == 2)
        #expect(errors.map { $0["event"] as? String } == ["error.execution", "error.execution"])
        #expect(errors.map { $0["line"] as? Int } == [3, 7])
        #expect(errors.map { $0["column"] as? Int } == [5, 14])
        #expect((errors.last?["message"] as? String)?.contains("nope") == true)
        #expect(result.lines[1].hasPrefix(#"{"step":1,"event":"go","configuration":["b"],"active":["b"],"finished":false,"errors":["#))
    }

    @Test("--strict exits 1 after the run when there was an error, 0 when there was none")
    func strict() async throws {
        let directory = try workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let failing = try await CLIProcess.run(["run", "chart.scxml", "go", "--strict"], in: directory)
        #expect(failing.status == 1)
        #expect(failing.lines.count == 2)
        #expect(failing.stderr.contains("error.execution"))
        let clean = try await CLIProcess.run(["run", "chart.scxml", "--strict"], in: directory)
        #expect(clean.status == 0)
        #expect(clean.stderr.isEmpty)
        let trace = try await CLIProcess.run(["trace", "chart.scxml", "go", "-o", "t.html", "--strict"], in: directory)
        #expect(trace.status == 1)
        #expect(trace.stderr.contains("chart.scxml:3:5: error.execution"))
        let render = try await CLIProcess.run(["render", "chart.scxml", "-o", "r.dot", "--after", "go"], in: directory)
        #expect(render.status == 0)
        #expect(render.stderr.contains("chart.scxml:7:14: error.execution"))
    }
}

/// `trace`'s side panel, from a run of a real chart.
@Suite("statechart trace: the step panel")
struct CLITracePanelTests {
    @Test("the panel shows transitions, summarized actions, variables that changed and errors")
    func panel() async throws {
        let directory = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try CLIScriptErrorTests.chart.replacingOccurrences(of: "<onentry><log expr=\"nope()\"/></onentry>",
                                                           with: "<onentry><log expr=\"nope()\"/></onentry>\n<datamodel><data id=\"n\" expr=\"0\"/></datamodel>")
            .replacingOccurrences(of: "<transition event=\"back\" target=\"a\"/>",
                                  with: "<transition event=\"back\" target=\"a\"><assign location=\"n\" expr=\"n + 1\"/></transition>")
            .write(to: directory.appendingPathComponent("chart.scxml"), atomically: true, encoding: .utf8)
        let result = try await CLIProcess.run(["trace", "chart.scxml", "go", "back", "-o", "t.html"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let html = try String(contentsOf: directory.appendingPathComponent("t.html"), encoding: .utf8)
        #expect(html.components(separatedBy: "<aside class=\"panel\">").count - 1 == 3)
        #expect(html.contains("<li><code>a → b</code></li>"))
        #expect(html.contains("<li><code>log nope()</code></li>"))
        #expect(html.contains("<li><code>n = n + 1</code></li>"))
        #expect(html.contains("<code>n</code>: <span class=\"before\">(none)</span> → <code>0</code>"))
        #expect(html.contains("<code>n</code>: <span class=\"before\">0</span> → <code>1</code>"))
        #expect(html.contains("<span class=\"error\">3:5: error.execution: "))
        let again = try await CLIProcess.run(["trace", "chart.scxml", "go", "back", "-o", "u.html"], in: directory)
        #expect(again.status == 0)
        #expect(FileManager.default.contents(atPath: directory.appendingPathComponent("u.html").path)
                == FileManager.default.contents(atPath: directory.appendingPathComponent("t.html").path))
    }
}
