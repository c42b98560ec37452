import Testing
@_spi(Testing) import Statecharts

/// Miro Samek's canonical hierarchical state machine (QHsmTst: s, s1, s11, s2, s21, s211 and
/// the guard on `foo`), run with SCXML semantics: external transitions exit their source even when
/// the target is inside it. Every event's exact sequence of exits, transition actions, entries and
/// initial-transition actions is checked.
@Suite("Samek's hierarchical state machine")
struct SamekTests {
    enum S: Hashable, Sendable { case s, s1, s11, s2, s21, s211 }
    enum E: StatechartEvent, Hashable { case a, b, c, d, e, f, g, h, i, j }
    struct Log { var foo = 0; var lines: [String] = [] }

    static func log(_ line: String) -> Action<E, Log> { Action(line) { $0.lines.append(line) } }
    static func entry(_ s: S) -> OnEntry<S, E, Log> { OnEntry(log("\(s)-ENTRY")) }
    static func exit(_ s: S) -> OnExit<S, E, Log> { OnExit(log("\(s)-EXIT")) }
    static func initial(_ s: S, _ target: S) -> Initial<S, E, Log> { Initial(target, actions: [log("\(s)-INIT")]) }
    static let fooSet = Guard<E, Log>("foo") { $0.foo != 0 }
    static let fooClear = Guard<E, Log>("!foo") { $0.foo == 0 }
    static func set(_ value: Int, _ line: String) -> Action<E, Log> {
        Action("foo=\(value)") { $0.foo = value; $0.lines.append(line) }
    }

    static func chart(singlePathPlans: Bool) throws -> Statechart<S, E, Log> {
        try Statechart<S, E, Log>("samek", singlePathPlans: singlePathPlans) {
            Initial(.s2, actions: [Action("top-INIT") { $0.foo = 0; $0.lines.append("top-INIT") }])
            State(.s) {
                entry(.s); exit(.s); initial(.s, .s11)
                On(.e, to: .s11, actions: [log("s-E")])
                On(.i, guard: fooSet, actions: [set(0, "s-I")])
                State(.s1) {
                    entry(.s1); exit(.s1); initial(.s1, .s11)
                    On(.a, to: .s1, actions: [log("s1-A")])
                    On(.b, to: .s11, actions: [log("s1-B")])
                    On(.c, to: .s2, actions: [log("s1-C")])
                    On(.d, to: .s, guard: fooClear, actions: [set(1, "s1-D")])
                    On(.f, to: .s211, actions: [log("s1-F")])
                    On(.i, actions: [log("s1-I")])
                    State(.s11) {
                        entry(.s11); exit(.s11)
                        On(.d, to: .s1, guard: fooSet, actions: [set(0, "s11-D")])
                        On(.g, to: .s211, actions: [log("s11-G")])
                        On(.h, to: .s, actions: [log("s11-H")])
                    }
                }
                State(.s2) {
                    entry(.s2); exit(.s2); initial(.s2, .s211)
                    On(.c, to: .s1, actions: [log("s2-C")])
                    On(.f, to: .s11, actions: [log("s2-F")])
                    On(.i, guard: fooClear, actions: [set(1, "s2-I")])
                    State(.s21) {
                        entry(.s21); exit(.s21); initial(.s21, .s211)
                        On(.a, to: .s21, actions: [log("s21-A")])
                        On(.b, to: .s211, actions: [log("s21-B")])
                        On(.g, to: .s1, actions: [log("s21-G")])
                        State(.s211) {
                            entry(.s211); exit(.s211)
                            On(.d, to: .s21, actions: [log("s211-D")])
                            On(.h, to: .s, actions: [log("s211-H")])
                        }
                    }
                }
            }
        }
    }

