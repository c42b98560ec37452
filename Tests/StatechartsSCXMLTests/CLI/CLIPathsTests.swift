import Foundation
import Testing

/// `statechart paths`: its output, and that its paths, run by `statechart run`, reach their targets.
@Suite("statechart paths")
struct CLIPathsTests {
    static var mediaPlayer: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/SCXML/media-player.scxml").path
    }

    /// `{"target": …, "events": […]}` lines.
    func paths(_ arguments: [String]) async throws -> [(target: String, events: [String])] {
        let result = try await CLIProcess.run(["paths"] + arguments + ["--json"])
        #expect(result.status == 0, "\(result.stderr)")
        return try result.lines.map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return (object?["target"] as? String ?? "", object?["events"] as? [String] ?? [])
        }
    }

    @Test("--cover transitions on the media player: the paths, run with --coverage, take every transition")
    func mediaPlayerTransitions() async throws {
        let found = try await paths([Self.mediaPlayer, "--cover", "transitions"])
        #expect(found.count == 12)
        #expect(found.contains { $0.events.contains("+30s") })
        let directory = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for path in found {
            let single = directory.appendingPathComponent(UUID().uuidString + ".json").path
            let all = directory.appendingPathComponent("all.json").path
            for file in [single, all] {
                #expect(try await CLIProcess.run(["run", Self.mediaPlayer, "--coverage", file, "--"] + path.events).status == 0)
            }
            let counts = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: single))) as? [String: Any]
            #expect((counts?["transitions"] as? [String: Int])?[path.target] ?? 0 > 0, "\(path.target) not taken by \(path.events)")
        }
        let all = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("all.json"))) as? [String: Any]
        #expect(Set((all?["transitions"] as? [String: Int])?.keys.map { $0 } ?? []) == Set(found.map(\.target)))
    }

    @Test("--cover states on the media player: each path, run, ends with its target entered")
    func mediaPlayerStates() async throws {
        let found = try await paths([Self.mediaPlayer])
        #expect(found.count == 12)
        for path in found {
            let run = try await CLIProcess.run(["run", Self.mediaPlayer, "--json", "--"] + path.events)
            #expect(run.lines.last?.contains("\"\(path.target)\"") == true, "\(path.target) not reached by \(path.events)")
        }
    }

    @Test("readable lines, --to, and exit statuses")
    func readable() async throws {
        let result = try await CLIProcess.run(["paths", Self.mediaPlayer, "--to", "dimmed"])
        #expect(result.status == 0)
        #expect(result.lines == ["dimmed: power play +30s"])
        let short = try await CLIProcess.run(["paths", Self.mediaPlayer, "--to", "dimmed", "--max-depth", "2"])
        #expect(short.status == 1)
        #expect(short.stderr.contains("no path found to 'dimmed'"))
        #expect(try await CLIProcess.run(["paths", Self.mediaPlayer, "--to", "nowhere"]).status == 2)
        #expect(try await CLIProcess.run(["paths", Self.mediaPlayer, "--cover", "everything"]).status == 2)
    }
}
