import Testing
@_spi(Testing) import Statecharts

/// Parallel regions: one event taken in several regions, conflicts resolved as SCXML's
/// `removeConflictingTransitions` does, exits in reverse document order and entries in document
/// order, and a transition out of one region exiting every region.
@Suite("Parallel states")
struct ParallelTests {
    enum Ev: StatechartEvent, Hashable { case e, x, y, z, r, w, v, leave }
    typealias L = Logged<Ev>

    /// Document order: p, r1, a1, a2, r2, b1, b2, out.
    static func chart(singlePathPlans: Bool) throws -> Statechart<String, Ev, Trace> {
        try Statechart<String, Ev, Trace>("parallel", singlePathPlans: singlePathPlans) {
            L.parallel("p") {
                On(.y, to: "out", actions: [L.log("p>out y")])
                On(.z, to: "out", actions: [L.log("p>out z")])
                On(.r, to: "p", actions: [L.log("p>p")])
                L.state("r1") {
                    L.state("a1") {
                        On(.e, to: "a2", actions: [L.log("a1>a2")])
                        On(.x, to: "out", actions: [L.log("a1>out")])
                        On(.z, to: "a2", actions: [L.log("a1>a2 z")])
                    }
                    L.state("a2")
                }
                L.state("r2") {
                    L.state("b1") {
                        On(.e, to: "b2", actions: [L.log("b1>b2")])
                        On(.x, to: "out", actions: [L.log("b1>out")])
                        On(.y, to: "b2", actions: [L.log("b1>b2 y")])
                    }
                    L.state("b2")
                }
            }
            L.state("out") {
                On(.w, to: "b2", actions: [L.log("out>b2")])
                On(.v, to: "a2", "b2", actions: [L.log("out>a2+b2")])
            }
        }
    }

    @Test("entering a parallel state enters every region in document order", arguments: [true, false])
    func start(singlePathPlans: Bool) throws {
        let machine = try Self.chart(singlePathPlans: singlePathPlans).start(context: Trace())
        #expect(machine.context.lines == ["+p", "+r1", "+a1", "+r2", "+b1"])
        #expect(machine.configuration == ["p", "r1", "a1", "r2", "b1"])
        #expect(machine.activeLeaves == ["a1", "b1"])
    }

    @Test("one event taken in both regions: exits in reverse document order, actions and entries in document order",
          arguments: [true, false])
    func bothRegions(singlePathPlans: Bool) throws {
        var machine = try Self.chart(singlePathPlans: singlePathPlans).start(context: Trace())
        machine.context.lines = []
        let result = machine.send(.e)
        #expect(machine.context.lines == ["-b1", "-a1", "a1>a2", "b1>b2", "+a2", "+b2"])
        #expect(result.isAccepted)
        #expect(result.transitions.count == 2)
        #expect(machine.configuration == ["p", "r1", "a2", "r2", "b2"])
    }

    @Test("two transitions leaving the parallel conflict: the first in document order wins and exits every region",
          arguments: [true, false])
    func conflictDocumentOrder(singlePathPlans: Bool) throws {
        let chart = try Self.chart(singlePathPlans: singlePathPlans)
        var machine = chart.start(context: Trace())
        machine.context.lines = []
        let result = machine.send(.x)
        #expect(machine.context.lines == ["-b1", "-r2", "-a1", "-r1", "-p", "a1>out", "+out"])
        #expect(result.transitions.count == 1)
        let taken = try #require(result.transitions.first)
        #expect(chart.transition(taken)?.source == "a1")
        #expect(machine.configuration == ["out"])
    }

    @Test("an ancestor's transition selected first is removed by a descendant's that conflicts with it",
          arguments: [true, false])
    func descendantReplacesAncestor(singlePathPlans: Bool) throws {
        // For a1 the first enabled transition on y is p's (a1 and r1 have none); for b1 it is its
        // own. Both exit b1, and b1 is a descendant of p: p's transition is removed.
        var machine = try Self.chart(singlePathPlans: singlePathPlans).start(context: Trace())
        #expect(machine.lines(after: .y) == ["-b1", "b1>b2 y", "+b2"])
        #expect(machine.configuration == ["p", "r1", "a1", "r2", "b2"])
    }

