import Foundation
import Testing

/// `statechart render` and `statechart trace`, against the built executable.
@Suite("statechart render and trace")
struct CLIDiagramTests {
    static let chart = """
    <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" name="player" initial="off">
      <state id="off"><transition event="power" target="on"/></state>
      <state id="on" initial="idle">
        <transition event="power" target="off"/>
        <state id="idle"><transition event="play" target="playing"/></state>
        <parallel id="playing">
          <state id="sound"><state id="loud"><transition event="mute" target="quiet"/></state><state id="quiet"/></state>
          <state id="picture"><state id="sd"><transition event="dim" target="dark"/></state><state id="dark"/></state>
        </parallel>
      </state>
    </scxml>
    """

    /// A directory holding the chart as `chart.scxml`.
    func workspace() throws -> URL { try Fixture.workspace(holding: Self.chart) }

    func read(_ url: URL) -> [UInt8] { Array(FileManager.default.contents(atPath: url.path) ?? Data()) }

    @Test("--actions takes full, short or none; a bare --actions (the old flag) still means the default")
    func actionStyles() async throws {
        let directory = try workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        var outputs: [String: String] = [:]
        for (name, arguments) in [("default", [String]()), ("bare", ["--actions"]), ("bare-last", ["-o", "bare-last.dot", "--actions"]),
                                  ("short", ["--actions", "short"]), ("none", ["--actions", "none"]), ("no", ["--no-actions"])] {
            let output = arguments.contains("-o") ? [String]() : ["-o", "\(name).dot"]
            let result = try await CLIProcess.run(["render", "chart.scxml"] + output + arguments, in: directory)
            #expect(result.status == 0, "\(name): \(result.stderr)")
            outputs[name] = String(decoding: read(directory.appendingPathComponent("\(name).dot")), as: UTF8.self)
        }
        #expect(outputs["bare"] == outputs["default"] && outputs["bare-last"] == outputs["default"])
        #expect(outputs["short"] == outputs["default"])
        #expect(outputs["none"] == outputs["no"])
        #expect(try await CLIProcess.run(["render", "chart.scxml", "-o", "x.dot", "--actions", "loud"], in: directory).status == 64)
    }

    @Test("the format follows the output's extension: SVG, PNG, PDF and DOT")
    func formats() async throws {
        let directory = try workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["out.svg", "out.png", "out.pdf", "out.dot"] {
            let result = try await CLIProcess.run(["render", "chart.scxml", "-o", name], in: directory)
            #expect(result.status == 0, "\(name): \(result.stderr)")
            #expect(result.stderr.isEmpty, "\(name): \(result.stderr)")
        }
        let svg = String(decoding: read(directory.appendingPathComponent("out.svg")), as: UTF8.self)
        #expect(svg.contains("<svg") && svg.contains("class=\"cluster\""))
        #expect(read(directory.appendingPathComponent("out.png")).starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(read(directory.appendingPathComponent("out.pdf")).starts(with: Array("%PDF-".utf8)))
        let dot = String(decoding: read(directory.appendingPathComponent("out.dot")), as: UTF8.self)
        #expect(dot.hasPrefix("digraph \"player\" {"))
    }

    @Test("--format overrides the extension, and --rankdir LR lays the chart out left to right")
    func formatOption() async throws {
        let directory = try workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await CLIProcess.run(["render", "chart.scxml", "-o", "diagram.txt", "--format", "dot", "--rankdir", "LR"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let dot = String(decoding: read(directory.appendingPathComponent("diagram.txt")), as: UTF8.self)
        #expect(dot.contains("rankdir=LR;"))
    }

    @Test("--active fills the states named")
    func active() async throws {
        let directory = try workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await CLIProcess.run(["render", "chart.scxml", "-o", "a.dot", "--active", "on,idle"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let dot = String(decoding: read(directory.appendingPathComponent("a.dot")), as: UTF8.self)
        #expect(dot.contains(##"label="idle""##) && dot.contains(##"style="rounded,filled", fillcolor="#cfe3ff", label="idle""##))
        #expect(!dot.contains(##"style="rounded,filled", fillcolor="#cfe3ff", label="off""##))
    }

    @Test("--after runs the steps and highlights the configuration and the last transitions")
    func after() async throws {
        let directory = try workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await CLIProcess.run(["render", "chart.scxml", "-o", "after.dot", "--after", "power", "play", "mute"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let dot = String(decoding: read(directory.appendingPathComponent("after.dot")), as: UTF8.self)
        for state in ["quiet", "sd"] {
            #expect(dot.contains(##"fillcolor="#cfe3ff", label="\##(state)""##), "\(state) is not highlighted")
        }
        #expect(!dot.contains(##"fillcolor="#cfe3ff", label="loud""##))
        let red = dot.split(separator: "\n").filter { $0.contains("#d62728") }
        #expect(red.count == 1 && red[0].contains(#"label=" mute ""#), "\(red)")
    }

    @Test("unknown format, engine or state, a bad step, an unreadable chart and an unwritable output fail with a message")
    func errors() async throws {
        let directory = try workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cases: [([String], Int32, String)] = [
            (["render", "chart.scxml", "-o", "x.gif"], 64, "format"),
            (["render", "chart.scxml", "-o", "x.svg", "--format", "bmp"], 64, "unknown format 'bmp'"),
            (["render", "chart.scxml", "-o", "x.svg", "--engine", "spring"], 64, "unknown layout engine 'spring'"),
            (["render", "chart.scxml", "-o", "x.svg", "--rankdir", "XY"], 64, "unknown rank direction"),
            (["render", "chart.scxml", "-o", "x.svg", "--active", "nowhere"], 1, "no state 'nowhere'"),
            (["render", "chart.scxml", "-o", "x.svg", "--after", "+5x"], 2, "invalid step '+5x'"),
            (["render", "missing.scxml", "-o", "x.svg"], 1, "missing.scxml"),
            (["render", "chart.scxml", "-o", "no/such/dir/x.svg"], 1, "cannot write no/such/dir/x.svg"),
            (["trace", "chart.scxml", "power", "-o", "no/such/dir/t.html"], 1, "cannot write"),
            (["trace", "chart.scxml", "+1", "-o", "t.html"], 2, "invalid step"),
        ]
        for (arguments, status, message) in cases {
            let result = try await CLIProcess.run(arguments, in: directory)
            #expect(result.status == status, "\(arguments): exit \(result.status), \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("x.svg").path))
    }

    @Test("trace writes one page: a section and an inline SVG per step, no network, arrow keys")
    func trace() async throws {
        let directory = try workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await CLIProcess.run(["trace", "chart.scxml", "power", "play", "dim", "-o", "trace.html"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let html = String(decoding: read(directory.appendingPathComponent("trace.html")), as: UTF8.self)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.components(separatedBy: "<section class=\"step\"").count - 1 == 4)
        #expect(html.components(separatedBy: "<svg").count - 1 == 4)
        #expect(html.contains("Step 3: dim"))
        #expect(html.contains("<h3>Configuration</h3>\n<ul>\n" + ["on", "playing", "sound", "loud", "picture", "dark"]
            .map { "<li><code>\($0)</code></li>\n" }.joined() + "</ul>"))
        #expect(html.contains("ArrowLeft") && html.contains("ArrowRight"))
        #expect(!html.contains("src=\"http") && !html.contains("<link"))
    }
}
