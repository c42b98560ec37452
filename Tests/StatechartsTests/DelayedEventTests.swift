import Testing
@_spi(Testing) import Statecharts

/// Delayed events on the instance's virtual clock: delivery in due order (ties in the order sent)
/// as the clock is advanced, cancellation by id, `runUntilIdle`, `now` and the pending count.
@Suite("Delayed events and the virtual clock")
struct DelayedEventTests {
    enum Ev: StatechartEvent, Hashable { case arm, disarm, timeout, tick, tock, start, stop }
    typealias L = Logged<Ev>

    static func chart(singlePathPlans: Bool) throws -> Statechart<String, Ev, Trace> {
        try Statechart<String, Ev, Trace>(singlePathPlans: singlePathPlans) {
            L.state("idle") {
                On(.arm, to: "armed", actions: [
                    L.send(.timeout, after: .milliseconds(100), id: "t"),
                    L.send(.tick, after: .milliseconds(50)),
                    L.send(.tock, after: .milliseconds(100)),
                ])
            }
            L.state("armed") {
                On(.timeout, to: "fired", actions: [L.log("timeout")])
                On(.tick, actions: [L.log("tick")])
                On(.tock, actions: [L.log("tock")])
                On(.disarm, to: "idle", actions: [L.cancel("t")])
            }
            L.state("fired") {
                On(.tick, actions: [L.log("fired tick")])
            }
        }
    }

    @Test("delayed events are delivered in due order as the clock advances, ties in the order sent",
          arguments: [true, false])
    func dueOrder(singlePathPlans: Bool) throws {
        var machine = try Self.chart(singlePathPlans: singlePathPlans).start(context: Trace())
        #expect(machine.now == .zero)
        #expect(machine.pendingDelayedEventCount == 0)
        #expect(machine.nextDelayedEventTime == nil)
        machine.send(.arm)
        #expect(machine.pendingDelayedEventCount == 3)
        #expect(machine.nextDelayedEventTime == .milliseconds(50))
        machine.context.lines = []

        #expect(machine.advanceClock(by: .milliseconds(49)).isEmpty)
        #expect(machine.now == .milliseconds(49))
        #expect(machine.context.lines.isEmpty)

        let first = machine.advanceClock(by: .milliseconds(1))
        #expect(first.map(\.event) == [.tick])
        #expect(first.map(\.time) == [.milliseconds(50)])
        #expect(first.first?.result.outcome == .transitioned)
        #expect(machine.context.lines == ["tick"])
        #expect(machine.pendingDelayedEventCount == 2)

        machine.context.lines = []
        let rest = machine.advanceClock(by: .milliseconds(100))
        // timeout and tock are both due at 100 ms; timeout was sent first.
        #expect(rest.map(\.event) == [.timeout, .tock])
        #expect(rest.map(\.time) == [.milliseconds(100), .milliseconds(100)])
        #expect(rest.map(\.result.outcome) == [.transitioned, .ignored])
        #expect(machine.context.lines == ["-armed", "timeout", "+fired"])
        #expect(machine.now == .milliseconds(150))
        #expect(machine.pendingDelayedEventCount == 0)
    }

    @Test("cancel removes the pending event with that id; runUntilIdle delivers the others", arguments: [true, false])
    func cancelAndRunUntilIdle(singlePathPlans: Bool) throws {
        var machine = try Self.chart(singlePathPlans: singlePathPlans).start(context: Trace())
        machine.send(.arm)
        machine.advanceClock(by: .milliseconds(10))
        machine.send(.disarm)
        #expect(machine.pendingDelayedEventCount == 2)
        machine.context.lines = []
        let delivered = machine.runUntilIdle()
        #expect(delivered.map(\.event) == [.tick, .tock])
        #expect(delivered.map(\.time) == [.milliseconds(50), .milliseconds(100)])
        #expect(delivered.map(\.result.outcome) == [.ignored, .ignored])
        #expect(machine.context.lines.isEmpty)
        #expect(machine.configuration == ["idle"])
        #expect(machine.now == .milliseconds(100))
        #expect(machine.pendingDelayedEventCount == 0)
        #expect(machine.runUntilIdle().isEmpty)
    }

    @Test("delays count from the time of the send", arguments: [true, false])
    func relativeToNow(singlePathPlans: Bool) throws {
        var machine = try Self.chart(singlePathPlans: singlePathPlans).start(context: Trace())
        machine.advanceClock(by: .milliseconds(30))
        machine.send(.arm)
        #expect(machine.nextDelayedEventTime == .milliseconds(80))
        let delivered = machine.runUntilIdle()
        #expect(delivered.map(\.time) == [.milliseconds(80), .milliseconds(130), .milliseconds(130)])
        #expect(machine.configuration == ["fired"])
    }

