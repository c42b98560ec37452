import Foundation
import Statecharts
import StatechartsSCXML
import StatechartsVerification
import Testing

/// SPIN, on the Promela that `statechart export --promela` writes, and the built-in verifier
/// must give every property of the corpus the same verdict, and each one's counterexample must
/// be a run of the other.
@Suite("Verification: SPIN agrees")
struct SpinCrossCheckTests {
    @Test("spin is installed where CI runs (CI=true)", .enabled(if: SpinRunner.isCI, "only under CI=true"))
    func spinPresentUnderCI() {
        #expect(SpinRunner.isAvailable, "spin is missing: scripts/ensure-system-packages.sh installs it")
    }

    /// The properties compared on a chart, over its states in document order.
    static func properties(_ model: SinglePathModel) -> [Property<String, SCXMLContext>] {
        let s = model.states
        let last = s[s.count - 1], middle = s[s.count / 2], first = s[0]
        return [
            .deadlockFree,
            .never(.active(last)),
            .always(.active(first) || !.active(middle)),
            .eventually(.active(middle)),
            .respondsTo(.active(middle), with: .active(first) || .finished),
        ]
    }

    /// What one chart's comparison counted.
    struct Tally {
        var charts = 0, refused = 0, compared = 0, agreed = 0, spinTrailsReplayed = 0, ourRunsReplayed = 0
        /// What did not agree, recorded by the test once the chart's thread is done.
        var problems: [String] = []

        static func + (a: Tally, b: Tally) -> Tally {
            Tally(charts: a.charts + b.charts, refused: a.refused + b.refused, compared: a.compared + b.compared,
                  agreed: a.agreed + b.agreed, spinTrailsReplayed: a.spinTrailsReplayed + b.spinTrailsReplayed,
                  ourRunsReplayed: a.ourRunsReplayed + b.ourRunsReplayed, problems: a.problems + b.problems)
        }
    }

    /// The charts are compared a few at a time, each on a thread of its own (not Swift
    /// concurrency's shared ones) and in its own SPIN folder: gcc and pan are most of the time,
    /// and one chart after another kept a core idle for more than a minute.
    @Test("same verdict on every property of the corpus; each counterexample is a run of the other",
          .enabled(if: SpinRunner.isAvailable, "spin is not installed (apt-get install spin)"))
    func agreement() async throws {
        let corpus = SpinCorpus.candidates()
        let width = max(2, ProcessInfo.processInfo.activeProcessorCount)
        let total = try await withThrowingTaskGroup(of: Tally.self) { group in
            var waiting = corpus.makeIterator()
            for _ in 0..<width {
                guard let (name, text) = waiting.next() else { break }
                group.addTask { try await SpinRunner.onOwnThread { try Self.compare(name: name, text: text) } }
            }
            var total = Tally()
            while let tally = try await group.next() {
                total = total + tally
                if let (name, text) = waiting.next() { group.addTask { try await SpinRunner.onOwnThread { try Self.compare(name: name, text: text) } } }
            }
            return total
        }
        for problem in total.problems { Issue.record(Comment(rawValue: problem)) }
        print("SPIN cross-check: \(total.charts) charts (\(total.refused) outside the exported subset), \(total.compared) properties compared, \(total.agreed) agreed; \(total.spinTrailsReplayed) SPIN trails replayed by the runtime, \(total.ourRunsReplayed) counterexamples simulated by SPIN")
        #expect(total.charts >= 40)
        #expect(total.agreed == total.compared)
    }

    /// Checks every property on one chart with SPIN and with the verifier, and replays each
    /// counterexample on the other side (blocking: run it with `SpinRunner.onOwnThread`).
    static func compare(name: String, text: String) throws -> Tally {
        var tally = Tally()
        guard let chart = try? SCXMLChart(string: text),
              let model = try? SinglePathModel(chart, events: chart.environmentEvents), !model.events.isEmpty else {
            tally.refused = 1
            return tally
        }
        tally.charts = 1
        let spin = try SpinRunner()
        defer { spin.cleanUp() }
        let properties = Self.properties(model)
        let report = try chart.verify(properties, events: model.events, bounds: VerificationBounds(maxStates: 100_000))
        let promela = try PromelaWriter.promela(model, name: name, properties: properties)
        let findings = try spin.check(promela, claims: properties.enumerated().map { $1.isDeadlockFree ? nil : "p\($0)" })
        for (k, (property, finding)) in zip(properties, findings).enumerated() {
            let verdict = report.results[k].verdict
            tally.compared += 1
            guard finding.violated == (verdict.counterexample != nil), verdict.counterexample != nil || verdict.holds else {
                tally.problems.append("\(name): \(property): SPIN says \(finding.violated ? "violated" : "holds"), the verifier \(verdict)\n\(text)")
                continue
            }
            tally.agreed += 1
            if finding.violated {
                if try !Self.replaysSpinTrail(finding, of: property, on: chart, model) {
                    tally.problems.append("\(name): \(property): SPIN's trail \(finding.events) does not break it here\n\(text)")
                }
                tally.spinTrailsReplayed += 1
            }
            if let example = verdict.counterexample {
                let events = example.eventList.compactMap { model.events.firstIndex(of: $0) }
                let simulated = try spin.simulate(PromelaWriter.replay(model, name: name, events: events))
                // A finished chart has no active state left: only SPIN's flag is compared there.
                let ours = example.steps.map { $0.situation.activeLeaves.first.flatMap { model.states.firstIndex(of: $0) } ?? -1 }
                let same = simulated.map { spin in
                    spin.leaves.count == ours.count && zip(spin.leaves, ours).allSatisfy { $1 < 0 || $0 == $1 }
                        && spin.finished == (example.steps.last?.situation.isFinished ?? example.start.isFinished)
                } ?? false
                if !(events.count == example.steps.count && same) {
                    tally.problems.append("\(name): \(property): our counterexample \(example.eventList) is not a run of the Promela model (\(String(describing: simulated)))\n\(text)")
                }
                tally.ourRunsReplayed += 1
            }
        }
        return tally
    }

    /// Whether SPIN's trail, replayed by the runtime, takes a transition at each step and breaks
    /// the property the way SPIN says (a bad situation, a stop, or a loop back to the cycle's start).
    static func replaysSpinTrail(_ finding: SpinRunner.Finding, of property: Property<String, SCXMLContext>,
                                 on chart: SCXMLChart, _ model: SinglePathModel) throws -> Bool {
        var instance = try chart.start(log: { _ in })
        for e in finding.events where instance.send(SCXMLEvent(model.events[e])).outcome != .transitioned { return false }
        let steps = finding.events.map { VerificationStep<SCXMLEvent>.event(SCXMLEvent(model.events[$0])) }
        let run = chart.statechart.replay(steps, context: try chart.makeContext(log: { _ in }), abstractingContext: { _ in 0 },
                                               events: model.events.map { SCXMLEvent($0) })
        if property.isSafety { return run.violates(property) }
        let ending: CounterexampleEnding = finding.cycleStart.map { $0 < steps.count ? .loops(loopStart: $0) : .stops } ?? .stops
        return (0...steps.count).contains { run.violates(property, ending: ending, triggerStep: $0) }
    }
}

extension Property {
    var isDeadlockFree: Bool {
        if case .deadlockFree = kind { return true }
        return false
    }
}
