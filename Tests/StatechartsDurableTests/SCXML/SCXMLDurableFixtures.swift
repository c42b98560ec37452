import Foundation
import Statecharts
import StatechartsDurable
import StatechartsECMAScript
import StatechartsSCXML

/// An order in SCXML: items counted in `<data>`, a send through a test I/O processor and a
/// reminder timer on payment, `In()` in guards that the data model evaluates (a guard that is only
/// `In(…)` is checked on the configuration instead), `error.communication` handled.
let scxmlOrderDocument = """
<scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript" initial="open" name="orders">
  <datamodel>
    <data id="count" expr="0"/>
    <data id="items" expr="[]"/>
    <data id="shipment"/>
  </datamodel>
  <state id="open">
    <transition event="add" target="open">
      <assign location="count" expr="count + 1"/>
      <script>items.push(_event.data.name)</script>
    </transition>
    <transition event="pay" cond="count &gt; 0" target="paid"/>
  </state>
  <state id="paid">
    <onentry>
      <send event="ship" type="test" target="warehouse" idlocation="shipment"><param name="n" expr="count"/></send>
      <send event="remind" delay="30s"/>
    </onentry>
    <transition event="remind" target="reminded"/>
    <transition event="shipped" cond="count &gt; 0 &amp;&amp; In('paid')" target="done"/>
    <transition event="error.communication" target="failed"/>
  </state>
  <state id="reminded">
    <transition event="shipped" cond="count &gt; 0 &amp;&amp; In('reminded')" target="done"/>
  </state>
  <final id="done"/>
  <final id="failed"/>
</scxml>
"""

/// The chart, read afresh each time (as another process would).
func scxmlOrderChart() throws -> SCXMLChart {
    try SCXMLChart(string: scxmlOrderDocument, dataModels: [.ecmascript])
}

/// An I/O processor that records what it is asked to send; it can refuse every send, or receive
/// a reply for the sending session on each send.
final class RecordingProcessor: SCXMLEventIOProcessor, @unchecked Sendable {
    let type = "http://example.com/test-processor"
    let aliases = ["test"]
    private let refuses: Bool
    private let reply: String?
    private let lock = NSLock()
    private var sentEvents: [(event: SCXMLEvent, target: String?, session: String)] = []
    private var received: [String: [SCXMLEvent]] = [:]

    init(refuses: Bool = false, reply: String? = nil) {
        self.refuses = refuses
        self.reply = reply
    }

    var sent: [(event: SCXMLEvent, target: String?, session: String)] { lock.withLock { sentEvents } }

    func location(forSession sessionID: String) -> String { "test://" + sessionID }

    func send(_ event: SCXMLEvent, to target: String?, from sessionID: String) -> String? {
        lock.withLock {
            sentEvents.append((event, target, sessionID))
            if let reply, !refuses { received[sessionID, default: []].append(SCXMLEvent(reply)) }
        }
        return refuses ? "no route to '\(target ?? "")'" : nil
    }

    func takeEvents(forSession sessionID: String) -> [SCXMLEvent] {
        lock.withLock {
            defer { received[sessionID] = nil }
            return received[sessionID] ?? []
        }
    }
}

/// `{"name": name}` as an `add` event.
func addEvent(_ name: String) -> SCXMLEvent {
    SCXMLEvent("add", data: .object([.init("name", .string(name))]))
}
