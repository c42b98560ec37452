@_spi(Testing) import Statecharts
import Testing

@Suite("enabledTransitions(for:): which transitions an event would take, without taking them")
struct EnabledTransitionsTests {
    enum S: Hashable, Sendable { case idle, busy, inner, done, both, leftRegion, left, leftDone, rightRegion, right, rightDone }
    enum E: StatechartEvent, Hashable { case go, stop, split, tick }

    static func chart(singlePathPlans: Bool) throws -> Statechart<S, E, Int> {
        try Statechart(singlePathPlans: singlePathPlans) {
            State(.idle) {
                On(.go, to: .busy, guard: Guard("even") { $0 % 2 == 0 }) { $0 += 100 }
                On(.go, to: .done)
                On(.split, to: .both)
            }
            State(.busy, initial: .inner) {
                On(.stop, to: .idle)
                State(.inner) { On(.tick) { $0 += 1 } }
            }
            Final(.done)
            Parallel(.both) {
                State(.leftRegion) {
                    State(.left) { On(.tick, to: .leftDone) }
                    State(.leftDone)
                }
                State(.rightRegion) {
                    State(.right) { On(.tick, to: .rightDone) }
                    State(.rightDone)
                }
            }
        }
    }

    @Test("the first enabled transition on a single path, ancestors included; guards decide", arguments: [true, false])
    func singlePath(singlePathPlans: Bool) throws {
        let chart = try Self.chart(singlePathPlans: singlePathPlans)
        var machine = chart.start(context: 2)
        let even = machine.enabledTransitions(for: .go)
        #expect(even.count == 1)
        #expect(chart.transition(even[0])?.targets == [.busy])
        machine.context = 3
        #expect(chart.transition(machine.enabledTransitions(for: .go)[0])?.targets == [.done])
        #expect(machine.enabledTransitions(for: .stop).isEmpty)

        machine.context = 2
        machine.send(.go)
        #expect(chart.transition(machine.enabledTransitions(for: .stop)[0])?.source == .busy)
        #expect(chart.transition(machine.enabledTransitions(for: .tick)[0])?.targets == [])
    }

    @Test("nothing runs: the context and configuration stay as they were", arguments: [true, false])
    func noSideEffects(singlePathPlans: Bool) throws {
        var machine = try Self.chart(singlePathPlans: singlePathPlans).start(context: 2)
        machine.send(.go)
        let before = machine.context
        _ = machine.enabledTransitions(for: .tick)
        _ = machine.enabledTransitions(for: .stop)
        #expect(machine.context == before)
        #expect(machine.activeLeaves == [.inner])
    }

    @Test("every transition of the optimal set in parallel regions, in document order", arguments: [true, false])
    func parallel(singlePathPlans: Bool) throws {
        let chart = try Self.chart(singlePathPlans: singlePathPlans)
        var machine = chart.start(context: 0)
        machine.send(.split)
        let ticks = machine.enabledTransitions(for: .tick)
        #expect(ticks.count == 2)
        #expect(ticks == ticks.sorted())
        #expect(ticks.compactMap { chart.transition($0)?.source } == [.left, .right])
    }

    @Test("an instance that is not running takes nothing", arguments: [true, false])
    func notRunning(singlePathPlans: Bool) throws {
        let chart = try Self.chart(singlePathPlans: singlePathPlans)
        #expect(chart.makeInstance(context: 0).enabledTransitions(for: .go).isEmpty)
        var finished = chart.start(context: 1)
        finished.send(.go)
        #expect(finished.isFinished)
        #expect(finished.enabledTransitions(for: .split).isEmpty)
    }
}
