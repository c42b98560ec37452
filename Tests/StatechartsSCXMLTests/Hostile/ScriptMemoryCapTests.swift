import Statecharts
import StatechartsECMAScript
import StatechartsSCXML
import Testing

/// Scripts that grow without end: the heap has a cap, and growing past it is `error.execution`;
/// the process lives on and the chart goes on.
@Suite("Script heap cap")
struct ScriptMemoryCapTests {
    @Test("an <assign> whose value grows an array without end raises error.execution")
    func endlessArrayInAssign() throws {
        var instance = try ScriptLimitsFixture.start(ScriptLimitsFixture.caughtBy("""
          <state id="s">
            <onentry>
              <assign location="n" expr="(function () { var a = []; for (;;) { a.push('item ' + a.length); } })()"/>
            </onentry>
            <transition event="error.execution" target="caught"><log label="error" expr="_event.data"/></transition>
          </state>
        """), limits: ECMAScriptLimits(executionTime: .seconds(30), heapBytes: 8 << 20))
        #expect(instance.activeLeaves == ["caught"])
        #expect(instance.logLines == ["error: the script's heap exceeded its 8 MiB limit", "after: 42"])
        instance.send(SCXMLEvent("again"))
        #expect(instance.activeLeaves == ["again"])
    }

    @Test("a script that grows a global array: once the chart lets go of it, memory is back")
    func endlessGlobalArray() throws {
        let instance = try ScriptLimitsFixture.start("""
          <state id="s">
            <onentry><script>var grow = []; for (;;) { grow.push({ index: grow.length }); }</script></onentry>
            <transition event="error.execution" target="caught"><log label="error" expr="_event.data"/></transition>
          </state>
          <state id="caught">
            <onentry>
              <assign location="grow" expr="null"/>
              <script>var again = []; for (var i = 0; i &lt; 10000; i++) { again.push({ index: i }); }</script>
              <log label="after" expr="again.length"/>
            </onentry>
          </state>
        """, limits: ECMAScriptLimits(executionTime: .seconds(30), heapBytes: 8 << 20))
        #expect(instance.activeLeaves == ["caught"])
        #expect(instance.logLines == ["error: the script's heap exceeded its 8 MiB limit", "after: 10000"])
    }

    @Test("one allocation past the cap (a string that doubles) raises error.execution")
    func doublingString() throws {
        let instance = try ScriptLimitsFixture.start(ScriptLimitsFixture.caughtBy("""
          <state id="s">
            <onentry><script>var text = 'x'; for (;;) { text = text + text; }</script></onentry>
            <transition event="error.execution" target="caught"><log label="error" expr="_event.data"/></transition>
          </state>
        """), limits: ECMAScriptLimits(executionTime: .seconds(30), heapBytes: 8 << 20))
        #expect(instance.activeLeaves == ["caught"])
        #expect(instance.logLines == ["error: the script's heap exceeded its 8 MiB limit", "after: 42"])
    }

    @Test("a cap too small for the engine to start fails the start, without aborting")
    func capTooSmallToStart() throws {
        let chart = try SCXMLChart(string: Fixture.ecmascript("<state id=\"s\"/>"),
                                   dataModels: [.ecmascript(limits: ECMAScriptLimits(heapBytes: 1024))])
        #expect(throws: SCXMLError.self) { _ = try chart.start() }
    }
}
