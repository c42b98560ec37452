import Foundation
import Statecharts
import StatechartsSCXML
@testable import StatechartsInspector
import Synchronization
import Testing

/// SCXML sessions under the inspector: events by name with data, variables, and restoring a
/// step by replaying the session's inputs on a fresh session.
@Suite("SCXML sessions")
struct SCXMLSessionTests {
    static let player = """
    <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="null" initial="idle" name="player">
      <state id="idle">
        <transition event="play" target="playing"/>
        <transition event="eject" target="empty"/>
      </state>
      <state id="empty"><transition event="insert" target="idle"/></state>
      <state id="playing">
        <onentry><send event="timeout" delay="2s"/></onentry>
        <transition event="pause" target="paused"/>
        <transition event="timeout" target="done"/>
      </state>
      <state id="paused">
        <transition event="play" target="playing"/>
        <transition event="stop" target="idle"/>
      </state>
      <final id="done"/>
    </scxml>
    """

    static let counter = """
    <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="counter" initial="counting" name="counter">
      <datamodel>
        <data id="count" expr="0"/>
        <data id="label" expr='"start"'/>
      </datamodel>
      <state id="counting">
        <transition event="inc"><assign location="count" expr="count + 1"/></transition>
        <transition event="done" cond="count >= 3" target="enough"/>
      </state>
      <final id="enough"/>
    </scxml>
    """

    static func playerChart() throws -> SCXMLChart { try SCXMLChart(string: player) }
    static func counterChart() throws -> SCXMLChart { try SCXMLChart(string: counter, dataModels: [CounterDataModel.factory]) }

    static func variables(_ context: SCXMLValue?) -> [String: String] {
        var result: [String: String] = [:]
        for variable in context?["variables"]?.items ?? [] {
            if let name = variable["name"]?.stringValue, let value = variable["value"]?.stringValue { result[name] = value }
        }
        return result
    }

    @Test("attach runs the initial macrostep; the runtime is scxml and the name the chart's")
    func attach() async throws {
        try await withInspector { inspector in
            let player = try inspector.attach(try Self.playerChart())
            #expect(player.name == "player")
            #expect(player.configuration == ["idle"])
            let entry = player.listEntry(eventsPerSecond: 0)
            #expect(entry["runtime"]?.stringValue == "scxml")
            #expect(entry["chart"]?.stringValue == "player")
            let steps = player.stepsJSON
            #expect(steps.map(summary) == ["start → idle"])
            let named = try inspector.attach(try Self.playerChart(), name: "second")
            #expect(named.name == "second")
        }
    }

    @Test("events are sent by name, with JSON data as _event.data; unknown names get did you mean")
    func sendEvents() async throws {
        try await withInspector { inspector in
            let player = try inspector.attach(try Self.playerChart())
            #expect(try player.command(.send(name: "play", data: try SCXMLValue(json: #"{"track":3}"#))) == "sent 'play'")
            #expect(player.configuration == ["playing"])
            try player.command(.send(name: "pause", data: nil))
            #expect(player.configuration == ["paused"])
            #expect(player.failure(.send(name: "plya", data: nil)) == "unknown event 'plya' (did you mean 'play'?)")
            #expect(player.configuration == ["paused"])
            let steps = player.stepsJSON
            #expect(steps.map(summary) == ["start → idle", "event play → playing", "event pause → paused"])
            #expect(steps[1]["event"]?["data"] == (try SCXMLValue(json: #"{"track":3}"#)))
            #expect(steps[2]["event"]?["data"] == .null)
            // The app sends SCXMLEvents directly too.
            #expect(player.send(SCXMLEvent("stop"))?.outcome == .transitioned)
            #expect(player.configuration == ["idle"])
        }
    }

