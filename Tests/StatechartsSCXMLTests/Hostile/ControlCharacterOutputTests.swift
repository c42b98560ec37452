import Foundation
import Testing

/// Text from a chart (state ids, event names, `<log>` labels and values) must never reach the
/// terminal with its control characters raw: a hostile chart could rewrite the user's terminal.
/// Human-readable output escapes them as `\u{HEX}`; `--json` keeps JSON's own escaping.
@Suite("Control characters in chart text are escaped in human-readable output")
struct ControlCharacterOutputTests {
    /// XML cannot hold most of C0, even as character references, but it holds CR, DEL and C1
    /// (U+009B is CSI, an 8-bit escape sequence), and ECMAScript expressions make any character.
    static let chart = Fixture.ecmascript("""
      <state id="a&#x9b;31m&#13;red">
        <onentry>
          <log label="lab&#x7f;&#x9d;0;title" expr="'v\\u001b[2J\\u0007'"/>
          <send eventexpr="'go.\\u001b[1m\\u0007'" delay="1s"/>
        </onentry>
        <transition event="go" target="b&#x9b;x"/>
      </state>
      <state id="b&#x9b;x"/>
    """)

    static let stateA = "a\u{9B}31m\rred"
    static let stateB = "b\u{9B}x"
    static let delayedEvent = "go.\u{1B}[1m\u{07}"

    func workspace(_ text: String = chart) throws -> URL { try Fixture.workspace(holding: text) }

    /// The control characters (C0 but line feed, DEL, C1) in `text`.
    func controls(_ text: String) -> [String] {
        text.unicodeScalars.filter { $0 != "\n" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value)) }
            .map { "U+" + String($0.value, radix: 16, uppercase: true) }
    }

    @Test("run: state ids, event names and <log> output are printed escaped")
    func runIsEscaped() async throws {
        let directory = try workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await CLIProcess.run(["run", "chart.scxml", "+1s", "\u{1B}]0;pwned\u{07}"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(controls(result.stdout).isEmpty, "\(controls(result.stdout))")
        #expect(controls(result.stderr).isEmpty, "\(controls(result.stderr))")
        #expect(result.lines == [
            #"[0] start -> a\u{9B}31m\u{D}red (active: a\u{9B}31m\u{D}red)"#,
            #"[1] go.\u{1B}[1m\u{7} (delayed) -> b\u{9B}x (active: b\u{9B}x)"#,
            #"[1] +1s -> b\u{9B}x (active: b\u{9B}x)"#,
            #"[2] \u{1B}]0;pwned\u{7} -> b\u{9B}x (active: b\u{9B}x)"#,
        ])
        // The event is unknown to the chart: the warning names it, escaped too.
        #expect(result.stderr == #"statechart: warning: no transition of chart.scxml can match event '\u{1B}]0;pwned\u{7}'"# + "\n"
            + #"log: lab\u{7F}\u{9D}0;title: v\u{1B}[2J\u{7}"# + "\n")
    }

    /// The fields of one `--json` line this test reads.
    struct Line: Decodable {
        var step: Int
        var event: String?
        var configuration: [String]
        var active: [String]
    }

    @Test("--json lines decode to the exact original text")
    func jsonKeepsTheText() async throws {
        let directory = try workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await CLIProcess.run(["run", "--json", "chart.scxml", "+1s"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        // JSON escapes C0 itself (DEL and C1 are valid raw in JSON strings and stay as they were).
        #expect(!result.stdout.unicodeScalars.contains { $0 != "\n" && $0.value < 0x20 })
        let lines = try result.lines.map { try JSONDecoder().decode(Line.self, from: Data($0.utf8)) }
        #expect(lines.count == 3)
        #expect(lines.first?.configuration == [Self.stateA] && lines.first?.active == [Self.stateA])
        #expect(lines.dropFirst().first?.event == Self.delayedEvent)
        #expect(lines.last?.configuration == [Self.stateB])
        #expect(result.stdout.contains(#""a\#u{9B}31m\rred""#), "the JSON escaping changed: \(result.stdout)")
        // <log> output is human-readable even with --json.
        #expect(controls(result.stderr).isEmpty)
    }

    @Test("validate quotes ids escaped")
    func validateIsEscaped() async throws {
        let directory = try workspace(Fixture.scxml(#"<state id="a"><transition event="e" target="nowhere&#x9b;2J&#x7f;"/></state>"#))
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await CLIProcess.run(["validate", "chart.scxml"], in: directory)
        #expect(result.status == 1)
        #expect(controls(result.stdout).isEmpty, "\(controls(result.stdout))")
        #expect(result.stdout.contains(#"nowhere\u{9B}2J\u{7F}"#), "\(result.stdout)")
    }

    @Test("render's messages about unknown states are escaped")
    func renderMessagesAreEscaped() async throws {
        let directory = try workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await CLIProcess.run(["render", "chart.scxml", "-o", "out.dot", "--active", "x\u{1B}[8m"], in: directory)
        #expect(result.status == 1)
        #expect(controls(result.stderr).isEmpty, "\(controls(result.stderr))")
        #expect(result.stderr.contains(#"'x\u{1B}[8m'"#), "\(result.stderr)")
    }
}
