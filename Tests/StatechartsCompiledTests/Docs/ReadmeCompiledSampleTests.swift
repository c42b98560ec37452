import Testing
import StatechartsCompiled

/// The README's first chart, compiled: its samples, line for line (DocSampleCheckTests checks
/// that README.md shows exactly these lines).
@Suite("README: the door, compiled")
struct ReadmeCompiledSampleTests {
    // The README's first sample declares these; the compiled twin uses them as they are.
    enum Door: Hashable, Sendable { case closed, opened, locked }
    enum Input: StatechartEvent, Hashable { case open, close, lock, unlock }
    struct Stats: Sendable { var openings = 0 }

    @CompiledStatechart
    enum DoorChart {
        typealias StateID = Door
        typealias Event = Input
        typealias Context = Stats
        static let definition = Definition("door") {
            State(.closed) {
                On(.open, to: .opened) { $0.openings += 1 }
                On(.lock, to: .locked)
            }
            State(.opened) { On(.close, to: .closed) }
            State(.locked) { On(.unlock, to: .closed) }
        }
    }

    @Test("the compiled door runs as the README's plain one")
    func compiledDoor() throws {
        var compiledDoor = try DoorChart.start(context: Stats())
        compiledDoor.send(.open)                       // runs the generated code
        let lockRefused = compiledDoor.send(.lock)     // lockRefused.outcome == .ignored
        compiledDoor.send(.close)
        compiledDoor.send(.lock)
        let compiledLeaves = compiledDoor.instance.activeLeaves  // [.locked], as the plain door
        let doorChart = try DoorChart.statechart       // a plain Statechart: diagrams, SCXML, snapshots

        #expect(lockRefused.outcome == .ignored)
        #expect(compiledLeaves == [.locked])
        #expect(compiledDoor.context.openings == 1)
        #expect(doorChart.name == "door")
        #expect(!compiledDoor.instance.can(.open))
    }
}