    @Test("an ancestor's transition selected after a descendant's that conflicts with it is preempted",
          arguments: [true, false])
    func ancestorPreempted(singlePathPlans: Bool) throws {
        // For a1 its own transition on z; for b1, p's. p's conflicts with a1's and p is not a
        // descendant of a1: p's transition is dropped.
        var machine = try Self.chart(singlePathPlans: singlePathPlans).start(context: Trace())
        let result = machine.send(.z)
        #expect(result.transitions.count == 1)
        #expect(machine.context.lines == ["+p", "+r1", "+a1", "+r2", "+b1", "-a1", "a1>a2 z", "+a2"])
        #expect(machine.configuration == ["p", "r1", "a2", "r2", "b1"])
    }

    @Test("an external self-transition of the parallel state exits and re-enters all of it", arguments: [true, false])
    func selfTransition(singlePathPlans: Bool) throws {
        var machine = try Self.chart(singlePathPlans: singlePathPlans).start(context: Trace())
        machine.send(.e)
        #expect(machine.lines(after: .r) == [
            "-b2", "-r2", "-a2", "-r1", "-p", "p>p", "+p", "+r1", "+a1", "+r2", "+b1",
        ])
    }

    @Test("a transition into one region enters the other regions by default", arguments: [true, false])
    func enterOneRegion(singlePathPlans: Bool) throws {
        var machine = try Self.chart(singlePathPlans: singlePathPlans).start(context: Trace())
        machine.send(.x)
        #expect(machine.lines(after: .w) == ["-out", "out>b2", "+p", "+r1", "+a1", "+r2", "+b2"])
        #expect(machine.configuration == ["p", "r1", "a1", "r2", "b2"])
        machine.send(.x)
        #expect(machine.lines(after: .v) == ["-out", "out>a2+b2", "+p", "+r1", "+a2", "+r2", "+b2"])
        #expect(machine.activeLeaves == ["a2", "b2"])
    }

    /// Document order: p, r1, q, q1, c1, q2, d1, r2, b1, out.
    @Test("leaving nested parallel states exits every active state in reverse document order", arguments: [true, false])
    func nestedParallelExitOrder(singlePathPlans: Bool) throws {
        var machine = try Statechart<String, Ev, Trace>(singlePathPlans: singlePathPlans) {
            L.parallel("p") {
                L.state("r1") {
                    L.parallel("q") {
                        L.state("q1") { L.state("c1") }
                        L.state("q2") { L.state("d1") }
                    }
                }
                L.state("r2") {
                    L.state("b1") { On(.leave, to: "out", actions: [L.log("b1>out")]) }
                }
            }
            L.state("out") { On(.leave, to: "d1", actions: [L.log("out>d1")]) }
        }.start(context: Trace())
        #expect(machine.context.lines == ["+p", "+r1", "+q", "+q1", "+c1", "+q2", "+d1", "+r2", "+b1"])
        #expect(machine.lines(after: .leave) == [
            "-b1", "-r2", "-d1", "-q2", "-c1", "-q1", "-q", "-r1", "-p", "b1>out", "+out",
        ])
        #expect(machine.lines(after: .leave) == [
            "-out", "out>d1", "+p", "+r1", "+q", "+q1", "+c1", "+q2", "+d1", "+r2", "+b1",
        ])
    }
}

// MARK: - Global order with 2, 3 and 4 regions (and 5: the fallback)

extension ParallelTests {

