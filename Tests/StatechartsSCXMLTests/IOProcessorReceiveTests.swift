import Foundation
import Statecharts
import StatechartsSCXML
import Testing

/// The events another I/O processor received for a session are taken right after each send
/// through it, and queued before anything the session sends next.
@Suite("SCXML I/O processors: events received by the time a send returns")
struct IOProcessorReceiveTests {
    /// A processor that delivers at once: a send to `loop://SESSION` is received by that session.
    final class Loopback: SCXMLEventIOProcessor, @unchecked Sendable {
        let lock = NSLock()
        var received: [String: [SCXMLEvent]] = [:]
        let type = "http://example.com/loopback"
        let aliases = ["loopback"]
        func location(forSession sessionID: String) -> String { "loop://" + sessionID }
        func send(_ event: SCXMLEvent, to target: String?, from sessionID: String) -> String? {
            guard let target, target.hasPrefix("loop://") else { return "not a loop:// target" }
            lock.withLock { received[String(target.dropFirst("loop://".count)), default: []].append(event) }
            return nil
        }
        func takeEvents(forSession sessionID: String) -> [SCXMLEvent] {
            lock.withLock { received.removeValue(forKey: sessionID) ?? [] }
        }
    }

    @Test("a session that sends to itself through a delivering processor sees its event before the next send's")
    func ownEventFirst() throws {
        let loopback = Loopback()
        let chart = try Fixture.chart(Fixture.ecmascript("""
            <datamodel><data id="order" expr="''"/></datamodel>
            <state id="s">
              <onentry>
                <send type="loopback" targetexpr="_ioprocessors['loopback'].location" event="a"/>
                <send event="b"/>
                <send type="loopback" targetexpr="_ioprocessors['loopback'].location" event="c"/>
                <send type="loopback" target="elsewhere" event="d"/>
              </onentry>
              <transition event="a b c error.communication" cond="order.length &lt; 3">
                <assign location="order" expr="order + _event.name.charAt(0)"/>
              </transition>
              <transition event="a b c error.communication" target="done">
                <assign location="order" expr="order + _event.name.charAt(0)"/>
              </transition>
            </state>
            <final id="done"/>
            """))
        let instance = try chart.start(ioProcessors: [loopback])
        // The failed send's error is internal, so it comes first; then a, b, c in the order sent.
        #expect(instance.activeLeaves == ["done"])
        if case .string(let order)? = chart.value(ofVariable: "order", in: instance.context) {
            #expect(order == "eabc")
        } else {
            Issue.record("order is not a string")
        }
        // The session took everything the processor held for it.
        #expect(loopback.takeEvents(forSession: instance.context.session.sessionID).isEmpty)
    }
}
