import Testing
@_spi(Testing) import Statecharts

/// Eventless transitions: chains that settle within one macrostep, guards, their priority over
/// internal events, and the bound on loops that never settle.
@Suite("Eventless transitions")
struct EventlessTests {
    enum Ev: StatechartEvent, Hashable { case go, r, ping }
    typealias L = Logged<Ev>

    static func chain(singlePathPlans: Bool) throws -> Statechart<String, Ev, Trace> {
        try Statechart<String, Ev, Trace>(singlePathPlans: singlePathPlans) {
            L.state("a") { On(.go, to: "b", actions: [L.log("a>b")]) }
            L.state("b") { Always(to: "c", actions: [L.log("b>c")]) }
            L.state("c") {
                Always(to: "d", guard: Guard("flag") { $0.flag }, actions: [L.log("c>d")])
                Always(to: "e", actions: [L.log("c>e")])
            }
            L.state("d")
            L.state("e")
        }
    }

    @Test("a chain of eventless transitions settles in the macrostep of the event; the first enabled one is taken",
          arguments: [false, true], [true, false])
    func chain(flag: Bool, singlePathPlans: Bool) throws {
        var machine = try Self.chain(singlePathPlans: singlePathPlans).makeInstance(context: Trace(flag: flag))
        machine.start()
        machine.context.lines = []
        var recorder = StatechartTraceRecorder<String, Ev>()
        let result = machine.send(.go, observer: &recorder)
        let last = flag ? "d" : "e"
        #expect(machine.context.lines == ["-a", "a>b", "+b", "-b", "b>c", "+c", "-c", "c>\(last)", "+\(last)"])
        #expect(result.transitions.count == 3)
        #expect(machine.configuration == [last])
        #expect(recorder.lines.filter { $0.hasPrefix("macrostep") } == ["macrostep go"])
        #expect(recorder.lines.filter { $0 == "microstep" }.count == 3)
    }

    @Test("an eventless self-transition repeats while its guard holds", arguments: [true, false])
    func guardedRepetition(singlePathPlans: Bool) throws {
        var machine = try Statechart<String, Ev, Trace>(singlePathPlans: singlePathPlans) {
            L.state("idle") { On(.go, to: "count") }
            L.state("count") {
                Always(to: "count", guard: Guard("n < 3") { $0.n < 3 }, actions: [Action("n += 1") { $0.n += 1 }])
            }
        }.start(context: Trace())
        #expect(machine.lines(after: .go) == ["-idle", "+count", "-count", "+count", "-count", "+count", "-count", "+count"])
        #expect(machine.context.n == 3)
        #expect(machine.isRunning)
    }

    @Test("eventless transitions run at start, and on an ancestor", arguments: [true, false])
    func atStartAndOnAncestor(singlePathPlans: Bool) throws {
        let machine = try Statechart<String, Ev, Trace>(singlePathPlans: singlePathPlans) {
            L.state("s") {
                Always(to: "t", guard: Guard("!flag") { !$0.flag }, actions: [L.log("s>t")])
                L.state("s1")
            }
            L.state("t")
        }.start(context: Trace())
        #expect(machine.context.lines == ["+s", "+s1", "-s1", "-s", "s>t", "+t"])
    }

    @Test("eventless transitions are taken before the next internal event", arguments: [true, false])
    func beforeInternalEvents(singlePathPlans: Bool) throws {
        var machine = try Statechart<String, Ev, Trace>(singlePathPlans: singlePathPlans) {
            L.state("a") { On(.go, to: "b", actions: [L.raise(.r)]) }
            L.state("b") {
                Always(to: "c")
                On(.r, actions: [L.log("b got r")])
            }
            L.state("c") { On(.r, actions: [L.log("c got r")]) }
        }.start(context: Trace())
        #expect(machine.lines(after: .go) == ["-a", "+b", "-b", "+c", "c got r"])
    }

    @Test("eventless transitions in parallel regions are taken together", arguments: [true, false])
    func parallelEventless(singlePathPlans: Bool) throws {
        var machine = try Statechart<String, Ev, Trace>(singlePathPlans: singlePathPlans) {
            L.state("idle") { On(.go, to: "p") }
            L.parallel("p") {
                L.state("r1") {
                    L.state("a1") { Always(to: "a2") }
                    L.state("a2")
                }
                L.state("r2") {
                    L.state("b1") { Always(to: "b2", guard: Guard("flag") { $0.flag }) }
                    L.state("b2")
                }
            }
        }.start(context: Trace())
        #expect(machine.lines(after: .go) == ["-idle", "+p", "+r1", "+a1", "+r2", "+b1", "-a1", "+a2"])
        #expect(machine.activeLeaves == ["a2", "b1"])
    }

