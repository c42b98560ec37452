import Foundation
import Statecharts
import StatechartsECMAScript
import StatechartsSCXML
import Testing

@Suite("Writing SCXML")
struct WriterTests {
    static let sample = Fixture.ecmascript("""
      <datamodel><data id="n" expr="0"/><data id="list">[1, 2]</data></datamodel>
      <script>var k = 1;</script>
      <state id="main" initial="idle">
        <initial-placeholder/>
      </state>
    """).replacingOccurrences(of: "<initial-placeholder/>", with: """
        <onentry><log label="in" expr="n"/></onentry>
        <onexit><raise event="left"/></onexit>
        <state id="idle">
          <transition event="go start.*" cond="n &lt; 3" target="busy"><assign location="n" expr="n + 1"/></transition>
          <transition event="*" type="internal"/>
        </state>
        <state id="busy">
          <datamodel><data id="local" expr="'x'"/></datamodel>
          <onentry>
            <send event="tick" delay="1s" id="t"><param name="p" expr="n"/></send>
            <if cond="n == 1"><raise event="first"/><elseif cond="n == 2"/><raise event="second"/><else/><cancel sendid="t"/></if>
            <foreach array="list" item="item" index="i"><log expr="item"/></foreach>
          </onentry>
          <transition event="tick" target="h"/>
        </state>
        <history id="h" type="deep"><transition target="idle"><log label="history"/></transition></history>
        <final id="end"><donedata><content expr="n"/></donedata></final>
        <transition event="done.state.main" cond="In('busy')" target="main"/>
    """)

    @Test("a document is written so that it reads back the same")
    func documentRoundTrip() throws {
        let document = try SCXMLReader.read(string: Self.sample)
        let text = SCXMLWriter.write(document)
        let again = try SCXMLReader.read(string: text)
        #expect(SCXMLWriter.write(again) == text)
        #expect(again.states.map(\.id) == ["main"])
        #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" version=\"1.0\" datamodel=\"ecmascript\">"))
    }

    @Test("read, write the definition, read: the structure is identical")
    func definitionRoundTrip() throws {
        let chart = try Fixture.chart(Self.sample)
        let text = try SCXMLWriter.write(chart.definition)
        let again = try Fixture.chart(text)
        #expect(DefinitionSummary.of(again.definition) == DefinitionSummary.of(chart.definition))
        #expect(SCXMLWriter.write(try SCXMLWriter.document(from: again.definition)) == text)
    }

    @Test("the exact output for a small chart")
    func golden() throws {
        let document = try SCXMLReader.read(string: Fixture.scxml("""
          <state id="a"><transition event="go" target="b"><raise event="x"/></transition></state>
          <final id="b"/>
        """, attributes: "name=\"tiny\""))
        #expect(SCXMLWriter.write(document) == """
        <?xml version="1.0" encoding="UTF-8"?>
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" name="tiny">
          <state id="a">
            <transition event="go" target="b">
              <raise event="x"/>
            </transition>
          </state>
          <final id="b"/>
        </scxml>

        """)
    }

    @Test("a chart built with the DSL is written when its guards and actions are SCXML")
    func dslChart() throws {
        typealias S = Statecharts.State<String, String, Void>
        let definition = StatechartDefinition<String, String, Void>(name: "door", states: [
            S("closed") {
                On("open", to: "opened", guard: Guard("In('unlocked')") { _ in true },
                   actions: [Action("<log label=\"opening\"/>") { _ in }])
                S("locked") { On("unlock", to: "unlocked") }
                S("unlocked") { On("lock", to: "locked") }
            }.definition,
            S("opened") { On("close", to: "closed") }.definition,
        ])
        let text = try SCXMLWriter.write(definition, dataModel: "ecmascript")
        let chart = try Fixture.chart(text)
        var instance = try chart.start()
        instance.send(SCXMLEvent("open"))
        #expect(instance.activeLeaves == ["locked"])
        instance.send(SCXMLEvent("unlock"))
        instance.send(SCXMLEvent("open"))
        #expect(instance.activeLeaves == ["opened"])
        #expect(instance.logLines == ["opening"])
    }

    @Test("guards and actions without an SCXML form are reported with their states")
    func inexpressible() {
        typealias S = Statecharts.State<String, String, Int>
        let definition = StatechartDefinition<String, String, Int>(states: [
            S("a") {
                OnEntry { $0 += 1 }
                On("go", to: "b", guard: Guard { $0 > 1 })
            }.definition,
            S("b").definition,
        ])
        #expect {
            try SCXMLWriter.write(definition)
        } throws: { error in
            (error as? SCXMLWriterError)?.problems == [
                "root/a: an unnamed entry action has no SCXML form",
                "root/a: an unnamed guard has no SCXML form",
            ]
        }
    }

    @Test("every W3C test document survives read → write → read with the same structure")
    func w3cRoundTrip() throws {
        guard W3CSuite.isAvailable else { return }
        var checked = 0
        for name in W3CSuite.testNames() where name != "test436" {
            let url = W3CSuite.ecmaDirectory.appendingPathComponent(name + ".scxml")
            guard let chart = try? SCXMLChart(contentsOf: url, dataModels: SCXMLDataModelFactory.all) else { continue }
            let text = try SCXMLWriter.write(chart.definition)
            let again = try SCXMLChart(string: text, baseURL: url.deletingLastPathComponent(), dataModels: SCXMLDataModelFactory.all)
            #expect(DefinitionSummary.of(again.definition) == DefinitionSummary.of(chart.definition), "\(name)")
            #expect(SCXMLWriter.write(again.document) == SCXMLWriter.write(try SCXMLReader.read(string: SCXMLWriter.write(again.document))), "\(name)")
            checked += 1
        }
        #expect(checked > 140)
    }
}
