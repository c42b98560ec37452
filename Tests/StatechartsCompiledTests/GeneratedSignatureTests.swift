import Testing
@_spi(CompiledCharts) import Statecharts
import StatechartsCompiled

/// The numbers the macro writes into `_generatedPlans` and the library reads back: one codec in
/// the core, so that writer and reader agree by construction.
@Suite("Generated signature")
struct GeneratedSignatureTests {
    static let sample = _GeneratedSignature(
        states: 4, transitions: 5, guardedTransitions: [TransitionID(rawValue: 1)],
        plans: [_CompiledPlan(leaf: 1, transition: 0, actions: [3, 0]), _CompiledPlan(leaf: 2, transition: 2, actions: [])],
        joints: [[_GeneratedPlan(rawValue: 0), _GeneratedPlan(rawValue: 1)]])

    @Test("a signature's numbers follow the documented layout and decode to it")
    func roundTrip() {
        let words = Self.sample.words
        #expect(words == [_GeneratedSignature.format, 4, 5, 1, 1, 2, 1, 0, 2, 3, 0, 2, 2, 0, 1, 2, 0, 1])
        #expect(_GeneratedSignature(words: words) == Self.sample)
    }

    @Test("a compiled chart's generated code decodes to the plans of its chart")
    func compiledChartDecodes() throws {
        let signature = try #require(_GeneratedSignature(words: DoorChart._generatedPlans))
        let chart = try Statechart(DoorChart.definition)
        #expect(signature.plans == chart._singlePathPlans)
        #expect(signature.guardedTransitions == chart._guardedTransitions)
        #expect(signature.states == chart._shape.states && signature.transitions == chart._shape.transitions)
    }

    @Test("numbers of another format, cut short, with extra numbers or negative counts do not decode")
    func malformed() {
        var words = Self.sample.words
        #expect(_GeneratedSignature(words: []) == nil)
        words[0] = _GeneratedSignature.format + 1
        #expect(_GeneratedSignature(words: words) == nil)
        let good = Self.sample.words
        #expect(_GeneratedSignature(words: Array(good.dropLast())) == nil)
        #expect(_GeneratedSignature(words: good + [0]) == nil)
        var negative = good
        negative[3] = -1  // the guard count
        #expect(_GeneratedSignature(words: negative) == nil)
        var tooLong = good
        tooLong[5] = 1_000  // more plans than numbers left
        #expect(_GeneratedSignature(words: tooLong) == nil)
    }

    @Test("closure forms and their parameter counts")
    func closureForms() {
        #expect([1, 2, 3].compactMap(_ClosureForm.init(parameterCount:)) == [.context, .contextEvent, .full])
        #expect(_ClosureForm(parameterCount: 0) == nil && _ClosureForm(parameterCount: 4) == nil)
        #expect([_ClosureForm.context, .contextEvent, .full].map(\.parameterCount) == [1, 2, 3])
    }
}

/// The macro's hint that a chart's direct table names candidates (`_hasNamedDirectEntries`): it
/// reads the twin of the chart, and must agree with the real chart, so that a compiled `send`
/// carries the entry it read out of its front exactly where a named entry can be found.
@Suite("Named direct entries hint")
struct NamedDirectEntriesHintTests {
    @Test("the generated hint agrees with the compiled chart, for charts with and without named entries")
    func hintAgreesWithChart() throws {
        #expect(try ToggleChart.statechart._hasNamedDirectEntries == false)
        #expect(ToggleChart._hasNamedDirectEntries == false)
        // The door's `lock` is its row's only candidate, guarded: a named entry.
        #expect(try DoorChart.statechart._hasNamedDirectEntries == true)
        #expect(DoorChart._hasNamedDirectEntries == true)
        // The trip's histories ride in the direct table's rows: no entry names a candidate.
        #expect(try TripChart.statechart._hasNamedDirectEntries == false)
        #expect(TripChart._hasNamedDirectEntries == false)
        #expect(try RingChart.statechart._hasNamedDirectEntries == RingChart._hasNamedDirectEntries)
        #expect(try DeepChart.statechart._hasNamedDirectEntries == DeepChart._hasNamedDirectEntries)
        #expect(try MixedChart.statechart._hasNamedDirectEntries == MixedChart._hasNamedDirectEntries)
    }
}
