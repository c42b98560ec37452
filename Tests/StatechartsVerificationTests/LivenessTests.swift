import Statecharts
import MediaPlayerExample
import StatechartsVerification
import Testing

@Suite("Verification: liveness properties")
struct LivenessTests {
    @Test("respondsTo holds when every request is served")
    func respondsHolds() throws {
        let report = try Service.chart(lossy: false).verify([
            .respondsTo(.active(.waiting), with: .active(.served)),
        ], events: [.request, .done])
        #expect(report.allHold)
    }

    @Test("respondsTo is violated by a run that stops without the response")
    func respondsStops() throws {
        let report = try Service.chart(lossy: true).verify([
            .respondsTo(.active(.waiting), with: .active(.served)),
        ], events: [.request, .done])
        let cex = try #require(report.results[0].verdict.counterexample)
        #expect(cex.ending == .stops)
        #expect(cex.triggerStep == 1)
        // The timer still falls due in `lost` (and changes nothing there but the queue).
        #expect(cex.events.map(\.description) == ["request", "request", "+2s"])
        #expect(cex.steps.last?.situation.activeLeaves == [.lost])
    }

    @Test("eventually is violated by a loop that never reaches it")
    func eventuallyLoops() throws {
        enum S: Hashable, Sendable { case a, b, done }
        enum E: StatechartEvent, Hashable, CaseIterable { case next, back, finish }
        let chart = try Statechart<S, E, Void> {
            State(.a) { On(.next, to: .b) }
            State(.b) { On(.back, to: .a); On(.finish, to: .done) }
            Final(.done)
        }
        let report = try chart.verify([.eventually(.done), .canAlwaysReach(.done), .eventually(.b)])
        let cex = try #require(report.results[0].verdict.counterexample)
        #expect(cex.events.map(\.description) == ["next", "back"])
        #expect(cex.ending == .loops(loopStart: 0))
        #expect(report.results[1].verdict.holds)
        #expect(report.results[2].verdict.holds)
    }

    @Test("canAlwaysReach is violated by a situation with no way back")
    func canAlwaysReach() throws {
        let report = try Service.chart(lossy: true).verify([.canAlwaysReach(.idle)], events: [.request, .done])
        let cex = try #require(report.results[0].verdict.counterexample)
        #expect(cex.ending == .cannotReach)
        #expect(cex.steps.last?.situation.activeLeaves == [.lost])
    }

    @Test("a targetless transition that changes nothing is a step: eventually fails on it")
    func selfLoops() throws {
        enum S: Hashable, Sendable { case a, done }
        enum E: StatechartEvent, Hashable, CaseIterable { case ping, finish }
        let chart = try Statechart<S, E, Void> {
            State(.a) { On(.ping, actions: []); On(.finish, to: .done) }
            Final(.done)
        }
        let cex = try #require(try chart.verify([.eventually(.done)]).results[0].verdict.counterexample)
        #expect(cex.events.map(\.description) == ["ping"])
        #expect(cex.ending == .loops(loopStart: 0))
        // Without the ping the only run finishes.
        #expect(try chart.verify([.eventually(.done)], events: [.finish]).allHold)
    }

    @Test("the media player, its counters abstracted away: properties over history and parallel regions")
    func mediaPlayer() throws {
        let player = try MediaPlayer.chart()
        let report = try player.verify([
            .never(.active(.paused) && .active(.playing)),
            .canAlwaysReach(.off),
            .deadlockFree,
            .respondsTo(.active(.muted), with: .active(.normal)),
        ], events: MediaPlayer.Button.allCases, context: MediaPlayer.Counters(), abstractingContext: { _ in 0 })
        #expect(report.results[0].verdict.holds)
        #expect(report.results[1].verdict.holds)
        #expect(report.results[2].verdict.holds)
        // Muted, the player can be switched off and on for ever (deep history keeps it muted).
        let cex = try #require(report.results[3].verdict.counterexample)
        if case .loops = cex.ending {} else { Issue.record("expected a loop, got \(cex.ending)") }
        #expect(report.exploration.isComplete)
        #expect(report.exploration.states > 10)
    }
}
