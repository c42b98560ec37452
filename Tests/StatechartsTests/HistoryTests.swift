import Testing
@_spi(Testing) import Statecharts

/// Shallow and deep history: the default transition (with its actions) on first entry, the
/// remembered configuration on re-entry, history of a parallel state, deep history with several
/// leaves.
@Suite("History states")
struct HistoryTests {
    enum Ev: StatechartEvent, Hashable { case back, plain, next, leave, backShallow, backDeep, f }
    typealias L = Logged<Ev>

    /// Document order: off, m, h, a, b, b1, b2. `m` starts in `a`; `b` starts in `b1` (with an
    /// initial action); the history's default goes to `b2`.
    static func chart(_ kind: HistoryKind, singlePathPlans: Bool) throws -> Statechart<String, Ev, Trace> {
        try Statechart<String, Ev, Trace>("history", singlePathPlans: singlePathPlans) {
            L.state("off") {
                On(.back, to: "h", actions: [L.log("off>h")])
                On(.plain, to: "m", actions: [L.log("off>m")])
            }
            L.state("m") {
                History("h", kind, default: "b2", actions: [L.log("h-default")])
                L.state("a") { On(.next, to: "b") }
                L.state("b") {
                    Initial("b1", actions: [L.log("b-init")])
                    L.state("b1") { On(.next, to: "b2") }
                    L.state("b2")
                }
                On(.leave, to: "off")
            }
        }
    }

    @Test("first entry through a history state takes its default transition and runs its actions after the parent's entry",
          arguments: [HistoryKind.shallow, .deep], [true, false])
    func firstEntry(kind: HistoryKind, singlePathPlans: Bool) throws {
        var machine = try Self.chart(kind, singlePathPlans: singlePathPlans).start(context: Trace())
        #expect(machine.context.lines == ["+off"])
        // The default's target b2 is entered with its ancestor b, which is not entered by default:
        // b's initial action does not run.
        #expect(machine.lines(after: .back) == ["-off", "off>h", "+m", "h-default", "+b", "+b2"])
        #expect(machine.configuration == ["m", "b", "b2"])
    }

    @Test("a plain entry of the parent ignores the history", arguments: [HistoryKind.shallow, .deep], [true, false])
    func plainEntry(kind: HistoryKind, singlePathPlans: Bool) throws {
        var machine = try Self.chart(kind, singlePathPlans: singlePathPlans).start(context: Trace())
        machine.send(.back)
        machine.send(.leave)
        #expect(machine.lines(after: .plain) == ["-off", "off>m", "+m", "+a"])
    }

    @Test("shallow history restores the parent's active child, entered by default", arguments: [true, false])
    func shallowRestore(singlePathPlans: Bool) throws {
        var machine = try Self.chart(.shallow, singlePathPlans: singlePathPlans).start(context: Trace())
        machine.send(.plain)
        machine.send(.next)                                  // a -> b (b1)
        machine.send(.next)                                  // b1 -> b2
        #expect(machine.configuration == ["m", "b", "b2"])
        #expect(machine.lines(after: .leave) == ["-b2", "-b", "-m", "+off"])
        // Remembered: b. Entering b by default runs its initial action and enters b1.
        #expect(machine.lines(after: .back) == ["-off", "off>h", "+m", "+b", "b-init", "+b1"])
        #expect(machine.configuration == ["m", "b", "b1"])
    }

    @Test("deep history restores the remembered leaf without default entries", arguments: [true, false])
    func deepRestore(singlePathPlans: Bool) throws {
        var machine = try Self.chart(.deep, singlePathPlans: singlePathPlans).start(context: Trace())
        machine.send(.plain)
        machine.send(.next)
        machine.send(.next)
        machine.send(.leave)
        #expect(machine.lines(after: .back) == ["-off", "off>h", "+m", "+b", "+b2"])
        #expect(machine.configuration == ["m", "b", "b2"])
        // The memory is overwritten by each exit.
        machine.send(.leave)
        machine.send(.plain)
        machine.send(.leave)
        #expect(machine.lines(after: .back) == ["-off", "off>h", "+m", "+a"])
    }

