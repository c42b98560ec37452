import Statecharts
import StatechartsSCXML
@testable import StatechartsInspector
import Testing

/// "Continue from here": restoring an earlier step brings back its configuration and context as a
/// new branch of the timeline; viewing a step shows what it was.
@Suite("Time travel")
struct TimeTravelTests {
    @Test("restore brings back the configuration and the (struct) context")
    func restoreConfigurationAndContext() async throws {
        try await withInspector { inspector in
            let door = inspector.attach(try Charts.door(), context: DoorStats(), name: "door")
            door.send(.open)     // 1: opened, 1
            door.send(.close)    // 2: closed, 1
            door.send(.open)     // 3: opened, 2
            door.send(.close)    // 4: closed, 2
            door.send(.lock)     // 5: locked, 2
            #expect(door.configuration == [.locked])
            #expect(door.context.openings == 2)

            #expect(try door.command(.restore(1)) == "continuing from step #1")
            #expect(door.configuration == [.opened])
            #expect(door.context.openings == 1)
            // The restored instance runs on from there.
            door.send(.close)
            door.send(.open)
            #expect(door.configuration == [.opened])
            #expect(door.context.openings == 2)

            try door.command(.restore(0))
            #expect(door.configuration == [.closed])
            #expect(door.context.openings == 0)
        }
    }

