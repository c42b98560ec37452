import Statecharts
import Testing

/// The Swift sample of docs/reliability.md, line for line (DocSampleCheckTests checks that).
@Suite("docs/reliability.md sample")
struct ReliabilitySampleTests {
    @Test("a chart can be given its own limits")
    func limits() throws {
        let chart = try Statechart<String, String, Void>(microstepLimit: 1_000, externalEventLimit: 100) {
            State("idle") { On("go", to: "busy") }
            State("busy") { Always(to: "idle") }
        }
        var machine = chart.start(context: ())
        let result = machine.send("go")
        #expect(result.error == nil)
        #expect(machine.activeLeaves == ["idle"])
    }
}