    /// Document order: off, p, hs, hd, r1, a1, a2, r2, b1, b2.
    static func parallelChart(singlePathPlans: Bool) throws -> Statechart<String, Ev, Trace> {
        try Statechart<String, Ev, Trace>("parallel history", singlePathPlans: singlePathPlans) {
            L.state("off") {
                On(.backShallow, to: "hs")
                On(.backDeep, to: "hd")
            }
            L.parallel("p") {
                History("hs", .shallow, default: "r2")
                History("hd", .deep, default: "a2", actions: [L.log("hd-default")])
                L.state("r1") {
                    L.state("a1") { On(.next, to: "a2") }
                    L.state("a2")
                }
                L.state("r2") {
                    L.state("b1") { On(.f, to: "b2") }
                    L.state("b2")
                }
                On(.leave, to: "off")
            }
        }
    }

    @Test("history of a parallel state: the default enters its target and the other regions by default",
          arguments: [true, false])
    func parallelDefault(singlePathPlans: Bool) throws {
        var machine = try Self.parallelChart(singlePathPlans: singlePathPlans).start(context: Trace())
        #expect(machine.lines(after: .backDeep) == ["-off", "+p", "hd-default", "+r1", "+a2", "+r2", "+b1"])
        #expect(machine.configuration == ["p", "r1", "a2", "r2", "b1"])
    }

    @Test("history of a parallel state remembers every region: shallow re-enters them by default, deep restores their leaves",
          arguments: [true, false])
    func parallelRestore(singlePathPlans: Bool) throws {
        var machine = try Self.parallelChart(singlePathPlans: singlePathPlans).start(context: Trace())
        machine.send(.backDeep)                              // a2, b1
        machine.send(.f)                                     // a2, b2
        #expect(machine.lines(after: .leave) == ["-b2", "-r2", "-a2", "-r1", "-p", "+off"])
        #expect(machine.lines(after: .backDeep) == ["-off", "+p", "+r1", "+a2", "+r2", "+b2"])
        machine.send(.leave)
        #expect(machine.lines(after: .backShallow) == ["-off", "+p", "+r1", "+a1", "+r2", "+b1"])
        machine.send(.next)                                  // a1 -> a2
        machine.send(.leave)
        #expect(machine.lines(after: .backDeep) == ["-off", "+p", "+r1", "+a2", "+r2", "+b1"])
    }

    /// Document order: c, dh, x, q, q1, q1a, q1b, q2, q2a, q2b, q2b1, q2b2, out.
    @Test("deep history restores several leaves at different depths", arguments: [true, false])
    func deepSeveralLeaves(singlePathPlans: Bool) throws {
        var machine = try Statechart<String, Ev, Trace>(singlePathPlans: singlePathPlans) {
            L.state("c") {
                History("dh", .deep, default: "x")
                L.state("x") { On(.next, to: "q") }
                L.parallel("q") {
                    L.state("q1") {
                        L.state("q1a") { On(.f, to: "q1b") }
                        L.state("q1b")
                    }
                    L.state("q2") {
                        L.state("q2a") { On(.f, to: "q2b2") }
                        L.state("q2b") {
                            L.state("q2b1")
                            L.state("q2b2")
                        }
                    }
                }
                On(.leave, to: "out")
            }
            L.state("out") { On(.back, to: "dh") }
        }.start(context: Trace())
        machine.send(.next)
        machine.send(.f)
        #expect(machine.activeLeaves == ["q1b", "q2b2"])
        machine.send(.leave)
        #expect(machine.lines(after: .back) == ["-out", "+c", "+q", "+q1", "+q1b", "+q2", "+q2b", "+q2b2"])
        #expect(machine.configuration == ["c", "q", "q1", "q1b", "q2", "q2b", "q2b2"])
    }

