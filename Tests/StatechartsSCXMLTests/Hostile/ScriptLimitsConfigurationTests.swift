import Foundation
import Statecharts
import StatechartsECMAScript
import StatechartsSCXML
import Testing

/// How the limits are configured: defaults, the factory, the data model itself, the CLI.
@Suite("Script limits configuration")
struct ScriptLimitsConfigurationTests {
    @Test("the defaults: one second per evaluation, a 64 MiB heap")
    func defaults() {
        #expect(ECMAScriptLimits() == .standard)
        #expect(ECMAScriptLimits.standard.executionTime == .seconds(1))
        #expect(ECMAScriptLimits.standard.heapBytes == 64 << 20)
        #expect(SCXMLDataModelFactory.ecmascript(limits: .standard).name == "ecmascript")
    }

    @Test("the same script passes under a larger cap and fails under a smaller one")
    func heapCapIsConfigurable() throws {
        // About 10 MB of strings, kept until the script ends.
        let chart = """
          <state id="s">
            <onentry><script>var kept = []; for (var i = 0; i &lt; 100000; i++) { kept.push('item number ' + i); } kept = null;</script></onentry>
            <transition event="error.execution" target="failed"><log expr="_event.data"/></transition>
            <transition event="go" target="done"/>
          </state>
          <state id="done"/>
          <state id="failed"/>
        """
        var large = try ScriptLimitsFixture.start(chart, limits: ECMAScriptLimits(executionTime: .seconds(30), heapBytes: 64 << 20))
        large.send(SCXMLEvent("go"))
        #expect(large.activeLeaves == ["done"])
        let small = try ScriptLimitsFixture.start(chart, limits: ECMAScriptLimits(executionTime: .seconds(30), heapBytes: 4 << 20))
        #expect(small.activeLeaves == ["failed"])
        #expect(small.logLines == ["the script's heap exceeded its 4 MiB limit"])
    }

    @Test("the data model reports the budget it was given, and stays usable")
    func dataModelDirectly() throws {
        let environment = SCXMLDataModelEnvironment(sessionID: "s", name: "n", ioProcessors: [], activeStates: SCXMLActiveStates())
        let model = try ECMAScriptDataModel(environment: environment,
                                            limits: ECMAScriptLimits(executionTime: .milliseconds(20)))
        let position = SCXMLSourcePosition.start
        let endless = SCXMLExpression(id: 0, kind: .condition, source: "(function () { for (;;) {} })()", position: position)
        let normal = SCXMLExpression(id: 1, kind: .value, source: "6 * 7", position: position)
        #expect(throws: SCXMLExecutionError("the script ran longer than its 20 ms budget")) {
            _ = try model.evaluateCondition(endless)
        }
        #expect(try model.evaluateValue(normal) == .number(42))
        // The expression is not remembered as broken: it fails again on its budget, not otherwise.
        #expect(throws: SCXMLExecutionError("the script ran longer than its 20 ms budget")) {
            _ = try model.evaluateCondition(endless)
        }
    }
}