    /// Each event with the exact lines it must produce and the leaf it must end in.
    static let script: [(E, [String], S)] = [
        (.a, ["s211-EXIT", "s21-EXIT", "s21-A", "s21-ENTRY", "s21-INIT", "s211-ENTRY"], .s211),
        (.b, ["s211-EXIT", "s21-EXIT", "s21-B", "s21-ENTRY", "s211-ENTRY"], .s211),
        (.d, ["s211-EXIT", "s21-EXIT", "s211-D", "s21-ENTRY", "s21-INIT", "s211-ENTRY"], .s211),
        (.e, ["s211-EXIT", "s21-EXIT", "s2-EXIT", "s-EXIT", "s-E", "s-ENTRY", "s1-ENTRY", "s11-ENTRY"], .s11),
        (.i, ["s1-I"], .s11),
        (.f, ["s11-EXIT", "s1-EXIT", "s1-F", "s2-ENTRY", "s21-ENTRY", "s211-ENTRY"], .s211),
        (.i, ["s2-I"], .s211),
        (.i, ["s-I"], .s211),
        (.f, ["s211-EXIT", "s21-EXIT", "s2-EXIT", "s2-F", "s1-ENTRY", "s11-ENTRY"], .s11),
        (.a, ["s11-EXIT", "s1-EXIT", "s1-A", "s1-ENTRY", "s1-INIT", "s11-ENTRY"], .s11),
        (.b, ["s11-EXIT", "s1-EXIT", "s1-B", "s1-ENTRY", "s11-ENTRY"], .s11),
        (.d, ["s11-EXIT", "s1-EXIT", "s-EXIT", "s1-D", "s-ENTRY", "s-INIT", "s1-ENTRY", "s11-ENTRY"], .s11),
        (.d, ["s11-EXIT", "s1-EXIT", "s11-D", "s1-ENTRY", "s1-INIT", "s11-ENTRY"], .s11),
        (.e, ["s11-EXIT", "s1-EXIT", "s-EXIT", "s-E", "s-ENTRY", "s1-ENTRY", "s11-ENTRY"], .s11),
        (.g, ["s11-EXIT", "s1-EXIT", "s11-G", "s2-ENTRY", "s21-ENTRY", "s211-ENTRY"], .s211),
        (.h, ["s211-EXIT", "s21-EXIT", "s2-EXIT", "s-EXIT", "s211-H", "s-ENTRY", "s-INIT", "s1-ENTRY", "s11-ENTRY"], .s11),
        (.h, ["s11-EXIT", "s1-EXIT", "s-EXIT", "s11-H", "s-ENTRY", "s-INIT", "s1-ENTRY", "s11-ENTRY"], .s11),
        (.c, ["s11-EXIT", "s1-EXIT", "s1-C", "s2-ENTRY", "s2-INIT", "s21-ENTRY", "s211-ENTRY"], .s211),
        (.g, ["s211-EXIT", "s21-EXIT", "s2-EXIT", "s21-G", "s1-ENTRY", "s1-INIT", "s11-ENTRY"], .s11),
        (.c, ["s11-EXIT", "s1-EXIT", "s1-C", "s2-ENTRY", "s2-INIT", "s21-ENTRY", "s211-ENTRY"], .s211),
        (.c, ["s211-EXIT", "s21-EXIT", "s2-EXIT", "s2-C", "s1-ENTRY", "s1-INIT", "s11-ENTRY"], .s11),
        (.j, [], .s11),
    ]

    @Test("exact action sequence for every event", arguments: [true, false])
    func exactSequence(singlePathPlans: Bool) throws {
        let chart = try Self.chart(singlePathPlans: singlePathPlans)
        var machine = chart.start(context: Log())
        #expect(machine.context.lines == ["top-INIT", "s-ENTRY", "s2-ENTRY", "s2-INIT", "s21-ENTRY", "s211-ENTRY"])
        #expect(machine.activeLeaves == [.s211])
        for (step, (event, expected, leaf)) in Self.script.enumerated() {
            machine.context.lines = []
            let result = machine.send(event)
            #expect(machine.context.lines == expected, "step \(step): event \(event)")
            #expect(machine.activeLeaves == [leaf], "step \(step): event \(event)")
            #expect(result.isAccepted == !expected.isEmpty, "step \(step): event \(event)")
        }
        #expect(machine.configuration == [.s, .s1, .s11])
    }
}
