import Testing
import StatechartsCompiled

@Test func doorRuns() throws {
    var door = try DoorChart.start(context: DoorStats())
    door.send(.open)
    #expect(door.isActive(.opened))
    door.send(.close)
    #expect(door.context.openings == 1)
    #expect(door.context.log == ["enter closed", "exit opened", "enter closed"])
}
