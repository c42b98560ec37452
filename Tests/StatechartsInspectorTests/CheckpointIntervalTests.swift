@testable import StatechartsInspector
import Statecharts
import StatechartsSCXML
import Testing

/// The inspector's default: with no page watching, one event step in `checkpointInterval` keeps
/// a copy of the instance (a copy costs more than the `send` it records); with a page watching,
/// every step does; steps that are not events always do.
@Suite("Checkpoint interval")
struct CheckpointIntervalTests {
    @Test("unwatched: event steps at multiples of the interval, and every other kind of step, are restorable")
    func unwatched() async throws {
        try await withInspector(options: InspectorOptions(checkpointInterval: 4)) { inspector in
            let door = inspector.attach(try Charts.door(), context: DoorStats(), name: "door")
            for _ in 0..<5 {
                door.send(.open)
                door.send(.close)
            }   // steps 1...10
            let restorable = door.stepsJSON.map { $0["restorable"] == .bool(true) }
            #expect(restorable == (0...10).map { $0 == 0 || $0 % 4 == 0 })
            #expect(door.failure(.restore(5))?.contains("one step in 4 keeps a checkpoint") == true)
            try door.command(.restore(8))          // step 8 closed the door for the fourth time
            #expect(door.configuration == [.closed])
            #expect(door.context.openings == 4)
            #expect(door.stepsJSON.last?["restorable"] == .bool(true))   // the restore step itself
        }
    }

    @Test("watched: every step keeps a checkpoint")
    func watched() async throws {
        try await withInspector(options: InspectorOptions(checkpointInterval: 4)) { inspector in
            let door = inspector.attach(try Charts.door(), context: DoorStats(), name: "door")
            door.watch(1)
            door.send(.open)
            door.send(.close)
            door.send(.open)
            #expect(door.stepsJSON.allSatisfy { $0["restorable"] == .bool(true) })
            try door.command(.restore(1))
            #expect(door.configuration == [.opened])
            #expect(door.context.openings == 1)
            door.watch(-1)
            door.send(.close)   // step 5: not a multiple of 4, no page
            #expect(door.stepsJSON.last?["restorable"] == .bool(false))
        }
    }

    @Test("the default interval is 64")
    func defaultInterval() {
        #expect(InspectorOptions().checkpointInterval == 64)
        #expect(InspectorOptions(checkpointInterval: 0).checkpointInterval == 1)
    }
}
