import StatechartsSCXML
import Testing
import TypedDoors

/// Ids that are not Swift identifiers (turnstile-gate.scxml, null data model) and a document
/// without events or variables (Beacon.scxml), as the generated code names them.
@Suite("Typed SCXML: names")
struct NamingTests {
    @Test("the file name gives the type; ids map by the documented rules")
    func mappedNames() {
        #expect(TurnstileGate.State.gateLocked.rawValue == "gate.locked")
        #expect(TurnstileGate.State.outOfOrder.rawValue == "out-of-order")
        #expect(TurnstileGate.State.class.rawValue == "class")
        #expect(TurnstileGate.State._1stAid.rawValue == "1st-aid")
        #expect(TurnstileGate.Event.coinInserted.rawValue == "coin.inserted")
        #expect(TurnstileGate.Event.default.rawValue == "default")
        #expect(TurnstileGate.Event.repair.rawValue == "repair")
        #expect(TurnstileGate.Variable.allCases.isEmpty)
    }

    @Test("the typed wrapper runs a parallel state and SCXML's prefix matching")
    func turnstile() throws {
        var gate = try TurnstileGate.start()
        #expect(gate.activeLeaves == [.gateLocked])
        gate.send(.coinInserted)
        gate.send(.default)
        #expect(gate.configuration == [.outOfOrder, .class, ._1stAid])
        #expect(gate.isActive(.outOfOrder))
        gate.send(SCXMLEvent("repair.done"))         // matches the descriptor repair.*
        #expect(gate.activeLeaves == [.gateLocked])
    }

    @Test("a document without events or variables still gets its enums")
    func beacon() throws {
        let beacon = try Beacon.start()
        #expect(beacon.isFinished)
        #expect(Beacon.Event.allCases.isEmpty)
        #expect(Beacon.State(rawValue: "ready") == .ready)
        #expect(Beacon.Event(rawValue: "anything") == nil)
    }
}
