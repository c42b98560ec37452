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
