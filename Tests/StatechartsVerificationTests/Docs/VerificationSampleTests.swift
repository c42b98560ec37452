import Statecharts
import StatechartsVerification
import Testing

/// The verification samples of README.md and docs/analysis.md, compiled and run on the test
/// elevator (door and motor as parallel regions; `Elevator.swift`).
@Suite("Docs: verification samples")
struct VerificationSampleTests {
    @Test("README: a property in three lines")
    func readme() throws {
        let elevator = try Elevator.chart(safe: true)
        let report = try elevator.verify([.never(.active(.opened) && .active(.moving))], context: Sensors())
        #expect(report.allHold)
    }

    @Test("docs/analysis.md: properties, a verdict each, the counterexample as events")
    func analysisPage() throws {
        let car = try Elevator.chart(safe: false)
        let report = try car.verify([
            .never(.active(.opened) && .active(.moving)),
            .always(.context("speed is never negative") { $0.speed >= 0 }),
            .deadlockFree,
            .canAlwaysReach(.stopped),
        ], context: Sensors())
        for result in report.results {
            if let example = result.verdict.counterexample {
                print("\(result.property) fails after", example.eventList)
            }
        }
        #expect(report.results[0].verdict.counterexample?.eventList == ["open", "go"])
        #expect(report.results[1].verdict.holds)
        #expect(report.results[2].verdict.counterexample?.eventList == ["park"])
        #expect(report.results[3].verdict.counterexample?.eventList == ["park"])
    }
}
