import Testing
@_spi(Testing) import Statecharts

/// Guard-free plans whose actions raise, send or cancel events are taken by the fast routes (a
/// sending direct entry, the region bits, a joint step), which then carry out the outbox's
/// requests and complete the macrostep when an event was raised or sent now: the same results,
/// logs, timers and snapshots as the general algorithm (``Lockstep``), and the ways named.
@Suite("Sending direct entries: outbox actions on the fast routes")
struct SendingDirectEntryTests {
    enum Ev: StatechartEvent, Hashable, CaseIterable { case go, back, ping, tick, stop }
    typealias L = Logged<Ev>

    /// A single path whose guard-free transitions send, cancel and raise.
    static func singlePath(singlePathPlans: Bool) throws -> Statechart<String, Ev, Trace> {
        try Statechart<String, Ev, Trace>(singlePathPlans: singlePathPlans) {
            L.state("idle") {
                On(.go, to: "armed")
                // Raised: the macrostep goes on from `rung`.
                On(.ping, to: "rung", actions: [L.raise("ring", .ping)])
                // Sent now: the same `send` processes it after the macrostep.
                On(.stop, to: "stopping", actions: [L.send("stop now", .stop)])
            }
            L.state("armed") {
                OnEntry(L.send(.tick, after: .seconds(3), id: "t"))
                OnExit(L.cancel("t"))
                On(.back, to: "idle")
                On(.tick, to: "ticked")
            }
            L.state("ticked") { On(.back, to: "idle") }
            L.state("rung") { On(.ping, to: "idle", actions: [L.log("ping in rung")]) }
            L.state("stopping") { On(.stop, to: "idle", actions: [L.log("stop in stopping")]) }
        }
    }

    @Test("a plan that sends or cancels a delayed event: one direct entry, the timer pending or gone")
    func delayedSendAndCancel() throws {
        var quad = try Lockstep<Ev> { try Self.singlePath(singlePathPlans: $0) }
        quad.start()
        #expect(quad.direct._way(of: .go) == .sendingEntry)
        var (result, lines) = quad.send(.go)
        #expect(lines == ["-idle", "+armed"])
        #expect(result.transitions.count == 1)
        #expect(quad.direct.pendingDelayedEventCount == 1)
        #expect(quad.direct._way(of: .back) == .sendingEntry)
        (result, lines) = quad.send(.back)
        #expect(lines == ["-armed", "+idle"])
        #expect(quad.direct.pendingDelayedEventCount == 0)
        // Armed again: the clock delivers the tick the entry sent.
        quad.send(.go)
        for plans in [true, false] {
            var instance = try Self.singlePath(singlePathPlans: plans).start(context: Trace())
            instance.send(.go)
            instance.advanceClock(by: .seconds(2))
            #expect(instance.configuration == ["armed"])
            let delivered = instance.advanceClock(by: .seconds(1))
            #expect(delivered.count == 1)
            #expect(instance.configuration == ["ticked"])
            #expect(instance.pendingDelayedEventCount == 0)
        }
    }

    @Test("a plan that raises an event: the macrostep goes on with it in the same send")
    func raisedEvent() throws {
        var quad = try Lockstep<Ev> { try Self.singlePath(singlePathPlans: $0) }
        quad.start()
        #expect(quad.direct._way(of: .ping) == .sendingEntry)
        let (result, lines) = quad.send(.ping)
        #expect(lines == ["-idle", "ring", "+rung", "-rung", "ping in rung", "+idle"])
        #expect(result.transitions.count == 2)
        #expect(result.outcome == .transitioned)
        #expect(quad.direct.configuration == ["idle"])
    }

    @Test("a plan that sends an event now: the same send processes it after the macrostep")
    func eventSentNow() throws {
        var quad = try Lockstep<Ev> { try Self.singlePath(singlePathPlans: $0) }
        quad.start()
        #expect(quad.direct._way(of: .stop) == .sendingEntry)
        let (result, lines) = quad.send(.stop)
        #expect(lines == ["-idle", "stop now", "+stopping", "-stopping", "stop in stopping", "+idle"])
        #expect(result.transitions.count == 2)
        #expect(quad.direct.configuration == ["idle"])
    }

    /// A timer restarted by one transition (the exit cancels it, the entry sends it again under
    /// the same id), beside others, and an id that two pending timers share.
    static func restarts(singlePathPlans: Bool) throws -> Statechart<String, Ev, Trace> {
        try Statechart<String, Ev, Trace>(singlePathPlans: singlePathPlans) {
            L.state("one") {
                OnEntry(L.send(.tick, after: .seconds(5), id: "phase"))
                OnEntry(L.send(.ping, after: .seconds(4), id: "other"))
                OnExit(L.cancel("phase"))
                On(.go, to: "two")
            }
            L.state("two") {
                OnEntry(L.send(.tick, after: .seconds(3), id: "phase"))
                OnExit(L.cancel("phase"))
                On(.go, to: "three")
                On(.tick, to: "one")
            }
            L.state("three") {
                // Two pending timers under one id: the next exit's cancel must drop both.
                OnEntry(L.send(.back, after: .seconds(9), id: "phase"))
                OnEntry(L.send(.back, after: .seconds(8), id: "phase"))
                OnExit(L.cancel("phase"))
                On(.go, to: "two")
                On(.back, to: "two")
            }
        }
    }

