import Testing
@_spi(Testing) import Statecharts

/// The compiler spreads the direct path's action calls over two call sites per plan shape, so
/// that transitions taken one after the other (A→B, B→A) do not share one (see
/// `assignCallSites`). Whichever site runs a transition's actions, they must be exactly its own,
/// in order: these charts alternate between transitions whose actions land on different sites,
/// and check every event's actions against literal expectations and against the same chart
/// compiled without plans.
@Suite("Actions called from either call site are the transition's own")
struct CallSiteTests {
    enum Flip: StatechartEvent, Hashable, CaseIterable { case flip, jump }
    enum Node: Hashable, Sendable { case a, b, c, deep, p, p1, p11, q, q1, q11 }
    static func action(_ line: String) -> Action<Flip, Trace> { Logged<Flip>.log(line) }

    /// A toggle whose two transitions have different single actions, beside a ring of three
    /// (three distinct single actions alternate over two sites), and a deep pair whose transitions
    /// are plans of several actions (exits, the transition's, entries).
    static func chart(singlePathPlans: Bool) throws -> Statechart<Node, Flip, Trace> {
        try Statechart<Node, Flip, Trace>("call sites", singlePathPlans: singlePathPlans) {
            State(.a) {
                On(.flip, to: .b, actions: [action("a→b")])
                On(.jump, to: .c, actions: [action("a→c")])
            }
            State(.b) {
                On(.flip, to: .a, actions: [action("b→a")])
                On(.jump, to: .deep, actions: [action("b→deep")])
            }
            State(.c) { On(.flip, to: .a, actions: [action("c→a")]) }
            State(.deep) {
                State(.p) {
                    OnEntry(action("enter p"))
                    OnExit(action("exit p"))
                    State(.p1) {
                        OnEntry(action("enter p1"))
                        OnExit(action("exit p1"))
                        State(.p11) {
                            OnEntry(action("enter p11"))
                            OnExit(action("exit p11"))
                            On(.flip, to: .q11, actions: [action("p11→q11")])
                        }
                    }
                }
                State(.q) {
                    OnEntry(action("enter q"))
                    OnExit(action("exit q"))
                    State(.q1) {
                        OnEntry(action("enter q1"))
                        OnExit(action("exit q1"))
                        State(.q11) {
                            OnEntry(action("enter q11"))
                            OnExit(action("exit q11"))
                            On(.flip, to: .p11, actions: [action("q11→p11")])
                        }
                    }
                }
            }
        }
    }

    /// Sends `event` to both instances and returns the lines the planned one logged.
    static func send(_ event: Flip, _ planned: inout StatechartInstance<Node, Flip, Trace>,
                     _ oracle: inout StatechartInstance<Node, Flip, Trace>) -> [String] {
        let before = planned.context.lines.count
        let result = planned.send(event)
        let expected = oracle.send(event)
        #expect(result.outcome == expected.outcome)
        #expect(Array(result.transitions) == Array(expected.transitions))
        #expect(planned.context == oracle.context)
        #expect(planned.activeLeaves == oracle.activeLeaves)
        return Array(planned.context.lines[before...])
    }

    @Test("alternating single actions and alternating plans run their own actions, event after event")
    func alternation() throws {
        var planned = try Self.chart(singlePathPlans: true).start(context: Trace())
        var oracle = try Self.chart(singlePathPlans: false).start(context: Trace())
        for _ in 0..<20 {
            #expect(Self.send(.flip, &planned, &oracle) == ["a→b"])
            #expect(Self.send(.flip, &planned, &oracle) == ["b→a"])
        }
        // Three single actions in turn over the two sites: a→c, c→a, a→b, b→a.
        for _ in 0..<10 {
            #expect(Self.send(.jump, &planned, &oracle) == ["a→c"])
            #expect(Self.send(.flip, &planned, &oracle) == ["c→a"])
            #expect(Self.send(.flip, &planned, &oracle) == ["a→b"])
            #expect(Self.send(.flip, &planned, &oracle) == ["b→a"])
        }
        #expect(Self.send(.flip, &planned, &oracle) == ["a→b"])
        #expect(Self.send(.jump, &planned, &oracle) == ["b→deep", "enter p", "enter p1", "enter p11"])
        for _ in 0..<20 {
            #expect(Self.send(.flip, &planned, &oracle)
                == ["exit p11", "exit p1", "exit p", "p11→q11", "enter q", "enter q1", "enter q11"])
            #expect(Self.send(.flip, &planned, &oracle)
                == ["exit q11", "exit q1", "exit q", "q11→p11", "enter p", "enter p1", "enter p11"])
        }
        #expect(planned.activeLeaves == [.p11])
    }
}
