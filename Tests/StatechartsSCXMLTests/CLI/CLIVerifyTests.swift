import Foundation
import Testing

/// `statechart verify` and `statechart export --promela`: their lines, their JSON, their exit
/// statuses, on a small door chart written to a temporary file. Each process is waited for on a
/// thread of its own (`CLIW3CSuiteTests.offThePool`), not on the threads other tests' tasks share.
@Suite("statechart verify and export")
struct CLIVerifyTests {
    static let door = """
    <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="null" initial="closed">
      <state id="closed">
        <transition event="open" target="opened"/>
        <transition event="lock" target="locked"/>
      </state>
      <state id="opened"><transition event="close" target="closed"/></state>
      <state id="locked"><transition event="unlock" target="closed"/></state>
    </scxml>
    """

    @Test("properties that hold: a line each, exit 0")
    func holds() async throws {
        let (result, file) = try await Self.run(chart: Self.door, ["verify", "FILE", "--never", "In('opened') && In('locked')",
                                                                   "--deadlock-free", "--can-always-reach", "In('closed')"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines == [
            "\(file): explored 3 states, 4 transitions, depth 1 in \(Self.seconds(result.lines.first))",
            "holds: never In('opened') && In('locked')",
            "holds: can always reach In('closed')",
            "holds: deadlock-free",
        ])
    }

    @Test("a violated property: the shortest counterexample and the run that replays it, exit 1")
    func violated() async throws {
        let (result, file) = try await Self.run(chart: Self.door, ["verify", "FILE", "--never", "In('locked')"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(Array(result.lines.dropFirst()) == [
            "VIOLATED: never In('locked')",
            "  start: [closed]",
            "  1. lock -> [locked]",
            "  replay: statechart run \(file) lock",
        ])
    }

    @Test("--json: one object per property, with the counterexample's steps")
    func json() async throws {
        let (result, _) = try await Self.run(chart: Self.door, ["verify", "FILE", "--never", "In('locked')", "--deadlock-free", "--json"])
        #expect(result.status == 1, "\(result.stderr)")
        let objects = try result.lines.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(objects.count == 2)
        #expect(objects[0]["property"] as? String == "never In('locked')")
        #expect(objects[0]["verdict"] as? String == "violated")
        #expect(objects[0]["ending"] as? String == "bad-situation")
        let steps = try #require(objects[0]["steps"] as? [[String: Any]])
        #expect(steps.map { $0["step"] as? String } == ["lock"])
        #expect(steps.first?["configuration"] as? [String] == ["locked"])
        #expect(objects[1]["verdict"] as? String == "holds")
    }

    @Test("a malformed property: its column, exit 2")
    func badExpression() async throws {
        let (result, _) = try await Self.run(chart: Self.door, ["verify", "FILE", "--never", "In('opened'"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("column"), "\(result.stderr)")
    }

    @Test("--render draws the counterexample on the diagram")
    func render() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("verify-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.door.write(to: directory.appendingPathComponent("door.scxml"), atomically: true, encoding: .utf8)
        let result = try await CLIW3CSuiteTests.offThePool {
            try CLIProcess.run(["verify", "door.scxml", "--never", "In('locked')", "--render", "cex.svg"], in: directory)
        }
        #expect(result.status == 1, "\(result.stderr)")
        let svg = try String(contentsOf: directory.appendingPathComponent("cex.svg"), encoding: .utf8)
        #expect(svg.contains("<svg"))
        #expect(svg.contains("locked"))
    }

    @Test("export --promela: a model SPIN reads; a chart outside the subset is refused with its line")
    func promela() async throws {
        let (result, _) = try await Self.run(chart: Self.door, ["export", "--promela", "FILE"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("proctype"))
        let parallel = """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="null">
          <parallel id="p"><state id="a"/><state id="b"/></parallel>
        </scxml>
        """
        let (refused, _) = try await Self.run(chart: parallel, ["export", "--promela", "FILE"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains(":2:"), "\(refused.stderr)")
    }

    /// `CLIProcess.run(chart:_:)` off Swift concurrency's shared threads.
    static func run(chart: String, _ arguments: [String]) async throws -> (CLIProcess.Result, String) {
        try await CLIW3CSuiteTests.offThePool { try CLIProcess.run(chart: chart, arguments) }
    }

    /// The time the summary line ends with ("in 0.00 s"), which the test cannot know.
    static func seconds(_ line: String?) -> String {
        guard let line, let range = line.range(of: " in ", options: .backwards) else { return "" }
        return String(line[range.upperBound...])
    }
}
