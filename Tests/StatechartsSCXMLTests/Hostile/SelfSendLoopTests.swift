import Foundation
import Statecharts
import StatechartsSCXML
import Testing

/// `<send event="foo"/>` on entry with a transition on `foo` back into the state: the chart sends
/// itself an event forever. `send` and `statechart run` must return, with the reason.
@Suite("Hostile: an SCXML chart that keeps sending itself events")
struct SCXMLSelfSendLoopTests {
    static let loop = """
    <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="s0">
      <state id="s0"><onentry><send event="foo"/></onentry><transition event="foo" target="s0"/></state>
    </scxml>
    """

    @Test("starting the chart returns, stopped by the external-event limit, which SCXMLChart can set")
    func library() async throws {
        let chart = try SCXMLChart(string: Self.loop)
        let instance = try chart.start()
        #expect(instance.error == .externalEventLimitExceeded(limit: 10_000))
        #expect(!instance.isRunning)
        let document = try SCXMLReader.read(string: Self.loop)
        let small = try SCXMLChart(document: document, externalEventLimit: 25)
        #expect(try small.start().error == .externalEventLimitExceeded(limit: 25))
    }

    @Test("statechart run stops with exit status 1 and says why")
    func commandLine() async throws {
        let directory = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("loop.scxml")
        try Self.loop.write(to: file, atomically: true, encoding: .utf8)
        let result = try await CLIProcess.run(["run", file.path, "--json"])
        #expect(result.status == 1)
        #expect(result.lines.count == 1)
        #expect(result.stderr.contains("the chart sent itself more than 10000 events in one call (a send loop); the instance stopped"))
    }
}
