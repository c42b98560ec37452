import Testing
@_spi(Testing) import Statecharts

/// A guarded direct entry whose guard takes only the context and whose plan is at most one
/// action on the context is taken by the table runtime from one row of its tables (a
/// `_GuardedStep`): the guard, then the new leaf row (moved by a constant, keeping the history
/// fields the row carries) and the action. Each case runs in lockstep with the general algorithm.
@Suite("Guarded steps")
struct GuardedStepTests {
    /// `P{ H(shallow), x, y, z }` and `Out`; x, y and z log nothing when entered or exited, so
    /// that their transitions' plans are their own actions alone.
    static func chart(singlePathPlans: Bool) throws -> RegionChart {
        try RegionChart(singlePathPlans: singlePathPlans) {
            RegionDSL.state("P") {
                History("H", .shallow, default: "x")
                On(.leave, to: "Out", actions: [RegionDSL.log("t P→Out")])
                State("x") {
                    // A step: one action.
                    On(.go, to: "y", guard: Guard("flag") { $0.flag }, actions: [RegionDSL.log("t x→y")])
                    // A step: no action.
                    On(.poke, to: "z", guard: Guard("n even") { $0.n % 2 == 0 })
                    // A step: targetless, the leaf stays.
                    On(.tick, guard: Guard("not flag") { !$0.flag }, actions: [RegionDSL.log("tick in x")])
                }
                State("y") {
                    // Guarded entries, but not steps: a guard that reads the event, an action
                    // that reads it.
                    On(.go, to: "x", guard: Guard("event is go") { (_: Trace, event: RegionEvent?) in event == .go },
                       actions: [RegionDSL.log("t y→x")])
                    On(.poke, to: "z", guard: Guard("flag") { $0.flag }, actions: [RegionDSL.logWithEvent("t y→z")])
                }
                State("z") {
                    // A step whose action changes what its own guard reads.
                    On(.go, to: "x", guard: Guard("n below 5") { $0.n < 5 }, actions: [Action("count") { $0.n += 1 }])
                    // Not a step: two actions.
                    On(.tick, to: "y", guard: Guard("flag") { $0.flag },
                       actions: [RegionDSL.log("t z→y"), RegionDSL.log("again")])
                }
            }
            RegionDSL.state("Out") {
                On(.back, to: "H", actions: [RegionDSL.log("t Out→H")])
            }
        }
    }

    @Test("the steps are the guarded entries of that shape, and the rows carry the history")
    func stepsOfTheShape() throws {
        let chart = try Self.chart(singlePathPlans: true)
        #expect(chart._guardedSteps == 4)
        #expect(chart._historyRowFields.histories == 1)
        // Without single-path plans there is no candidate table, hence no step at all: that chart
        // is the oracle the lockstep tests compare with.
        #expect(try Self.chart(singlePathPlans: false)._guardedSteps == 0)
    }

    @Test("the guard decides; the step moves the leaf, keeps the memory and runs its one action")
    func guardDecides() throws {
        var quad = try Lockstep<RegionEvent> { try Self.chart(singlePathPlans: $0) }
        quad.start()
        var (result, lines) = quad.send(.go)
        #expect(result.outcome == .ignored)
        #expect(lines == [])
        (result, lines) = quad.send(.tick)
        #expect(result.outcome == .transitioned)
        #expect(result.from == result.to)
        #expect(lines == ["tick in x"])
        quad.updateContext { $0.flag = true }
        (result, lines) = quad.send(.tick)
        #expect(result.outcome == .ignored)
        (result, lines) = quad.send(.go)
        #expect(lines == ["t x→y"])
        #expect(quad.direct.configuration == ["P", "y"])
        (_, lines) = quad.send(.poke)
        #expect(lines == ["t y→z [poke]"])
        // Leaving P remembers z, in the row; the return restores it, and the steps go on
        // from a row whose history field is set.
        (_, lines) = quad.send(.leave)
        #expect(lines == ["-P", "t P→Out", "+Out"])
        (_, lines) = quad.send(.back)
        #expect(lines == ["-Out", "t Out→H", "+P"])
        #expect(quad.direct.configuration == ["P", "z"])
        for expected in [1, 2, 3, 4, 5] {
            quad.send(.go)
            #expect(quad.direct.context.n == expected)
            #expect(quad.direct.configuration == ["P", "x"])
            quad.updateContext { $0.flag = false }
            // n odd: poke is ignored; even: to z.
            quad.send(.poke)
            if expected.isMultiple(of: 2) {
                #expect(quad.direct.configuration == ["P", "z"])
            } else {
                quad.updateContext { $0.n += 1 }
                quad.send(.poke)
                #expect(quad.direct.configuration == ["P", "z"])
                quad.updateContext { $0.n -= 1 }
            }
        }
        // n is 5: z's guard is false.
        (result, _) = quad.send(.go)
        #expect(result.outcome == .ignored)
        #expect(quad.direct.snapshot().history == quad.observed.snapshot().history)
    }

    @Test("a long random sequence agrees with the general algorithm after every event")
    func randomSequence() throws {
        var quad = try Lockstep<RegionEvent> { try Self.chart(singlePathPlans: $0) }
        quad.start()
        var rng = XorShift(seed: 41)
        for i in 0..<600 {
            if i % 5 == 0 { quad.updateContext { $0.flag.toggle() } }
            if i % 11 == 0 {
                let n = rng.below(7)
                quad.updateContext { $0.n = n }
            }
            quad.send(RegionEvent.allCases[rng.below(RegionEvent.allCases.count)])
        }
        #expect(quad.direct.snapshot().history == quad.observed.snapshot().history)
    }
}
