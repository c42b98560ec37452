import Testing
@_spi(Testing) import Statecharts

/// History on the single-path route: a plan that exits a history's parent records constants,
/// and a transition into a history state takes the precomputed variant for what the history
/// remembers (or its default). Each case runs in lockstep with the general algorithm and checks
/// the exact exits, actions and entries.
@Suite("History plans on the single path")
struct HistoryPlanTests {
    /// W5's shape with logging: `Main{ H(deep), L1{ L2{ C1, C2 } } }` and `Away`.
    static func returnTrip(_ kind: HistoryKind, singlePathPlans: Bool) throws -> RegionChart {
        try RegionChart(singlePathPlans: singlePathPlans) {
            RegionDSL.state("Main") {
                History("H", kind, default: "L2", actions: [RegionDSL.log("H default")])
                On(.leave, to: "Away", actions: [RegionDSL.log("t Main→Away")])
                RegionDSL.state("L1") {
                    RegionDSL.state("L2") {
                        Initial("C1", actions: [RegionDSL.log("init L2→C1")])
                        RegionDSL.state("C1") { On(.go, to: "C2", actions: [RegionDSL.log("t C1→C2")]) }
                        RegionDSL.state("C2") { On(.go, to: "C1", actions: [RegionDSL.log("t C2→C1")]) }
                    }
                }
            }
            RegionDSL.state("Away") {
                On(.back, to: "H", actions: [RegionDSL.log("t Away→H")])
                On(.enter, to: "Main", actions: [RegionDSL.log("t Away→Main")])
            }
        }
    }

    /// Replaces the four instances by restored copies of their state with an empty history
    /// memory, so that the next entry through a history takes its default.
    static func forgetHistory(_ quad: inout Lockstep<RegionEvent>) throws {
        var snapshot = quad.observed.snapshot()
        snapshot.history = [:]
        let context = quad.observed.context
        try quad.replaceInstances { try $0.restore(snapshot, context: context) }
    }

    @Test("deep history: the return takes a variant; the default runs after the parent's entry; the remembered leaf is restored without initial actions")
    func deepReturnTrip() throws {
        let chart = try Self.returnTrip(.deep, singlePathPlans: true)
        // `back` from Away: the default variant and one per atomic state below Main (C1, C2).
        #expect(chart._historyVariantCounts.candidates == 1)
        #expect(chart._historyVariantCounts.plannedVariants == 3)
        var quad = try Lockstep<RegionEvent> { try Self.returnTrip(.deep, singlePathPlans: $0) }
        quad.start()
        #expect(quad.direct.configuration == ["Main", "L1", "L2", "C1"])
        var (_, lines) = quad.send(.leave)
        #expect(lines == ["-C1", "-L2", "-L1", "-Main", "t Main→Away", "+Away"])
        quad.send(.enter)
        quad.send(.go)
        (_, lines) = quad.send(.leave)
        #expect(lines == ["-C2", "-L2", "-L1", "-Main", "t Main→Away", "+Away"])
        (_, lines) = quad.send(.back)
        #expect(lines == ["-Away", "t Away→H", "+Main", "+L1", "+L2", "+C2"])
        #expect(quad.direct.configuration == ["Main", "L1", "L2", "C2"])
        for _ in 0..<3 {
            quad.send(.leave)
            (_, lines) = quad.send(.back)
            #expect(lines == ["-Away", "t Away→H", "+Main", "+L1", "+L2", "+C2"])
        }
        quad.send(.go)
        quad.send(.leave)
        (_, lines) = quad.send(.back)
        #expect(lines == ["-Away", "t Away→H", "+Main", "+L1", "+L2", "+C1"])
    }

    @Test("history default: first entry through the history runs its actions after the parent's entry, then enters the default by default")
    func defaultVariant() throws {
        for kind in [HistoryKind.deep, .shallow] {
            var quad = try Lockstep<RegionEvent> { try Self.returnTrip(kind, singlePathPlans: $0) }
            quad.start()
            // Leaving Main records its history: restore the instances in Away with an empty memory.
            quad.send(.leave)
            try Self.forgetHistory(&quad)
            let (_, lines) = quad.send(.back)
            #expect(lines == ["-Away", "t Away→H", "+Main", "H default", "+L1", "+L2", "init L2→C1", "+C1"], "\(kind)")
        }
    }