    /// `Idle`, and a parallel `P` of `n` regions `Rk`. In each region, `Ak` (holding `Akx`) moves to
    /// the compound `Bk` on `go` (its initial transition to `Bky` logs), and `Bk` moves back to
    /// `Ak` on `back` with an action that takes the event. `enter` and `leave` enter and leave `P`.
    static func regions(_ n: Int, singlePathPlans: Bool) throws -> RegionChart {
        try RegionChart(singlePathPlans: singlePathPlans) {
            RegionDSL.state("Idle") { On(.enter, to: "P", actions: [RegionDSL.log("t Idle→P")]) }
            RegionDSL.parallel("P") {
                On(.leave, to: "Idle", actions: [RegionDSL.log("t P→Idle")])
                for k in 1...n {
                    RegionDSL.state("R\(k)") {
                        RegionDSL.state("A\(k)") {
                            RegionDSL.state("A\(k)x") { On(.go, to: "B\(k)", actions: [RegionDSL.log("t A\(k)x→B\(k)")]) }
                        }
                        RegionDSL.state("B\(k)") {
                            Initial("B\(k)y", actions: [RegionDSL.log("init B\(k)→B\(k)y")])
                            On(.back, to: "A\(k)", actions: [RegionDSL.logWithEvent("t B\(k)→A\(k)")])
                            RegionDSL.state("B\(k)x")
                            RegionDSL.state("B\(k)y")
                        }
                    }
                }
            }
        }
    }

    /// The active states of `P` with every region in `Ak`/`Akx` (`inA`) or in `Bk`/`Bky`.
    static func regionConfiguration(_ n: Int, inA: Bool) -> [String] {
        ["P"] + (1...n).flatMap { k in inA ? ["R\(k)", "A\(k)", "A\(k)x"] : ["R\(k)", "B\(k)", "B\(k)y"] }
    }

    /// Runs `enter`, `go`, `back`, `go`, `leave` on `regions(n)`, checking literal logs.
    static func checkRegionOrder(_ n: Int) throws {
        var quad = try Lockstep<RegionEvent> { try regions(n, singlePathPlans: $0) }
        quad.start()
        #expect(quad.direct.configuration == ["Idle"])

        let (entered, enterLines) = quad.send(.enter)
        #expect(enterLines == ["-Idle", "t Idle→P", "+P"]
                + (1...n).flatMap { ["+R\($0)", "+A\($0)", "+A\($0)x"] })
        #expect(quad.names(entered) == ["Idle→P"])
        #expect(quad.planned.activeStates(in: entered.to) == regionConfiguration(n, inA: true))

