import Testing
@_spi(Testing) import Statecharts

/// The region path and the history fast path, checked through the public API only.
///
/// - The region path: while a parallel state is active in a chart of at most 64 states, a plain
///   `send` takes every active leaf's region-local transition together on the configuration's
///   bits (all exits, then all transition actions, then all entries), and falls back to the
///   general algorithm for anything else (a guard, more than four picks, a domain with a parallel
///   state, …). Results of up to four transitions hold them in their first word (no allocation)
///   unless a transition's number is too large for it (16,383 on), which the results box holds.
/// - The history fast path: from a single-path configuration, a transition to a history state
///   remembering one atomic state is taken without the general algorithm when the history's
///   parent stays active and the domain contains it.
///
/// Every scenario runs in lockstep on four instances (see ``Lockstep``): the chart compiled with
/// single-path plans, sent plain events (the fast paths) and prepared events; and the chart
/// compiled with `singlePathPlans: false` (the oracle), sent plain events and events with an
/// observer (which never takes a table shortcut). After each event they must agree on the
/// `SendResult` (outcome, transitions, from, to), the context (whose log records every exit,
/// transition and entry action in order), the configuration, `isActive` and the snapshot. The
/// scenarios also check literal logs and transitions, so that a fault shared by every path (the
/// oracle takes the history fast path too: it needs no plan) still fails; the property test also
/// runs the reference SCXML interpreter of `ReferenceInterpreter.swift`.
@Suite("Region path and history fast path agree with the general algorithm")
struct RegionAndHistoryPathTests {
    // MARK: Context, events and DSL helpers

    /// What actions record and guards read (shared with `DirectSendTests`).
    typealias Ctx = LockstepContext

    /// Payload-free, `CaseIterable`: event classes are tag bytes.
    enum Ev: StatechartEvent, Hashable, CaseIterable {
        case go, back, poke, leave, enter, stray, tick
    }

    typealias Chart = Statechart<String, Ev, Ctx>
    typealias Instance = StatechartInstance<String, Ev, Ctx>

    /// Actions and logging states.
    typealias L = LockstepDSL<Ev>

    /// The lockstep harness (see `LockstepSupport.swift`) on `Ev`.
    typealias Quad = Lockstep<Ev>

    // MARK: 1. Global order with 2, 3 and 4 regions (and 5: the fallback)