    @Test("shallow history: the remembered child is entered by default below it")
    func shallowReturnTrip() throws {
        let chart = try Self.returnTrip(.shallow, singlePathPlans: true)
        // The default variant and one per child of Main (H itself, which no memory holds, and L1).
        #expect(chart._historyVariantCounts == (1, 2))
        var quad = try Lockstep<RegionEvent> { try Self.returnTrip(.shallow, singlePathPlans: $0) }
        quad.start()
        quad.send(.go)
        quad.send(.leave)
        let (_, lines) = quad.send(.back)
        #expect(lines == ["-Away", "t Away→H", "+Main", "+L1", "+L2", "init L2→C1", "+C1"])
    }

    @Test("a history whose variants would exceed the budget takes the general step, with the same results")
    func overBudget() throws {
        // 5,000 atomic states below Main and three candidates (C0 `go`, C1 `leave`, Away
        // `back`): the deep history's 5,001 variants exceed the chart's budget (4,096 here).
        let count = 5_000
        func build(_ singlePathPlans: Bool) throws -> RegionChart {
            let leaves: [RegionDSL.Content] = (0..<count).map { i in
                .state(State<String, RegionEvent, Trace>("C\(i)") {
                    if i == 0 { On(.go, to: "C1") }
                    if i == 1 { On(.leave, to: "Away") }
                }.definition)
            }
            return try RegionChart(singlePathPlans: singlePathPlans) {
                State<String, RegionEvent, Trace>("Main") {
                    History("H", .deep)
                    leaves
                }
                State<String, RegionEvent, Trace>("Away") { On(.back, to: "H") }
            }
        }
        let chart = try build(true)
        #expect(chart._historyVariantCounts.candidates == 0)
        var quad = try Lockstep<RegionEvent> { try build($0) }
        quad.start()
        quad.send(.go)
        quad.send(.leave)
        quad.send(.back)
        #expect(quad.direct.configuration == ["Main", "C1"])
    }

    @Test("a history's parent holding the transition's source: the general step (the domain depends on the memory)")
    func sourceInsideParent() throws {
        let chart = try Self.returnTrip(.deep, singlePathPlans: true)
        // Only Away's `back` has variants; no candidate inside Main targets H.
        #expect(chart._historyVariantCounts.candidates == 1)
        let inside = try RegionChart(singlePathPlans: true) {
            RegionDSL.state("Main") {
                History("H", .deep)
                RegionDSL.state("A") { On(.back, to: "H") }
                RegionDSL.state("B")
            }
        }
        #expect(inside._historyVariantCounts.candidates == 0)
    }

    /// `returnTrip` with a guarded transition on `back` before the one into the history, and a
    /// raising action on the way back through the default.
    static func guardedReturn(singlePathPlans: Bool) throws -> RegionChart {
        try RegionChart(singlePathPlans: singlePathPlans) {
            RegionDSL.state("Main") {
                History("H", .deep, default: "C1", actions: [RegionDSL.raise("H default raises tick", .tick)])
                On(.leave, to: "Away", actions: [RegionDSL.log("t Main→Away")])
                On(.tick, actions: [RegionDSL.log("tick in Main")])
                RegionDSL.state("C1") { On(.go, to: "C2", actions: [RegionDSL.log("t C1→C2")]) }
                RegionDSL.state("C2") { On(.go, to: "C1", actions: [RegionDSL.log("t C2→C1")]) }
            }
            RegionDSL.state("Away") {
                On(.back, to: "Main", guard: Guard("flag") { $0.flag }, actions: [RegionDSL.log("t Away→Main (flag)")])
                On(.back, to: "H", actions: [RegionDSL.log("t Away→H")])
                On(.poke, to: "Away", actions: [RegionDSL.log("poke")])
            }
        }
    }

    @Test("a history candidate after a guarded one, and a variant whose actions raise: the candidate stage completes the macrostep")
    func guardedAndRaising() throws {
        var quad = try Lockstep<RegionEvent> { try Self.guardedReturn(singlePathPlans: $0) }
        quad.start()
        quad.send(.leave)
        // Leaving recorded C1: restore the instances with an empty memory.
        try Self.forgetHistory(&quad)
        var (_, lines) = quad.send(.back)
        #expect(lines == ["-Away", "t Away→H", "+Main", "H default raises tick", "+C1", "tick in Main"])
        quad.send(.go)
        quad.send(.leave)
        quad.updateContext { $0.flag = true }
        (_, lines) = quad.send(.back)
        #expect(lines == ["-Away", "t Away→Main (flag)", "+Main", "+C1"])
        quad.send(.go)
        quad.send(.leave)
        quad.updateContext { $0.flag = false }
        (_, lines) = quad.send(.back)
        #expect(lines == ["-Away", "t Away→H", "+Main", "+C2"])
    }
}
