import Statecharts
import StatechartsAnalysis
import Testing

/// Each check, with a chart that triggers it and one that does not.
@Suite("Statechart.check()")
struct CheckTests {
    typealias Chart = Statechart<String, String, Int>

    func kinds(_ chart: Chart, sent: [String] = []) -> [ChartFindingKind] {
        chart.check(sentEvents: sent).map(\.kind)
    }

    @Test("unreachable-state: a state no transition leads to")
    func unreachable() throws {
        let chart = try Chart {
            State("a") { On("go", to: "b") }
            State("b") { On("back", to: "a") }
            State("island") { On("go", to: "a") }
        }
        let findings = chart.check()
        #expect(findings.map(\.kind) == [.unreachableState])
        #expect(findings.first?.state == "island")
        #expect(findings.first?.statePath == "root/island")
    }

    @Test("unreachable-state: history defaults, initial children and regions count as entries")
    func reachableThroughEntries() throws {
        let chart = try Chart {
            State("off") { On("power", to: "last") }
            State("on", initial: "idle") {
                History("last", .deep, default: "busy")
                State("idle") { On("stop", to: "off") }
                Parallel("busy") {
                    On("reset", to: "on")
                    State("left") { State("l1") }
                    State("right") { State("r1") { On("x", to: "r2", guard: Guard("never") { _ in false }) }; State("r2") }
                }
            }
        }
        #expect(chart.check().map(\.message) == [])
    }

    @Test("shadowed-transition: an unguarded earlier transition on the same event")
    func shadowed() throws {
        let chart = try Chart {
            State("a") {
                On("go", to: "b")
                On("go", to: "c")
            }
            State("b") { On("back", to: "a") }
            State("c") { On("back", to: "a") }
        }
        let findings = chart.check()
        #expect(findings.map(\.kind) == [.shadowedTransition, .unreachableState])
        #expect(findings.first?.transitionPath == "root/a#2")
        #expect(findings.first.flatMap { $0.transition.flatMap(chart.transition)?.targets } == ["c"])
    }

    @Test("shadowed-transition: a guarded earlier transition, or one on fewer events, shadows nothing")
    func notShadowed() throws {
        let chart = try Chart {
            State("a") {
                On("go", to: "b", guard: Guard("ready") { $0 > 0 })
                On("go", to: "c")
                On("error.io", to: "b")
                On("error", to: "c")
            }
            State("b") { On("back", to: "a") }
            State("c") { On("back", to: "a") }
        }
        #expect(kinds(chart) == [])
    }

    @Test("shadowed-transition: a descriptor prefix covers longer names")
    func shadowedByPrefix() throws {
        let chart = try Chart {
            State("a") {
                On("error", to: "b")
                On("error.io", to: "a")
            }
            State("b") { On("back", to: "a") }
        }
        #expect(kinds(chart) == [.shadowedTransition])
    }

    @Test("dead-end-state: an atomic state nothing leaves, in a chart with a final state")
    func deadEnd() throws {
        let chart = try Chart {
            State("a") { On("go", to: "stuck"); On("finish", to: "done") }
            State("stuck")
            Final("done")
        }
        let findings = chart.check()
        #expect(findings.map(\.kind) == [.deadEndState])
        #expect(findings.first?.state == "stuck")
    }

    @Test("dead-end-state: left by an ancestor, or a chart without final states")
    func noDeadEnd() throws {
        let withAncestor = try Chart {
            State("outer") {
                On("reset", to: "done")
                State("a") { On("go", to: "quiet") }
                State("quiet")
            }
            Final("done")
        }
        let withoutFinals = try Chart {
            State("a") { On("go", to: "rest") }
            State("rest")
        }
        #expect(kinds(withAncestor) == [])
        #expect(kinds(withoutFinals) == [])
    }

    @Test("dead-end-state: a region left by a transition out of its parallel state")
    func leftThroughSiblingRegion() throws {
        let chart = try Chart {
            Parallel("work") {
                State("left") { State("waiting") }
                State("right") { State("r") { On("quit", to: "done") } }
            }
            Final("done")
        }
        #expect(kinds(chart) == [])
    }

    @Test("unfinishable: a compound state whose final child cannot be entered")
    func unfinishable() throws {
        let chart = try Chart {
            State("job") {
                State("running") { On("cancel", to: "stopped") }
                State("stopped") { On("resume", to: "running") }
                Final("finished")
                OnDone(to: "report")
            }
            State("report") { On("again", to: "job") }
        }
        let findings = chart.check()
        #expect(findings.map(\.kind) == [.unfinishable, .unreachableState])
        #expect(findings.first?.state == "job")
    }

    @Test("unfinishable: a parallel state with a region that never completes")
    func unfinishableParallel() throws {
        let stuck = try Chart {
            Parallel("both") {
                State("left") { State("l") { On("x", to: "lDone") }; Final("lDone") }
                State("right") { State("r"); Final("rDone") }
            }
        }
        let fine = try Chart {
            Parallel("both") {
                State("left") { State("l") { On("x", to: "lDone") }; Final("lDone") }
                State("right") { State("r") { On("y", to: "rDone") }; Final("rDone") }
            }
        }
        #expect(stuck.check().map(\.kind).contains(.unfinishable))
        #expect(kinds(fine) == [])
    }

    @Test("eventless-cycle: unguarded eventless transitions in a loop")
    func eventlessCycle() throws {
        let chart = try Chart {
            State("start") { On("go", to: "a") }
            State("a") { Always(to: "b") }
            State("b") { Always(to: "a") }
        }
        let findings = chart.check()
        #expect(findings.map(\.kind) == [.eventlessCycle])
        #expect(findings.first?.state == "a")
        #expect(findings.first?.message.contains("'a', 'b'") == true)
    }

    @Test("eventless-cycle: a guard breaks the cycle; a chain that settles is fine")
    func noEventlessCycle() throws {
        let guarded = try Chart {
            State("a") { Always(to: "b", guard: Guard("more") { $0 < 3 }) }
            State("b") { Always(to: "a") }
        }
        let chain = try Chart {
            State("a") { Always(to: "b") }
            State("b") { Always(to: "c") }
            State("c") { On("go", to: "a") }
        }
        #expect(kinds(guarded) == [])
        #expect(kinds(chain) == [])
    }

    @Test("eventless-cycle: a targetless eventless transition without a guard")
    func targetlessEventless() throws {
        let chart = try Chart {
            State("spin") { Always { $0 += 1 } }
        }
        #expect(kinds(chart) == [.eventlessCycle])
    }

    @Test("unused-event: a sent event no transition matches")
    func unusedEvent() throws {
        let chart = try Chart {
            State("a") { On("tick", to: "b") }
            State("b") { On("error", to: "a") }
        }
        let findings = chart.check(sentEvents: ["tick", "error.io", "tock"])
        #expect(findings.map(\.kind) == [.unusedEvent])
        #expect(findings.first?.event == "tock")
        #expect(kinds(chart, sent: ["tick", "error.io"]) == [])
    }

    @Test("allowing a kind leaves it out")
    func allowing() throws {
        let chart = try Chart {
            State("a") { On("go", to: "a") }
            State("island")
        }
        #expect(chart.check().map(\.kind) == [.unreachableState])
        #expect(chart.check(allowing: [.unreachableState]).isEmpty)
    }
}
