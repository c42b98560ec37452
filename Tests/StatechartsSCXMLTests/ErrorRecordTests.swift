import Statecharts
import StatechartsSCXML
import Testing

/// The session records each error event it raises, with the position of the element that failed.
@Suite("SCXMLSession error records")
struct ErrorRecordTests {
    // Positions matter: the body starts on line 2 (line 1 is <scxml …>), indented by two spaces.
    static let chart = Fixture.ecmascript("""
      <datamodel><data id="x" expr="1"/><data id="broken" expr="undefinedName"/></datamodel>
      <state id="a">
        <transition event="go" cond="x.y.z" target="b"/>
        <transition event="go" cond="x.y.z" target="b"/>
        <transition event="go" target="b"/>
      </state>
      <state id="b">
        <onentry>
          <assign location="x" expr="x + 1"/>
          <if cond="x.q.r"><log expr="1"/></if>
          <log expr="nope()"/>
        </onentry>
        <transition event="away" target="a"><send event="e" target="#_scxml_other"/></transition>
      </state>
      """, attributes: "initial=\"a\"")

    @Test("errors are recorded at the failing element, in order, and taken once")
    func records() throws {
        var instance = try Fixture.start(Self.chart)
        let session = instance.context.session
        #expect(session.takeErrorRecords().map(\.position) == [SCXMLSourcePosition(line: 2, column: 35)])
        #expect(session.errorRecords.isEmpty)

        instance.send(SCXMLEvent("go"))
        let errors = session.takeErrorRecords()
        #expect(errors.map(\.event) == Array(repeating: "error.execution", count: 4))
        // Two transitions share the text "x.y.z": each error names its own transition.
        #expect(errors.map(\.position) == [
            SCXMLSourcePosition(line: 4, column: 3), SCXMLSourcePosition(line: 5, column: 3),
            SCXMLSourcePosition(line: 11, column: 5), SCXMLSourcePosition(line: 12, column: 5),
        ])
        #expect(errors[3].message.contains("nope"))
        #expect(errors[3].description.hasPrefix("12:5: error.execution: "))
        #expect(instance.activeLeaves == ["b"])

        instance.send(SCXMLEvent("away"))
        let sent = session.takeErrorRecords()
        #expect(sent.map(\.event) == ["error.communication"])
        #expect(sent.first?.position == SCXMLSourcePosition(line: 14, column: 39))
        #expect(sent.first?.sendid != nil)
    }

    @Test("a chart without errors records none")
    func none() throws {
        var instance = try Fixture.start(Fixture.ecmascript("""
          <state id="a"><transition event="go" cond="1 == 1" target="b"/></state><state id="b"/>
          """))
        instance.send(SCXMLEvent("go"))
        #expect(instance.context.session.errorRecords.isEmpty)
    }

    @Test("a record without a position prints as event: message")
    func description() {
        #expect(SCXMLErrorRecord(event: "error.execution", message: "m").description == "error.execution: m")
        #expect(SCXMLErrorRecord(event: "error.execution", message: "m", position: .init(line: 3, column: 4)).description
                == "3:4: error.execution: m")
    }
}

/// Reading a chart's variables, as `statechart trace` does for its Data section.
@Suite("SCXMLChart variables")
struct ChartVariableTests {
    @Test("variable names in document order, values read without raising errors")
    func values() throws {
        let chart = try Fixture.chart(Fixture.ecmascript("""
          <datamodel><data id="count" expr="1"/><data id="name" expr="'a'"/></datamodel>
          <state id="a">
            <datamodel><data id="inner" expr="[1, 2]"/></datamodel>
            <transition event="go" target="a"><assign location="count" expr="count + 1"/></transition>
          </state>
          """))
        #expect(chart.variableNames == ["count", "name", "inner"])
        var instance = try chart.start()
        #expect(chart.value(ofVariable: "count", in: instance.context) == .number(1))
        instance.send(SCXMLEvent("go"))
        #expect(chart.value(ofVariable: "count", in: instance.context) == .number(2))
        #expect(chart.value(ofVariable: "name", in: instance.context) == .string("a"))
        #expect(chart.value(ofVariable: "inner", in: instance.context) == .array([.number(1), .number(2)]))
        #expect(chart.value(ofVariable: "missing", in: instance.context) == nil)
        #expect(instance.context.session.errorRecords.isEmpty)
    }

    @Test("the null data model has no values")
    func null() throws {
        let chart = try Fixture.chart(Fixture.scxml("<state id=\"a\"/>"))
        #expect(chart.variableNames.isEmpty)
        #expect(chart.value(ofVariable: "x", in: try chart.start().context) == nil)
    }
}