    @Test("cancelling an id that is not pending does nothing; one cancel removes every event with its id",
          arguments: [true, false])
    func cancelSemantics(singlePathPlans: Bool) throws {
        var machine = try Statechart<String, Ev, Trace>(singlePathPlans: singlePathPlans) {
            L.state("s") {
                On(.arm, actions: [
                    L.send(.tick, after: .milliseconds(10), id: "a"),
                    L.send(.tock, after: .milliseconds(20), id: "a"),
                    L.send(.timeout, after: .milliseconds(30), id: "b"),
                ])
                On(.disarm, actions: [L.cancel("nope"), L.cancel("a")])
                On(.tick, actions: [L.log("tick")])
                On(.tock, actions: [L.log("tock")])
                On(.timeout, actions: [L.log("timeout")])
            }
        }.start(context: Trace())
        machine.send(.arm)
        machine.send(.disarm)
        #expect(machine.pendingDelayedEventCount == 1)
        machine.context.lines = []
        machine.runUntilIdle()
        #expect(machine.context.lines == ["timeout"])
    }

    @Test("a cancel in a later action of the same microstep sees an earlier action's delayed send", arguments: [true, false])
    func cancelInSameMicrostep(singlePathPlans: Bool) throws {
        var machine = try Statechart<String, Ev, Trace>(singlePathPlans: singlePathPlans) {
            L.state("a") {
                OnExit(L.send(.timeout, after: .milliseconds(5), id: "t"))
                On(.arm, to: "b", actions: [L.cancel("t")])
            }
            L.state("b") { On(.timeout, actions: [L.log("timeout")]) }
        }.start(context: Trace())
        machine.send(.arm)
        #expect(machine.pendingDelayedEventCount == 0)
        #expect(machine.runUntilIdle().isEmpty)
    }

    @Test("a zero delay sends to the external queue at once", arguments: [true, false])
    func zeroDelay(singlePathPlans: Bool) throws {
        var machine = try Statechart<String, Ev, Trace>(singlePathPlans: singlePathPlans) {
            L.state("a") {
                On(.arm, actions: [L.send(.tick, after: .zero, id: "z"), L.log("armed")])
                On(.tick, actions: [L.log("tick")])
            }
        }.start(context: Trace())
        #expect(machine.lines(after: .arm) == ["armed", "tick"])
        #expect(machine.pendingDelayedEventCount == 0)
    }

    @Test("a timer that reschedules itself: runUntilIdle with a limit, and until the chain stops", arguments: [true, false])
    func periodic(singlePathPlans: Bool) throws {
        let chart = try Statechart<String, Ev, Trace>(singlePathPlans: singlePathPlans) {
            L.state("running") {
                OnEntry(L.send(.tick, after: .milliseconds(10)))
                On(.tick, actions: [Action("tick") { context, _, outbox in
                    context.n += 1
                    if context.n < 5 || context.flag { outbox.send(.tick, after: .milliseconds(10)) }
                }])
            }
        }
        var finite = chart.start(context: Trace())
        let all = finite.runUntilIdle()
        #expect(all.count == 5)
        #expect(finite.context.n == 5)
        #expect(finite.now == .milliseconds(50))

        var endless = chart.start(context: Trace(flag: true))
        let some = endless.runUntilIdle(limit: 3)
        #expect(some.count == 3)
        #expect(endless.now == .milliseconds(30))
        #expect(endless.pendingDelayedEventCount == 1)
        #expect(endless.nextDelayedEventTime == .milliseconds(40))
    }

    @Test("a delivered event that starts an endless loop stops the instance and drops the other timers",
          arguments: [true, false])
    func loopDuringDelivery(singlePathPlans: Bool) throws {
        var machine = try Statechart<String, Ev, Trace>(microstepLimit: 10, singlePathPlans: singlePathPlans) {
            L.state("idle") {
                OnEntry(L.send(.start, after: .milliseconds(10)))
                OnEntry(L.send(.tick, after: .milliseconds(20)))
                On(.start, to: "a")
            }
            L.state("a") { Always(to: "b") }
            L.state("b") { Always(to: "a") }
        }.start(context: Trace())
        let delivered = machine.runUntilIdle()
        #expect(delivered.map(\.event) == [.start])
        #expect(delivered.first?.result.error == .microstepLimitExceeded(limit: 10))
        #expect(machine.error == .microstepLimitExceeded(limit: 10))
        #expect(!machine.isRunning)
        #expect(machine.pendingDelayedEventCount == 0)
        #expect(machine.advanceClock(by: .seconds(1)).isEmpty)
    }

    @Test("events sent by a delivered event's macrostep are processed in that delivery", arguments: [true, false])
    func deliveryDrainsItsSends(singlePathPlans: Bool) throws {
        var machine = try Statechart<String, Ev, Trace>(singlePathPlans: singlePathPlans) {
            L.state("a") {
                OnEntry(L.send(.tick, after: .milliseconds(10)))
                On(.tick, to: "b", actions: [L.send(.tock)])
            }
            L.state("b") { On(.tock, to: "c") }
            L.state("c")
        }.start(context: Trace())
        let delivered = machine.advanceClock(by: .seconds(1))
        #expect(delivered.count == 1)
        #expect(delivered.first?.result.transitions.count == 2)
        #expect(machine.configuration == ["c"])
        #expect(machine.now == .seconds(1))
    }
}