    /// Document order: out, c, dh, x, q, q1, q1a, q1b, q2, q2a, q2b.
    @Test("a compound state whose initial transition targets its deep history restores several leaves on default entry",
          arguments: [true, false])
    func initialThroughHistory(singlePathPlans: Bool) throws {
        var machine = try Statechart<String, Ev, Trace>(singlePathPlans: singlePathPlans) {
            L.state("out") { On(.back, to: "c") }
            L.state("c") {
                Initial("dh", actions: [L.log("c-init")])
                History("dh", .deep, default: "x", actions: [L.log("dh-default")])
                L.state("x") { On(.next, to: "q") }
                L.parallel("q") {
                    L.state("q1") {
                        L.state("q1a") { On(.f, to: "q1b") }
                        L.state("q1b")
                    }
                    L.state("q2") {
                        L.state("q2a")
                        L.state("q2b")
                    }
                }
                On(.leave, to: "out")
            }
        }.start(context: Trace())
        // c is entered by default: its initial action, then the history's default and its action.
        #expect(machine.lines(after: .back) == ["-out", "+c", "c-init", "dh-default", "+x"])
        machine.send(.next)
        machine.send(.f)
        machine.send(.leave)                                 // remembers q1b and q2a
        #expect(machine.lines(after: .back) == ["-out", "+c", "c-init", "+q", "+q1", "+q1b", "+q2", "+q2a"])
        #expect(machine.configuration == ["c", "q", "q1", "q1b", "q2", "q2a"])
    }

    @Test("a history without a default transition enters its parent's initial state", arguments: [true, false])
    func historyWithoutDefault(singlePathPlans: Bool) throws {
        var machine = try Statechart<String, Ev, Trace>(singlePathPlans: singlePathPlans) {
            L.state("off") { On(.back, to: "h") }
            L.state("m", initial: "m2") {
                History("h")
                L.state("m1")
                L.state("m2") { On(.next, to: "m1") }
                On(.leave, to: "off")
            }
        }.start(context: Trace())
        #expect(machine.lines(after: .back) == ["-off", "+m", "+m2"])
        machine.send(.next)
        machine.send(.leave)
        #expect(machine.lines(after: .back) == ["-off", "+m", "+m1"])
    }
}

// MARK: - History

extension HistoryTests {

    /// `Out`, and `H` with a deep (`Hd`) and a shallow (`Hs`) history, a compound child `H1`
    /// (`H1a`, `H1b`) whose initial transition logs, a compound `H2` (default of `Hd`) and an
    /// atomic `H3`.
    static func histories(singlePathPlans: Bool) throws -> RegionChart {
        try RegionChart(singlePathPlans: singlePathPlans) {
            RegionDSL.state("Out") {
                On(.go, to: "Hd", actions: [RegionDSL.log("t Out→Hd")])
                On(.back, to: "Hs", actions: [RegionDSL.log("t Out→Hs")])
                On(.enter, to: "H", actions: [RegionDSL.log("t Out→H")])
            }
            RegionDSL.state("H") {
                Initial("H1", actions: [RegionDSL.log("init H→H1")])
                History("Hd", .deep, default: "H2", actions: [RegionDSL.log("Hd default")])
                History("Hs", .shallow, default: "H3", actions: [RegionDSL.log("Hs default")])
                On(.leave, to: "Out", actions: [RegionDSL.log("t H→Out")])
                On(.poke, to: "Hd", actions: [RegionDSL.log("t H→Hd")])
                RegionDSL.state("H1") {
                    Initial("H1a", actions: [RegionDSL.log("init H1→H1a")])
                    On(.stray, to: "H3", actions: [RegionDSL.log("t H1→H3")])
                    RegionDSL.state("H1a") { On(.tick, to: "H1b", actions: [RegionDSL.log("t H1a→H1b")]) }
                    RegionDSL.state("H1b") {
                        On(.tick, to: "H1a", actions: [RegionDSL.log("t H1b→H1a")])
                        On(.back, to: "Hd", actions: [RegionDSL.log("t H1b→Hd")])
                    }
                }
                RegionDSL.state("H2") {
                    Initial("H2a", actions: [RegionDSL.log("init H2→H2a")])
                    On(.tick, to: "H1", actions: [RegionDSL.log("t H2→H1")])
                    RegionDSL.state("H2a")
                }
                RegionDSL.state("H3") {
                    On(.tick, to: "Hd", actions: [RegionDSL.log("t H3→Hd")])
                    On(.back, to: "Hs", actions: [RegionDSL.log("t H3→Hs")])
                }
            }
        }
    }

