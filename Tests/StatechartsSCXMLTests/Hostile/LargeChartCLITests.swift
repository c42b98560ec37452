import Foundation
import Testing

/// `statechart render` and `trace` refuse a chart over the size limits before the layout (which
/// cannot be interrupted), with a message and exit status 1; DOT output is never limited.
@Suite("statechart render and trace refuse charts over the size limits")
struct LargeChartCLITests {
    /// 2,000 states: 40 compound states of 49 leaves, each leaf with a transition to a leaf of
    /// the next cluster (1,960 transitions, all crossing clusters).
    static let huge: String = {
        var body = ""
        for c in 0..<40 {
            body += "<state id=\"c\(c)\">"
            for l in 0..<49 {
                body += "<state id=\"c\(c)_\(l)\"><transition event=\"e\" target=\"c\((c + 1) % 40)_\((l * 7) % 49)\"/></state>"
            }
            body += "</state>\n"
        }
        return Fixture.scxml(body)
    }()

    /// Three states in a ring.
    static let small = Fixture.scxml("""
    <state id="a"><transition event="e" target="b"/></state>
    <state id="b"><transition event="e" target="c"/></state>
    <state id="c"><transition event="e" target="a"/></state>
    """)

    func workspace(_ text: String) throws -> URL { try Fixture.workspace(holding: text) }

    @Test("a 2,000-state clustered chart fails fast with exit status 1 and the message; DOT still renders")
    func hugeChart() async throws {
        let directory = try workspace(Self.huge)
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await CLIProcess.run(["render", "chart.scxml", "-o", "out.svg"], in: directory)
        // The tool's own time: a test also waits for a slot among the CLI tests' processes.
        #expect(result.elapsed < .seconds(60), "\(result.elapsed)")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("statechart: chart.scxml has 2,000 states and 1,960 transitions, more than the renderer's limit of "), "\(result.stderr)")
        #expect(result.stderr.contains("raise --max-states and --max-transitions to try anyway"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.svg").path))

        let dot = try await CLIProcess.run(["render", "chart.scxml", "-o", "out.dot"], in: directory)
        #expect(dot.status == 0, "\(dot.stderr)")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.dot").path))

        let trace = try await CLIProcess.run(["trace", "chart.scxml", "-o", "trace.html"], in: directory)
        #expect(trace.status == 1)
        #expect(trace.stderr.contains("2,000 states"), "\(trace.stderr)")
    }

    @Test("--max-states and --max-transitions set the limits")
    func options() async throws {
        let directory = try workspace(Self.small)
        defer { try? FileManager.default.removeItem(at: directory) }
        let refused = try await CLIProcess.run(["render", "chart.scxml", "-o", "out.svg", "--max-states", "2"], in: directory)
        #expect(refused.status == 1)
        #expect(refused.stderr == "statechart: chart.scxml has 3 states and 3 transitions, more than the renderer's limit of 2 states / "
            + "\(Self.defaultTransitions) transitions; raise --max-states to try anyway, or render DOT (--format dot) and lay it out elsewhere\n")
        let transitions = try await CLIProcess.run(["trace", "chart.scxml", "e", "-o", "t.html", "--max-transitions", "2"], in: directory)
        #expect(transitions.status == 1)
        #expect(transitions.stderr.contains("raise --max-transitions to try anyway"), "\(transitions.stderr)")
        let allowed = try await CLIProcess.run(["render", "chart.scxml", "-o", "out.svg", "--max-states", "3", "--max-transitions", "3"], in: directory)
        #expect(allowed.status == 0, "\(allowed.stderr)")
        for bad in ["0", "-1"] {
            let usage = try await CLIProcess.run(["render", "chart.scxml", "-o", "out.svg", "--max-states=\(bad)"], in: directory)
            #expect(usage.status == 64, "\(bad): \(usage.stderr)")
        }
    }

    /// The library's default transition limit, which the CLI uses.
    static let defaultTransitions = "250"
}
