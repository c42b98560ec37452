import Statecharts
import StatechartsECMAScript
import StatechartsSCXML
import Testing

/// Scripts that never end: each evaluation has a time budget, and running past it is
/// `error.execution`; the chart goes on, and its next evaluations get a fresh budget.
@Suite("Script time budget")
struct ScriptBudgetTests {
    @Test("<script>while(true){}</script> in onentry raises error.execution")
    func endlessScript() throws {
        var instance = try ScriptLimitsFixture.start(ScriptLimitsFixture.caughtBy("""
          <state id="s">
            <onentry><script>while (true) {}</script></onentry>
            <transition event="error.execution" target="caught"><log label="error" expr="_event.data"/></transition>
          </state>
        """))
        #expect(instance.activeLeaves == ["caught"])
        #expect(instance.logLines == ["error: the script ran longer than its 50 ms budget", "after: 42"])
        instance.send(SCXMLEvent("again"))
        #expect(instance.activeLeaves == ["again"])
    }

    @Test("a cond that loops forever counts as false and raises error.execution")
    func endlessCondition() throws {
        var instance = try ScriptLimitsFixture.start(ScriptLimitsFixture.caughtBy("""
          <state id="s">
            <transition event="go" cond="(function () { for (;;) {} })()" target="never"/>
            <transition event="error.execution" target="caught"><log label="error" expr="_event.data"/></transition>
          </state>
          <state id="never"/>
        """))
        #expect(instance.activeLeaves == ["s"])
        instance.send(SCXMLEvent("go"))
        #expect(instance.activeLeaves == ["caught"])
        #expect(instance.logLines == ["error: the script ran longer than its 50 ms budget", "after: 42"])
        instance.send(SCXMLEvent("again"))
        #expect(instance.activeLeaves == ["again"])
    }

    @Test("try/catch and finally cannot outlast the budget")
    func catchingTheTimeout() throws {
        let instance = try ScriptLimitsFixture.start(ScriptLimitsFixture.caughtBy("""
          <state id="s">
            <onentry><script>for (;;) { try { for (;;) {} } catch (e) {} finally { for (;;) {} } }</script></onentry>
            <transition event="error.execution" target="caught"><log label="error" expr="_event.data"/></transition>
          </state>
        """))
        #expect(instance.activeLeaves == ["caught"])
        #expect(instance.logLines == ["error: the script ran longer than its 50 ms budget", "after: 42"])
    }

    @Test("an endless <data> initializer leaves the variable undefined")
    func endlessData() throws {
        let instance = try ScriptLimitsFixture.start("""
          <datamodel><data id="x" expr="(function () { for (;;) {} })()"/></datamodel>
          <state id="s">
            <transition event="error.execution" cond="x === undefined" target="caught"/>
          </state>
          <state id="caught"/>
        """)
        #expect(instance.activeLeaves == ["caught"])
    }

    @Test("scripts well within the budget are unaffected")
    func normalScripts() throws {
        var instance = try ScriptLimitsFixture.start("""
          <datamodel><data id="sum" expr="0"/></datamodel>
          <state id="s">
            <onentry><script>for (var i = 0; i &lt; 1000; i++) { sum += i; }</script></onentry>
            <transition event="go" cond="sum == 499500" target="done"><log expr="sum"/></transition>
            <transition event="error.*" target="failed"/>
          </state>
          <state id="done"/>
          <state id="failed"/>
        """)
        instance.send(SCXMLEvent("go"))
        #expect(instance.activeLeaves == ["done"])
        #expect(instance.logLines == ["499500"])
    }
}
