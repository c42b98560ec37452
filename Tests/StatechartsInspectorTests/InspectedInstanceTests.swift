import Foundation
import Statecharts
import StatechartsSCXML
@testable import StatechartsInspector
import Testing

/// Attaching plain `Statechart` instances: `send` behaves exactly as on a bare instance, and each
/// send is one step of the timeline.
@Suite("Inspected instances")
struct InspectedInstanceTests {
    @Test("attach(chart, context:, name:) runs the initial macrostep as step 0")
    func attachChart() async throws {
        try await withInspector { inspector in
            let chart = try Samek.chart()
            var bare = chart.makeInstance(context: SamekLog())
            let startResult = bare.start()
            let door = inspector.attach(chart, context: SamekLog(), name: "samek one")
            #expect(door.name == "samek one")
            #expect(door.configuration == bare.configuration)
            #expect(door.context == bare.context)
            #expect(door.context.lines == ["top-INIT", "s-ENTRY", "s2-ENTRY", "s2-INIT", "s21-ENTRY", "s211-ENTRY"])
            let steps = door.stepsJSON
            try #require(steps.count == 1)
            #expect(steps[0]["seq"]?.intValue == 0)
            #expect(steps[0]["parent"]?.intValue == -1)
            #expect(steps[0]["kind"]?.stringValue == "start")
            #expect(steps[0]["event"] == .null)
            #expect(steps[0]["configuration"]?.strings == ["s211"])
            #expect(steps[0]["entered"]?.strings == ["s", "s2", "s21", "s211"])
            // The initial macrostep's transitions are recorded as start() returned them.
            #expect(steps[0]["transitions"]?.items.compactMap { $0["id"]?.intValue } == startResult.transitions.map { Int($0.rawValue) })
            #expect(door.stateJSON["head"]?.intValue == 0)
        }
    }

    @Test("send returns what the bare instance returns, event after event (Samek's machine)")
    func sendMatchesBareInstance() async throws {
        try await withInspector { inspector in
            let chart = try Samek.chart()
            var bare = chart.start(context: SamekLog())
            let inspected = inspector.attach(chart, context: SamekLog(), name: "samek")
            var results: [SendResult] = []
            for event in Samek.script {
                let expected = bare.send(event)
                let actual = inspected.send(event)
                #expect(actual == expected, "event \(event)")
                #expect(inspected.configuration == bare.configuration, "event \(event)")
                #expect(inspected.context == bare.context, "event \(event)")
                results.append(expected)
            }
            #expect(results.contains { $0.outcome == .transitioned })
            #expect(inspected.instance.activeLeaves == bare.activeLeaves)
        }
    }

