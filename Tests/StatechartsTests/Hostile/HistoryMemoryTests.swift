import Statecharts
import Testing

/// A restored history memory must be something recording history could have produced: otherwise
/// the next entry through it builds an illegal configuration (two children of one compound state).
@Suite("Hostile: impossible history memories in snapshots")
struct HistoryMemoryTests {
    enum S: String, Hashable, Sendable, Codable { case off, on, h, hs, p, left, l1, l2, right, r1, r2, inner, i1, i2, hp }
    enum E: String, StatechartEvent, Hashable, Codable { case power, l }

    static func chart() throws -> Statechart<S, E, Void> {
        try Statechart<S, E, Void> {
            State(.off) { On(.power, to: .h) }
            State(.on) {
                On(.power, to: .off)
                History(.h, .deep, default: .p)
                History(.hs, .shallow, default: .p)
                Parallel(.p) {
                    History(.hp, .shallow)
                    State(.left) { State(.l1) { On(.l, to: .l2) }; State(.l2) }
                    State(.right) { State(.r1); State(.r2) }
                }
                State(.inner) { State(.i1); State(.i2) }
            }
        }
    }

    func problems(_ history: [S: [S]]) throws -> [String] {
        let chart = try Self.chart()
        let snapshot = StatechartSnapshot<S, E>(status: .running, configuration: [.off], history: history,
                                                chartFingerprint: chart.fingerprint)
        do {
            _ = try chart.restore(snapshot, context: ())
            return []
        } catch {
            return error.problems
        }
    }

    @Test("deep history remembering two children of one compound state (l1 and l2 of left) is refused")
    func twoChildrenOfOneCompound() throws {
        let problems = try problems([.h: [.l1, .l2, .r1]])
        #expect(problems.count == 1)
        #expect(problems.first?.contains("history 'h' remembers an impossible configuration") == true)
        #expect(problems.first?.contains("root/on/p/left: an active compound state needs exactly one active child, not 2") == true)
    }

    @Test("deep history missing a region of a parallel state, or holding a compound state, is refused")
    func incompleteOrNotAtomic() throws {
        #expect(try problems([.h: [.l1]]).contains { $0.contains("root/on/p: an active parallel state needs all its regions active") })
        #expect(try problems([.h: [.left, .r1]]).contains { $0.contains("'root/on/p/left', which is not an atomic state inside its parent") })
        #expect(try problems([.h: [.l1, .i1]]).contains { $0.contains("root/on: an active compound state needs exactly one active child, not 2") })
        #expect(try problems([.h: [.off]]).contains { $0.contains("'root/off', which is not an atomic state inside its parent") })
        #expect(try problems([.h: []]).contains { $0.contains("history 'h' remembers no state") })
    }

    @Test("shallow history must remember one child of a compound parent, every region of a parallel one")
    func shallow() throws {
        #expect(try problems([.hs: [.p, .inner]]).contains { $0.contains("exactly one active child, not 2") })
        #expect(try problems([.hs: [.l1]]).contains { $0.contains("'root/on/p/left/l1', which is not a child of its parent") })
        #expect(try problems([.hp: [.left]]).contains { $0.contains("root/on/p: an active parallel state needs all its regions active") })
        #expect(try problems([.hs: [.inner], .hp: [.left, .right]]).isEmpty)
    }

    @Test("a legal deep memory restores and is used: the next entry through the history lands where it says")
    func legalMemoryIsUsed() throws {
        let chart = try Self.chart()
        let snapshot = StatechartSnapshot<S, E>(status: .running, configuration: [.off], history: [.h: [.l2, .r2]],
                                                chartFingerprint: chart.fingerprint)
        var instance = try chart.restore(snapshot, context: ())
        instance.send(.power)
        #expect(instance.configuration == [.on, .p, .left, .l2, .right, .r2])
    }
}
