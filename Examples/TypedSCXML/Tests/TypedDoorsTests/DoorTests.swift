import StatechartsSCXML
import Testing
import TypedDoors

/// The typed wrapper generated from Door.scxml (ecmascript data model), through its public API.
@Suite("Typed SCXML: Door.scxml")
struct DoorTests {
    @Test("the sample of docs/scxml.md")
    func docSample() throws {
        var door = try Door.start()
        door.send(.open)                             // closed → opened
        let opened = door.isActive(.opened)          // true
        let openings = door.variables.openings       // Optional(1.0): `<data id="openings" expr="0"/>`
        door.advanceClock(by: .seconds(30))          // the document's delayed <send event="close">
        let leaves = door.activeLeaves               // [.closed]
        #expect(opened)
        #expect(openings == 1)
        #expect(leaves == [.closed])
    }

    @Test("the enums list the document's states, events and variables in document order")
    func enums() {
        #expect(Door.State.allCases.map(\.rawValue) == ["closed", "opened", "alarm"])
        #expect(Door.Event.allCases.map(\.rawValue) == ["open", "lock", "unlock", "close", "break-in"])
        #expect(Door.Event.breakIn.rawValue == "break-in")
        #expect(Door.Variable.allCases.map(\.rawValue) == ["openings", "owner", "locked", "history"])
    }

    @Test("variables are typed by the value they are declared with")
    func typedVariables() throws {
        var door = try Door.start()
        #expect(door.variables.openings == 0)
        #expect(door.variables.owner == "front desk")
        #expect(door.variables.locked == false)
        #expect(door.variables.history == .array([]))
        door.send(.lock)
        #expect(door.variables.locked == true)
        #expect(door.value(of: .locked) == .bool(true))
    }

    @Test("a guard on a variable refuses the event")
    func lockedDoorStaysShut() throws {
        var desk = try FrontDesk()
        desk.setLocked(true)
        let refused = !desk.letIn("Ada")
        #expect(refused)
        #expect(desk.door.activeLeaves == [.closed])
        desk.setLocked(false)
        let admitted = desk.letIn("Ada")
        #expect(admitted)
        #expect(desk.door.variables.openings == 1)
    }

    @Test("event data reaches the document's script, and delayed sends run on the virtual clock")
    func visitorsAndAutoClose() throws {
        var desk = try FrontDesk()
        let ada = desk.letIn("Ada")
        #expect(ada)
        desk.wait(.seconds(29))
        #expect(desk.door.isActive(.opened))
        desk.wait(.seconds(1))
        #expect(desk.door.isActive(.closed))
        let grace = desk.letIn("Grace")
        #expect(grace)
        #expect(desk.visitors == ["Ada", "Grace"])
        #expect(desk.door.variables.openings == 2)
    }

    @Test("a final state finishes the chart; an event the document does not name is ignored")
    func alarm() throws {
        var door = try Door.start()
        door.send(.open)
        let ignored = door.send(SCXMLEvent("knock"))
        #expect(ignored.outcome == .ignored)
        door.send(.breakIn)
        #expect(door.isActive(.alarm))
        #expect(door.isFinished)
    }

    @Test("each instance has its own data model")
    func separateInstances() throws {
        var first = try Door.start()
        let second = try Door.start()
        first.send(.open)
        #expect(first.variables.openings == 1)
        #expect(second.variables.openings == 0)
    }
}