    @Test("each send is one step: seq, parent, event, transitions and configuration as send returned them")
    func oneStepPerSend() async throws {
        try await withInspector { inspector in
            let chart = try Samek.chart()
            var bare = chart.start(context: SamekLog())
            let inspected = inspector.attach(chart, context: SamekLog(), name: "samek")
            var expected: [(SamekInput, SendResult, [SamekState])] = []
            for event in Samek.script {
                let result = bare.send(event)
                inspected.send(event)
                expected.append((event, result, bare.activeLeaves))
            }
            let steps = inspected.stepsJSON
            try #require(steps.count == Samek.script.count + 1)
            for (index, (event, result, leaves)) in expected.enumerated() {
                let step = steps[index + 1]
                #expect(step["seq"]?.intValue == index + 1)
                #expect(step["parent"]?.intValue == index)
                #expect(step["kind"]?.stringValue == "event")
                #expect(step["event"]?["name"]?.stringValue == "\(event)")
                #expect(step["event"]?["data"] == .null)
                #expect(step["transitions"]?.items.compactMap { $0["id"]?.intValue } == result.transitions.map { Int($0.rawValue) },
                        "step \(index + 1)")
                #expect(step["configuration"]?.strings == leaves.map { "\($0)" }, "step \(index + 1)")
                // No page watched: the step records configurations only.
                #expect(step["detail"]?.stringValue == "configurations")
                #expect(step["actions"]?.strings == [])
                #expect(step["restorable"] == .bool(true))
            }
            #expect(inspected.stepCount == Samek.script.count + 1)
            #expect(inspected.stateJSON["head"]?.intValue == Samek.script.count)
        }
    }

    @Test("while a page watches, steps record exits, entries and actions in order")
    func fullDetailWhileWatched() async throws {
        try await withInspector { inspector in
            let inspected = inspector.attach(try Samek.chart(), context: SamekLog(), name: "samek")
            inspected.watch(1)
            let before = inspected.context.lines.count
            inspected.send(.a)
            let lines = Array(inspected.context.lines.dropFirst(before))
            #expect(lines == ["s211-EXIT", "s21-EXIT", "s21-A", "s21-ENTRY", "s21-INIT", "s211-ENTRY"])
            let step = try #require(inspected.stepsJSON.last)
            #expect(step["detail"]?.stringValue == "full")
            #expect(step["exited"]?.strings == ["s211", "s21"])
            #expect(step["entered"]?.strings == ["s21", "s211"])
            // Exit, transition and entry actions, in order (initial transitions' actions are not
            // listed by TraceRecorder.actionNames).
            #expect(step["actions"]?.strings == lines.filter { !$0.hasSuffix("-INIT") })
            inspected.watch(-1)
            inspected.send(.a)
            #expect(inspected.stepsJSON.last?["detail"]?.stringValue == "configurations")
        }
    }

    @Test("without detail, exited and entered are the difference of configurations")
    func configurationDifference() async throws {
        try await withInspector { inspector in
            let inspected = inspector.attach(try Samek.chart(), context: SamekLog(), name: "samek")
            inspected.send(.c)   // s211 → s1/s11
            let step = try #require(inspected.stepsJSON.last)
            #expect(step["detail"]?.stringValue == "configurations")
            #expect(Set(step["exited"]?.strings ?? []) == ["s2", "s21", "s211"])
            #expect(step["entered"]?.strings == ["s1", "s11"])
            #expect(step["configuration"]?.strings == ["s11"])
        }
    }

    @Test("attach(instance, name:) takes a running instance as it is")
    func attachInstance() async throws {
        try await withInspector { inspector in
            let chart = try Charts.door()
            var running = chart.start(context: DoorStats())
            running.send(.open)
            running.send(.close)
            var twin = running
            let inspected = inspector.attach(running, name: "front door")
            #expect(inspected.configuration == [.closed])
            #expect(inspected.context == DoorStats(openings: 1))
            let steps = inspected.stepsJSON
            try #require(steps.count == 1)
            #expect(steps[0]["kind"]?.stringValue == "start")
            #expect(steps[0]["note"]?.stringValue == "attached")
            #expect(steps[0]["configuration"]?.strings == ["closed"])
            #expect(steps[0]["transitions"]?.items == [])
            for event in [DoorInput.lock, .open, .unlock, .open, .close] {
                #expect(inspected.send(event) == twin.send(event), "event \(event)")
            }
            #expect(inspected.configuration == twin.configuration)
            #expect(inspected.context == twin.context)
            #expect(inspected.stepsJSON.count == 6)
        }
    }

    @Test("the list entry: id, name, chart, runtime, summary, status, steps")
    func listEntry() async throws {
        try await withInspector { inspector in
            let first = inspector.attach(try Charts.door(), context: DoorStats(), name: "front door")
            let second = inspector.attach(try Charts.door(), context: DoorStats(), name: "front door")
            #expect(first.id != second.id)
            #expect(first.id.hasPrefix("i"))
            #expect(inspector.attachedCount == 2)
            second.send(.open)
            let entry = second.listEntry(eventsPerSecond: 12.34)
            #expect(entry["id"]?.stringValue == second.id)
            #expect(entry["name"]?.stringValue == "front door")
            #expect(entry["chart"]?.stringValue == "door")
            #expect(entry["runtime"]?.stringValue == "table")
            #expect(entry["summary"]?.stringValue == "opened")
            #expect(entry["status"]?.stringValue == "running")
            #expect(entry["steps"]?.intValue == 2)
            #expect(entry["eventsPerSecond"] == .number(12.3))
            #expect(entry["drivable"] == .bool(true))
            #expect(entry["parent"] == .null)
            let list = inspector.registry.listMessage(now: .seconds(1))
            #expect(list["type"]?.stringValue == "instances")
            #expect(list["instances"]?.items.compactMap { $0["id"]?.stringValue } == [first.id, second.id])
            inspector.detach(first)
            #expect(inspector.attachedCount == 1)
            #expect(inspector.registry.session(id: first.id) == nil)
            // A detached instance still works for the app.
            #expect(first.send(.open)?.outcome == .transitioned)
        }
    }

    @Test("the state message: configuration, active states, last transitions, enabled events, context")
    func stateMessage() async throws {
        try await withInspector { inspector in
            let chart = try Charts.door()
            let door = inspector.attach(chart, context: DoorStats(), name: "door")
            let result = try #require(door.send(.open))
            let state = door.stateJSON
            #expect(state["type"]?.stringValue == "state")
            #expect(state["instance"]?.stringValue == door.id)
            #expect(state["configuration"]?.strings == ["opened"])
            #expect(state["active"]?.strings == ["opened"])
            #expect(state["lastTransitions"]?.items.compactMap(\.intValue) == result.transitions.map { Int($0.rawValue) })
            #expect(state["enabledEvents"]?.strings == ["close"])
            #expect(state["status"]?.stringValue == "running")
            #expect(state["pauseReason"] == .null)
            #expect(state["queued"]?.items == [])
            #expect(state["clock"]?.stringValue == "virtual")
            #expect(state["now"]?.stringValue == "0 s")
            #expect(state["context"]?["format"]?.stringValue == "json")
            #expect(state["context"]?["value"]?["openings"] == .number(1))
            #expect(state["context"]?["editable"] == .bool(true))
            #expect(state["restorable"] == .bool(true))
            #expect(state["restoreNote"] == .null)
            #expect(state["head"]?.intValue == 1)
            #expect(state.json != nil)
        }
    }

    @Test("a finished instance says so, and refuses events as a bare one does")
    func finished() async throws {
        try await withInspector { inspector in
            let chart = try Statechart<String, String, Int>("job") {
                State("working") { On("finish", to: "done") }
                Final("done")
            }
            var bare = chart.start(context: 0)
            let job = inspector.attach(chart, context: 0, name: "job")
            #expect(job.send("finish") == bare.send("finish"))
            #expect(job.stateJSON["status"]?.stringValue == "finished")
            let refused = job.send("finish")
            #expect(refused == bare.send("finish"))
            #expect(refused?.outcome == .notRunning)
            #expect(job.failure(.send(name: "finish", data: nil)) == nil)
            #expect(try job.command(.send(name: "finish", data: nil)).contains("not running"))
        }
    }

    @Test("steps after a cursor: only what is new")
    func stepsAfterCursor() async throws {
        try await withInspector { inspector in
            let door = inspector.attach(try Charts.door(), context: DoorStats(), name: "door")
            let (first, last) = door.stepsMessage(after: -1, reset: true)
            #expect(first["reset"] == .bool(true))
            #expect(first["dropped"]?.intValue == 0)
            #expect(last == 0)
            door.send(.open)
            door.send(.close)
            let (next, newLast) = door.stepsMessage(after: last, reset: false)
            #expect(next["type"]?.stringValue == "steps")
            #expect(next["instance"]?.stringValue == door.id)
            #expect(next["reset"] == .bool(false))
            #expect(next["steps"]?.items.compactMap { $0["seq"]?.intValue } == [1, 2])
            #expect(newLast == 2)
            let (nothing, same) = door.stepsMessage(after: newLast, reset: false)
            #expect(nothing["steps"]?.items == [])
            #expect(same == 2)
        }
    }

    @Test("sends from many threads at once are each recorded once")
    func concurrentSends() async throws {
        try await withInspector { inspector in
            let chart = try Statechart<String, String, Int>("counter") {
                State("counting") { On("tick") { $0 += 1 } }
            }
            let counter = inspector.attach(chart, context: 0, name: "counter")
            let tasks = 8, perTask = 500
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<tasks {
                    group.addTask {
                        for _ in 0..<perTask { counter.send("tick") }
                    }
                }
            }
            #expect(counter.context == tasks * perTask)
            #expect(counter.stepCount == tasks * perTask + 1)
            let steps = counter.stepsJSON
            let seqs = steps.compactMap { $0["seq"]?.intValue }
            #expect(seqs == Array((tasks * perTask + 1 - seqs.count)...(tasks * perTask)))
        }
    }

    @Test("the timeline keeps the last timelineLength steps")
    func timelineLength() async throws {
        try await withInspector(options: InspectorOptions(timelineLength: 5, checkpointInterval: 1)) { inspector in
            let door = inspector.attach(try Charts.door(), context: DoorStats(), name: "door")
            for _ in 0..<10 { door.send(.open); door.send(.close) }
            let (message, _) = door.stepsMessage(after: -1, reset: true)
            #expect(message["steps"]?.items.compactMap { $0["seq"]?.intValue } == [16, 17, 18, 19, 20])
            #expect(message["dropped"]?.intValue == 16)
            #expect(door.stepCount == 21)
        }
    }
}
