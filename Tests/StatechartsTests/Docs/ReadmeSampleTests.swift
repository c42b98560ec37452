import Statecharts
import Testing

/// The README's first sample, line for line (DocSampleCheckTests checks that), with what its
/// comments promise asserted.
@Suite("README sample")
struct ReadmeSampleTests {
    @Test("the door sample does what the README says")
    func door() throws {
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
        let leaves = frontDoor.activeLeaves            // [.locked]
        let canOpen = frontDoor.can(.open)             // false

        #expect(refused.outcome == .ignored)
        #expect(leaves == [.locked])
        #expect(canOpen == false)
        #expect(frontDoor.context.openings == 1)
    }
}
