import MediaPlayerExample
import Statecharts
import StatechartsVerification
import Testing

extension Elevator {
    /// The property the emitted test below checks.
    static let doorRule: Property<Car, Sensors> = .never(.active(.opened) && .active(.moving))
}

@Suite("Verification: counterexamples replay")
struct ReplayTests {
    @Test("a safety counterexample replays through the API and violates its property; on the fixed chart it does not")
    func safetyReplays() throws {
        let chart = try Elevator.chart(safe: false)
        let cex = try #require(try chart.verify([Elevator.doorRule], context: Sensors()).results[0].verdict.counterexample)
        let run = chart.replay(cex.events, context: Sensors())
        #expect(run.violates(Elevator.doorRule, ending: cex.ending))
        #expect(run.situations.count == cex.steps.count + 1)
        #expect(run.situations.last?.activeLeaves == cex.steps.last?.situation.activeLeaves)
        let fixed = try Elevator.chart(safe: true).replay(cex.events, context: Sensors())
        #expect(!fixed.violates(Elevator.doorRule, ending: cex.ending))
    }

    @Test("liveness counterexamples replay: a run that stops, a loop that closes, with history")
    func livenessReplays() throws {
        let lossy = try Service.chart(lossy: true)
        let answered: Property<Server, Void> = .respondsTo(.active(.waiting), with: .active(.served))
        let stops = try #require(try lossy.verify([answered], events: [.request, .done]).results[0].verdict.counterexample)
        let run = lossy.replay(stops.events, context: ())
        #expect(run.violates(answered, ending: stops.ending, triggerStep: stops.triggerStep))
        // The same steps on the chart that serves a second request do not break it.
        #expect(!(try Service.chart(lossy: false)).replay(stops.events, context: ())
            .violates(answered, ending: stops.ending, triggerStep: stops.triggerStep))

        let player = try MediaPlayer.chart()
        let unmuted: Property<MediaPlayer.Mode, MediaPlayer.Counters> = .respondsTo(.active(.muted), with: .active(.normal))
        let loop = try #require(try player.verify([unmuted], events: MediaPlayer.Button.allCases, context: MediaPlayer.Counters(),
                                                  abstractingContext: { _ in 0 }).results[0].verdict.counterexample)
        guard case .loops = loop.ending else {
            Issue.record("expected a loop, got \(loop.ending)")
            return
        }
        let replayed = player.replay(loop.events, context: MediaPlayer.Counters(), abstractingContext: { _ in 0 })
        #expect(replayed.violates(unmuted, ending: loop.ending, triggerStep: loop.triggerStep))
        // The loop is upgrade, downgrade while muted: short of that, the run is not a violation.
        let cut = player.replay(Array(loop.events.dropLast()), context: MediaPlayer.Counters(), abstractingContext: { _ in 0 })
        #expect(!cut.violates(unmuted, ending: loop.ending, triggerStep: loop.triggerStep))
    }

    @Test("the emitted Swift test is the one below, which compiles and passes on the fixed chart")
    func emittedTest() throws {
        let cex = try #require(try Elevator.chart(safe: false).verify([Elevator.doorRule], context: Sensors())
            .results[0].verdict.counterexample)
        let source = cex.swiftTest(named: "doorStaysShutWhileMoving", chart: "try Elevator.chart(safe: true)",
                                   property: "Elevator.doorRule", context: "Sensors()")
        #expect(source == """
            @Test func doorStaysShutWhileMoving() throws {
                let run = try Elevator.chart(safe: true).replay([
                    .event(.open),
                    .event(.go),
                ], context: Sensors())
                #expect(!run.violates(Elevator.doorRule, ending: .badSituation))
            }

            """)
        #expect(cex.eventList == ["open", "go"])
    }

    @Test func doorStaysShutWhileMoving() throws {
        let run = try Elevator.chart(safe: true).replay([
            .event(.open),
            .event(.go),
        ], context: Sensors())
        #expect(!run.violates(Elevator.doorRule, ending: .badSituation))
    }

    @Test("delayed events are emitted as clock advances")
    func emittedAdvance() throws {
        let cex = try #require(try Service.chart(lossy: true).verify([.never(.active(.served))], events: [.request])
            .results[0].verdict.counterexample)
        let source = cex.swiftTest(named: "served", chart: "service", property: "rule")
        #expect(source.contains("        .advance(.seconds(2)),\n"))
        #expect(source.contains("], context: ())"))
    }
}
