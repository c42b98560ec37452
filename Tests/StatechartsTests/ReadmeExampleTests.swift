import Statecharts
import Testing

/// The README's first example, verbatim, so that it keeps compiling and saying the truth.
@Suite("README example")
struct ReadmeExampleTests {
    enum Door: Hashable, Sendable { case closed, opened, locked }
    enum Input: StatechartEvent, Hashable { case open, close, lock, unlock }
    struct Stats: Sendable { var openings = 0 }

    @Test("the door example does what the README says")
    func door() throws {
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
        let refused = frontDoor.send(.lock)            // an opened door cannot be locked
        frontDoor.send(.close)
        frontDoor.send(.lock)

        #expect(refused.outcome == .ignored)
        #expect(frontDoor.activeLeaves == [.locked])
        #expect(frontDoor.can(.open) == false)
        #expect(frontDoor.context.openings == 1)
    }
}
