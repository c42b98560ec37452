import Foundation
import Statecharts
import StatechartsECMAScript
import StatechartsSCXML
import Testing

/// `statechart paths --json` on every W3C test chart without `<invoke>`: each path it prints,
/// replayed as `statechart run` replays STEPs (an event name is sent, `+DURATION` advances the
/// clock), enters its target.
@Suite("statechart paths on the W3C charts")
struct CLIW3CPathsTests {
    /// The W3C ECMAScript charts that do not use `<invoke>` (its sub-documents left out).
    static func charts() -> [String] {
        guard W3CSuite.isAvailable else { return [] }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: W3CSuite.ecmaDirectory.path)) ?? []
        return files.filter { $0.hasPrefix("test") && $0.hasSuffix(".scxml") && !$0.contains("sub") }.filter { name in
            let text = (try? String(contentsOf: W3CSuite.ecmaDirectory.appendingPathComponent(name), encoding: .utf8)) ?? ""
            return !text.contains("<invoke")
        }.sorted()
    }

    @Test("the suite is there (required under CI)")
    func available() {
        if W3CSuite.isCI { #expect(W3CSuite.isAvailable && Self.charts().count > 150) }
    }

    @Test("every path enters its target when replayed", arguments: charts())
    func replay(_ name: String) async throws {
        let url = W3CSuite.ecmaDirectory.appendingPathComponent(name)
        let result = try await CLIProcess.run(["paths", url.path, "--json"])
        // 1: some state has no path within the search's bounds (said on standard error).
        #expect(result.status == 0 || result.status == 1, "\(name): \(result.stderr)")
        guard let chart = try? SCXMLChart(contentsOf: url, dataModels: [.ecmascript]) else {
            // A chart the W3C test expects to be rejected (test301's unreadable script).
            #expect(result.status == 1 && result.stdout.isEmpty, "\(name): \(result.stdout)")
            return
        }
        for line in result.lines where !line.isEmpty {
            let path = try JSONDecoder().decode(PrintedPath.self, from: Data(line.utf8))
            var instance = try chart.makeInstance(log: { _ in })
            var recorder = StatechartTraceRecorder<String, SCXMLEvent>()
            instance.start(observer: &recorder)
            for step in path.events {
                if step.hasPrefix("+") {
                    let duration = try #require(Self.duration(step), "\(name): unreadable clock step \(step)")
                    instance.advanceClock(by: duration, observer: &recorder)
                } else {
                    instance.send(SCXMLEvent(step), observer: &recorder)
                }
            }
            #expect(recorder.lines.contains("enter \(path.target)"), "\(name): \(line) does not enter \(path.target)")
        }
    }

    /// A `paths --json` line.
    struct PrintedPath: Decodable {
        var target: String
        var events: [String]
    }

    /// `+30s` or `+1500ms`, the two forms `paths` prints.
    static func duration(_ step: String) -> Duration? {
        let text = step.dropFirst()
        if text.hasSuffix("ms"), let value = Int64(text.dropLast(2)) { return .milliseconds(value) }
        if text.hasSuffix("s"), let value = Int64(text.dropLast()) { return .seconds(value) }
        return nil
    }
}
