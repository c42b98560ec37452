import Statecharts
@testable import StatechartsInspector
import Testing

/// The step ring keeps what `send` returned in two forms: plain words in the slot for a result
/// with no details (the common case), the whole result apart for one with more than four
/// transitions, a configuration past 64 states or an error. Steps of both kinds written over
/// each other, around a small ring, read back as what `send` returned.
@Suite("Step ring results")
struct StepRingResultTests {
    /// Five regions: `all` moves every region (five transitions: a result with details), `one`
    /// moves the first region only (one transition: plain words).
    static func regions() throws -> Statechart<String, String, Int> {
        try Statechart<String, String, Int>("regions") {
            Parallel("p") {
                State("r1") {
                    State("r1a") { On("all", to: "r1b"); On("one", to: "r1b") }
                    State("r1b") { On("all", to: "r1a"); On("one", to: "r1a") }
                }
                for region in 2...5 {
                    State("r\(region)") {
                        State("r\(region)a") { On("all", to: "r\(region)b") }
                        State("r\(region)b") { On("all", to: "r\(region)a") }
                    }
                }
            }
        }
    }

    @Test("results with and without details, written over each other around the ring, read back unchanged")
    func mixedResults() async throws {
        try await withInspector(options: InspectorOptions(timelineLength: 3, checkpointInterval: 2)) { inspector in
            let machine = inspector.attach(try Self.regions(), context: 0, name: "regions")
            var returned: [(event: String, result: SendResult)] = []
            for event in ["all", "one", "one", "all", "all", "one", "nothing", "all", "one"] {
                let result = try #require(machine.send(event))
                returned.append((event, result))
            }
            #expect(returned[0].result.transitions.count == 5)
            #expect(returned[1].result.transitions.count == 1)
            #expect(returned[6].result.transitions.isEmpty)
            let kept = machine.core.withLock { core in core.timeline.elements(after: -1, limit: .max).elements }
            #expect(kept.count == 3)
            for (step, sent) in zip(kept, returned.suffix(3)) {
                #expect(step.event == sent.event)
                #expect((step.transitions.map(Array.init) ?? []) == Array(sent.result.transitions))
                #expect(step.configuration == sent.result.to)
            }
        }
    }
}