        for round in 0..<2 {
            let (went, goLines) = quad.send(.go)
            // All exits (regions backwards, each from its leaf up), then every transition's
            // actions in document order, then every entry (with the initial actions) in order.
            let exits = (1...n).reversed().flatMap { ["-A\($0)x", "-A\($0)"] }
            let actions = (1...n).map { "t A\($0)x→B\($0)" }
            let entries = (1...n).flatMap { ["+B\($0)", "init B\($0)→B\($0)y", "+B\($0)y"] }
            #expect(goLines == exits + actions + entries, "round \(round), \(n) regions")
            #expect(went.outcome == .transitioned)
            #expect(quad.names(went) == (1...n).map { "A\($0)x→B\($0)" })
            #expect(went.transitions.count == n)
            #expect(quad.planned.activeStates(in: went.from) == regionConfiguration(n, inA: true))
            #expect(quad.planned.activeStates(in: went.to) == regionConfiguration(n, inA: false))
            #expect(quad.direct.configuration == regionConfiguration(n, inA: false))

            let (back, backLines) = quad.send(.back)
            #expect(backLines == (1...n).reversed().flatMap { ["-B\($0)y", "-B\($0)"] }
                    + (1...n).map { "t B\($0)→A\($0) [back]" }
                    + (1...n).flatMap { ["+A\($0)", "+A\($0)x"] }, "round \(round), \(n) regions")
            #expect(quad.names(back) == (1...n).map { "B\($0)→A\($0)" })
            #expect(quad.planned.activeStates(in: back.to) == regionConfiguration(n, inA: true))
        }

        // Events no region takes: ignored, nothing logged.
        let (ignored, ignoredLines) = quad.send(.poke)
        #expect(ignored.outcome == .ignored)
        #expect(ignored.transitions.isEmpty)
        #expect(ignoredLines.isEmpty)
        #expect(ignored.from == ignored.to)

        quad.send(.go)
        let (left, leaveLines) = quad.send(.leave)
        #expect(leaveLines == (1...n).reversed().flatMap { ["-B\($0)y", "-B\($0)", "-R\($0)"] }
                + ["-P", "t P→Idle", "+Idle"])
        #expect(quad.names(left) == ["P→Idle"])
        #expect(quad.direct.configuration == ["Idle"])
    }

    @Test("2, 3 and 4 regions moving together: all exits (regions backwards, each leaf up), then the transitions' actions, then all entries with initial actions",
          arguments: [2, 3, 4])
    func regionOrder(regionCount: Int) throws {
        try Self.checkRegionOrder(regionCount)
    }

    @Test("5 regions moving at once (more than 4 picks) fall back to the general algorithm: same order, 5 transitions")
    func fiveRegionsFallBack() throws {
        try Self.checkRegionOrder(5)
        // And directly: the result lists the five transitions in document order.
        var quad = try Lockstep<RegionEvent> { try Self.regions(5, singlePathPlans: $0) }
        quad.start()
        quad.send(.enter)
        let (result, _) = quad.send(.go)
        #expect(result.transitions.count == 5)
        #expect(quad.names(result) == ["A1x→B1", "A2x→B2", "A3x→B3", "A4x→B4", "A5x→B5"])
        #expect(Array(result.transitions) == Array(result.transitions).sorted())
    }

    @Test("region-path results whose transitions are numbered past what a result's first word holds keep them all, in order")
    func largeTransitionNumbers() throws {
        // 16,400 never-taken transitions in `Filler` number `P`'s transitions from 16,402 on.
        func chart(singlePathPlans: Bool) throws -> RegionChart {
            try RegionChart(singlePathPlans: singlePathPlans) {
                RegionDSL.state("Idle") { On(.enter, to: "P", actions: [RegionDSL.log("t Idle→P")]) }
                RegionDSL.state("Filler") {
                    for _ in 0..<16_400 { On(.stray, to: "Idle") }
                }
                RegionDSL.parallel("P") {
                    for k in 1...4 {
                        RegionDSL.state("R\(k)") {
                            RegionDSL.state("A\(k)") { On(.go, to: "B\(k)", actions: [RegionDSL.log("t A\(k)→B\(k)")]) }
                            RegionDSL.state("B\(k)") { On(.back, to: "A\(k)", actions: [RegionDSL.log("t B\(k)→A\(k)")]) }
                        }
                    }
                }
            }
        }
        var quad = try Lockstep<RegionEvent> { try chart(singlePathPlans: $0) }
        quad.start()
        quad.send(.enter)
        for round in 0..<3 {
            let (went, lines) = quad.send(.go)
            #expect(quad.names(went) == (1...4).map { "A\($0)→B\($0)" }, "round \(round)")
            #expect(went.transitions.map(\.rawValue).allSatisfy { $0 > 16_400 }, "round \(round)")
            #expect(lines.filter { $0.hasPrefix("t ") } == (1...4).map { "t A\($0)→B\($0)" }, "round \(round)")
            let (back, _) = quad.send(.back)
            #expect(quad.names(back) == (1...4).map { "B\($0)→A\($0)" }, "round \(round)")
            #expect(back.transitions.count == 4 && back != went)
        }
    }
}

// MARK: - Mixed rows

extension ParallelTests {

