import Foundation
import Statecharts
import StatechartsECMAScript
import StatechartsHTTP
import StatechartsSCXML
import Testing

/// The Swift samples of docs/scxml.md, line for line (DocSampleCheckTests checks that), with
/// what their comments promise asserted.
@Suite("docs/scxml.md samples")
struct ScxmlSampleTests {
    @Test("the door runs as the page says")
    func door() throws {
        let chart = try SCXMLChart(string: """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript" initial="closed">
              <datamodel><data id="openings" expr="0"/></datamodel>
              <state id="closed"><transition event="open" target="opened"/></state>
              <state id="opened">
                <onentry><assign location="openings" expr="openings + 1"/><send event="close" delay="1s"/></onentry>
                <transition event="close" target="closed"/>
              </state>
            </scxml>
            """, dataModels: SCXMLDataModelFactory.all)   // null and ecmascript
        // From a file: try SCXMLChart(contentsOf: URL(fileURLWithPath: "door.scxml"), dataModels: …)
        var door = try chart.start()              // its own data model (one Duktape heap)
        door.send(SCXMLEvent("open"))
        let leaves = door.activeLeaves            // ["opened"]
        door.advanceClock(by: .seconds(1))        // fires delayed <send>s on the virtual clock
        door.runUntilIdle()                       // … or all of them
        let closed = door.activeLeaves            // ["closed"]
        let openings = chart.value(ofVariable: "openings", in: door.context)   // .number(1)

        #expect(leaves == ["opened"])
        #expect(closed == ["closed"])
        #expect(openings == .number(1))
    }

    @Test("the Basic HTTP processor delivers a chart's POST to itself")
    func basicHTTP() async throws {
        // A chart that POSTs an event to its own location and finishes when it arrives.
        let chart = try SCXMLChart(string: """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript" initial="posting">
              <state id="posting">
                <onentry><send type="basichttp" targetexpr="_ioprocessors['basichttp'].location" event="posted"/></onentry>
                <transition event="posted" target="done"/>
              </state>
              <final id="done"/>
            </scxml>
            """, dataModels: SCXMLDataModelFactory.all)

        let http = try await BasicHTTPEventProcessor.start()     // 127.0.0.1, a port the system picks
        var instance = try chart.start(ioProcessors: [http])
        let location = http.location(forSession: instance.context.session.sessionID)
        // location is _ioprocessors['basichttp'].location: "http://127.0.0.1:PORT/scxml/SESSIONID"
        await instance.runUntilIdle(with: http)   // HTTP events in, delayed sends on the virtual clock
        await http.shutdown()

        #expect(location == "http://127.0.0.1:\(http.port)/scxml/" + instance.context.session.sessionID)
        #expect(instance.activeLeaves == ["done"])
    }

    @Test("limits are given to the data model factory")
    func limits() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scxml-sample-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("door.scxml")
        try #"<scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript"><state id="a"/></scxml>"#
            .write(to: url, atomically: true, encoding: .utf8)

        let limits = ECMAScriptLimits(executionTime: .milliseconds(200), heapBytes: 16 << 20)
        let limited = try SCXMLChart(contentsOf: url, dataModels: [.ecmascript(limits: limits)])

        #expect(try limited.start().activeLeaves == ["a"])
    }
}