    @Test("restore makes a branch: the new step's parent is the restored seq, the old steps stay")
    func restoreMakesABranch() async throws {
        try await withInspector { inspector in
            let door = inspector.attach(try Charts.door(), context: DoorStats(), name: "door")
            door.send(.open)
            door.send(.close)
            door.send(.lock)
            try door.command(.restore(1))
            door.send(.close)
            let steps = door.stepsJSON
            #expect(steps.compactMap { $0["seq"]?.intValue } == [0, 1, 2, 3, 4, 5])
            #expect(steps.compactMap { $0["parent"]?.intValue } == [-1, 0, 1, 2, 1, 4])
            #expect(steps.map(summary) == [
                "start → closed", "event open → opened", "event close → closed", "event lock → locked",
                "restore → opened", "event close → closed",
            ])
            #expect(steps[4]["note"]?.stringValue == "back to #1")
            #expect(door.stateJSON["head"]?.intValue == 5)
        }
    }

    @Test("a step of an abandoned branch can still be restored")
    func restoreOldBranch() async throws {
        try await withInspector { inspector in
            let door = inspector.attach(try Charts.door(), context: DoorStats(), name: "door")
            door.send(.open)        // 1
            door.send(.close)       // 2
            door.send(.lock)        // 3: locked
            try door.command(.restore(0))   // 4
            door.send(.open)        // 5
            door.send(.close)       // 6
            door.send(.open)        // 7: opened, 2
            try door.command(.restore(3))
            #expect(door.configuration == [.locked])
            #expect(door.context.openings == 1)
        }
    }

    @Test("restored Samek configurations and contexts are exactly the ones recorded")
    func restoreEveryStep() async throws {
        try await withInspector { inspector in
            let chart = try Samek.chart()
            var bare = chart.start(context: SamekLog())
            let samek = inspector.attach(chart, context: SamekLog(), name: "samek")
            var expected: [(configuration: [SamekState], context: SamekLog)] = [(bare.configuration, bare.context)]
            for event in Samek.script {
                bare.send(event)
                samek.send(event)
                expected.append((bare.configuration, bare.context))
            }
            for seq in stride(from: Samek.script.count, through: 0, by: -3) {
                try samek.command(.restore(seq))
                #expect(samek.configuration == expected[seq].configuration, "step \(seq)")
                #expect(samek.context == expected[seq].context, "step \(seq)")
            }
        }
    }

    @Test("inspectStep returns that step's configuration and context")
    func inspectStep() async throws {
        try await withInspector { inspector in
            let chart = try Charts.door()
            let door = inspector.attach(chart, context: DoorStats(), name: "door")
            let result = try #require(door.send(.open))
            door.send(.close)
            door.send(.lock)
            let reply = try #require(try door.perform(.inspectStep(1)).reply)
            #expect(try door.perform(.inspectStep(1)).message == "step #1")
            #expect(reply["type"]?.stringValue == "stepDetail")
            #expect(reply["instance"]?.stringValue == door.id)
            #expect(reply["seq"]?.intValue == 1)
            #expect(reply["configuration"]?.strings == ["opened"])
            #expect(reply["active"]?.strings == ["opened"])
            #expect(reply["lastTransitions"]?.items.compactMap(\.intValue) == result.transitions.map { Int($0.rawValue) })
            #expect(reply["context"]?["format"]?.stringValue == "json")
            #expect(reply["context"]?["value"]?["openings"] == .number(1))
            #expect(reply["restorable"] == .bool(true))
            #expect(reply["restoreNote"] == .null)
            // Viewing a step changes nothing.
            #expect(door.configuration == [.locked])
            #expect(door.stepsJSON.count == 4)
            #expect(try door.stepDetail(0)["configuration"]?.strings == ["closed"])
            #expect(try door.stepDetail(0)["context"]?["value"]?["openings"] == .number(0))
            #expect(door.failure(.inspectStep(99))?.contains("no longer kept") == true)
        }
    }

    @Test("a class context cannot be restored, and says why")
    func classContextIsNotRestorable() async throws {
        final class Shared: @unchecked Sendable, CustomStringConvertible {
            var visits = 0
            var description: String { "Shared(\(visits))" }
        }
        try await withInspector { inspector in
            let door = inspector.attach(try Charts.door(context: Shared.self), context: Shared(), name: "door")
            door.send(.open)
            door.send(.close)
            let message = try #require(door.failure(.restore(1)))
            #expect(message.hasPrefix("step #1 cannot be restored: "))
            #expect(message.contains("is a class"))
            #expect(door.configuration == [.closed])
            let state = door.stateJSON
            #expect(state["restorable"] == .bool(false))
            #expect(state["restoreNote"]?.stringValue?.contains("is a class") == true)
            #expect(state["context"]?["format"]?.stringValue == "text")
            #expect(state["context"]?["value"]?.stringValue == "Shared(0)")
            let step = try #require(door.stepsJSON.last)
            #expect(step["restorable"] == .bool(false))
            let detail = try door.stepDetail(1)
            #expect(detail["restorable"] == .bool(false))
            #expect(detail["restoreNote"]?.stringValue?.contains("is a class") == true)
            #expect(detail["configuration"]?.strings == ["opened"])
        }
    }

    @Test("a step the timeline dropped cannot be restored or viewed")
    func droppedStep() async throws {
        try await withInspector(options: InspectorOptions(timelineLength: 3, checkpointInterval: 1)) { inspector in
            let door = inspector.attach(try Charts.door(), context: DoorStats(), name: "door")
            door.send(.open)    // 1
            door.send(.close)   // 2
            door.send(.lock)    // 3
            door.send(.unlock)  // 4: keeps 2, 3, 4
            #expect(door.failure(.restore(0)) == "step #0 is no longer kept (the timeline keeps the last 3)")
            #expect(door.failure(.restore(1)) != nil)
            #expect(door.failure(.inspectStep(1)) != nil)
            #expect(door.configuration == [.closed])
            try door.command(.restore(3))
            #expect(door.configuration == [.locked])
            #expect(door.context.openings == 1)
        }
    }

    @Test("without checkpoints nothing can be restored, and the state says why")
    func noCheckpoints() async throws {
        try await withInspector(options: InspectorOptions(keepsCheckpoints: false)) { inspector in
            let door = inspector.attach(try Charts.door(), context: DoorStats(), name: "door")
            door.send(.open)
            #expect(door.failure(.restore(0)) == "step #0 cannot be restored: it kept no checkpoint (InspectorOptions.keepsCheckpoints is false)")
            #expect(door.stateJSON["restorable"] == .bool(false))
            #expect(door.stateJSON["restoreNote"]?.stringValue?.contains("keepsCheckpoints") == true)
            #expect(door.stepsJSON.allSatisfy { $0["restorable"] == .bool(false) })
            #expect(door.configuration == [.opened])
        }
    }

    @Test("steps recorded while a page watches are not marked as recorded without a page (restore, edit, clock too)")
    func detailWhileWatched() async throws {
        try await withInspector { inspector in
            let kettle = inspector.attach(try Charts.kettle(), context: KettleLog(), name: "kettle")
            kettle.watch(1)
            kettle.send(.start)
            kettle.advanceClock(by: .seconds(2))
            try kettle.command(.restore(1))
            try kettle.command(.editContext(try SCXMLValue(json: #"{"fired":["x"]}"#)))
            let steps = kettle.stepsJSON.dropFirst()
            #expect(steps.map { $0["kind"]?.stringValue } == ["event", "delayed", "clock", "restore", "edit"])
            for step in steps {
                #expect(step["detail"]?.stringValue == "full", "\(step["kind"]?.stringValue ?? "?") step")
            }
        }
    }

    @Test("restoring keeps held events and breakpoints; restore works while paused")
    func restoreWhilePaused() async throws {
        try await withInspector { inspector in
            let door = inspector.attach(try Charts.door(), context: DoorStats(), name: "door")
            door.send(.open)
            try door.command(.pause)
            door.send(.close)
            try door.command(.restore(0))
            #expect(door.configuration == [.closed])
            #expect(door.isPaused)
            #expect(door.heldEventCount == 1)
            try door.command(.resume)
            // close, held, is ignored in closed.
            #expect(door.configuration == [.closed])
            #expect(door.stepsJSON.last?["parent"]?.intValue == 2)
        }
    }
}
