import Foundation
import Statecharts
import StatechartsSCXML
import Testing

/// `<invoke>` of SCXML documents and the SCXML Event I/O Processor, beyond what the W3C suite
/// checks: the document read back, done data, errors, session-id targets, src access, and the
/// extension point for other I/O processors.
@Suite("SCXML <invoke> and the SCXML Event I/O Processor")
struct InvokeTests {
    static let child = """
        <invoke id="pay" type="scxml">
          <param name="amount" expr="total"/>
          <content>
            <scxml initial="charging" datamodel="ecmascript" version="1.0">
              <datamodel><data id="amount" expr="0"/></datamodel>
              <state id="charging">
                <onentry><send target="#_parent" event="charging"><param name="amount" expr="amount"/></send></onentry>
                <transition event="approve" target="paid"/>
              </state>
              <final id="paid"><donedata><param name="receipt" expr="'R' + amount"/></donedata></final>
            </scxml>
          </content>
          <finalize><assign location="seen" expr="seen + 1"/></finalize>
        </invoke>
        """

    static let order = Fixture.ecmascript("""
        <datamodel><data id="total" expr="30"/><data id="seen" expr="0"/><data id="receipt"/></datamodel>
        <state id="paying">
          \(child)
          <transition event="charging" cond="_event.data.amount == 30 &amp;&amp; _event.invokeid == 'pay'">
            <send target="#_pay" event="approve"/>
          </transition>
          <transition event="done.invoke.pay" target="shipped">
            <assign location="receipt" expr="_event.data.receipt"/>
          </transition>
        </state>
        <final id="shipped"/>
        """, attributes: "initial=\"paying\"")

    @Test("params reach the child's data, events go both ways, done.invoke.ID carries <donedata>, finalize runs")
    func roundTrip() throws {
        let chart = try Fixture.chart(Self.order)
        let order = try chart.start()
        #expect(order.activeLeaves == ["shipped"])
        #expect(chart.value(ofVariable: "receipt", in: order.context) == .string("R30"))
        // finalize ran on both events from the child: charging and done.invoke.pay.
        #expect(chart.value(ofVariable: "seen", in: order.context) == .number(2))
    }

    @Test("the writer writes <invoke> back, and the reader reads the same document")
    func writerRoundTrip() throws {
        let document = try SCXMLReader.read(string: Self.order)
        let text = SCXMLWriter.write(document)
        #expect(text.contains("<invoke type=\"scxml\" id=\"pay\">"))
        #expect(text.contains("<finalize>"))
        let again = try SCXMLReader.read(string: text)
        #expect(SCXMLWriter.write(again) == text)
        #expect(again.allStates.first?.invokes.count == 1)
    }

    @Test("while the child runs, the parent shows it; exiting cancels it")
    func childInfoAndCancel() throws {
        var instance = try Fixture.start(Fixture.ecmascript("""
            <state id="waiting">
              <invoke id="timer"><content><scxml initial="idle" version="1.0" datamodel="ecmascript">
                <state id="idle"><transition event="never" target="end"/></state><final id="end"/>
              </scxml></content></invoke>
              <transition event="leave" target="left"/>
            </state>
            <state id="left"/>
            """))
        #expect(instance.invokedSessions == [InvokedSessionInfo(id: "timer", configuration: ["idle"])])
        instance.send(SCXMLEvent("leave"))
        #expect(instance.invokedSessions.isEmpty)
    }