    /// Four regions whose rows differ per event: ignored, direct, guarded, whenIn, targetless, a
    /// region's own internal transition, and an external transition of a region (its domain is
    /// the root: it leaves and re-enters `P`).
    static func mixed(singlePathPlans: Bool) throws -> RegionChart {
        let flag = Guard<RegionEvent, Trace>("flag") { $0.flag }
        return try RegionChart(singlePathPlans: singlePathPlans) {
            RegionDSL.parallel("P") {
                RegionDSL.state("R1") {
                    On(.back, to: "M1a", kind: .internal, actions: [RegionDSL.log("t R1→M1a internal")])
                    On(.leave, to: "M1a", actions: [RegionDSL.log("t R1→M1a external")])
                    RegionDSL.state("M1a") { On(.go, to: "M1b", actions: [RegionDSL.log("t M1a→M1b")]) }
                    RegionDSL.state("M1b") { On(.go, to: "M1a", actions: [RegionDSL.logWithEvent("t M1b→M1a")]) }
                }
                RegionDSL.state("R2") {
                    RegionDSL.state("I2") {
                        On(.poke, to: "I2b", actions: [RegionDSL.log("t I2→I2b")])
                        On(.tick, to: "I2b", whenIn: ["M1b"], actions: [RegionDSL.log("t I2→I2b whenIn")])
                    }
                    RegionDSL.state("I2b") { On(.poke, to: "I2", actions: [RegionDSL.log("t I2b→I2")]) }
                }
                RegionDSL.state("R3") {
                    RegionDSL.state("G3a") { On(.go, to: "G3b", guard: flag, actions: [RegionDSL.log("t G3a→G3b")]) }
                    RegionDSL.state("G3b") { On(.go, to: "G3a", actions: [RegionDSL.log("t G3b→G3a")]) }
                }
                RegionDSL.state("R4") {
                    RegionDSL.state("M4a") {
                        On(.go, to: "M4b", actions: [RegionDSL.log("t M4a→M4b")])
                        On(.tick, actions: [RegionDSL.log("M4a tick")])
                    }
                    RegionDSL.state("M4b") { On(.go, to: "M4a", actions: [RegionDSL.log("t M4b→M4a")]) }
                }
            }
        }
    }

    @Test("mixed rows: regions that ignore the event, regions that move, a guard, whenIn, targetless, internal and external region transitions")
    func mixedRows() throws {
        var quad = try Lockstep<RegionEvent> { try Self.mixed(singlePathPlans: $0) }
        quad.start()
        #expect(quad.direct.activeLeaves == ["M1a", "I2", "G3a", "M4a"])

        // go with the guard false: R1 and R4 move (the guarded row makes it fall back).
        var (result, lines) = quad.send(.go)
        #expect(lines == ["-M4a", "-M1a", "t M1a→M1b", "t M4a→M4b", "+M1b", "+M4b"])
        #expect(quad.names(result) == ["M1a→M1b", "M4a→M4b"])

        // poke: only R2 moves; the others ignore it (the region path with a single pick).
        (result, lines) = quad.send(.poke)
        #expect(lines == ["-I2", "t I2→I2b", "+I2b"])
        #expect(quad.names(result) == ["I2→I2b"])
        #expect(quad.planned.activeStates(in: result.from) == ["P", "R1", "M1b", "R2", "I2", "R3", "G3a", "R4", "M4b"])
        #expect(quad.planned.activeStates(in: result.to) == ["P", "R1", "M1b", "R2", "I2b", "R3", "G3a", "R4", "M4b"])

        // go with the guard true: R1, R3 and R4 move.
        quad.updateContext { $0.flag = true }
        (result, lines) = quad.send(.go)
        #expect(lines == ["-M4b", "-G3a", "-M1b", "t M1b→M1a [go]", "t G3a→G3b", "t M4b→M4a",
                          "+M1a", "+G3b", "+M4a"])
        #expect(quad.names(result) == ["M1b→M1a", "G3a→G3b", "M4b→M4a"])

        // go again: no guard on the rows any more (G3b's transition has none): all direct.
        (result, lines) = quad.send(.go)
        #expect(lines == ["-M4a", "-G3b", "-M1a", "t M1a→M1b", "t G3b→G3a", "t M4a→M4b",
                          "+M1b", "+G3a", "+M4b"])
        #expect(quad.names(result) == ["M1a→M1b", "G3b→G3a", "M4a→M4b"])

        // tick: I2b ignores it, M4b ignores it; then back to I2 and M4a, where whenIn holds and
        // M4a's tick is targetless.
        (result, lines) = quad.send(.tick)
        #expect(result.outcome == .ignored)
        #expect(lines.isEmpty)
        quad.send(.poke)
        quad.send(.go)
        quad.send(.go)
        #expect(quad.direct.activeLeaves == ["M1b", "I2", "G3a", "M4b"])
        quad.send(.go)
        #expect(quad.direct.activeLeaves == ["M1a", "I2", "G3b", "M4a"])
        (result, lines) = quad.send(.tick)
        // whenIn ["M1b"] is false now: only the targetless transition.
        #expect(lines == ["M4a tick"])
        #expect(quad.names(result) == ["M4a→"])
        quad.updateContext { $0.flag = false }
        quad.send(.go)
        #expect(quad.direct.activeLeaves == ["M1b", "I2", "G3a", "M4b"])
        quad.send(.go)  // M1b→M1a, G3a guarded false, M4b→M4a
        quad.send(.go)  // M1a→M1b, M4a→M4b
        (result, lines) = quad.send(.tick)
        #expect(lines == ["-I2", "t I2→I2b whenIn", "+I2b"])

        // R1's internal transition: exits M1b only; its external one leaves and re-enters P.
        (result, lines) = quad.send(.back)
        #expect(lines == ["-M1b", "t R1→M1a internal", "+M1a"])
        (result, lines) = quad.send(.leave)
        #expect(lines == ["-M4b", "-R4", "-G3a", "-R3", "-I2b", "-R2", "-M1a", "-R1", "-P",
                          "t R1→M1a external",
                          "+P", "+R1", "+M1a", "+R2", "+I2", "+R3", "+G3a", "+R4", "+M4a"])
        #expect(quad.names(result) == ["R1→M1a"])
    }
}

