import Foundation
import Statecharts
import StatechartsSCXML
import Testing

/// A chart whose every delayed tick schedules two more: a `+DURATION` step would never reach its
/// end. `statechart run` fires at most 10,000 delayed events per step, as `--until-idle` does, and
/// says so.
@Suite("Hostile: statechart run on delayed events that multiply")
struct DoublingTimerCLITests {
    static let doubling = """
    <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="t">
      <state id="t">
        <onentry><send event="tick" delay="1ms"/></onentry>
        <transition event="tick"><send event="tick" delay="1ms"/><send event="tick" delay="1ms"/></transition>
      </state>
    </scxml>
    """

    @Test("a +DURATION step stops after 10,000 delayed events and says where the clock stopped", .timeLimit(.minutes(1)))
    func advanceStops() async throws {
        let directory = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("doubling.scxml")
        try Self.doubling.write(to: file, atomically: true, encoding: .utf8)
        let result = try await CLIProcess.run(["run", file.path, "+1s", "--json"])
        #expect(result.status == 0)
        // The start, 10,000 deliveries, and the step's own line.
        #expect(result.lines.count == 1 + 10_000 + 1)
        // 1 + 2 + … + 2^12 = 8,191 ticks by 13 ms; the rest of the 10,000 at 14 ms.
        #expect(result.stderr.contains("statechart: +1s stopped after 10000 delayed events, at 0.014 seconds of virtual time: the chart keeps scheduling more"), "\(result.stderr)")
    }

    @Test("a chart whose ticks do not multiply reaches the end of the step, silently")
    func steadyTicker() async throws {
        let directory = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("ticker.scxml")
        try Self.doubling.replacingOccurrences(of: #"<send event="tick" delay="1ms"/><send event="tick" delay="1ms"/>"#,
                                               with: #"<send event="tick" delay="1ms"/>"#)
            .write(to: file, atomically: true, encoding: .utf8)
        let result = try await CLIProcess.run(["run", file.path, "+1s", "--json"])
        #expect(result.status == 0)
        #expect(result.lines.count == 1 + 1_000 + 1)
        #expect(!result.stderr.contains("stopped after"))
    }
}