    @Test("restoring an earlier step replays the session: the configuration comes back")
    func restoreReplays() async throws {
        try await withInspector { inspector in
            let player = try inspector.attach(try Self.playerChart())
            for name in ["play", "pause", "play", "pause", "stop"] { try player.command(.send(name: name, data: nil)) }
            #expect(player.configuration == ["idle"])
            try player.command(.restore(2))
            #expect(player.configuration == ["paused"])
            try player.command(.restore(1))
            #expect(player.configuration == ["playing"])
            // The pending timeout came back with it: it fires after 2 s.
            #expect(player.instance.pendingDelayedEventCount >= 1)
            try player.command(.restore(0))
            #expect(player.configuration == ["idle"])
            #expect(player.instance.pendingDelayedEventCount == 0)
            let steps = player.stepsJSON
            #expect(steps.suffix(3).map { $0["parent"]?.intValue } == [2, 1, 0])
            #expect(steps.suffix(3).map { $0["kind"]?.stringValue } == ["restore", "restore", "restore"])
        }
    }

    @Test("restore calls makeInstance for a fresh session")
    func restoreUsesMakeInstance() async throws {
        try await withInspector { inspector in
            let chart = try Self.playerChart()
            final class Tally: Sendable { let count = Atomic<Int>(0) }
            let made = Tally()
            let player = try inspector.attach(chart, name: "player") { () throws(SCXMLError) in
                made.count.add(1, ordering: .relaxed)
                return try chart.makeInstance()
            }
            #expect(made.count.load(ordering: .relaxed) == 1)
            try player.command(.send(name: "play", data: nil))
            try player.command(.restore(0))
            #expect(made.count.load(ordering: .relaxed) == 2)
            #expect(player.configuration == ["idle"])
        }
    }

    @Test("delayed sends fire on the virtual clock; a delayed step restores to its own configuration")
    func restoreDelayedStep() async throws {
        try await withInspector { inspector in
            let player = try inspector.attach(try Self.playerChart())
            try player.command(.send(name: "play", data: nil))
            #expect(try player.command(.advance("2s")) == "advanced 2 s; 1 delayed event(s) fired")
            #expect(player.configuration == ["done"])
            #expect(player.stateJSON["status"]?.stringValue == "finished")
            let delayed = try #require(player.stepsJSON.first { $0["kind"]?.stringValue == "delayed" })
            #expect(delayed["event"]?["name"]?.stringValue == "timeout")
            #expect(delayed["configuration"]?.strings == ["done"])
            let seq = try #require(delayed["seq"]?.intValue)
            try player.command(.restore(1))
            #expect(player.configuration == ["playing"])
            // Back to the step where the timeout fired: the session is done again.
            try player.command(.restore(seq))
            #expect(player.configuration == ["done"], "restoring step #\(seq), recorded as done")
        }
    }

    @Test("a step of an abandoned branch restores to its own configuration, not the new branch's")
    func restoreAbandonedBranch() async throws {
        try await withInspector { inspector in
            let player = try inspector.attach(try Self.playerChart())
            try player.command(.send(name: "play", data: nil))    // 1: playing
            try player.command(.send(name: "pause", data: nil))   // 2: paused
            try player.command(.restore(0))                       // 3: idle
            try player.command(.send(name: "eject", data: nil))   // 4: empty
            try player.command(.send(name: "insert", data: nil))  // 5: idle
            #expect(player.stepsJSON[2]["configuration"]?.strings == ["paused"])
            #expect(player.stepsJSON[2]["restorable"] == .bool(true))
            try player.command(.restore(2))
            #expect(player.configuration == ["paused"])
        }
    }

    @Test("a longer abandoned branch's step can be restored after a restore to an earlier step")
    func restoreLongerAbandonedBranch() async throws {
        try await withInspector { inspector in
            let player = try inspector.attach(try Self.playerChart())
            try player.command(.send(name: "play", data: nil))    // 1: playing
            try player.command(.send(name: "pause", data: nil))   // 2: paused
            try player.command(.restore(0))                       // 3: idle
            #expect(player.failure(.restore(2)) == nil)
            #expect(player.configuration == ["paused"])
        }
    }