    @Test("a timer restarted by one step is the same as cancelled and sent again: order, ids, delivery")
    func restartedTimers() throws {
        var quad = try Lockstep<Ev> { try Self.restarts(singlePathPlans: $0) }
        quad.start()
        #expect(quad.direct.pendingDelayedEventCount == 2)
        // Restarted: still two, the phase now due before the other.
        quad.send(.go)
        #expect(quad.direct.pendingDelayedEventCount == 2)
        Self.expectSameDeliveries(quad, first: "tick")
        quad.send(.go)
        #expect(quad.direct.pendingDelayedEventCount == 3)
        // Two timers share the id: both are cancelled, one sent.
        quad.send(.go)
        #expect(quad.direct.pendingDelayedEventCount == 2)
        Self.expectSameDeliveries(quad, first: "tick")
        var rng = XorShift(seed: 5)
        for _ in 0..<200 {
            quad.send(Ev.allCases[rng.below(Ev.allCases.count)])
            Self.expectSameDeliveries(quad, first: nil)
        }
    }

    /// Advances copies of the four instances' clocks second by second: each delivers the same
    /// events in the same order (`first` first, when given), and goes through the same
    /// configurations.
    static func expectSameDeliveries(_ quad: Lockstep<Ev>, first: String?, sourceLocation: SourceLocation = #_sourceLocation) {
        var deliveries: [[String]] = []
        for instance in [quad.direct, quad.prepared, quad.general, quad.observed] {
            var instance = instance
            var delivered: [String] = []
            for _ in 0..<10 {
                delivered += instance.advanceClock(by: .seconds(1)).map { "\($0.event)" }
                delivered.append(instance.configuration.joined(separator: ","))
            }
            deliveries.append(delivered)
        }
        #expect(deliveries.allSatisfy { $0 == deliveries[0] }, "\(deliveries)", sourceLocation: sourceLocation)
        if let first {
            let events = deliveries[0].filter { ["tick", "ping", "back", "go", "stop"].contains($0) }
            #expect(events.first == first, "\(deliveries[0])", sourceLocation: sourceLocation)
        }
    }

    /// Two regions: a step in one raises the event the other takes; entries send delayed
    /// events that exits cancel.
    static func regions(singlePathPlans: Bool) throws -> Statechart<String, Ev, Trace> {
        try Statechart<String, Ev, Trace>(singlePathPlans: singlePathPlans) {
            L.parallel("p") {
                L.state("light") {
                    L.state("a1") { On(.go, to: "a2", actions: [L.raise("raise ping", .ping)]) }
                    L.state("a2") {
                        OnEntry(L.send(.tick, after: .seconds(5), id: "phase"))
                        OnExit(L.cancel("phase"))
                        On(.tick, to: "a1")
                        On(.back, to: "a1")
                    }
                }
                L.state("walker") {
                    L.state("b1") { On(.ping, to: "b2") }
                    L.state("b2") { On(.back, to: "b1", actions: [L.send("send stop", .stop)]) }
                }
            }
        }
    }

    @Test("region steps that raise, send and cancel: the joint step or the region bits, then the rest of the macrostep")
    func regionSteps() throws {
        var quad = try Lockstep<Ev> { try Self.regions(singlePathPlans: $0) }
        quad.start()
        let fast: Set<_SendWay> = [.jointStep, .regionBits]
        #expect(fast.contains(quad.direct._way(of: .go)))
        var (result, lines) = quad.send(.go)
        #expect(lines == ["-a1", "raise ping", "+a2", "-b1", "+b2"])
        #expect(result.transitions.count == 2)
        #expect(quad.direct.activeLeaves == ["a2", "b2"])
        #expect(quad.direct.pendingDelayedEventCount == 1)
        // Both regions leave on .back (exits in reverse document order); the stop sent now is
        // ignored after it.
        #expect(fast.contains(quad.direct._way(of: .back)))
        (result, lines) = quad.send(.back)
        #expect(lines == ["-b2", "-a2", "send stop", "+a1", "+b1"])
        #expect(quad.direct.activeLeaves == ["a1", "b1"])
        #expect(quad.direct.pendingDelayedEventCount == 0)
        // A long random run agrees with the general algorithm after every event.
        var rng = XorShift(seed: 46)
        for _ in 0..<300 { quad.send(Ev.allCases[rng.below(Ev.allCases.count)]) }
    }
}
