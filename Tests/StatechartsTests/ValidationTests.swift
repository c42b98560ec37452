import Testing
import Statecharts

/// Every problem the compiler reports, each with the path of the state it is in, and a definition
/// with many problems reporting all of them at once.
@Suite("Definition validation")
struct ValidationTests {
    enum Ev: StatechartEvent, Hashable { case e, f }
    typealias Chart = Statechart<String, Ev, Trace>
    typealias Def = StateDefinition<String, Ev, Trace>
    typealias Problem = StatechartDefinitionError.Problem

    /// The problems compiling a chart reports (none when it compiles).
    static func problems(_ compile: () throws(StatechartDefinitionError) -> Chart) -> [Problem] {
        do {
            _ = try compile()
            return []
        } catch {
            return error.problems
        }
    }

    static func problems(_ states: [Def], initial: InitialTransition<String, Ev, Trace>? = nil) -> [Problem] {
        problems { () throws(StatechartDefinitionError) in
            try Chart(StatechartDefinition(initial: initial, states: states))
        }
    }

    /// One invalid definition and the single problem it must report.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let path: String
        let message: String
        let compile: @Sendable () -> [Problem]
        var testDescription: String { name }

        init(_ name: String, _ path: String, _ message: String, _ compile: @escaping @Sendable () -> [Problem]) {
            self.name = name
            self.path = path
            self.message = message
            self.compile = compile
        }
    }

    static let cases: [Case] = [
        Case("duplicate state", "root/b/a", "duplicate state 'a' (first defined at root/a)") {
            problems { () throws(StatechartDefinitionError) in
                try Chart {
                    State("a")
                    State("b") { State("a") }
                }
            }
        },
        Case("unknown target", "root/a", "unknown target 'zz'") {
            problems { () throws(StatechartDefinitionError) in
                try Chart { State("a") { On(.e, to: "zz") } }
            }
        },
        Case("unknown initial state", "root/a", "unknown initial state 'zz'") {
            problems { () throws(StatechartDefinitionError) in
                try Chart { State("a", initial: "zz") { State("a1") } }
            }
        },
        Case("unknown initial state of the chart", "root", "unknown initial state 'zz'") {
            problems { () throws(StatechartDefinitionError) in
                try Chart {
                    Initial("zz")
                    State("a")
                }
            }
        },
        Case("unknown whenIn state", "root/a", "unknown state in whenIn 'zz'") {
            problems { () throws(StatechartDefinitionError) in
                try Chart { State("a") { On(.e, to: "a", whenIn: ["zz"]) } }
            }
        },
        Case("done event of an unknown state", "root/a", "done event of unknown state 'zz'") {
            problems { () throws(StatechartDefinitionError) in
                try Chart {
                    State("a") {
                        OnDone(of: "zz", to: "a")
                        State("a1")
                    }
                }
            }
        },
        Case("initial state not a descendant", "root/a", "the initial state 'root/b' is not a descendant of this state") {
            problems { () throws(StatechartDefinitionError) in
                try Chart {
                    State("a", initial: "b") { State("a1") }
                    State("b")
                }
            }
        },
        Case("initial state is the state itself", "root/a", "the initial state 'root/a' is not a descendant of this state") {
            problems { () throws(StatechartDefinitionError) in
                try Chart { State("a", initial: "a") { State("a1") } }
            }
        },
        Case("initial transition on an atomic state", "root/a", "an initial transition on a state without child states") {
            problems { () throws(StatechartDefinitionError) in
                try Chart {
                    State("a", initial: "b")
                    State("b")
                }
            }
        },
        Case("initial transition without a target", "root/c", "an initial transition without a target") {
            problems([Def("c", initial: InitialTransition(targets: []), children: [Def("x")])])
        },
        Case("several initial transitions", "root/c", "more than one initial transition (an `initial:` argument and an `Initial` element, or several `Initial` elements)") {
            problems { () throws(StatechartDefinitionError) in
                try Chart {
                    State("c") {
                        Initial("x")
                        Initial("y")
                        State("x")
                        State("y")
                    }
                }
            }
        },
        Case("several initial transitions of the chart", "root", "the chart has more than one initial transition") {
            problems { () throws(StatechartDefinitionError) in
                try Chart {
                    Initial("a")
                    Initial("b")
                    State("a")
                    State("b")
                }
            }
        },
        Case("initial states that cannot coexist", "root/c",
             "initial states 'root/c/x' and 'root/c/y' are not in different regions of a parallel state") {
            problems { () throws(StatechartDefinitionError) in
                try Chart {
                    State("c") {
                        Initial("x", "y")
                        State("x")
                        State("y")
                    }
                }
            }
        },
        Case("final state with children", "root/f", "a final state cannot have child states") {
            problems { () throws(StatechartDefinitionError) in
                try Chart { Final("f") { State("x") } }
            }
        },
        Case("final state with transitions", "root/f", "a final state cannot have transitions") {
            problems { () throws(StatechartDefinitionError) in
                try Chart {
                    State("a")
                    Final("f") { On(.e, to: "a") }
                }
            }
        },
        Case("final state with an initial transition", "root/f", "a final state cannot have an initial transition") {
            problems([Def("a"), Def("f", kind: .final, initial: InitialTransition(targets: ["a"]))])
        },
        Case("final state as a region of a parallel state", "root/p/f",
             "a final state cannot be a region of a parallel state; put it inside a region") {
            problems { () throws(StatechartDefinitionError) in
                try Chart {
                    Parallel("p") {
                        State("r1")
                        Final("f")
                    }
                }
            }
        },
        Case("done-event builder on a state that is not final", "root/a", "only a final state can build a done event") {
            problems([Def("a", doneEvent: DoneEventBuilder { _, _, _ in nil })])
        },
        Case("history with children", "root/a/h", "a history state cannot have child states") {
            problems([Def("a", children: [Def("h", kind: .history(.shallow), children: [Def("x")]), Def("a1")])])
        },
        Case("history with an initial transition", "root/a/h", "a history state cannot have an initial transition") {
            problems([Def("a", children: [
                Def("h", kind: .history(.deep), initial: InitialTransition(targets: ["a1"])), Def("a1"),
            ])])
        },
        Case("history with entry actions", "root/a/h", "a history state cannot have entry or exit actions") {
            problems([Def("a", children: [
                Def("h", kind: .history(.shallow), onEntry: [Action { _ in }]), Def("a1"),
            ])])
        },
        Case("history with two default transitions", "root/a/h", "a history state has one default transition, not 2") {
            problems([Def("a", children: [
                Def("h", kind: .history(.shallow), transitions: [
                    TransitionDefinition(trigger: .eventless, targets: ["a1"]),
                    TransitionDefinition(trigger: .eventless, targets: ["a1"]),
                ]),
                Def("a1"),
            ])])
        },
        Case("history default with an event", "root/a/h", "a history state's default transition has no event and no guard") {
            problems([Def("a", children: [
                Def("h", kind: .history(.shallow), transitions: [TransitionDefinition(trigger: .events([.e]), targets: ["a1"])]),
                Def("a1"),
            ])])
        },
        Case("history default with a guard", "root/a/h", "a history state's default transition has no event and no guard") {
            problems([Def("a", children: [
                Def("h", kind: .history(.shallow), transitions: [
                    TransitionDefinition(trigger: .eventless, targets: ["a1"], guard: Guard { _ in true }),
                ]),
                Def("a1"),
            ])])
        },
        Case("history at the top level", "root/h",
             "a history state must be inside a compound or parallel state, not at the top level") {
            problems { () throws(StatechartDefinitionError) in
                try Chart {
                    History("h")
                    State("a")
                }
            }
        },
        Case("history default outside its parent", "root/a/h",
             "the history default 'root/b' is not a state inside the history's parent") {
            problems { () throws(StatechartDefinitionError) in
                try Chart {
                    State("a") {
                        History("h", default: "b")
                        State("a1")
                    }
                    State("b")
                }
            }
        },
        Case("history default that is a history state", "root/a/h",
             "the history default 'root/a/h2' is not a state inside the history's parent") {
            problems { () throws(StatechartDefinitionError) in
                try Chart {
                    State("a") {
                        History("h", default: "h2")
                        History("h2", .deep)
                        State("a1")
                    }
                }
            }
        },
        Case("unknown history default", "root/a/h", "unknown history default target 'zz'") {
            problems { () throws(StatechartDefinitionError) in
                try Chart {
                    State("a") {
                        History("h", default: "zz")
                        State("a1")
                    }
                }
            }
        },
        Case("history defaults that cannot coexist", "root/a/h",
             "history defaults 'root/a/x' and 'root/a/y' are not in different regions of a parallel state") {
            problems { () throws(StatechartDefinitionError) in
                try Chart {
                    State("a") {
                        History("h", default: "x", "y")
                        State("x")
                        State("y")
                    }
                }
            }
        },
        Case("parallel state without regions", "root/p", "a parallel state without regions") {
            problems { () throws(StatechartDefinitionError) in
                try Chart { Parallel("p") {} }
            }
        },
        Case("parallel state with only a history", "root/p", "a parallel state without regions") {
            problems { () throws(StatechartDefinitionError) in
                try Chart { Parallel("p") { History("h") } }
            }
        },
        Case("parallel state with an initial transition", "root/p",
             "a parallel state cannot have an initial transition (all regions are entered)") {
            problems { () throws(StatechartDefinitionError) in
                try Chart {
                    Parallel("p") {
                        Initial("r1")
                        State("r1")
                        State("r2")
                    }
                }
            }
        },
        Case("empty compound", "root/c", "a compound state with no child states besides history (an empty compound)") {
            problems { () throws(StatechartDefinitionError) in
                try Chart { State("c") { History("h") } }
            }
        },
        Case("targets in the same region", "root/a",
             "targets 'root/x' and 'root/y' are not in different regions of a parallel state") {
            problems { () throws(StatechartDefinitionError) in
                try Chart {
                    State("a") { On(.e, to: "x", "y") }
                    State("x")
                    State("y")
                }
            }
        },
        Case("a target containing another", "root/a",
             "targets 'root/c' and 'root/c/c1' cannot both be active: one contains the other") {
            problems { () throws(StatechartDefinitionError) in
                try Chart {
                    State("a") { On(.e, to: "c", "c1") }
                    State("c") { State("c1") }
                }
            }
        },
        Case("targets in one region of a parallel state", "root/a",
             "targets 'root/p/r1/x' and 'root/p/r1/y' are not in different regions of a parallel state") {
            problems { () throws(StatechartDefinitionError) in
                try Chart {
                    State("a") { On(.e, to: "x", "y") }
                    Parallel("p") {
                        State("r1") {
                            State("x")
                            State("y")
                        }
                        State("r2")
                    }
                }
            }
        },
        Case("done event of an atomic state", "root/a",
             "'root/b' is atomic and never completes: only compound and parallel states have done events") {
            problems { () throws(StatechartDefinitionError) in
                try Chart {
                    State("a") { OnDone(of: "b", to: "a") }
                    State("b")
                }
            }
        },
        Case("OnDone inside an atomic state", "root/a",
             "'root/a' is atomic and never completes: only compound and parallel states have done events") {
            problems { () throws(StatechartDefinitionError) in
                try Chart { State("a") { OnDone(to: "a") } }
            }
        },
        Case("done event of a final state", "root/s",
             "'root/s/f' is final and never completes: only compound and parallel states have done events") {
            problems { () throws(StatechartDefinitionError) in
                try Chart {
                    State("s") {
                        OnDone(of: "f")
                        State("s1")
                        Final("f")
                    }
                }
            }
        },
        Case("transition at the top level", "root",
             "a transition cannot stand at the top level of the chart; put it inside a state") {
            problems { () throws(StatechartDefinitionError) in
                try Chart {
                    On(.e, to: "a")
                    State("a")
                }
            }
        },
        Case("entry action at the top level", "root",
             "entry and exit actions cannot stand at the top level of the chart; put them inside a state") {
            problems { () throws(StatechartDefinitionError) in
                try Chart {
                    OnEntry { $0.n += 1 }
                    State("a")
                }
            }
        },
        Case("exit action at the top level", "root",
             "entry and exit actions cannot stand at the top level of the chart; put them inside a state") {
            problems { () throws(StatechartDefinitionError) in
                try Chart {
                    State("a")
                    OnExit { $0.n += 1 }
                }
            }
        },
        Case("empty event list", "root/a", "a transition on an empty list of events") {
            problems([Def("a", transitions: [TransitionDefinition(trigger: .events([]), targets: ["a"])])])
        },
        Case("no states", "root", "the chart has no states") {
            problems { () throws(StatechartDefinitionError) in
                try Chart {}
            }
        },
        Case("no states in a definition", "root", "the chart has no states") {
            problems([])
        },
    ]

    @Test("each problem is reported with the path of its state", arguments: cases)
    func singleProblem(_ testCase: Case) {
        let problems = testCase.compile()
        #expect(problems == [Problem(path: testCase.path, message: testCase.message)])
    }

    @Test("a chart with only a history state has no states and a misplaced history")
    func onlyHistory() {
        let problems = Self.problems { () throws(StatechartDefinitionError) in
            try Chart { History("h") }
        }
        #expect(Set(problems) == [
            Problem(path: "root", message: "the chart has no states"),
            Problem(path: "root/h", message: "a history state must be inside a compound or parallel state, not at the top level"),
        ])
    }

    /// Problems in document order: root, a, b, c, c/a, c/p, c/f, c/h, c/d, top.
    static func manyProblems() -> [Problem] {
        problems { () throws(StatechartDefinitionError) in
            try Chart {
                On(.e, to: "a")
                State("a") { On(.e, to: "zz") }
                State("b", initial: "a") { State("b1") }
                State("c") {
                    State("a")
                    Parallel("p") {}
                    Final("f") { On(.e, to: "b") }
                    History("h", default: "b")
                    State("d") { OnDone(to: "d") }
                }
                History("top")
            }
        }
    }

    static let expectedManyProblems: [Problem] = [
        Problem(path: "root", message: "a transition cannot stand at the top level of the chart; put it inside a state"),
        Problem(path: "root/a", message: "unknown target 'zz'"),
        Problem(path: "root/b", message: "the initial state 'root/a' is not a descendant of this state"),
        Problem(path: "root/c/a", message: "duplicate state 'a' (first defined at root/a)"),
        Problem(path: "root/c/p", message: "a parallel state without regions"),
        Problem(path: "root/c/f", message: "a final state cannot have transitions"),
        Problem(path: "root/c/h", message: "the history default 'root/b' is not a state inside the history's parent"),
        Problem(path: "root/c/d", message: "'root/c/d' is atomic and never completes: only compound and parallel states have done events"),
        Problem(path: "root/top", message: "a history state must be inside a compound or parallel state, not at the top level"),
    ]

    @Test("every problem of a definition is reported at once, each with its path")
    func allAtOnce() {
        let problems = Self.manyProblems()
        #expect(problems.count == Self.expectedManyProblems.count)
        #expect(Set(problems) == Set(Self.expectedManyProblems))
    }

    @Test("problems are listed in document order, and described one per line")
    func documentOrderAndDescription() {
        let problems = Self.manyProblems()
        #expect(problems == Self.expectedManyProblems)
        let error = StatechartDefinitionError(problems: problems)
        let lines = error.description.split(separator: "\n").map(String.init)
        #expect(lines.first == "The statechart definition has 9 problems:")
        #expect(lines.dropFirst().first == "  root: a transition cannot stand at the top level of the chart; put it inside a state")
        #expect(lines.count == 10)
        #expect(StatechartDefinitionError(problems: [Problem(path: "root/a", message: "m")]).description
            == "The statechart definition has 1 problem:\n  root/a: m")
    }

    @Test("a valid chart compiles")
    func validChart() {
        #expect(Self.problems { () throws(StatechartDefinitionError) in
            try Chart {
                State("a") { On(.e, to: "b") }
                State("b")
            }
        }.isEmpty)
    }
}