    @Test("a send to a session that is not there raises error.communication; a bad type raises error.execution")
    func errors() throws {
        let chart = try Fixture.chart(Fixture.ecmascript("""
            <datamodel><data id="events" expr="[]"/></datamodel>
            <state id="s">
              <onentry>
                <send target="#_nobody" event="x"/>
                <send target="#_parent" event="y"/>
                <send target="#_scxml_nobody" event="z"/>
              </onentry>
              <invoke type="http://example.com/unknown"><content><scxml version="1.0"><final id="f"/></scxml></content></invoke>
              <transition event="error.*"><script>events.push(_event.name)</script></transition>
              <transition event="done.invoke" target="fail"/>
            </state>
            <final id="fail"/>
            """))
        let instance = try chart.start()
        #expect(instance.activeLeaves == ["s"])
        let communication = SCXMLValue.string("error.communication")
        #expect(chart.value(ofVariable: "events", in: instance.context)
                == .array([communication, communication, communication, .string("error.execution")]))
        #expect(instance.context.session.errorRecords.last?.message.contains("unsupported invoke type") == true)
    }

    @Test("#_scxml_SESSIONID reaches the child from the parent and the parent from the child")
    func sessionIDTargets() throws {
        let instance = try Fixture.start(Fixture.ecmascript("""
            <datamodel><data id="childSession"/></datamodel>
            <state id="s">
              <invoke id="kid"><content><scxml initial="a" version="1.0" datamodel="ecmascript">
                <datamodel><data id="parent"/></datamodel>
                <state id="a">
                  <onentry><send targetexpr="'#_parent'" event="hello"><param name="me" expr="_sessionid"/></send></onentry>
                  <transition event="ping" target="b"><assign location="parent" expr="_event.origin"/></transition>
                </state>
                <state id="b"><onentry><send targetexpr="parent" event="pong"/></onentry></state>
              </scxml></content></invoke>
              <transition event="hello"><send targetexpr="'#_scxml_' + _event.data.me" event="ping"/></transition>
              <transition event="pong" cond="_event.origintype == 'http://www.w3.org/TR/scxml/#SCXMLEventProcessor'" target="pass"/>
            </state>
            <final id="pass"/>
            """))
        #expect(instance.activeLeaves == ["pass"])
    }

    @Test("src is read from the document's folder; a file outside it raises error.execution")
    func srcAccess() throws {
        let folder = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Fixture.scxml("<final id=\"done\"/>").write(to: folder.appendingPathComponent("child.scxml"), atomically: true, encoding: .utf8)
        let parent = Fixture.scxml("""
            <state id="s">
              <invoke src="child.scxml"/>
              <transition event="done.invoke" target="ok"/>
            </state>
            <state id="ok">
              <invoke src="/etc/hostname"/>
              <transition event="error.execution" target="refused"/>
            </state>
            <final id="refused"/>
            """)
        try parent.write(to: folder.appendingPathComponent("parent.scxml"), atomically: true, encoding: .utf8)
        let instance = try SCXMLChart(contentsOf: folder.appendingPathComponent("parent.scxml")).start()
        #expect(instance.activeLeaves == ["refused"])
        #expect(instance.context.session.errorRecords.first?.message.contains("outside the folders") == true)
    }

    /// A processor that records what it is asked to send.
    final class Recorder: SCXMLEventIOProcessor, @unchecked Sendable {
        let lock = NSLock()
        var sent: [(name: String, origin: String?, session: String)] = []
        let type = "http://example.com/recorder"
        let aliases = ["recorder"]
        func location(forSession sessionID: String) -> String { "recorder://" + sessionID }
        func send(_ event: SCXMLEvent, to target: String?, from sessionID: String) -> String? {
            if target == "nowhere" { return "nobody listens at nowhere" }
            lock.withLock { sent.append((event.name, event.origin, sessionID)) }
            return nil
        }
    }

    @Test("an invoked chart reaches the outside world through its parent's I/O processors")
    func childInheritsIOProcessors() throws {
        let chart = try Fixture.chart(Fixture.ecmascript("""
            <state id="s">
              <invoke id="kid"><content><scxml initial="a" version="1.0" datamodel="ecmascript">
                <state id="a">
                  <onentry>
                    <send type="recorder" target="somewhere" event="hello"/>
                    <send target="#_parent" event="where"><param name="at" expr="_ioprocessors['recorder'].location"/></send>
                    <send type="recorder" target="nowhere" event="lost"/>
                  </onentry>
                  <transition event="error.communication" target="failed"/>
                </state>
                <final id="failed"/>
              </scxml></content></invoke>
              <transition event="where" cond="_event.data.at.indexOf('recorder://') == 0" target="t"/>
            </state>
            <state id="t"><transition event="done.invoke.kid" target="done"/></state>
            <final id="done"/>
            """))
        let recorder = Recorder()
        let instance = try chart.start(sessionID: "parent", ioProcessors: [recorder])
        #expect(instance.activeLeaves == ["done"])
        #expect(recorder.sent.map(\.name) == ["hello"])
        #expect(recorder.sent.first.map { $0.session != "parent" && $0.origin == "recorder://" + $0.session } == true)
    }
}
