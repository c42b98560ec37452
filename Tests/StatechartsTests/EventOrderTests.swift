import Testing
@_spi(Testing) import Statecharts

/// The order in which raised and sent events are processed: `raise` puts an event on the internal
/// queue, processed (FIFO) in the same macrostep before any further external event; `send` puts
/// it on the external queue, processed after the macrostep as a macrostep of its own. Actions are
/// never interrupted by the events they send (run-to-completion).
@Suite("Order of raised and sent events")
struct EventOrderTests {
    enum Ev: StatechartEvent, Hashable { case go, int1, int2, int3, ext1, ext2, ext3, x, y, z }
    typealias L = Logged<Ev>

    static func chart(singlePathPlans: Bool) throws -> Statechart<String, Ev, Trace> {
        try Statechart<String, Ev, Trace>(singlePathPlans: singlePathPlans) {
            L.state("a") {
                On(.go, to: "b", actions: [Action("go") { context, _, outbox in
                    outbox.send(.ext1)
                    outbox.raise(.int1)
                    outbox.raise(.int2)
                    outbox.send(.ext2)
                    context.lines.append("go action done")
                }])
            }
            L.state("b") {
                On(.int1, actions: [L.log("b int1")])
                On(.int2, to: "c", actions: [L.log("b int2")])
                On(.ext1, actions: [L.log("b ext1")])
            }
            L.state("c") {
                On(.ext1, actions: [L.log("c ext1"), L.raise(.int3), L.send(.ext3)])
                On(.int3, actions: [L.log("c int3")])
                On(.ext2, actions: [L.log("c ext2")])
                On(.ext3, actions: [L.log("c ext3")])
            }
        }
    }

    @Test("raised events run in this macrostep in FIFO order, sent events after it, each in its own macrostep",
          arguments: [true, false])
    func order(singlePathPlans: Bool) throws {
        var machine = try Self.chart(singlePathPlans: singlePathPlans).start(context: Trace())
        machine.context.lines = []
        var recorder = StatechartTraceRecorder<String, Ev>()
        let result = machine.send(.go, observer: &recorder)
        #expect(machine.context.lines == [
            "-a", "go action done", "+b", "b int1", "-b", "b int2", "+c",
            "c ext1", "c int3", "c ext2", "c ext3",
        ])
        #expect(recorder.lines.filter { $0.hasPrefix("macrostep") } == [
            "macrostep go", "macrostep ext1", "macrostep ext2", "macrostep ext3",
        ])
        #expect(result.transitions.count == 7)
        #expect(machine.configuration == ["c"])
    }

    @Test("several raised events are processed first in, first out", arguments: [true, false])
    func fifo(singlePathPlans: Bool) throws {
        var machine = try Statechart<String, Ev, Trace>(singlePathPlans: singlePathPlans) {
            L.state("s") {
                On(.go, actions: [L.raise(.x), L.raise(.y), L.send(.ext1), L.raise(.z)])
                On(.x, actions: [L.log("x"), L.raise(.int1)])
                On(.y, actions: [L.log("y")])
                On(.z, actions: [L.log("z")])
                On(.int1, actions: [L.log("int1")])
                On(.ext1, actions: [L.log("ext1")])
            }
        }.start(context: Trace())
        #expect(machine.lines(after: .go) == ["x", "y", "z", "int1", "ext1"])
    }

    @Test("events raised and sent while starting are processed before start returns", arguments: [true, false])
    func duringStart(singlePathPlans: Bool) throws {
        let machine = try Statechart<String, Ev, Trace>(singlePathPlans: singlePathPlans) {
            L.state("s") {
                OnEntry(L.send(.ext1))
                OnEntry(L.raise(.int1))
                On(.int1, to: "t", actions: [L.log("s int1")])
            }
            L.state("t") { On(.ext1, actions: [L.log("t ext1")]) }
        }.start(context: Trace())
        #expect(machine.context.lines == ["+s", "-s", "s int1", "+t", "t ext1"])
    }

    @Test("a raised event nobody handles is dropped; the external event is still accepted", arguments: [true, false])
    func unhandledRaised(singlePathPlans: Bool) throws {
        var machine = try Statechart<String, Ev, Trace>(singlePathPlans: singlePathPlans) {
            L.state("s") { On(.go, to: "t", actions: [L.raise(.x)]) }
            L.state("t") { On(.y, actions: [L.log("t y")]) }
        }.start(context: Trace())
        let result = machine.send(.go)
        #expect(result.outcome == .transitioned)
        #expect(result.transitions.count == 1)
        #expect(machine.lines(after: .y) == ["t y"])
        #expect(machine.send(.x).outcome == .ignored)
    }

    /// A macrostep that raises many events takes them in order and leaves the internal queue empty,
    /// on a single path and in a parallel configuration, also when the instance finishes with
    /// raised events still queued.
    @Test("many raised events in one macrostep are taken in order, and the queue is empty after it",
          arguments: [true, false])
    func manyRaisedEvents(parallel: Bool) throws {
        struct Count: Sendable { var ticks = 0; var outOfOrder = 0; var finishedAt = -1 }
        let n = 20_000
        let raiseMany = Action<Ev, Count>("raise") { (_: inout Count, _: Ev?, outbox: inout Outbox<Ev>) in
            for _ in 0..<n { outbox.raise(.x) }
            outbox.raise(.y)
        }
        let check = Action<Ev, Count>("check") { (count: inout Count) in
            if count.ticks % n != 0 { count.outOfOrder += 1 }
            count.finishedAt = count.ticks
        }
        // Each internal event is a microstep: the limit must allow them all.
        let chart = try Statechart<String, Ev, Count>("many", microstepLimit: 10 * n) {
            if parallel {
                Parallel("p") {
                    State("r1") {
                        On(.go, actions: [raiseMany])
                        On(.x) { $0.ticks += 1 }
                        On(.y, actions: [check])
                    }
                    State("r2") { State("q") }
                }
            } else {
                State("s") {
                    On(.go, actions: [raiseMany])
                    On(.x) { $0.ticks += 1 }
                    On(.y, actions: [check])
                }
            }
        }
        var machine = chart.start(context: Count())
        let result = machine.send(.go)
        #expect(result.outcome == .transitioned)
        #expect(machine.context.ticks == n)
        #expect(machine.context.finishedAt == n && machine.context.outOfOrder == 0)
        // Nothing is left over for the next event: another round takes exactly as many.
        machine.send(.go)
        #expect(machine.context.ticks == 2 * n && machine.context.finishedAt == 2 * n)
    }
}
