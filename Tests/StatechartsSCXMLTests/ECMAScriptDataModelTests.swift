import Foundation
import Statecharts
import StatechartsECMAScript
import StatechartsSCXML
import Testing

@Suite("The ECMAScript data model")
struct ECMAScriptDataModelTests {
    @Test("data, assign, if and conditions")
    func basics() throws {
        var instance = try Fixture.start(Fixture.ecmascript("""
          <datamodel><data id="count" expr="1"/><data id="list">[1, 2, 3]</data><data id="text">  a   b </data></datamodel>
          <state id="s">
            <transition event="add" cond="count &lt; 3" target="s"><assign location="count" expr="count + 1"/></transition>
            <transition event="add" target="full"/>
          </state>
          <state id="full">
            <onentry>
              <if cond="list.length == 3 &amp;&amp; text === 'a b'"><log label="ok" expr="count"/><else/><log label="bad"/></if>
            </onentry>
          </state>
        """))
        instance.send(SCXMLEvent("add"))
        instance.send(SCXMLEvent("add"))
        #expect(instance.activeLeaves == ["s"])
        instance.send(SCXMLEvent("add"))
        #expect(instance.activeLeaves == ["full"])
        #expect(instance.logLines == ["ok: 3"])
    }

    @Test("foreach over a shallow copy, with item and index")
    func foreach() throws {
        let instance = try Fixture.start(Fixture.ecmascript("""
          <datamodel><data id="items" expr="['a', 'b']"/><data id="out" expr="''"/></datamodel>
          <state id="s">
            <onentry>
              <foreach array="items" item="item" index="i">
                <assign location="out" expr="out + i + item"/>
                <assign location="items" expr="items.concat(['x'])"/>
              </foreach>
              <log expr="out"/>
            </onentry>
          </state>
        """))
        #expect(instance.logLines == ["0a1b"])
    }

    @Test("an expression that fails raises error.execution and stops its block only")
    func executionErrors() throws {
        var instance = try Fixture.start(Fixture.ecmascript("""
          <datamodel><data id="n" expr="0"/></datamodel>
          <state id="s">
            <onentry><assign location="undeclared" expr="1"/><assign location="n" expr="100"/></onentry>
            <onentry><assign location="n" expr="n + 1"/></onentry>
            <transition event="error.execution" cond="n == 1" target="caught"><log expr="_event.data"/></transition>
          </state>
          <state id="caught"/>
        """))
        #expect(instance.activeLeaves == ["caught"])
        #expect(instance.logLines.first?.contains("undeclared") == true)
        instance.send(SCXMLEvent("nothing"))
        #expect(instance.activeLeaves == ["caught"])
    }

    @Test("_event carries name, type, origin, sendid and data")
    func eventFields() throws {
        let instance = try Fixture.start(Fixture.ecmascript("""
          <state id="s">
            <onentry><send event="ping" id="p1"><param name="answer" expr="42"/></send></onentry>
            <transition event="ping" target="t">
              <log expr="[_event.name, _event.type, _event.sendid, _event.origin, _event.origintype, _event.data.answer]"/>
            </transition>
          </state>
          <state id="t"/>
        """))
        #expect(instance.logLines == ["[\"ping\",\"external\",\"p1\",\"#_scxml_test-session\",\"http://www.w3.org/TR/scxml/#SCXMLEventProcessor\",42]"])
    }

    @Test("system variables are read-only")
    func systemVariables() throws {
        let instance = try Fixture.start(Fixture.ecmascript("""
          <state id="s">
            <onentry>
              <log expr="[_sessionid, _name, _ioprocessors.scxml.location]"/>
              <assign location="_sessionid" expr="'x'"/>
            </onentry>
            <transition event="error.execution" target="t"/>
          </state>
          <state id="t"/>
        """, attributes: "name=\"m\""))
        #expect(instance.logLines == ["[\"test-session\",\"m\",\"#_scxml_test-session\"]"])
        #expect(instance.activeLeaves == ["t"])
    }

    @Test("In() in any expression, scripts, and late binding")
    func inScriptsAndLateBinding() throws {
        let instance = try Fixture.start(Fixture.ecmascript("""
          <script>function twice(x) { return 2 * x; }</script>
          <parallel id="p">
            <state id="a">
              <transition cond="In('b') &amp;&amp; typeof late === 'undefined'" target="a2"/>
              <state id="a1"/><state id="a2"><onentry><log expr="twice(21)"/></onentry></state>
            </state>
            <state id="b">
              <datamodel><data id="late" expr="'bound'"/></datamodel>
            </state>
          </parallel>
        """, attributes: "binding=\"late\""))
        #expect(instance.activeLeaves == ["a1", "b"])
        #expect(instance.logLines == [])
        let early = try Fixture.start(Fixture.ecmascript("""
          <state id="s"><transition cond="v === 'bound'" target="t"/></state>
          <state id="t"><datamodel><data id="v" expr="'bound'"/></datamodel></state>
        """))
        #expect(early.activeLeaves == ["t"])
    }