    @Test("a region's pick enables an eventless transition in another region: the joint step finishes the macrostep")
    func eventlessAcrossRegions() throws {
        // The traffic light's shape: a timer moves one region, whose new state another region's
        // `whenIn` waits for; the pick's action sends. The joint step takes the pick, then
        // finishes the macrostep: `waiting` has an eventless transition on its path.
        let chart = try Statechart<String, Ev, Trace> {
            L.parallel("p") {
                L.state("light") {
                    L.state("green") {
                        On(.go, to: "red", actions: [Action("timer") { _, _, outbox in outbox.send(.ping, after: .seconds(5), id: "phase") }])
                    }
                    L.state("red") { On(.r, to: "green") }
                }
                L.state("walker") {
                    L.state("waiting") { Always(to: "walk", whenIn: ["red"]) }
                    L.state("walk") { On(.r, to: "waiting") }
                }
            }
        }
        var machine = chart.start(context: Trace())
        #expect(machine._way(of: .go) == .jointStep)
        #expect(machine.lines(after: .go) == ["-green", "+red", "-waiting", "+walk"])
        #expect(machine.activeLeaves == ["red", "walk"])
        #expect(machine.pendingDelayedEventCount == 1)
        // Both regions leave on .r (exits in reverse document order); waiting then sees green.
        #expect(machine.lines(after: .r) == ["-walk", "-red", "+green", "+waiting"])
        #expect(machine.activeLeaves == ["green", "waiting"])
    }

    @Test("an event no region takes is still followed by the eventless transitions it enables")
    func ignoredEventThenEventless() throws {
        // SCXML selects eventless transitions after every external event, taken or not; a guard
        // that reads the event can hold only then.
        var quad = try Lockstep<Ev> { plans in
            try Statechart<String, Ev, Trace>(singlePathPlans: plans) {
                L.parallel("p") {
                    L.state("a") {
                        L.state("a1") {
                            Always(to: "a2", guard: Guard("after ping") { (_: Trace, event: Ev?) in event == .ping })
                        }
                        L.state("a2") { On(.r, to: "a1") }
                    }
                    L.state("b") {
                        L.state("b1") { On(.go, to: "b2") }
                        L.state("b2") { On(.go, to: "b1") }
                    }
                }
            }
        }
        quad.start()
        #expect(quad.direct._way(of: .ping) == .jointIgnoredFinishing)
        var (result, lines) = quad.send(.ping)
        #expect(lines == ["-a1", "+a2"])
        #expect(result.transitions.count == 1)
        // A region's step is followed by the selection too; nothing is enabled after `go`.
        #expect(quad.direct._way(of: .r) == .jointStep)
        (result, lines) = quad.send(.r)
        #expect(lines == ["-a2", "+a1"])
        (result, lines) = quad.send(.go)
        #expect(lines == ["-b1", "+b2"])
        #expect(quad.direct.activeLeaves == ["a1", "b2"])
        var rng = XorShift(seed: 7)
        let events: [Ev] = [.go, .r, .ping]
        for _ in 0..<200 { quad.send(events[rng.below(events.count)]) }
    }

    // MARK: The loop bound

    @Test("an eventless loop at start stops the instance with microstepLimitExceeded", arguments: [true, false])
    func loopAtStart(singlePathPlans: Bool) throws {
        var machine = try Statechart<String, Ev, Trace>(microstepLimit: 50, singlePathPlans: singlePathPlans) {
            L.state("a") { Always(to: "b") }
            L.state("b") { Always(to: "a") }
        }.makeInstance(context: Trace())
        let result = machine.start()
        #expect(result.error == .microstepLimitExceeded(limit: 50))
        #expect(machine.error == .microstepLimitExceeded(limit: 50))
        #expect(!machine.isRunning)
        #expect(!machine.isFinished)
        // Bounded: about two log lines per microstep.
        #expect(machine.context.lines.count <= 2 * 52)
        #expect(machine.context.lines.count >= 2 * 40)
        #expect(machine.send(.go).outcome == .notRunning)
    }

    @Test("an eventless loop after an event stops the instance, keeping a legal configuration",
          arguments: [true, false])
    func loopAfterEvent(singlePathPlans: Bool) throws {
        var machine = try Statechart<String, Ev, Trace>(microstepLimit: 20, singlePathPlans: singlePathPlans) {
            L.state("idle") { On(.go, to: "a") }
            L.parallel("p") {
                L.state("r1") {
                    L.state("a") { Always(to: "b") }
                    L.state("b") { Always(to: "a") }
                }
                L.state("r2") { L.state("c") }
            }
        }.start(context: Trace())
        #expect(machine.isRunning)
        let result = machine.send(.go)
        #expect(result.error == .microstepLimitExceeded(limit: 20))
        #expect(result.isAccepted)
        #expect(!machine.isRunning)
        #expect(machine.error == .microstepLimitExceeded(limit: 20))
        #expect(machine.configuration.count == 5)
        #expect(machine.configuration.first == "p")
        #expect(machine.isActive("c"))
        #expect(machine.isActive("a") != machine.isActive("b"))
        #expect(machine.send(.go).outcome == .notRunning)
    }

    @Test("a raised-event loop is bounded too", arguments: [true, false])
    func raisedEventLoop(singlePathPlans: Bool) throws {
        var machine = try Statechart<String, Ev, Trace>(microstepLimit: 30, singlePathPlans: singlePathPlans) {
            L.state("a") {
                On(.ping, actions: [Action("count and ping again") { context, _, outbox in
                    context.n += 1
                    outbox.raise(.ping)
                }])
            }
        }.start(context: Trace())
        let result = machine.send(.ping)
        #expect(result.error == .microstepLimitExceeded(limit: 30))
        #expect(!machine.isRunning)
        #expect(machine.context.n <= 32)
        #expect(machine.context.n >= 25)
    }
}
