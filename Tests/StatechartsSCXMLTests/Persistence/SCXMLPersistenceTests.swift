import Foundation
import Statecharts
import StatechartsECMAScript
import StatechartsSCXML
import Testing

/// Values, events and sessions written out and read back: what a durable SCXML instance keeps.
@Suite("SCXML persistence")
struct SCXMLPersistenceTests {
    static func roundTrip<T: Codable>(_ value: T) throws -> T {
        try JSONDecoder().decode(T.self, from: try JSONEncoder().encode(value))
    }

    @Test("values come back as they were: undefined apart from null, members in order, XML as XML")
    func valueRoundTrip() throws {
        let xml = try SCXMLXMLDocument(parsing: #"<order xmlns="urn:o" id="7"><item>tea</item></order>"#)
        let value = SCXMLValue.object([
            .init("b", .number(1.5)), .init("a", .undefined), .init("a", .null), .init("flag", .bool(true)),
            .init("list", .array([.string("x"), .xml(xml), .array([])])),
        ])
        #expect(try Self.roundTrip(value) == value)
        #expect(String(decoding: try JSONEncoder().encode(SCXMLValue.undefined), as: UTF8.self) == #"{"undefined":true}"#)
    }

    @Test("a stored value that is not one is refused")
    func badValues() {
        for text in [#"{"number":1,"string":"x"}"#, #"{}"#, #"{"color":"red"}"#, #"{"xml":"<unclosed>"}"#, #"3"#] {
            #expect(throws: DecodingError.self, "\(text)") { try JSONDecoder().decode(SCXMLValue.self, from: Data(text.utf8)) }
        }
    }

    @Test("events keep every field")
    func eventRoundTrip() throws {
        var event = SCXMLEvent("order.paid", type: .platform, sendid: "s1", origin: "#_scxml_a", origintype: "scxml",
                               invokeid: "i1", data: .object([.init("n", .number(2))]), raw: "raw text")
        event.sendTarget = "http://example.com/"
        #expect(try Self.roundTrip(event) == event)
        #expect(try Self.roundTrip(SCXMLEvent("plain")) == SCXMLEvent("plain"))
    }

    static let lateBinding = """
    <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript" binding="late" initial="a">
      <state id="a">
        <transition event="go" target="b"/>
      </state>
      <state id="b">
        <datamodel><data id="y" expr="10"/></datamodel>
        <onentry><send event="tick" idlocation="lastSend" delay="1s"/></onentry>
        <transition event="set" target="b"><assign location="y" expr="_event.data"/></transition>
        <transition event="leave" target="a"/>
        <transition event="check" cond="lastSend == 'send.2' &amp;&amp; In('b')" target="checked"/>
      </state>
      <state id="checked"/>
      <datamodel><data id="lastSend"/></datamodel>
    </scxml>
    """

    @Test("a session restored in a new context: variables, bound states, send ids, In() carry on")
    func sessionRestore() throws {
        let chart = try SCXMLChart(string: Self.lateBinding, dataModels: [.ecmascript])
        var instance = try chart.start(sessionID: "s-1")
        instance.send(SCXMLEvent("go"))
        instance.send(SCXMLEvent("set", data: .number(7)))   // leaves and re-enters b: y stays bound, a second send id
        instance.send(SCXMLEvent("leave"))
        let session = chart.snapshot(of: instance.context)
        #expect(session.sessionID == "s-1")
        #expect(session.boundStates == ["b"])
        #expect(session.sendCount == 2)
        #expect(session.variables.first { $0.key == "y" }?.value == .number(7))
        #expect(session.activeStates == ["a"])

        let stored = try JSONEncoder().encode(session)
        let context = try chart.makeContext(restoring: try JSONDecoder().decode(SCXMLSessionSnapshot.self, from: stored))
        var restored = try chart.statechart.restore(instance.snapshot(), context: context)
        #expect(context.session.sessionID == "s-1")
        restored.send(SCXMLEvent("go"))
        // b entered again: its data is not bound a second time, and the send id goes on from send.2.
        #expect(chart.value(ofVariable: "y", in: restored.context) == .number(7))
        #expect(chart.value(ofVariable: "lastSend", in: restored.context) == .string("send.3"))
        #expect(chart.snapshot(of: restored.context).activeStates == ["b"])
    }

    @Test("restoring a variable the data model refuses is an error naming it")
    func refusedVariable() throws {
        let chart = try SCXMLChart(string: Self.lateBinding, dataModels: [.ecmascript])
        let snapshot = SCXMLSessionSnapshot(sessionID: "s", variables: [.init("_sessionid", .number(1))], activeStates: [],
                                            boundStates: [], sendCount: 0, lastEvent: nil)
        #expect { try chart.makeContext(restoring: snapshot) } throws: { error in
            "\(error)".contains("'_sessionid'")
        }
    }
}
