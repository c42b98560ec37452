import Testing
@_spi(Testing) import Statecharts

/// Completion: `done.state.ID` of a compound state reaching a final child and of a parallel state
/// whose regions are all final, its place in the internal queue, a top-level final state finishing
/// the chart, done-event builders, and done events as real `String` events.
@Suite("Done events and final states")
struct DoneEventTests {
    enum Ev: StatechartEvent, Hashable { case finish, e, f, go, r0, r1, r2, stop, ext }
    typealias L = Logged<Ev>

    @Test("a compound state reaching a final child raises its done event in the same macrostep", arguments: [true, false])
    func compoundDone(singlePathPlans: Bool) throws {
        let chart = try Statechart<String, Ev, Trace>(singlePathPlans: singlePathPlans) {
            L.state("job", initial: "work") {
                L.state("work") { On(.finish, to: "done", actions: [L.log("work>done")]) }
                L.final("done")
                OnDone(to: "next", actions: [L.log("job done")])
            }
            L.state("next")
        }
        var machine = chart.start(context: Trace())
        #expect(machine.context.lines == ["+job", "+work"])
        machine.context.lines = []
        let result = machine.send(.finish)
        #expect(machine.context.lines == ["-work", "work>done", "+done", "-done", "-job", "job done", "+next"])
        #expect(result.transitions.count == 2)
        let done = try #require(result.transitions.last)
        #expect(chart.transition(done)?.doneOf == "job")
        #expect(machine.configuration == ["next"])
    }

    /// Document order: p, r1, a, af, r2, b, bf, after.
    @Test("a parallel state is done when every region is in a final state", arguments: [true, false])
    func parallelDone(singlePathPlans: Bool) throws {
        var machine = try Statechart<String, Ev, Trace>(singlePathPlans: singlePathPlans) {
            L.parallel("p") {
                L.state("r1") {
                    L.state("a") { On(.e, to: "af") }
                    L.final("af")
                }
                L.state("r2") {
                    L.state("b") { On(.f, to: "bf") }
                    L.final("bf")
                }
                OnDone(of: "r1", actions: [L.log("r1 done")])
                OnDone(to: "after", actions: [L.log("p done")])
            }
            L.state("after")
        }.start(context: Trace())
        #expect(machine.lines(after: .e) == ["-a", "+af", "r1 done"])
        #expect(machine.configuration == ["p", "r1", "af", "r2", "b"])
        // done.state.r2 (no transition) and then done.state.p.
        #expect(machine.lines(after: .f) == ["-b", "+bf", "-bf", "-r2", "-af", "-r1", "-p", "p done", "+after"])
        #expect(machine.configuration == ["after"])
    }

    @Test("the done event is queued after the events raised by the exits, the transition and the final state's entry",
          arguments: [true, false])
    func doneAfterRaisedEvents(singlePathPlans: Bool) throws {
        var machine = try Statechart<String, Ev, Trace>(singlePathPlans: singlePathPlans) {
            L.state("s", initial: "s1") {
                L.state("s1") {
                    OnExit(L.raise(.r0))
                    On(.go, to: "sf", actions: [L.raise(.r1)])
                }
                L.final("sf") { OnEntry(L.raise(.r2)) }
                On(.r0, actions: [L.log("got r0")])
                On(.r1, actions: [L.log("got r1")])
                On(.r2, actions: [L.log("got r2")])
                OnDone(actions: [L.log("s done")])
            }
        }.start(context: Trace())
        #expect(machine.lines(after: .go) == ["-s1", "+sf", "got r0", "got r1", "got r2", "s done"])
        #expect(machine.configuration == ["s", "sf"])
    }

    @Test("done events and raised events are queued in entry order", arguments: [true, false])
    func doneInEntryOrder(singlePathPlans: Bool) throws {
        var machine = try Statechart<String, Ev, Trace>(singlePathPlans: singlePathPlans) {
            L.state("out") { On(.go, to: "af", "b2") }
            L.parallel("p") {
                L.state("r1") {
                    L.state("a")
                    L.final("af")
                }
                L.state("r2") {
                    L.state("b1")
                    L.state("b2") { OnEntry(L.raise(.r2)) }
                }
                OnDone(of: "r1", actions: [L.log("r1 done")])
                On(.r2, actions: [L.log("got r2")])
            }
        }.start(context: Trace())
        #expect(machine.lines(after: .go) == ["-out", "+p", "+r1", "+af", "+r2", "+b2", "r1 done", "got r2"])
    }

