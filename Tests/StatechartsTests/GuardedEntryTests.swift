import Testing
@_spi(Testing) import Statecharts

/// A row's one guarded candidate is a direct entry the candidate stage takes without selecting
/// it: the guard decides between the plan and ignoring the event. A guard that may raise (its
/// fullest form) keeps its row's entry plainly slow: selection takes it, and what it raised
/// completes the macrostep. Each case runs in lockstep with the general algorithm and checks the
/// exact actions.
@Suite("Guarded direct entries")
struct GuardedEntryTests {
    static func chart(singlePathPlans: Bool) throws -> RegionChart {
        try RegionChart(singlePathPlans: singlePathPlans) {
            RegionDSL.state("A") {
                On(.go, to: "B", guard: Guard("flag") { $0.flag }, actions: [RegionDSL.log("t A→B")])
                On(.poke, to: "B", guard: Guard("raises, true") { (_: Trace, _: RegionEvent?, outbox: inout Outbox<RegionEvent>) in
                    outbox.raise(.tick)
                    return true
                }, actions: [RegionDSL.log("t A→B poked")])
                On(.tick, actions: [RegionDSL.log("tick in A")])
            }
            RegionDSL.state("B") {
                On(.go, to: "A", guard: Guard("not flag") { !$0.flag }, actions: [RegionDSL.log("t B→A")])
                On(.enter, to: "A", guard: Guard("raises, false") { (_: Trace, _: RegionEvent?, outbox: inout Outbox<RegionEvent>) in
                    outbox.raise(.tick)
                    return false
                })
                On(.tick, actions: [RegionDSL.log("tick in B")])
            }
        }
    }

    @Test("the guard decides: its plan, or the event ignored; a guard that raises completes the macrostep")
    func guardDecides() throws {
        // A's go and B's go; not poke's and enter's guards, which take the outbox (the targetless
        // ticks need no guard).
        #expect(try Self.chart(singlePathPlans: true)._namedDirectEntries == 2)
        var quad = try Lockstep<RegionEvent> { try Self.chart(singlePathPlans: $0) }
        quad.start()
        var (result, lines) = quad.send(.go)
        #expect(result.outcome == .ignored)
        #expect(lines == [])
        quad.updateContext { $0.flag = true }
        (result, lines) = quad.send(.go)
        #expect(lines == ["-A", "t A→B", "+B"])
        (result, lines) = quad.send(.go)
        #expect(result.outcome == .ignored)
        quad.updateContext { $0.flag = false }
        (_, lines) = quad.send(.go)
        #expect(lines == ["-B", "t B→A", "+A"])
        (_, lines) = quad.send(.poke)
        #expect(lines == ["-A", "t A→B poked", "+B", "tick in B"])
        (_, lines) = quad.send(.enter)
        #expect(lines == ["tick in B"])
        #expect(quad.direct.configuration == ["B"])
    }

    @Test("a long random sequence agrees with the general algorithm after every event")
    func randomSequence() throws {
        var quad = try Lockstep<RegionEvent> { try Self.chart(singlePathPlans: $0) }
        quad.start()
        var rng = XorShift(seed: 29)
        for i in 0..<400 {
            if i % 7 == 0 { quad.updateContext { $0.flag.toggle() } }
            quad.send(RegionEvent.allCases[rng.below(RegionEvent.allCases.count)])
        }
    }
}