    @Test("the null data model shows no variables; edits are refused")
    func nullDataModelVariables() async throws {
        try await withInspector { inspector in
            let player = try inspector.attach(try Self.playerChart())
            let context = player.stateJSON["context"]
            #expect(context?["format"]?.stringValue == "variables")
            #expect(context?["variables"]?.items == [])
            #expect(player.failure(.editContext(.number(1)))?.contains("edit them one by one") == true)
            #expect(player.failure(.editVariable(name: "x", value: .number(1))) == "the chart has no variable 'x'")
        }
    }

    @Test("errors a step raises are recorded with it")
    func errorsRecorded() async throws {
        try await withInspector { inspector in
            let chart = try SCXMLChart(string: """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="null" initial="s" name="faulty">
              <state id="s">
                <transition event="bad"><log expr="1"/></transition>
                <transition event="good" target="t"/>
              </state>
              <state id="t"/>
            </scxml>
            """)
            let faulty = try inspector.attach(chart)
            try faulty.command(.send(name: "bad", data: nil))
            let errors = faulty.stepsJSON.last?["errors"]?.strings ?? []
            #expect(errors.count == 1)
            #expect(errors.first?.contains("error.execution") == true)
            try faulty.command(.send(name: "good", data: nil))
            #expect(faulty.stepsJSON.last?["errors"]?.strings == [])
        }
    }

    // MARK: Variables (a data model with variables)

    @Test("variables are shown with format variables, as JSON text, and change with the steps")
    func variablesShown() async throws {
        try await withInspector { inspector in
            let counter = try inspector.attach(try Self.counterChart())
            let context = counter.stateJSON["context"]
            #expect(context?["format"]?.stringValue == "variables")
            #expect(context?["editable"] == .bool(true))
            #expect(context?["variables"]?.items.compactMap { $0["name"]?.stringValue } == ["count", "label"])
            #expect(Self.variables(context) == ["count": "0", "label": "\"start\""])
            try counter.command(.send(name: "inc", data: nil))
            try counter.command(.send(name: "inc", data: nil))
            #expect(Self.variables(counter.stateJSON["context"])["count"] == "2")
            // inspectStep shows a step's variables as they were.
            #expect(Self.variables(try counter.stepDetail(1)["context"])["count"] == "1")
            #expect(Self.variables(try counter.stepDetail(0)["context"])["count"] == "0")
        }
    }

    @Test("editVariable sets a variable between steps, as an edit step; restore replays edits")
    func editVariable() async throws {
        try await withInspector { inspector in
            let counter = try inspector.attach(try Self.counterChart())
            try counter.command(.send(name: "inc", data: nil))    // 1: count 1
            try counter.command(.send(name: "done", data: nil))   // 2: count < 3, ignored
            #expect(counter.configuration == ["counting"])
            #expect(try counter.command(.editVariable(name: "count", value: .number(10))) == "count changed")   // 3
            let edit = try #require(counter.stepsJSON.last)
            #expect(edit["kind"]?.stringValue == "edit")
            #expect(edit["note"]?.stringValue == "count = 10")
            #expect(Self.variables(counter.stateJSON["context"])["count"] == "10")
            try counter.command(.send(name: "inc", data: nil))    // 4: count 11
            #expect(Self.variables(counter.stateJSON["context"])["count"] == "11")

            // Restoring the edit step replays the edit.
            try counter.command(.restore(3))
            #expect(Self.variables(counter.stateJSON["context"])["count"] == "10")
            try counter.command(.send(name: "done", data: nil))
            #expect(counter.configuration == ["enough"])
            // Restoring the step before it undoes it.
            try counter.command(.restore(1))
            #expect(Self.variables(counter.stateJSON["context"])["count"] == "1")
            #expect(counter.configuration == ["counting"])
        }
    }

    @Test("editVariable: unknown names get did you mean; bad values the data model's reason")
    func editVariableErrors() async throws {
        try await withInspector { inspector in
            let counter = try inspector.attach(try Self.counterChart())
            #expect(counter.failure(.editVariable(name: "cuont", value: .number(1))) == "the chart has no variable 'cuont' (did you mean 'count'?)")
            #expect(Self.variables(counter.stateJSON["context"])["count"] == "0")
            #expect(counter.stepsJSON.count == 1)
        }
    }
}