// MARK: - Results are values

extension ParallelTests {

    /// Four regions, each cycling `Ck0 → Ck1 → Ck2 → Ck0` on `go`, and counting.
    static func cycling(singlePathPlans: Bool) throws -> RegionChart {
        let bump = Action<RegionEvent, Trace>("n += 1") { $0.n += 1 }
        return try RegionChart(singlePathPlans: singlePathPlans) {
            RegionDSL.state("Idle") { On(.enter, to: "P") }
            Parallel("P") {
                On(.leave, to: "Idle")
                for k in 1...4 {
                    State("R\(k)") {
                        for i in 0..<3 {
                            State("C\(k)\(i)") {
                                OnEntry(bump)
                                On(.go, to: "C\(k)\((i + 1) % 3)", actions: [RegionDSL.log("t C\(k)\(i)")])
                                // Region 1 alone moves on poke: single-pick results.
                                if k == 1 { On(.poke, to: "C\(k)\((i + 1) % 3)", actions: [RegionDSL.log("p C\(k)\(i)")]) }
                                // Regions 1 and 2 move on tick: two-pick results.
                                if k <= 2 { On(.tick, to: "C\(k)\((i + 2) % 3)", actions: [RegionDSL.log("k C\(k)\(i)")]) }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The transitions of the `i`-th `go` (from 0) after entering `P` of `cycling`.
    static func cyclingNames(_ i: Int) -> [String] {
        (1...4).map { k in "C\(k)\(i % 3)→C\(k)\((i + 1) % 3)" }
    }

    @Test("results kept by the caller never change, however many region-path results follow")
    func keptResultsNeverChange() throws {
        var quad = try Lockstep<RegionEvent> { try Self.cycling(singlePathPlans: $0) }
        quad.start()
        quad.send(.enter)
        var kept: [SendResult] = []
        var oracleKept: [SendResult] = []
        var describedThen: [String] = []
        for _ in 0..<10 {
            let step = quad.sendAll(.go)
            if let problems = quad.difference(step) { Issue.record(Comment(rawValue: problems)) }
            kept.append(step.direct)
            oracleKept.append(step.observed)
            describedThen.append(Lockstep<RegionEvent>.describe(step.direct, quad.planned))
        }
        for i in 0..<10 {
            #expect(kept[i] == oracleKept[i], "result \(i)")
            #expect(Lockstep<RegionEvent>.describe(kept[i], quad.planned) == describedThen[i], "result \(i)")
            #expect(Lockstep<RegionEvent>.describe(kept[i], quad.planned) == Lockstep<RegionEvent>.describe(oracleKept[i], quad.oracle), "result \(i)")
            #expect(quad.names(kept[i]) == Self.cyclingNames(i), "result \(i)")
            #expect(kept[i].transitions.count == 4, "result \(i)")
            let from = quad.planned.activeStates(in: kept[i].from)
            let to = quad.planned.activeStates(in: kept[i].to)
            #expect(from == ["P"] + (1...4).flatMap { ["R\($0)", "C\($0)\(i % 3)"] }, "result \(i)")
            #expect(to == ["P"] + (1...4).flatMap { ["R\($0)", "C\($0)\((i + 1) % 3)"] }, "result \(i)")
        }
        #expect(kept[0] != kept[1] && kept[1] != kept[2] && kept[0] == kept[3])

        // Keeping every other result, with two-pick (tick),
        // single-pick (poke) and four-pick (go) results interleaved.
        var held: [(result: SendResult, oracle: SendResult, described: String, event: RegionEvent)] = []
        let pattern: [RegionEvent] = [.go, .tick, .go, .poke, .tick, .tick, .go, .go, .poke, .go, .tick, .go]
        for (i, event) in (pattern + pattern).enumerated() {
            let step = quad.sendAll(event)
            if let problems = quad.difference(step) { Issue.record(Comment(rawValue: "\(i) \(event): \(problems)")) }
            if i % 2 == 1 {
                held.append((step.direct, step.observed, Lockstep<RegionEvent>.describe(step.direct, quad.planned), event))
            }
            // A copy of the result that is dropped at once: must not disturb anything either.
            let copy = step.direct
            #expect(copy == step.observed)
        }
        for (i, entry) in held.enumerated() {
            #expect(entry.result == entry.oracle, "held \(i) (\(entry.event))")
            #expect(Lockstep<RegionEvent>.describe(entry.result, quad.planned) == entry.described, "held \(i) (\(entry.event))")
            let expectedCount = entry.event == .go ? 4 : entry.event == .tick ? 2 : 1
            #expect(entry.result.transitions.count == expectedCount, "held \(i) (\(entry.event))")
        }
        // And the first ten are still as they were.
        for i in 0..<10 {
            #expect(Lockstep<RegionEvent>.describe(kept[i], quad.planned) == describedThen[i], "result \(i)")
        }
    }

    @Test("a thousand region-path sends whose results are dropped end in the oracle's configuration and context")
    func droppedResultsLoop() throws {
        let planned = try Self.cycling(singlePathPlans: true)
        let oracle = try Self.cycling(singlePathPlans: false)
        var machine = planned.start(context: Trace())
        var reference = oracle.start(context: Trace())
        _ = machine.send(.enter)
        var recorder = StatechartTraceRecorder<String, RegionEvent>()
        _ = reference.send(.enter, observer: &recorder)
        let pattern: [RegionEvent] = [.go, .go, .tick, .go, .poke, .stray, .go, .tick]
        for i in 0..<1_000 {
            _ = machine.send(pattern[i % pattern.count])
            var observer = StatechartTraceRecorder<String, RegionEvent>()
            _ = reference.send(pattern[i % pattern.count], observer: &observer)
        }
        #expect(machine.configuration == reference.configuration)
        #expect(machine.context == reference.context)
        #expect(machine.snapshot() == reference.snapshot())
        // One more result, kept: it reports this send only.
        let last = machine.send(.go)
        var observer = StatechartTraceRecorder<String, RegionEvent>()
        let expected = reference.send(.go, observer: &observer)
        #expect(last == expected)
        #expect(last.transitions.count == 4)
        #expect(Lockstep<RegionEvent>.describe(last, planned) == Lockstep<RegionEvent>.describe(expected, oracle))
        // 4 initial entries, 125 × (4 go × 4 + 2 tick × 2 + 1 poke) entries, 4 for the last go.
        #expect(machine.context.n == 2_633)
    }
}

// MARK: - Leaving and entering the parallel state

extension ParallelTests {

    /// `Idle` and `P` (three regions) with transitions out of `P` from a region's leaf and from
    /// `P`, and into `P` (to `P`, to a state deep in one region, to states in two regions).
    static func doorway(singlePathPlans: Bool) throws -> RegionChart {
        try RegionChart(singlePathPlans: singlePathPlans) {
            RegionDSL.state("Idle") {
                On(.enter, to: "P", actions: [RegionDSL.log("t Idle→P")])
                On(.poke, to: "B2y", actions: [RegionDSL.log("t Idle→B2y")])
                On(.tick, to: "B1", "B3", actions: [RegionDSL.log("t Idle→B1,B3")])
            }
            RegionDSL.parallel("P") {
                On(.leave, to: "Idle", actions: [RegionDSL.log("t P→Idle")])
                for k in 1...3 {
                    RegionDSL.state("R\(k)") {
                        RegionDSL.state("A\(k)") {
                            On(.go, to: "B\(k)", actions: [RegionDSL.log("t A\(k)→B\(k)")])
                            if k == 2 { On(.stray, to: "Idle", actions: [RegionDSL.log("t A2→Idle")]) }
                        }
                        RegionDSL.state("B\(k)") {
                            Initial("B\(k)x", actions: [RegionDSL.log("init B\(k)→B\(k)x")])
                            On(.back, to: "A\(k)", actions: [RegionDSL.log("t B\(k)→A\(k)")])
                            RegionDSL.state("B\(k)x") { On(.go, to: "B\(k)y", actions: [RegionDSL.log("t B\(k)x→B\(k)y")]) }
                            RegionDSL.state("B\(k)y")
                        }
                    }
                }
            }
        }
    }

    @Test("transitions leaving the parallel state (from a region's leaf and from the parallel state) and entering it, around region-path steps")
    func leavingAndEntering() throws {
        var quad = try Lockstep<RegionEvent> { try Self.doorway(singlePathPlans: $0) }
        quad.start()
        var (result, lines) = quad.send(.enter)
        #expect(lines == ["-Idle", "t Idle→P", "+P", "+R1", "+A1", "+R2", "+A2", "+R3", "+A3"])
        (result, lines) = quad.send(.go)
        #expect(lines == ["-A3", "-A2", "-A1", "t A1→B1", "t A2→B2", "t A3→B3",
                          "+B1", "init B1→B1x", "+B1x", "+B2", "init B2→B2x", "+B2x",
                          "+B3", "init B3→B3x", "+B3x"])
        (result, lines) = quad.send(.go)
        #expect(quad.names(result) == ["B1x→B1y", "B2x→B2y", "B3x→B3y"])
        // Leaving from P: every region exits, backwards.
        (result, lines) = quad.send(.leave)
        #expect(lines == ["-B3y", "-B3", "-R3", "-B2y", "-B2", "-R2", "-B1y", "-B1", "-R1",
                          "-P", "t P→Idle", "+Idle"])
        #expect(quad.planned.activeStates(in: result.to) == ["Idle"])

        // Entering deep in one region: the others by default, B2 not by default (no initial action).
        (result, lines) = quad.send(.poke)
        #expect(lines == ["-Idle", "t Idle→B2y", "+P", "+R1", "+A1", "+R2", "+B2", "+B2y",
                          "+R3", "+A3"])
        (result, lines) = quad.send(.back)
        #expect(lines == ["-B2y", "-B2", "t B2→A2", "+A2"])
        // Leaving from a region's leaf.
        (result, lines) = quad.send(.stray)
        #expect(lines == ["-A3", "-R3", "-A2", "-R2", "-A1", "-R1", "-P", "t A2→Idle", "+Idle"])
        #expect(quad.names(result) == ["A2→Idle"])

        // Entering with two targets in two regions.
        (result, lines) = quad.send(.tick)
        #expect(lines == ["-Idle", "t Idle→B1,B3", "+P", "+R1", "+B1", "init B1→B1x", "+B1x",
                          "+R2", "+A2", "+R3", "+B3", "init B3→B3x", "+B3x"])
        (result, lines) = quad.send(.go)
        #expect(quad.names(result) == ["B1x→B1y", "A2→B2", "B3x→B3y"])
        (result, lines) = quad.send(.back)
        #expect(quad.names(result) == ["B1→A1", "B2→A2", "B3→A3"])
        (result, lines) = quad.send(.stray)
        #expect(quad.direct.configuration == ["Idle"])
    }
}
