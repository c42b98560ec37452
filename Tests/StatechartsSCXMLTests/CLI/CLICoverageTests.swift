import Foundation
import Testing

/// `run --coverage` and `render --coverage`.
@Suite("statechart coverage")
struct CLICoverageTests {
    static let chart = """
    <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="a">
      <state id="a"><transition event="go" target="b"/></state>
      <state id="b"><transition event="back" target="a"/><transition event="skip" target="c"/></state>
      <state id="c"/>
    </scxml>
    """

    @Test("run --coverage adds each run's counts; render --coverage draws them")
    func addAndDraw() async throws {
        let directory = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("chart.scxml")
        try Self.chart.write(to: file, atomically: true, encoding: .utf8)
        let coverage = directory.appendingPathComponent("coverage.json").path
        #expect(try await CLIProcess.run(["run", file.path, "go", "back", "--coverage", coverage]).status == 0)
        #expect(try await CLIProcess.run(["run", file.path, "go", "--coverage", coverage]).status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: coverage))) as? [String: Any]
        #expect(json?["runs"] as? Int == 2)
        #expect(json?["states"] as? [String: Int] == ["a": 3, "b": 2])
        #expect(json?["transitions"] as? [String: Int] == ["root/a#1": 2, "root/b#1": 1])

        let dot = directory.appendingPathComponent("chart.dot").path
        let render = try await CLIProcess.run(["render", file.path, "--coverage", coverage, "-o", dot])
        #expect(render.status == 0)
        let text = try String(contentsOfFile: dot, encoding: .utf8)
        #expect(text.contains("states entered: 2 of 3 (66%)"))
        #expect(text.contains("transitions taken: 2 of 3 (66%)"))
        #expect(text.contains(#"label=" go ×2 ""#))
    }

    @Test("a coverage file of another chart is refused, exit 1")
    func foreign() async throws {
        let directory = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("chart.scxml")
        try Self.chart.write(to: file, atomically: true, encoding: .utf8)
        let other = directory.appendingPathComponent("other.scxml")
        try Self.chart.replacingOccurrences(of: "<state id=\"c\"/>", with: "<state id=\"c\"/><state id=\"d\"/>").write(to: other, atomically: true, encoding: .utf8)
        let coverage = directory.appendingPathComponent("coverage.json").path
        #expect(try await CLIProcess.run(["run", file.path, "--coverage", coverage]).status == 0)
        let run = try await CLIProcess.run(["run", other.path, "--coverage", coverage])
        #expect(run.status == 1)
        #expect(run.stderr.contains("another chart"))
        let render = try await CLIProcess.run(["render", other.path, "--coverage", coverage, "-o", directory.appendingPathComponent("x.dot").path])
        #expect(render.status == 1)
        let missing = try await CLIProcess.run(["render", file.path, "--coverage", directory.appendingPathComponent("none.json").path, "-o", directory.appendingPathComponent("y.dot").path])
        #expect(missing.status == 1)
    }
}