    @Test("a top-level final state finishes the chart: every active state is exited, then nothing runs",
          arguments: [true, false])
    func topLevelFinal(singlePathPlans: Bool) throws {
        var machine = try Statechart<String, Ev, Trace>(singlePathPlans: singlePathPlans) {
            L.state("a") {
                L.state("a1") {
                    On(.stop, to: "end", actions: [L.log("a1>end"), L.send(.ext), L.send(.ext, after: .milliseconds(5))])
                }
                On(.ext, actions: [L.log("got ext")])
            }
            L.final("end")
        }.start(context: Trace())
        #expect(machine.isRunning)
        machine.context.lines = []
        let result = machine.send(.stop)
        // The events the transition sent are never processed; the final state's exit actions run
        // when the interpreter exits.
        #expect(machine.context.lines == ["-a1", "-a", "a1>end", "+end", "-end"])
        #expect(result.outcome == .transitioned)
        #expect(result.error == nil)
        #expect(machine.isFinished)
        #expect(!machine.isRunning)
        #expect(machine.error == nil)
        #expect(machine.configuration == ["end"])
        #expect(machine.pendingDelayedEventCount == 0)
        #expect(machine.advanceClock(by: .seconds(1)).isEmpty)
        machine.context.lines = []
        #expect(machine.send(.ext).outcome == .notRunning)
        #expect(machine.send(.stop).outcome == .notRunning)
        #expect(machine.context.lines.isEmpty)
        #expect(!machine.can(.ext))
        #expect(machine.enabledEventNames.isEmpty)
    }

    @Test("a chart that reaches a top-level final state while starting finishes at once", arguments: [true, false])
    func finishWhileStarting(singlePathPlans: Bool) throws {
        let machine = try Statechart<String, Ev, Trace>(singlePathPlans: singlePathPlans) {
            L.state("a") { Always(to: "end", actions: [L.log("a>end")]) }
            L.final("end")
        }.start(context: Trace())
        #expect(machine.context.lines == ["+a", "-a", "a>end", "+end", "-end"])
        #expect(machine.isFinished)
        #expect(!machine.isRunning)
    }

    enum Job: StatechartEvent {
        case go(Int), result(Int)
        enum Name: Hashable, Sendable { case go, result }
        var name: Name {
            switch self {
            case .go: .go
            case .result: .result
            }
        }
    }

    @Test("a final state's done-event builder makes the event its parent raises; nil raises the plain done event",
          arguments: [true, false])
    func doneEventBuilder(singlePathPlans: Bool) throws {
        typealias J = Logged<Job>
        let builder = DoneEventBuilder<Job, Trace> { context, parent, _ in
            context.lines.append("build for \(parent)")
            return context.n == 0 ? nil : .result(context.n * 10)
        }
        let chart = try Statechart<String, Job, Trace>(singlePathPlans: singlePathPlans) {
            J.state("calc") {
                J.state("w") {
                    On(.go, to: "f") { context, event, _ in
                        if case .go(let value)? = event { context.n = value }
                    }
                }
                J.final("f", doneEvent: builder)
                On(.result, to: "shown") { context, event, _ in
                    if case .result(let value)? = event { context.lines.append("result \(value)") }
                }
                OnDone(to: "plain", actions: [J.log("plain done")])
            }
            J.state("shown")
            J.state("plain")
        }
        var machine = chart.start(context: Trace())
        #expect(machine.lines(after: .go(4)) == ["-w", "+f", "build for calc", "-f", "-calc", "result 40", "+shown"])
        var other = chart.start(context: Trace())
        #expect(other.lines(after: .go(0)) == ["-w", "+f", "build for calc", "-f", "-calc", "plain done", "+plain"])
    }

    // MARK: String events

    static func stringChart(_ descriptor: String, singlePathPlans: Bool) throws -> Statechart<String, String, Trace> {
        typealias S = Logged<String>
        return try Statechart<String, String, Trace>(singlePathPlans: singlePathPlans) {
            S.state("x") {
                S.state("x1") { On("finish", to: "xf") }
                S.final("xf")
                On(descriptor, to: "caught", actions: [S.logEvent("caught ")])
            }
            S.state("caught")
        }
    }