    /// `Idle`, and a parallel `P` of `n` regions `Rk`. In each region, `Ak` (holding `Akx`) moves to
    /// the compound `Bk` on `go` (its initial transition to `Bky` logs), and `Bk` moves back to
    /// `Ak` on `back` with an action that takes the event. `enter` and `leave` enter and leave `P`.
    static func regions(_ n: Int, singlePathPlans: Bool) throws -> Chart {
        try Chart(singlePathPlans: singlePathPlans) {
            L.state("Idle") { On(.enter, to: "P", actions: [L.log("t Idle→P")]) }
            L.parallel("P") {
                On(.leave, to: "Idle", actions: [L.log("t P→Idle")])
                for k in 1...n {
                    L.state("R\(k)") {
                        L.state("A\(k)") {
                            L.state("A\(k)x") { On(.go, to: "B\(k)", actions: [L.log("t A\(k)x→B\(k)")]) }
                        }
                        L.state("B\(k)") {
                            Initial("B\(k)y", actions: [L.log("init B\(k)→B\(k)y")])
                            On(.back, to: "A\(k)", actions: [L.logEvent("t B\(k)→A\(k)")])
                            L.state("B\(k)x")
                            L.state("B\(k)y")
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
        var quad = try Quad { try regions(n, singlePathPlans: $0) }
        quad.start()
        #expect(quad.direct.configuration == ["Idle"])

        let (entered, enterLines) = quad.send(.enter)
        #expect(enterLines == ["exit Idle", "t Idle→P", "enter P"]
                + (1...n).flatMap { ["enter R\($0)", "enter A\($0)", "enter A\($0)x"] })
        #expect(quad.names(entered) == ["Idle→P"])
        #expect(quad.planned.activeStates(in: entered.to) == regionConfiguration(n, inA: true))

        for round in 0..<2 {
            let (went, goLines) = quad.send(.go)
            // All exits (regions backwards, each from its leaf up), then every transition's
            // actions in document order, then every entry (with the initial actions) in order.
            let exits = (1...n).reversed().flatMap { ["exit A\($0)x", "exit A\($0)"] }
            let actions = (1...n).map { "t A\($0)x→B\($0)" }
            let entries = (1...n).flatMap { ["enter B\($0)", "init B\($0)→B\($0)y", "enter B\($0)y"] }
            #expect(goLines == exits + actions + entries, "round \(round), \(n) regions")
            #expect(went.outcome == .transitioned)
            #expect(quad.names(went) == (1...n).map { "A\($0)x→B\($0)" })
            #expect(went.transitions.count == n)
            #expect(quad.planned.activeStates(in: went.from) == regionConfiguration(n, inA: true))
            #expect(quad.planned.activeStates(in: went.to) == regionConfiguration(n, inA: false))
            #expect(quad.direct.configuration == regionConfiguration(n, inA: false))

            let (back, backLines) = quad.send(.back)
            #expect(backLines == (1...n).reversed().flatMap { ["exit B\($0)y", "exit B\($0)"] }
                    + (1...n).map { "t B\($0)→A\($0) [back]" }
                    + (1...n).flatMap { ["enter A\($0)", "enter A\($0)x"] }, "round \(round), \(n) regions")
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
        #expect(leaveLines == (1...n).reversed().flatMap { ["exit B\($0)y", "exit B\($0)", "exit R\($0)"] }
                + ["exit P", "t P→Idle", "enter Idle"])
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
        var quad = try Quad { try Self.regions(5, singlePathPlans: $0) }
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
        func chart(singlePathPlans: Bool) throws -> Chart {
            try Chart(singlePathPlans: singlePathPlans) {
                L.state("Idle") { On(.enter, to: "P", actions: [L.log("t Idle→P")]) }
                L.state("Filler") {
                    for _ in 0..<16_400 { On(.stray, to: "Idle") }
                }
                L.parallel("P") {
                    for k in 1...4 {
                        L.state("R\(k)") {
                            L.state("A\(k)") { On(.go, to: "B\(k)", actions: [L.log("t A\(k)→B\(k)")]) }
                            L.state("B\(k)") { On(.back, to: "A\(k)", actions: [L.log("t B\(k)→A\(k)")]) }
                        }
                    }
                }
            }
        }
        var quad = try Quad { try chart(singlePathPlans: $0) }
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

    // MARK: 2. Mixed rows

    /// Four regions whose rows differ per event: ignored, direct, guarded, whenIn, targetless, a
    /// region's own internal transition, and an external transition of a region (its domain is
    /// the root: it leaves and re-enters `P`).
    static func mixed(singlePathPlans: Bool) throws -> Chart {
        let flag = Guard<Ev, Ctx>("flag") { $0.flag }
        return try Chart(singlePathPlans: singlePathPlans) {
            L.parallel("P") {
                L.state("R1") {
                    On(.back, to: "M1a", kind: .internal, actions: [L.log("t R1→M1a internal")])
                    On(.leave, to: "M1a", actions: [L.log("t R1→M1a external")])
                    L.state("M1a") { On(.go, to: "M1b", actions: [L.log("t M1a→M1b")]) }
                    L.state("M1b") { On(.go, to: "M1a", actions: [L.logEvent("t M1b→M1a")]) }
                }
                L.state("R2") {
                    L.state("I2") {
                        On(.poke, to: "I2b", actions: [L.log("t I2→I2b")])
                        On(.tick, to: "I2b", whenIn: ["M1b"], actions: [L.log("t I2→I2b whenIn")])
                    }
                    L.state("I2b") { On(.poke, to: "I2", actions: [L.log("t I2b→I2")]) }
                }
                L.state("R3") {
                    L.state("G3a") { On(.go, to: "G3b", guard: flag, actions: [L.log("t G3a→G3b")]) }
                    L.state("G3b") { On(.go, to: "G3a", actions: [L.log("t G3b→G3a")]) }
                }
                L.state("R4") {
                    L.state("M4a") {
                        On(.go, to: "M4b", actions: [L.log("t M4a→M4b")])
                        On(.tick, actions: [L.log("M4a tick")])
                    }
                    L.state("M4b") { On(.go, to: "M4a", actions: [L.log("t M4b→M4a")]) }
                }
            }
        }
    }

    @Test("mixed rows: regions that ignore the event, regions that move, a guard, whenIn, targetless, internal and external region transitions")
    func mixedRows() throws {
        var quad = try Quad { try Self.mixed(singlePathPlans: $0) }
        quad.start()
        #expect(quad.direct.activeLeaves == ["M1a", "I2", "G3a", "M4a"])

        // go with the guard false: R1 and R4 move (the guarded row makes it fall back).
        var (result, lines) = quad.send(.go)
        #expect(lines == ["exit M4a", "exit M1a", "t M1a→M1b", "t M4a→M4b", "enter M1b", "enter M4b"])
        #expect(quad.names(result) == ["M1a→M1b", "M4a→M4b"])

        // poke: only R2 moves; the others ignore it (the region path with a single pick).
        (result, lines) = quad.send(.poke)
        #expect(lines == ["exit I2", "t I2→I2b", "enter I2b"])
        #expect(quad.names(result) == ["I2→I2b"])
        #expect(quad.planned.activeStates(in: result.from) == ["P", "R1", "M1b", "R2", "I2", "R3", "G3a", "R4", "M4b"])
        #expect(quad.planned.activeStates(in: result.to) == ["P", "R1", "M1b", "R2", "I2b", "R3", "G3a", "R4", "M4b"])

        // go with the guard true: R1, R3 and R4 move.
        quad.updateContext { $0.flag = true }
        (result, lines) = quad.send(.go)
        #expect(lines == ["exit M4b", "exit G3a", "exit M1b", "t M1b→M1a [go]", "t G3a→G3b", "t M4b→M4a",
                          "enter M1a", "enter G3b", "enter M4a"])
        #expect(quad.names(result) == ["M1b→M1a", "G3a→G3b", "M4b→M4a"])

        // go again: no guard on the rows any more (G3b's transition has none): all direct.
        (result, lines) = quad.send(.go)
        #expect(lines == ["exit M4a", "exit G3b", "exit M1a", "t M1a→M1b", "t G3b→G3a", "t M4a→M4b",
                          "enter M1b", "enter G3a", "enter M4b"])
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
        #expect(lines == ["exit I2", "t I2→I2b whenIn", "enter I2b"])

        // R1's internal transition: exits M1b only; its external one leaves and re-enters P.
        (result, lines) = quad.send(.back)
        #expect(lines == ["exit M1b", "t R1→M1a internal", "enter M1a"])
        (result, lines) = quad.send(.leave)
        #expect(lines == ["exit M4b", "exit R4", "exit G3a", "exit R3", "exit I2b", "exit R2", "exit M1a", "exit R1", "exit P",
                          "t R1→M1a external",
                          "enter P", "enter R1", "enter M1a", "enter R2", "enter I2", "enter R3", "enter G3a", "enter R4", "enter M4a"])
        #expect(quad.names(result) == ["R1→M1a"])
    }

    // MARK: 4. Results are values

    /// Four regions, each cycling `Ck0 → Ck1 → Ck2 → Ck0` on `go`, and counting.
    static func cycling(singlePathPlans: Bool) throws -> Chart {
        let bump = Action<Ev, Ctx>("n += 1") { $0.n += 1 }
        return try Chart(singlePathPlans: singlePathPlans) {
            L.state("Idle") { On(.enter, to: "P") }
            Parallel("P") {
                On(.leave, to: "Idle")
                for k in 1...4 {
                    State("R\(k)") {
                        for i in 0..<3 {
                            State("C\(k)\(i)") {
                                OnEntry(bump)
                                On(.go, to: "C\(k)\((i + 1) % 3)", actions: [L.log("t C\(k)\(i)")])
                                // Region 1 alone moves on poke: single-pick results.
                                if k == 1 { On(.poke, to: "C\(k)\((i + 1) % 3)", actions: [L.log("p C\(k)\(i)")]) }
                                // Regions 1 and 2 move on tick: two-pick results.
                                if k <= 2 { On(.tick, to: "C\(k)\((i + 2) % 3)", actions: [L.log("k C\(k)\(i)")]) }
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
        var quad = try Quad { try Self.cycling(singlePathPlans: $0) }
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
            describedThen.append(Quad.describe(step.direct, quad.planned))
        }
        for i in 0..<10 {
            #expect(kept[i] == oracleKept[i], "result \(i)")
            #expect(Quad.describe(kept[i], quad.planned) == describedThen[i], "result \(i)")
            #expect(Quad.describe(kept[i], quad.planned) == Quad.describe(oracleKept[i], quad.oracle), "result \(i)")
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
        var held: [(result: SendResult, oracle: SendResult, described: String, event: Ev)] = []
        let pattern: [Ev] = [.go, .tick, .go, .poke, .tick, .tick, .go, .go, .poke, .go, .tick, .go]
        for (i, event) in (pattern + pattern).enumerated() {
            let step = quad.sendAll(event)
            if let problems = quad.difference(step) { Issue.record(Comment(rawValue: "\(i) \(event): \(problems)")) }
            if i % 2 == 1 {
                held.append((step.direct, step.observed, Quad.describe(step.direct, quad.planned), event))
            }
            // A copy of the result that is dropped at once: must not disturb anything either.
            let copy = step.direct
            #expect(copy == step.observed)
        }
        for (i, entry) in held.enumerated() {
            #expect(entry.result == entry.oracle, "held \(i) (\(entry.event))")
            #expect(Quad.describe(entry.result, quad.planned) == entry.described, "held \(i) (\(entry.event))")
            let expectedCount = entry.event == .go ? 4 : entry.event == .tick ? 2 : 1
            #expect(entry.result.transitions.count == expectedCount, "held \(i) (\(entry.event))")
        }
        // And the first ten are still as they were.
        for i in 0..<10 {
            #expect(Quad.describe(kept[i], quad.planned) == describedThen[i], "result \(i)")
        }
    }

    @Test("a thousand region-path sends whose results are dropped end in the oracle's configuration and context")
    func droppedResultsLoop() throws {
        let planned = try Self.cycling(singlePathPlans: true)
        let oracle = try Self.cycling(singlePathPlans: false)
        var machine = planned.start(context: Ctx())
        var reference = oracle.start(context: Ctx())
        _ = machine.send(.enter)
        var recorder = StatechartTraceRecorder<String, Ev>()
        _ = reference.send(.enter, observer: &recorder)
        let pattern: [Ev] = [.go, .go, .tick, .go, .poke, .stray, .go, .tick]
        for i in 0..<1_000 {
            _ = machine.send(pattern[i % pattern.count])
            var observer = StatechartTraceRecorder<String, Ev>()
            _ = reference.send(pattern[i % pattern.count], observer: &observer)
        }
        #expect(machine.configuration == reference.configuration)
        #expect(machine.context == reference.context)
        #expect(machine.snapshot() == reference.snapshot())
        // One more result, kept: it reports this send only.
        let last = machine.send(.go)
        var observer = StatechartTraceRecorder<String, Ev>()
        let expected = reference.send(.go, observer: &observer)
        #expect(last == expected)
        #expect(last.transitions.count == 4)
        #expect(Quad.describe(last, planned) == Quad.describe(expected, oracle))
        // 4 initial entries, 125 × (4 go × 4 + 2 tick × 2 + 1 poke) entries, 4 for the last go.
        #expect(machine.context.n == 2_633)
    }

    // MARK: 5. Copies

    @Test("copies of an instance in a parallel configuration stay independent")
    func copiesAreIndependent() throws {
        var quad = try Quad { try Self.cycling(singlePathPlans: $0) }
        quad.start()
        quad.send(.enter)
        _ = quad.direct.send(.go)
        var recorder = StatechartTraceRecorder<String, Ev>()
        _ = quad.observed.send(.go, observer: &recorder)
        var copy = quad.direct
        var oracleCopy = quad.observed
        let originalLog = quad.direct.context.log

        // The copy moves on; the original has not changed.
        let copyResult = copy.send(.go)
        let oracleCopyResult = oracleCopy.send(.go, observer: &recorder)
        #expect(copyResult == oracleCopyResult)
        #expect(copy.context == oracleCopy.context)
        #expect(quad.direct.context.log == originalLog)
        #expect(quad.direct.activeLeaves == ["C11", "C21", "C31", "C41"])
        #expect(copy.activeLeaves == ["C12", "C22", "C32", "C42"])

        // The original takes a different event; both keep their results.
        let originalResult = quad.direct.send(.tick)
        let oracleOriginalResult = quad.observed.send(.tick, observer: &recorder)
        #expect(originalResult == oracleOriginalResult)
        #expect(quad.direct.activeLeaves == ["C10", "C20", "C31", "C41"])
        #expect(copy.activeLeaves == ["C12", "C22", "C32", "C42"])
        #expect(quad.names(copyResult) == ["C11→C12", "C21→C22", "C31→C32", "C41→C42"])
        #expect(quad.names(originalResult) == ["C11→C10", "C21→C20"])

        // More sends on both, alternately, all kept.
        var results: [(SendResult, SendResult)] = []
        for event in [Ev.go, .tick, .go, .poke, .go] {
            results.append((copy.send(event), oracleCopy.send(event, observer: &recorder)))
            results.append((quad.direct.send(event), quad.observed.send(event, observer: &recorder)))
        }
        for (i, pair) in results.enumerated() {
            #expect(pair.0 == pair.1, "result \(i)")
            #expect(Quad.describe(pair.0, quad.planned) == Quad.describe(pair.1, quad.oracle), "result \(i)")
        }
        #expect(copyResult == oracleCopyResult)
        #expect(quad.names(copyResult) == ["C11→C12", "C21→C22", "C31→C32", "C41→C42"])
        #expect(quad.names(originalResult) == ["C11→C10", "C21→C20"])
        #expect(copy.context == oracleCopy.context)
        #expect(quad.direct.context == quad.observed.context)
        #expect(copy.configuration == oracleCopy.configuration)
        #expect(quad.direct.configuration == quad.observed.configuration)
        #expect(copy.context != quad.direct.context)
    }

    // MARK: 6. Leaving and entering the parallel state

    /// `Idle` and `P` (three regions) with transitions out of `P` from a region's leaf and from
    /// `P`, and into `P` (to `P`, to a state deep in one region, to states in two regions).
    static func doorway(singlePathPlans: Bool) throws -> Chart {
        try Chart(singlePathPlans: singlePathPlans) {
            L.state("Idle") {
                On(.enter, to: "P", actions: [L.log("t Idle→P")])
                On(.poke, to: "B2y", actions: [L.log("t Idle→B2y")])
                On(.tick, to: "B1", "B3", actions: [L.log("t Idle→B1,B3")])
            }
            L.parallel("P") {
                On(.leave, to: "Idle", actions: [L.log("t P→Idle")])
                for k in 1...3 {
                    L.state("R\(k)") {
                        L.state("A\(k)") {
                            On(.go, to: "B\(k)", actions: [L.log("t A\(k)→B\(k)")])
                            if k == 2 { On(.stray, to: "Idle", actions: [L.log("t A2→Idle")]) }
                        }
                        L.state("B\(k)") {
                            Initial("B\(k)x", actions: [L.log("init B\(k)→B\(k)x")])
                            On(.back, to: "A\(k)", actions: [L.log("t B\(k)→A\(k)")])
                            L.state("B\(k)x") { On(.go, to: "B\(k)y", actions: [L.log("t B\(k)x→B\(k)y")]) }
                            L.state("B\(k)y")
                        }
                    }
                }
            }
        }
    }

    @Test("transitions leaving the parallel state (from a region's leaf and from the parallel state) and entering it, around region-path steps")
    func leavingAndEntering() throws {
        var quad = try Quad { try Self.doorway(singlePathPlans: $0) }
        quad.start()
        var (result, lines) = quad.send(.enter)
        #expect(lines == ["exit Idle", "t Idle→P", "enter P", "enter R1", "enter A1", "enter R2", "enter A2", "enter R3", "enter A3"])
        (result, lines) = quad.send(.go)
        #expect(lines == ["exit A3", "exit A2", "exit A1", "t A1→B1", "t A2→B2", "t A3→B3",
                          "enter B1", "init B1→B1x", "enter B1x", "enter B2", "init B2→B2x", "enter B2x",
                          "enter B3", "init B3→B3x", "enter B3x"])
        (result, lines) = quad.send(.go)
        #expect(quad.names(result) == ["B1x→B1y", "B2x→B2y", "B3x→B3y"])
        // Leaving from P: every region exits, backwards.
        (result, lines) = quad.send(.leave)
        #expect(lines == ["exit B3y", "exit B3", "exit R3", "exit B2y", "exit B2", "exit R2", "exit B1y", "exit B1", "exit R1",
                          "exit P", "t P→Idle", "enter Idle"])
        #expect(quad.planned.activeStates(in: result.to) == ["Idle"])

        // Entering deep in one region: the others by default, B2 not by default (no initial action).
        (result, lines) = quad.send(.poke)
        #expect(lines == ["exit Idle", "t Idle→B2y", "enter P", "enter R1", "enter A1", "enter R2", "enter B2", "enter B2y",
                          "enter R3", "enter A3"])
        (result, lines) = quad.send(.back)
        #expect(lines == ["exit B2y", "exit B2", "t B2→A2", "enter A2"])
        // Leaving from a region's leaf.
        (result, lines) = quad.send(.stray)
        #expect(lines == ["exit A3", "exit R3", "exit A2", "exit R2", "exit A1", "exit R1", "exit P", "t A2→Idle", "enter Idle"])
        #expect(quad.names(result) == ["A2→Idle"])

        // Entering with two targets in two regions.
        (result, lines) = quad.send(.tick)
        #expect(lines == ["exit Idle", "t Idle→B1,B3", "enter P", "enter R1", "enter B1", "init B1→B1x", "enter B1x",
                          "enter R2", "enter A2", "enter R3", "enter B3", "init B3→B3x", "enter B3x"])
        (result, lines) = quad.send(.go)
        #expect(quad.names(result) == ["B1x→B1y", "A2→B2", "B3x→B3y"])
        (result, lines) = quad.send(.back)
        #expect(quad.names(result) == ["B1→A1", "B2→A2", "B3→A3"])
        (result, lines) = quad.send(.stray)
        #expect(quad.direct.configuration == ["Idle"])
    }

    // MARK: 7. History

    /// `Out`, and `H` with a deep (`Hd`) and a shallow (`Hs`) history, a compound child `H1`
    /// (`H1a`, `H1b`) whose initial transition logs, a compound `H2` (default of `Hd`) and an
    /// atomic `H3`.
    static func histories(singlePathPlans: Bool) throws -> Chart {
        try Chart(singlePathPlans: singlePathPlans) {
            L.state("Out") {
                On(.go, to: "Hd", actions: [L.log("t Out→Hd")])
                On(.back, to: "Hs", actions: [L.log("t Out→Hs")])
                On(.enter, to: "H", actions: [L.log("t Out→H")])
            }
            L.state("H") {
                Initial("H1", actions: [L.log("init H→H1")])
                History("Hd", .deep, default: "H2", actions: [L.log("Hd default")])
                History("Hs", .shallow, default: "H3", actions: [L.log("Hs default")])
                On(.leave, to: "Out", actions: [L.log("t H→Out")])
                On(.poke, to: "Hd", actions: [L.log("t H→Hd")])
                L.state("H1") {
                    Initial("H1a", actions: [L.log("init H1→H1a")])
                    On(.stray, to: "H3", actions: [L.log("t H1→H3")])
                    L.state("H1a") { On(.tick, to: "H1b", actions: [L.log("t H1a→H1b")]) }
                    L.state("H1b") {
                        On(.tick, to: "H1a", actions: [L.log("t H1b→H1a")])
                        On(.back, to: "Hd", actions: [L.log("t H1b→Hd")])
                    }
                }
                L.state("H2") {
                    Initial("H2a", actions: [L.log("init H2→H2a")])
                    On(.tick, to: "H1", actions: [L.log("t H2→H1")])
                    L.state("H2a")
                }
                L.state("H3") {
                    On(.tick, to: "Hd", actions: [L.log("t H3→Hd")])
                    On(.back, to: "Hs", actions: [L.log("t H3→Hs")])
                }
            }
        }
    }

    @Test("history: empty memory runs the default; deep history restores without initial actions; shallow history of an atomic child; targets from inside the history's parent")
    func historyPaths() throws {
        var quad = try Quad { try Self.histories(singlePathPlans: $0) }
        quad.start()
        #expect(quad.direct.configuration == ["Out"])

        // Empty memory: the default transition's actions run after H's entry, H2 entered by default.
        var (result, lines) = quad.send(.go)
        #expect(lines == ["exit Out", "t Out→Hd", "enter H", "Hd default", "enter H2", "init H2→H2a", "enter H2a"])
        #expect(quad.names(result) == ["Out→Hd"])
        #expect(quad.planned.activeStates(in: result.to) == ["H", "H2", "H2a"])

        // Into H1b, out, and back through the deep history: no initial action on the way down.
        quad.send(.tick)
        (result, lines) = quad.send(.tick)
        #expect(lines == ["exit H1a", "t H1a→H1b", "enter H1b"])
        (result, lines) = quad.send(.leave)
        #expect(lines == ["exit H1b", "exit H1", "exit H", "t H→Out", "enter Out"])
        (result, lines) = quad.send(.go)
        #expect(lines == ["exit Out", "t Out→Hd", "enter H", "enter H1", "enter H1b"])
        #expect(quad.names(result) == ["Out→Hd"])
        #expect(quad.planned.activeStates(in: result.from) == ["Out"])
        #expect(quad.planned.activeStates(in: result.to) == ["H", "H1", "H1b"])

        // The shallow history remembers H1 (compound): entered by default below it.
        quad.send(.leave)
        (result, lines) = quad.send(.back)
        #expect(lines == ["exit Out", "t Out→Hs", "enter H", "enter H1", "init H1→H1a", "enter H1a"])
        #expect(quad.direct.configuration == ["H", "H1", "H1a"])

        // The shallow history remembering the atomic H3.
        (result, lines) = quad.send(.stray)
        #expect(lines == ["exit H1a", "exit H1", "t H1→H3", "enter H3"])
        quad.send(.leave)
        (result, lines) = quad.send(.back)
        #expect(lines == ["exit Out", "t Out→Hs", "enter H", "enter H3"])
        #expect(quad.names(result) == ["Out→Hs"])

        // From H3 inside H to H's deep history (memory H3): the domain is H, which stays active.
        (result, lines) = quad.send(.tick)
        #expect(lines == ["exit H3", "t H3→Hd", "enter H3"])
        #expect(quad.names(result) == ["H3→Hd"])
        // The same through the shallow history.
        (result, lines) = quad.send(.back)
        #expect(lines == ["exit H3", "t H3→Hs", "enter H3"])

        // From H itself to its history: H is exited (recording H3 again) and re-entered.
        (result, lines) = quad.send(.poke)
        #expect(lines == ["exit H3", "exit H", "t H→Hd", "enter H", "enter H3"])

        // Remember H1b deep, then from H1b (inside H1) to Hd: the domain is H1 (below H, the
        // history's parent), so H1 stays active; SCXML's addAncestorStatesToEnter still adds H1
        // (up to the history's parent) to the states to enter, and enterStates runs its entry
        // actions again (Appendix D does not skip active states).
        quad.send(.stray)   // ignored in H3
        quad.send(.tick)    // H3 → Hd → H3
        quad.send(.leave)
        quad.send(.enter)   // H by default: H1, H1a
        quad.send(.tick)    // H1a → H1b
        quad.send(.leave)   // memory: H1b (deep), H1 (shallow)
        quad.send(.go)      // back in H1b through the deep history
        (result, lines) = quad.send(.back)
        #expect(lines == ["exit H1b", "t H1b→Hd", "enter H1", "enter H1b"])
        #expect(quad.names(result) == ["H1b→Hd"])
        #expect(quad.direct.configuration == ["H", "H1", "H1b"])

        // H's own transition to its deep history: the exit set is computed with the old memory
        // (H1b), H's exit records the new one (H1a), the entry set is computed with it.
        quad.send(.tick)    // H1b → H1a
        (result, lines) = quad.send(.poke)
        #expect(lines == ["exit H1a", "exit H1", "exit H", "t H→Hd", "enter H", "enter H1", "enter H1a"])
        #expect(quad.direct.configuration == ["H", "H1", "H1a"])
    }

    /// The oracle takes the history fast path too (a transition to a history state has no plan
    /// in either compilation), so this checks the plans and the direct table around it; the
    /// literal logs above and the reference interpreter below check the fast path itself.
    @Test("history: a long sequence of events through both histories agrees with the oracle after every event")
    func historySequence() throws {
        var quad = try Quad { try Self.histories(singlePathPlans: $0) }
        quad.start()
        var rng = XorShift(seed: 17)
        var outcomes: [SendResult.Outcome: Int] = [:]
        for _ in 0..<600 {
            let event = Ev.allCases[rng.below(Ev.allCases.count)]
            let (result, _) = quad.send(event)
            outcomes[result.outcome, default: 0] += 1
        }
        #expect(outcomes[.transitioned, default: 0] > 200, "\(outcomes)")
        #expect(outcomes[.ignored, default: 0] > 50, "\(outcomes)")
    }

    // MARK: 8. Random sequences against the oracle and the reference interpreter

    /// The fixed chart of the property test, as a model (numbered in document order):
    ///
    ///     1 Idle
    ///     2 P (parallel)
    ///        3 R1: 4 R1h (deep, default A1), 5 A {6 A1, 7 A2}, 8 B
    ///        9 R2: 10 R2h (shallow, default C1), 11 C {12 C1, 13 C2} (initial C2, action), 14 D
    ///        15 R3: 16 E, 17 F {18 F1, 19 F2} (initial action)
    ///     20 Q: 21 Qh (deep, default Q11, action), 22 Qs (shallow, default Q2), 23 Q1 {24 Q11, 25 Q12}, 26 Q2
    static let model: Model = {
        func spec(_ label: String) -> ActionSpec { ActionSpec(label: label) }
        var nodes: [ModelNode] = []
        func add(_ kind: ModelKind, _ parent: Int) {
            let s = nodes.count
            var node = ModelNode(kind: kind, parent: parent)
            if s > 0 && !kind.isHistory {
                node.entry = spec("+\(s)")
                node.exit = spec("-\(s)")
            }
            nodes.append(node)
            if parent >= 0 { nodes[parent].children.append(s) }
        }
        add(.compound, -1)                                           // 0
        add(.atomic, 0)                                              // 1 Idle
        add(.parallel, 0)                                            // 2 P
        add(.compound, 2)                                            // 3 R1
        add(.deepHistory, 3)                                         // 4 R1h
        add(.compound, 3); add(.atomic, 5); add(.atomic, 5)          // 5 A, 6 A1, 7 A2
        add(.atomic, 3)                                              // 8 B
        add(.compound, 2)                                            // 9 R2
        add(.shallowHistory, 9)                                      // 10 R2h
        add(.compound, 9); add(.atomic, 11); add(.atomic, 11)        // 11 C, 12 C1, 13 C2
        add(.atomic, 9)                                              // 14 D
        add(.compound, 2)                                            // 15 R3
        add(.atomic, 15)                                             // 16 E
        add(.compound, 15); add(.atomic, 17); add(.atomic, 17)       // 17 F, 18 F1, 19 F2
        add(.compound, 0)                                            // 20 Q
        add(.deepHistory, 20); add(.shallowHistory, 20)              // 21 Qh, 22 Qs
        add(.compound, 20); add(.atomic, 23); add(.atomic, 23)       // 23 Q1, 24 Q11, 25 Q12
        add(.atomic, 20)                                             // 26 Q2
        nodes[4].historyDefault = [6]
        nodes[10].historyDefault = [12]
        nodes[11].initial = [13]
        nodes[11].initialAction = spec("iC")
        nodes[17].initial = [18]
        nodes[17].initialAction = spec("iF")
        nodes[21].historyDefault = [24]
        nodes[21].historyAction = spec("hQ")
        nodes[22].historyDefault = [26]
        nodes[23].initial = [24]
        nodes[23].initialAction = spec("iQ1")
        var count = 0
        func on(_ s: Int, _ events: [PEvent], _ targets: [Int], isInternal: Bool = false, guardSpec: GuardSpec? = nil) {
            nodes[s].transitions.append(ModelTransition(
                trigger: .events(events), targets: targets, isInternal: isInternal, guardSpec: guardSpec,
                whenIn: nil, action: spec("t\(count)")))
            count += 1
        }
        on(1, [.a], [2]); on(1, [.b], [21]); on(1, [.c], [22]); on(1, [.d], [4])
        on(2, [.d], [1])
        on(3, [.c], [6], isInternal: true)
        on(5, [.d], [8])
        on(6, [.a], [7]); on(6, [.b], [8])
        on(7, [.a], [6]); on(7, [.c], [1])
        on(8, [.a], [5]); on(8, [.b], [4])
        on(12, [.a], [13]); on(12, [.b], [14])
        on(13, [.a], [12]); on(13, [.d], [10])
        on(14, [.a], [11]); on(14, [.c], [20])
        on(16, [.a], [17]); on(16, [.b], [19], guardSpec: GuardSpec(needsFuel: false, modulus: 2, residue: 0))
        on(17, [.a], [16])
        on(18, [.b], [18])
        on(19, [.c], [16])
        on(20, [.c], [1]); on(20, [.d], [21])
        on(23, [.b], [26])
        on(24, [.a], [25]); on(24, [.d], [21])
        on(25, [.a], [24]); on(25, [.d], [22])
        on(26, [.a], [23]); on(26, [.b], [21]); on(26, [.c], [9])
        return Model(nodes: nodes)
    }()

    /// Lowers `model` with `(inout Context, Event?)` actions (none reaches the outbox, so the
    /// region path can take the transitions) and context-only guards.
    static func fixedChart(singlePathPlans: Bool) throws -> Statechart<Int, PEvent, PContext> {
        var builder = ChartBuilder<PEvent>(model: model, makeEvent: { $0 }, eventName: { $0 }, describe: { $0.rawValue })
        builder.outboxActions = false
        return try Statechart(builder.definition, singlePathPlans: singlePathPlans)
    }

    @Test("200 pseudo-random event sequences on a fixed chart with a 3-region parallel state and histories: plain send agrees with the oracle and the reference interpreter after every event")
    func randomSequences() throws {
        let fastChart = try Self.fixedChart(singlePathPlans: true)
        let oracleChart = try Self.fixedChart(singlePathPlans: false)
        #expect(fastChart.stateCount <= 64)
        var transitionCounts: [Int: Int] = [:]
        var leaves: Set<Int> = []
        var historyRestored = 0
        sequences: for seed in UInt64(1)...200 {
            var rng = XorShift(seed: seed)
            var fast = fastChart.makeInstance(context: PContext())
            var oracle = oracleChart.makeInstance(context: PContext())
            var reference = ReferenceInterpreter(model: Self.model, doneEventsAreEvents: false, context: PContext())
            var recorder = StatechartTraceRecorder<Int, PEvent>()
            let fastStart = fast.start()
            let oracleStart = oracle.start(observer: &recorder)
            reference.start()
            if fastStart != oracleStart || fast.context != reference.context || fast.configuration != reference.activeStates {
                Issue.record("seed \(seed), start: \(fast.context.log) / \(reference.context.log)")
                break
            }
            var events: [PEvent] = []
            for _ in 0..<40 {
                let event = PEvent.allCases[rng.below(PEvent.allCases.count)]
                events.append(event)
                let before = fast.context.log.count
                let fastResult = fast.send(event)
                var observer = StatechartTraceRecorder<Int, PEvent>()
                let oracleResult = oracle.send(event, observer: &observer)
                reference.send(event)
                var problems: [String] = []
                if fastResult != oracleResult {
                    problems.append("result \(fastResult.transitions.map(\.rawValue)) \(fastChart.activeStates(in: fastResult.from))→\(fastChart.activeStates(in: fastResult.to)); "
                                    + "oracle \(oracleResult.transitions.map(\.rawValue)) \(oracleChart.activeStates(in: oracleResult.from))→\(oracleChart.activeStates(in: oracleResult.to))")
                }
                if fastResult.transitions.map(\.rawValue) != reference.taken.map(Int32.init) {
                    problems.append("transitions \(fastResult.transitions.map(\.rawValue)); reference \(reference.taken)")
                }
                let expectedOutcome: SendResult.Outcome = reference.taken.isEmpty ? .ignored : .transitioned
                if fastResult.outcome != expectedOutcome {
                    problems.append("outcome \(fastResult.outcome); reference \(expectedOutcome)")
                }
                if fastChart.activeStates(in: fastResult.to) != reference.activeStates {
                    problems.append("result.to \(fastChart.activeStates(in: fastResult.to)); reference \(reference.activeStates)")
                }
                if fast.context != oracle.context {
                    problems.append("log \(fast.context.log.dropFirst(before)); oracle \(oracle.context.log.dropFirst(before))")
                }
                if fast.context != reference.context {
                    problems.append("log \(fast.context.log.dropFirst(before)); reference \(reference.context.log.dropFirst(before))")
                }
                if fast.configuration != oracle.configuration || fast.configuration != reference.activeStates {
                    problems.append("configuration \(fast.configuration); oracle \(oracle.configuration); reference \(reference.activeStates)")
                }
                if fast.snapshot() != oracle.snapshot() {
                    problems.append("snapshot \(fast.snapshot()); oracle \(oracle.snapshot())")
                }
                if !problems.isEmpty {
                    let report = problems.joined(separator: "\n  ")
                    Issue.record("seed \(seed), events \(events.map(\.rawValue)):\n  \(report)")
                    break sequences
                }
                transitionCounts[fastResult.transitions.count, default: 0] += 1
                leaves.formUnion(fast.activeLeaves)
            }
            historyRestored += reference.stats["history restored", default: 0]
        }
        // The runs met what they are meant to exercise: several regions at once, every leaf,
        // histories restored.
        #expect(transitionCounts[0, default: 0] > 40, "\(transitionCounts)")
        #expect(transitionCounts[1, default: 0] > 2_000, "\(transitionCounts)")
        #expect(transitionCounts[2, default: 0] > 500, "\(transitionCounts)")
        #expect(transitionCounts[3, default: 0] > 500, "\(transitionCounts)")
        #expect(leaves == [1, 6, 7, 8, 12, 13, 14, 16, 18, 19, 24, 25, 26], "\(leaves.sorted())")
        #expect(historyRestored > 100, "\(historyRestored)")
    }
}