    @Test("history: empty memory runs the default; deep history restores without initial actions; shallow history of an atomic child; targets from inside the history's parent")
    func historyPaths() throws {
        var quad = try Lockstep<RegionEvent> { try Self.histories(singlePathPlans: $0) }
        quad.start()
        #expect(quad.direct.configuration == ["Out"])

        // Empty memory: the default transition's actions run after H's entry, H2 entered by default.
        var (result, lines) = quad.send(.go)
        #expect(lines == ["-Out", "t Out→Hd", "+H", "Hd default", "+H2", "init H2→H2a", "+H2a"])
        #expect(quad.names(result) == ["Out→Hd"])
        #expect(quad.planned.activeStates(in: result.to) == ["H", "H2", "H2a"])

        // Into H1b, out, and back through the deep history: no initial action on the way down.
        quad.send(.tick)
        (result, lines) = quad.send(.tick)
        #expect(lines == ["-H1a", "t H1a→H1b", "+H1b"])
        (result, lines) = quad.send(.leave)
        #expect(lines == ["-H1b", "-H1", "-H", "t H→Out", "+Out"])
        (result, lines) = quad.send(.go)
        #expect(lines == ["-Out", "t Out→Hd", "+H", "+H1", "+H1b"])
        #expect(quad.names(result) == ["Out→Hd"])
        #expect(quad.planned.activeStates(in: result.from) == ["Out"])
        #expect(quad.planned.activeStates(in: result.to) == ["H", "H1", "H1b"])

        // The shallow history remembers H1 (compound): entered by default below it.
        quad.send(.leave)
        (result, lines) = quad.send(.back)
        #expect(lines == ["-Out", "t Out→Hs", "+H", "+H1", "init H1→H1a", "+H1a"])
        #expect(quad.direct.configuration == ["H", "H1", "H1a"])

        // The shallow history remembering the atomic H3.
        (result, lines) = quad.send(.stray)
        #expect(lines == ["-H1a", "-H1", "t H1→H3", "+H3"])
        quad.send(.leave)
        (result, lines) = quad.send(.back)
        #expect(lines == ["-Out", "t Out→Hs", "+H", "+H3"])
        #expect(quad.names(result) == ["Out→Hs"])

        // From H3 inside H to H's deep history (memory H3): the domain is H, which stays active.
        (result, lines) = quad.send(.tick)
        #expect(lines == ["-H3", "t H3→Hd", "+H3"])
        #expect(quad.names(result) == ["H3→Hd"])
        // The same through the shallow history.
        (result, lines) = quad.send(.back)
        #expect(lines == ["-H3", "t H3→Hs", "+H3"])

        // From H itself to its history: H is exited (recording H3 again) and re-entered.
        (result, lines) = quad.send(.poke)
        #expect(lines == ["-H3", "-H", "t H→Hd", "+H", "+H3"])

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
        #expect(lines == ["-H1b", "t H1b→Hd", "+H1", "+H1b"])
        #expect(quad.names(result) == ["H1b→Hd"])
        #expect(quad.direct.configuration == ["H", "H1", "H1b"])

        // H's own transition to its deep history: the exit set is computed with the old memory
        // (H1b), H's exit records the new one (H1a), the entry set is computed with it.
        quad.send(.tick)    // H1b → H1a
        (result, lines) = quad.send(.poke)
        #expect(lines == ["-H1a", "-H1", "-H", "t H→Hd", "+H", "+H1", "+H1a"])
        #expect(quad.direct.configuration == ["H", "H1", "H1a"])
    }

    /// The oracle takes the history fast path too (a transition to a history state has no plan
    /// in either compilation), so this checks the plans and the direct table around it; the
    /// literal logs above and the reference interpreter below check the fast path itself.
    @Test("history: a long sequence of events through both histories agrees with the oracle after every event")
    func historySequence() throws {
        var quad = try Lockstep<RegionEvent> { try Self.histories(singlePathPlans: $0) }
        quad.start()
        var rng = XorShift(seed: 17)
        var outcomes: [SendResult.Outcome: Int] = [:]
        for _ in 0..<600 {
            let event = RegionEvent.allCases[rng.below(RegionEvent.allCases.count)]
            let (result, _) = quad.send(event)
            outcomes[result.outcome, default: 0] += 1
        }
        #expect(outcomes[.transitioned, default: 0] > 200, "\(outcomes)")
        #expect(outcomes[.ignored, default: 0] > 50, "\(outcomes)")
    }
}
