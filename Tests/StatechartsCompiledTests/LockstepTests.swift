import Testing
import StatechartsCompiled

/// Runs a compiled chart and a plain chart compiled from the same definition side by side on a
/// random event stream: configuration, context (with its action log) and `SendResult` must be
/// equal after every event.
func runLockstep<Chart: CompiledChart>(
    _: Chart.Type, context: Chart.Context, events: [Chart.Event], seed: UInt64, count: Int = 2_000
) throws where Chart.Context: Equatable {
    let plainChart = try Statechart(Chart.definition)
    var plain = plainChart.start(context: context)
    var compiled = try Chart.start(context: context)
    #expect(compiled.configuration == plain.configuration)
    var random = SplitMix(seed: seed)
    for step in 0..<count {
        let event = events[Int(random.next() % UInt64(events.count))]
        let expected = plain.send(event)
        let actual = compiled.send(event)
        guard actual == expected, compiled.configuration == plain.configuration, compiled.context == plain.context else {
            Issue.record("step \(step), event \(event): \(actual) vs \(expected); \(compiled.configuration) vs \(plain.configuration)")
            return
        }
    }
}

/// A small deterministic generator (SplitMix64).
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite struct LockstepTests {
    @Test(arguments: [1, 2, 3] as [UInt64])
    func door(seed: UInt64) throws {
        try runLockstep(DoorChart.self, context: DoorStats(), events: DoorEvent.allCases, seed: seed)
    }

    @Test func toggle() throws {
        try runLockstep(ToggleChart.self, context: Count(), events: ToggleEvent.allCases, seed: 7)
    }

    @Test(arguments: [4, 5] as [UInt64])
    func ring(seed: UInt64) throws {
        try runLockstep(RingChart.self, context: Count(), events: RingEvent.allCases, seed: seed)
    }

    @Test(arguments: [6, 8] as [UInt64])
    func deep(seed: UInt64) throws {
        try runLockstep(DeepChart.self, context: [], events: DeepEvent.allCases, seed: seed, count: 500)
    }

    @Test(arguments: [9, 10, 11, 12] as [UInt64])
    func mixed(seed: UInt64) throws {
        try runLockstep(MixedChart.self, context: MixedContext(), events: MixedEvent.allCases, seed: seed)
    }
}
