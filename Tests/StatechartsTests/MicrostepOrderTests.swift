import Testing
@_spi(Testing) import Statecharts

/// The order of a microstep's actions on a single path: exits from the leaf up to the domain, the
/// transition's actions, then entries down with a compound target's initial transitions. Each case
/// runs in lockstep with the fast routes on and off (see ``Lockstep``).
@Suite("Microstep order: exits from the leaf up, the transition's actions, entries down")
struct MicrostepOrderTests {}

// MARK: - Exit, transition and entry order

extension MicrostepOrderTests {

    /// A and B, each compound two levels deep, with initial transitions that log.
    static func nested<E: LockstepSignal>(_: E.Type, singlePathPlans: Bool) throws -> Statechart<String, E, Trace> {
        typealias D = Logged<E>
        return try Statechart<String, E, Trace>(singlePathPlans: singlePathPlans) {
            D.state("A") {
                Initial("A1", actions: [D.log("init A→A1")])
                On(.down, to: "A1", kind: .internal, actions: [D.log("t A→A1 internal")])
                D.state("A1") {
                    Initial("A11", actions: [D.log("init A1→A11")])
                    D.state("A11") {
                        On(.go, to: "B", actions: [D.log("t A11→B")])
                        On(.up, to: "A2", actions: [D.log("t A11→A2")])
                    }
                }
                D.state("A2")
            }
            D.state("B") {
                Initial("B1", actions: [D.log("init B→B1")])
                On(.back, to: "A11", actions: [D.log("t B→A11")])
                On(.poke, to: "B", actions: [D.log("t B→B")])
                D.state("B1") {
                    Initial("B11", actions: [D.log("init B1→B11")])
                    D.state("B11")
                }
            }
        }
    }

    @Test("exits run from the leaf up to the domain, then the transition's actions, then entries down with a compound target's initial actions",
          arguments: Numbering.allCases)
    func exitTransitionEntryOrder(_ numbering: Numbering) throws {
        try Self.exitTransitionEntryOrder(numbering.type)
    }

    static func exitTransitionEntryOrder<E: LockstepSignal>(_: E.Type) throws {
        var lock = try Lockstep<E> { try nested(E.self, singlePathPlans: $0) }
        lock.start()
        #expect(lock.direct.context.lines == ["+A", "init A→A1", "+A1", "init A1→A11", "+A11"])

        // Down from A11 into B: B's and B1's initial transitions run after their entry actions.
        var (result, lines) = lock.send(.go)
        #expect(lines == ["-A11", "-A1", "-A", "t A11→B", "+B", "init B→B1", "+B1", "init B1→B11", "+B11"])
        #expect(result.outcome == .transitioned)
        #expect(lock.names(result) == ["A11→B"])
        #expect(lock.planned.activeStates(in: result.from) == ["A", "A1", "A11"])
        #expect(lock.planned.activeStates(in: result.to) == ["B", "B1", "B11"])
        #expect(lock.direct.isActive("B1") && !lock.direct.isActive("A"))

        // An external self-transition of the compound ancestor B exits and re-enters all of it.
        (result, lines) = lock.send(.poke)
        #expect(lines == ["-B11", "-B1", "-B", "t B→B", "+B", "init B→B1", "+B1", "init B1→B11", "+B11"])
        #expect(lock.names(result) == ["B→B"])

        // Back up from B (an ancestor's transition) to the atomic A11: no initial action runs.
        (result, lines) = lock.send(.back)
        #expect(lines == ["-B11", "-B1", "-B", "t B→A11", "+A", "+A1", "+A11"])
        #expect(lock.names(result) == ["B→A11"])
        #expect(lock.planned.activeStates(in: result.to) == ["A", "A1", "A11"])

        // Domain A: A itself is neither exited nor entered.
        (result, lines) = lock.send(.up)
        #expect(lines == ["-A11", "-A1", "t A11→A2", "+A2"])
        #expect(lock.direct.configuration == ["A", "A2"])

        // An internal transition of A to its child A1: A stays, A1 is entered by default.
        (result, lines) = lock.send(.down)
        #expect(lines == ["-A2", "t A→A1 internal", "+A1", "init A1→A11", "+A11"])
        #expect(lock.names(result) == ["A→A1"])
        #expect(lock.direct.configuration == ["A", "A1", "A11"])

        (result, lines) = lock.send(.go)
        #expect(lines == ["-A11", "-A1", "-A", "t A11→B", "+B", "init B→B1", "+B1", "init B1→B11", "+B11"])
    }
}
