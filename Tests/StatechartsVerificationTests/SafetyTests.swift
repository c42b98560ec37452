import Statecharts
import StatechartsVerification
import Testing

@Suite("Verification: safety properties")
struct SafetyTests {
    @Test("never: the shortest run that opens the door while moving, with the situation after each step")
    func neverFindsShortestRun() throws {
        let report = try Elevator.chart(safe: false).verify([
            .never(.active(.opened) && .active(.moving)),
        ], context: Sensors())
        let cex = try #require(report.results[0].verdict.counterexample)
        #expect(cex.events.map(\.description) == ["open", "go"] || cex.events.map(\.description) == ["go", "open"])
        #expect(cex.steps.count == 2)
        let last = try #require(cex.steps.last)
        #expect(last.situation.activeLeaves.contains(.opened) && last.situation.activeLeaves.contains(.moving))
        #expect(last.transitions.count == 1)
        #expect(cex.ending == .badSituation)
        #expect(cex.start.activeLeaves == [.closed, .stopped])
    }

    @Test("never holds on the safe car, with what was explored")
    func neverHolds() throws {
        let report = try Elevator.chart(safe: true).verify([
            .never(.active(.opened) && .active(.moving)),
            .always(.context("speed >= 0") { $0.speed >= 0 }),
        ], context: Sensors())
        #expect(report.allHold)
        // closed/opened × stopped/moving minus opened+moving, and parked.
        #expect(report.exploration.states == 4)
        #expect(report.exploration.isComplete)
        #expect(report.exploration.transitions >= 4)
    }

    @Test("always over the context: the counterexample carries the context after each step")
    func alwaysOverContext() throws {
        let report = try Elevator.chart(safe: true).verify([
            .always(.context("speed == 0") { $0.speed == 0 }),
        ], context: Sensors())
        let cex = try #require(report.results[0].verdict.counterexample)
        #expect(cex.events.map(\.description) == ["go"])
        #expect(cex.steps[0].situation.context.speed == 1)
    }

    @Test("deadlock: parked accepts nothing; a final state is no deadlock")
    func deadlock() throws {
        let report = try Elevator.chart(safe: true).verify([.deadlockFree], context: Sensors())
        let cex = try #require(report.results[0].verdict.counterexample)
        #expect(cex.events.map(\.description) == ["park"])
        #expect(cex.steps[0].situation.activeLeaves == [.parked])

        enum S: Hashable, Sendable { case a, done }
        enum E: StatechartEvent, Hashable, CaseIterable { case finish }
        let finishing = try Statechart<S, E, Void> {
            State(.a) { On(.finish, to: .done) }
            Final(.done)
        }
        #expect(try finishing.verify([.deadlockFree]).allHold)
    }

    @Test("delayed events are clock advances in the counterexample")
    func delayedEvents() throws {
        let report = try Service.chart(lossy: true).verify([.never(.active(.served))], events: [.request, .done])
        let cex = try #require(report.results[0].verdict.counterexample)
        #expect(cex.events.map(\.description) == ["request", "+2s"])
        #expect(cex.steps[1].situation.now == .seconds(2))
    }

    @Test("a property naming an unknown state is an error naming the property")
    func unknownState() throws {
        enum E: StatechartEvent, Hashable, CaseIterable { case tick }
        let chart = try Statechart<String, E, Void> { State("on") { On(.tick, to: "on") } }
        #expect(throws: VerificationError(["property 2 (never active(off)): the chart has no state 'off'"])) {
            try chart.verify([.deadlockFree, .never(.active("off"))])
        }
        #expect(try chart.verify([.deadlockFree, .never(.active("on"))]).results.map(\.verdict.holds) == [true, false])
    }

    @Test("a bound stops the exploration: not proved, never holds")
    func bounds() throws {
        struct Count: Hashable, Sendable { var n = 0 }
        enum E: StatechartEvent, Hashable, CaseIterable { case tick }
        let counter = try Statechart<String, E, Count> {
            State("on") { On(.tick) { $0.n += 1 } }
        }
        let report = try counter.verify([.never(.context { $0.n < 0 })], context: Count(),
                                        bounds: VerificationBounds(maxStates: 100))
        guard case .notProved(.states) = report.results[0].verdict else {
            Issue.record("expected not proved by the state bound, got \(report.results[0].verdict)")
            return
        }
        #expect(!report.exploration.isComplete)
        let deep = try counter.verify([.never(.context { $0.n < 0 })], context: Count(), bounds: VerificationBounds(maxDepth: 7))
        guard case .notProved(.depth) = deep.results[0].verdict else {
            Issue.record("expected not proved by the depth bound")
            return
        }
        #expect(deep.exploration.states == 8)
        // A violation within the bound is still found.
        let found = try counter.verify([.never(.context { $0.n == 5 })], context: Count(), bounds: VerificationBounds(maxDepth: 7))
        #expect(found.results[0].verdict.counterexample?.steps.count == 5)
    }
}