    @Test("with String events, completion is the event done.state.ID, matched by descriptors",
          arguments: ["done.state.x", "done.state", "done.*", "done", "*"], [true, false])
    func stringDoneMatches(descriptor: String, singlePathPlans: Bool) throws {
        var machine = try Self.stringChart(descriptor, singlePathPlans: singlePathPlans).start(context: Trace())
        #expect(machine.lines(after: "finish") == ["-x1", "+xf", "-xf", "-x", "caught done.state.x", "+caught"])
    }

    @Test("with String events, descriptors that do not match done.state.x leave it alone",
          arguments: ["done.state.y", "done.state.x1", "done.state.xf", "done.states", "don", "done.state.x.y"])
    func stringDoneDoesNotMatch(descriptor: String) throws {
        var machine = try Self.stringChart(descriptor, singlePathPlans: true).start(context: Trace())
        #expect(machine.lines(after: "finish") == ["-x1", "+xf"])
        #expect(machine.configuration == ["x", "xf"])
    }

    @Test("with String events, OnDone and the done event of a parallel state", arguments: [true, false])
    func stringOnDoneAndParallel(singlePathPlans: Bool) throws {
        typealias S = Logged<String>
        var machine = try Statechart<String, String, Trace>(singlePathPlans: singlePathPlans) {
            S.parallel("p") {
                S.state("r1") {
                    S.state("a") { On("go", to: "af") }
                    S.final("af")
                }
                S.state("r2") {
                    S.state("b") { On("go", to: "bf") }
                    S.final("bf")
                }
                OnDone(of: "r2", actions: [S.logEvent("r2: ")])
                On("done.state.p", to: "after", actions: [S.logEvent("p: ")])
            }
            S.state("after")
        }.start(context: Trace())
        #expect(machine.lines(after: "go") == [
            "-b", "-a", "+af", "+bf", "r2: done.state.r2", "-bf", "-r2", "-af", "-r1", "-p", "p: done.state.p", "+after",
        ])
    }
}

// MARK: - Final states

extension DoneEventTests {

    static func finishing<E: LockstepSignal>(_: E.Type, singlePathPlans: Bool) throws -> Statechart<String, E, Trace> {
        typealias D = Logged<E>
        return try Statechart<String, E, Trace>(singlePathPlans: singlePathPlans) {
            D.state("job", initial: "work") {
                D.state("work") {
                    On(.go, to: "finished", actions: [D.log("t work→finished")])
                    On(.tick, to: "work", actions: [D.log("t work→work")])
                }
                D.final("finished")
                OnDone(to: "review", actions: [D.log("job done")])
            }
            D.state("review") {
                On(.poke, actions: [D.log("poke in review")])
                On(.go, to: "end", actions: [D.log("t review→end")])
            }
            D.final("end")
        }
    }

    @Test("a transition into a final state completes its parent or finishes the chart; later sends are not running",
          arguments: Numbering.allCases)
    func finalStates(_ numbering: Numbering) throws {
        try Self.finalStates(numbering.type)
    }

    static func finalStates<E: LockstepSignal>(_: E.Type) throws {
        var lock = try Lockstep<E> { try finishing(E.self, singlePathPlans: $0) }

        // Before start: not running.
        var (result, lines) = lock.send(.go)
        #expect(result.outcome == .notRunning && lines.isEmpty)
        lock.start()

        #expect(lock.send(.tick).lines == ["-work", "t work→work", "+work"])
        (result, lines) = lock.send(.go)
        #expect(lines == ["-work", "t work→finished", "+finished", "-finished", "-job", "job done", "+review"])
        #expect(lock.names(result) == ["work→finished", "job→review"])
        let done = try #require(result.transitions.last)
        #expect(lock.planned.transition(done)?.doneOf == "job")
        #expect(lock.direct.configuration == ["review"])
        #expect(lock.send(.poke).lines == ["poke in review"])

        // A top-level final state: the chart finishes and its exit actions run.
        (result, lines) = lock.send(.go)
        #expect(lines == ["-review", "t review→end", "+end", "-end"])
        #expect(result.outcome == .transitioned)
        #expect(lock.names(result) == ["review→end"])
        #expect(lock.planned.activeStates(in: result.to) == ["end"])
        #expect(lock.direct.isFinished && !lock.direct.isRunning)

        for event in [E.go, .poke, .stray, .tick] {
            (result, lines) = lock.send(event)
            #expect(result.outcome == .notRunning, "\(event)")
            #expect(lines.isEmpty && result.transitions.isEmpty && result.from == result.to, "\(event)")
        }
        #expect(lock.direct.context.lines.last == "-end")
    }
}
