import Statecharts
import StatechartsSCXML
import Testing

@Suite("The null data model")
struct NullDataModelTests {
    @Test("In(id) conditions, quoted or not, become whenIn checks")
    func inConditions() throws {
        let chart = try Fixture.chart(Fixture.scxml("""
          <parallel id="p">
            <state id="a"><state id="a1"><transition event="go" cond="In(b2)" target="a2"/></state><state id="a2"/></state>
            <state id="b"><state id="b1"><transition event="next" target="b2"/></state><state id="b2"/></state>
          </parallel>
        """, attributes: "datamodel=\"null\""))
        let transition = chart.definition.states[0].children[0].children[0].transitions[0]
        #expect(transition.requiredActiveStates == ["b2"])
        #expect(transition.guardCondition == nil)
        var instance = try chart.start()
        instance.send(SCXMLEvent("go"))
        #expect(instance.activeLeaves == ["a1", "b1"])
        instance.send(SCXMLEvent("next"))
        instance.send(SCXMLEvent("go"))
        #expect(instance.activeLeaves == ["a2", "b2"])
        #expect(SCXMLNullDataModel.inStateID("In('x')") == "x")
        #expect(SCXMLNullDataModel.inStateID(" In ( \"x\" ) ") == "x")
        #expect(SCXMLNullDataModel.inStateID("In(a) && In(b)") == nil)
    }

    @Test("In() inside executable content tracks the active states")
    func inExecutableContent() throws {
        let instance = try Fixture.start(Fixture.scxml("""
          <parallel id="p">
            <state id="b"/>
            <state id="a"><onentry><if cond="In(b)"><raise event="both"/><else/><raise event="alone"/></if></onentry>
              <transition event="both" target="yes"/><transition event="alone" target="no"/>
              <state id="a1"/><state id="yes"/><state id="no"/>
            </state>
          </parallel>
        """))
        #expect(instance.activeLeaves == ["b", "yes"])
    }

    @Test("anything that needs an expression raises error.execution")
    func expressions() throws {
        let instance = try Fixture.start(Fixture.scxml("""
          <state id="s">
            <onentry><log expr="1"/></onentry>
            <transition event="error.execution" target="t"/>
          </state>
          <state id="t"><transition cond="x == 1" target="u"/><transition event="error.execution" target="v"/></state>
          <state id="u"/><state id="v"/>
        """))
        #expect(instance.activeLeaves == ["v"])
    }

    @Test("raise, send with literal attributes and log labels work without expressions")
    func literals() throws {
        var instance = try Fixture.start(Fixture.scxml("""
          <state id="s">
            <onentry><raise event="one"/><send event="two" delay="1s"/><log label="hello"/></onentry>
            <transition event="one" target="t"/>
          </state>
          <state id="t"><transition event="two" target="end"/></state>
          <final id="end"/>
        """))
        #expect(instance.activeLeaves == ["t"])
        instance.runUntilIdle()
        #expect(instance.isFinished)
        #expect(instance.logLines == ["hello"])
    }
}
