import Statecharts
import StatechartsGraphviz
import Testing

/// The README's diagram sample, line for line (DocSampleCheckTests checks that), after the door
/// of its first sample.
@Suite("README diagram sample")
struct ReadmeDiagramSampleTests {
    @Test("the door is drawn after a step, and written as DOT")
    func diagram() throws {
        enum Door: Hashable, Sendable { case closed, opened, locked }
        enum Input: StatechartEvent, Hashable { case open, close, lock, unlock }
        struct Stats: Sendable { var openings = 0 }

        let door = try Statechart<Door, Input, Stats> {
            State(.closed) {
                On(.open, to: .opened) { $0.openings += 1 }
                On(.lock, to: .locked)
            }
            State(.opened) { On(.close, to: .closed) }
            State(.locked) { On(.unlock, to: .closed) }
        }

        var frontDoor = door.start(context: Stats())
        frontDoor.send(.open)                          // closed → opened
        let refused = frontDoor.send(.lock)            // refused.outcome == .ignored
        frontDoor.send(.close)
        frontDoor.send(.lock)

        let result = frontDoor.send(.unlock)
        let png = try frontDoor.renderDiagram(format: .png, lastTransitions: Array(result.transitions)).bytes
        let dot = door.dot()                           // the DOT text, without rendering

        #expect(refused.outcome == .ignored)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(dot.hasPrefix("digraph"))
    }
}
