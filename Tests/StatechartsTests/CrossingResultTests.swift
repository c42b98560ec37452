import Testing
import Statecharts

/// The routes `send` calls out of line (the candidate stage, the joint and regions routes) hand
/// their result back with its details passed unmanaged; a result that has details (more than
/// four transitions, an error) must arrive whole, on every route, sent plain (no observer).
@Suite("Results of out-of-line routes")
struct CrossingResultTests {
    enum Ev: StatechartEvent, Hashable { case go, loop, int1, int2, int3, ext1, ext2 }
    typealias L = Logged<Ev>

    @Test("a single path: six transitions from raised events, then a microstep limit")
    func singlePath() throws {
        var machine = try Statechart<String, Ev, Trace>(microstepLimit: 30) {
            L.state("a") {
                On(.go, to: "b", guard: Guard("flag") { (_: Trace, _: Ev?, outbox: inout Outbox<Ev>) in
                    outbox.raise(.int1)
                    return true
                })
                On(.loop, to: "x")
            }
            L.state("b") { On(.int1, to: "c", actions: [L.raise(.int2)]) }
            L.state("c") { On(.int2, to: "d", actions: [L.raise(.int3)]) }
            L.state("d") { On(.int3, to: "e", actions: [L.raise(.ext1)]) }
            L.state("e") { On(.ext1, to: "f", actions: [L.raise(.ext2)]) }
            L.state("f") { On(.ext2, to: "a") }
            L.state("x") { Always(to: "y") }
            L.state("y") { Always(to: "x") }
        }.start(context: Trace())
        let result = machine.send(.go)
        #expect(result.isAccepted)
        #expect(result.transitions.count == 6)
        #expect(result.error == nil)
        #expect(machine.configuration == ["a"])
        let stopped = machine.send(.loop)
        #expect(stopped.error == .microstepLimitExceeded(limit: 30))
        #expect(stopped.transitions.count > 4)
        #expect(machine.error == .microstepLimitExceeded(limit: 30))
    }

    @Test("parallel regions: five transitions in one event, then a microstep limit")
    func regions() throws {
        var machine = try Statechart<String, Ev, Trace>(microstepLimit: 20) {
            L.parallel("p") {
                for region in ["r1", "r2", "r3", "r4", "r5"] {
                    L.state(region) {
                        L.state(region + "a") { On(.go, to: region + "b") }
                        L.state(region + "b") { On(.go, to: region + "a") }
                    }
                }
                L.state("r6") {
                    L.state("q") { On(.loop, to: "u") }
                    L.state("u") { Always(to: "v") }
                    L.state("v") { Always(to: "u") }
                }
            }
        }.start(context: Trace())
        let result = machine.send(.go)
        #expect(result.transitions.count == 5)
        #expect(result.error == nil)
        #expect(machine.isActive("r5b"))
        let stopped = machine.send(.loop)
        #expect(stopped.error == .microstepLimitExceeded(limit: 20))
        #expect(machine.error == .microstepLimitExceeded(limit: 20))
    }
}
