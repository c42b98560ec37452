import Foundation
import Testing

/// `--allow-read DIR`: the folders, besides the chart's own, whose files `src` may read.
@Suite("statechart --allow-read")
struct CLIReadAccessTests {
    /// `outer/shared/data.js` and `outer/charts/chart.scxml`, whose script loads it through `../`.
    static func layout() throws -> (outer: URL, shared: URL, chart: URL) {
        let outer = try Fixture.temporaryDirectory()
        let shared = outer.appendingPathComponent("shared")
        let charts = outer.appendingPathComponent("charts")
        for folder in [shared, charts] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        try "var x = 1;".write(to: shared.appendingPathComponent("data.js"), atomically: true, encoding: .utf8)
        let chart = charts.appendingPathComponent("chart.scxml")
        try """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript">
          <script src="../shared/data.js"/>
          <state id="s"/>
        </scxml>
        """.write(to: chart, atomically: true, encoding: .utf8)
        return (outer, shared, chart)
    }

    @Test("without --allow-read, a src outside the chart's folder is a problem; with it, the chart is valid")
    func validate() async throws {
        let (outer, shared, chart) = try Self.layout()
        defer { try? FileManager.default.removeItem(at: outer) }
        let refused = try await CLIProcess.run(["validate", chart.path])
        #expect(refused.status == 1)
        #expect(refused.lines.count == 1)
        #expect(refused.lines.first?.hasPrefix("\(chart.path):2:3: cannot load '../shared/data.js': ") == true)
        #expect(refused.lines.first?.contains("is outside the folders the document may read from") == true)
        let allowed = try await CLIProcess.run(["validate", chart.path, "--allow-read", shared.path])
        #expect(allowed.status == 0)
        #expect(allowed.lines == ["valid"])
    }

    @Test("run, render and trace take --allow-read too, as many times as needed")
    func otherCommands() async throws {
        let (outer, shared, chart) = try Self.layout()
        defer { try? FileManager.default.removeItem(at: outer) }
        let run = try await CLIProcess.run(["run", chart.path, "--allow-read", "/nonexistent", "--allow-read", shared.path, "--json"])
        #expect(run.status == 0)
        #expect(run.lines.count == 1)
        let dot = outer.appendingPathComponent("chart.dot").path
        #expect(try await CLIProcess.run(["render", chart.path, "-o", dot, "--allow-read", shared.path]).status == 0)
        let html = outer.appendingPathComponent("trace.html").path
        #expect(try await CLIProcess.run(["trace", chart.path, "-o", html, "--allow-read", shared.path]).status == 0)
        #expect(try await CLIProcess.run(["render", chart.path, "-o", dot]).status == 1)
    }
}
