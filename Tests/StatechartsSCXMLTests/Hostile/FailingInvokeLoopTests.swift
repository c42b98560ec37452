import Foundation
import Statecharts
import StatechartsSCXML
import Testing

/// Found by FuzzSCXML: a state whose `<invoke>` cannot start (an unknown type raises
/// `error.execution`) and whose `*` transition re-enters the state. Each re-entry starts the
/// invocation again at the end of the macrostep, which fails again. The rounds of "start the
/// invocations, settle the events that raised" were bounded by the microstep limit, but each round
/// began counting microsteps from zero, so one macrostep could take the limit squared, and every
/// event of the chart the same again: in effect a hang.
@Suite("Hostile: an invocation that fails and re-enters its state")
struct FailingInvokeLoopTests {
    static let loop = """
    <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="s0">
      <state id="s0">
        <invoke type="http://example.com/not-scxml">
          <content><scxml version="1.0" initial="f"><final id="f"/></scxml></content>
        </invoke>
        <transition event="*" target="s0"/>
      </state>
    </scxml>
    """

    @Test("the rounds count against the macrostep's microstep limit: the instance stops", .timeLimit(.minutes(1)))
    func stopsAtTheMicrostepLimit() throws {
        let document = try SCXMLReader.read(string: Self.loop)
        let chart = try SCXMLChart(document: document, microstepLimit: 50)
        let instance = try chart.start()
        #expect(instance.error == .microstepLimitExceeded(limit: 50))
        #expect(!instance.isRunning)
        // Each round raised one error.execution for the failing invoke.
        let errors = instance.context.session.errorRecords.filter { $0.event == "error.execution" }
        #expect(errors.count >= 50 && errors.count <= 52, "\(errors.count)")
    }

    @Test("an invocation that fails once is one round: the chart goes on")
    func oneFailureIsFine() throws {
        let once = """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="s0">
          <state id="s0">
            <invoke type="http://example.com/not-scxml" src="child.scxml"/>
            <transition event="error.execution" target="failed"/>
          </state>
          <state id="failed"/>
        </scxml>
        """
        let chart = try SCXMLChart(document: try SCXMLReader.read(string: once), microstepLimit: 50)
        let instance = try chart.start()
        #expect(instance.error == nil)
        #expect(instance.activeLeaves == ["failed"])
    }
}