    @Test("delayed sends run on the virtual clock and can be cancelled")
    func delays() throws {
        var instance = try Fixture.start(Fixture.ecmascript("""
          <state id="s">
            <onentry>
              <send event="late" delay="2s"/>
              <send event="early" delayexpr="'500ms'" id="e"/>
              <send event="cancelled" delay="1s" id="c"/>
              <cancel sendid="c"/>
            </onentry>
            <transition event="early" target="t"/>
          </state>
          <state id="t"><transition event="late" target="done"/><transition event="cancelled" target="s"/></state>
          <final id="done"/>
        """))
        #expect(instance.nextDelayedEventTime == .milliseconds(500))
        let first = instance.advanceClock(by: .seconds(1))
        #expect(first.map(\.event.name) == ["early"])
        #expect(instance.activeLeaves == ["t"])
        let rest = instance.runUntilIdle()
        #expect(rest.map(\.event.name) == ["late"])
        #expect(instance.isFinished)
        #expect(instance.now == .seconds(2))
    }

    @Test("done data becomes the done event's data")
    func doneData() throws {
        let instance = try Fixture.start(Fixture.ecmascript("""
          <state id="s">
            <state id="s1"><transition target="end"/></state>
            <final id="end"><donedata><param name="x" expr="1 + 1"/></donedata></final>
            <transition event="done.state.s" cond="_event.data.x === 2" target="ok"/>
          </state>
          <state id="ok"/>
        """))
        #expect(instance.activeLeaves == ["ok"])
    }

    @Test("strings outside the Basic Multilingual Plane survive the engine")
    func cesu8() throws {
        let instance = try Fixture.start(Fixture.ecmascript("""
          <datamodel><data id="face" expr="'😀é'"/></datamodel>
          <state id="s"><onentry><log expr="face + face.length"/><send eventexpr="'go😀'"/></onentry>
            <transition event="go😀" target="t"/></state>
          <state id="t"/>
        """))
        #expect(instance.logLines == ["😀é3"])
        #expect(instance.activeLeaves == ["t"])
    }

    @Test("each instance has its own heap")
    func separateHeaps() throws {
        let chart = try Fixture.chart(Fixture.ecmascript("""
          <datamodel><data id="n" expr="0"/></datamodel>
          <state id="s"><transition event="inc"><assign location="n" expr="n + 1"/><log expr="n"/></transition></state>
        """))
        var one = try chart.start()
        var two = try chart.start()
        one.send(SCXMLEvent("inc"))
        one.send(SCXMLEvent("inc"))
        two.send(SCXMLEvent("inc"))
        #expect(one.logLines == ["1", "2"])
        #expect(two.logLines == ["1"])
        #expect(one.context.session.sessionID != two.context.session.sessionID)
    }

    @Test("sends that cannot be delivered raise errors with the send id")
    func sendErrors() throws {
        let instance = try Fixture.start(Fixture.ecmascript("""
          <datamodel><data id="id"/></datamodel>
          <state id="s">
            <onentry><send event="x" target="nowhere" idlocation="id"/><log label="not reached"/></onentry>
            <transition event="error.execution" cond="_event.sendid === id" target="t"/>
          </state>
          <state id="t">
            <onentry><send event="x" target="#_scxml_other"/><send event="y" type="urn:unknown"/></onentry>
            <transition event="error.communication" target="u"/>
          </state>
          <state id="u"><transition event="error.execution" target="v"/></state>
          <state id="v"/>
        """))
        #expect(instance.activeLeaves == ["v"])
        #expect(instance.logLines.isEmpty)
    }

    @Test("a syntax error is an execution error each time the expression is used")
    func syntaxErrors() throws {
        var instance = try Fixture.start(Fixture.ecmascript("""
          <datamodel><data id="errors" expr="0"/></datamodel>
          <state id="s">
            <transition event="go" cond="1 +"/>
            <transition event="error.execution"><assign location="errors" expr="errors + 1"/></transition>
            <transition event="check" cond="errors == 2" target="t"/>
          </state>
          <state id="t"/>
        """))
        instance.send(SCXMLEvent("go"))
        instance.send(SCXMLEvent("go"))
        instance.send(SCXMLEvent("check"))
        #expect(instance.activeLeaves == ["t"])
    }
}
