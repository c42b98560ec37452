import Testing
@_spi(Testing) import Statecharts

/// Every way a plain `send` can take on the table runtime (`_SendWay`: the route and the
/// decisions inside it) is taken by the random charts the property tests compare with the
/// reference interpreter. A way no random chart reaches is either dead or untested: adding a
/// case to `_SendWay`, or making a way unreachable, fails this test until the generator reaches
/// it.
@Suite("Route coverage: the random charts take every way through send")
struct RouteCoverageTests {
    typealias Instance<E: StatechartEvent> = StatechartInstance<Int, E, PContext>

    /// The ways taken over the property tests' corpus: the charts of the enum, String and quiet
    /// batches, each compiled with plans (the fast routes) and without (the oracle).
    @Test("every way of _SendWay is taken, and a way's outcome is the one it names")
    func everyWayTaken() throws {
        var counts: [_SendWay: Int] = [:]
        var problems: [String] = []
        for seed in 0..<UInt64(5 * PropertyTests.chartsPerBatch) {
            let (model, events, _) = PropertyTests.scenario(seed: seed)
            let builder = ChartBuilder<PEvent>(model: model, makeEvent: { $0 }, eventName: { $0 }, describe: { $0.rawValue })
            try Self.count(builder, events: events, seed: seed, into: &counts, problems: &problems)
        }
        for seed in (0..<UInt64(2 * PropertyTests.chartsPerBatch)).map({ 10_000 + $0 }) {
            let (model, events, _) = PropertyTests.scenario(seed: seed)
            let builder = ChartBuilder<String>(model: model, makeEvent: { $0.rawValue }, eventName: { $0.rawValue }, describe: { $0 })
            try Self.count(builder, events: events, seed: seed, into: &counts, problems: &problems)
        }
        for seed in (0..<UInt64(2 * PropertyTests.chartsPerBatch)).map({ 20_000 + $0 }) {
            let (model, events, _) = PropertyTests.scenario(seed: seed)
            try Self.count(ChartBuilder<PEvent>.quiet(model), events: events, seed: seed, into: &counts, problems: &problems)
        }
        for way in _SendWay.allCases {
            #expect(counts[way, default: 0] >= 1, "\(way.rawValue) is never taken by the random charts; taken: \(Self.describe(counts))")
        }
        #expect(problems.isEmpty, "\(problems.prefix(5).joined(separator: "\n"))")
    }

    /// Sends `events` to an instance of each compilation, counting the way of each send and
    /// checking that the result fits it.
    static func count<E: StatechartEvent>(
        _ builder: ChartBuilder<E>, events: [PEvent], seed: UInt64, into counts: inout [_SendWay: Int], problems: inout [String]
    ) throws {
        for plans in [true, false] {
            let chart = try Statechart(builder.definition, singlePathPlans: plans)
            var instance = chart.makeInstance(context: PContext(fuel: PropertyTests.fuel))
            instance.start()
            for event in events {
                instance.context.fuel = PropertyTests.fuel
                let sent = builder.makeEvent(event)
                let way = instance._way(of: sent)
                counts[way, default: 0] += 1
                let before = instance.configuration
                let result = instance.send(sent)
                if let problem = Self.mismatch(way, result, before: before, after: instance.configuration) {
                    problems.append("seed \(seed), plans \(plans), \(event.rawValue): \(problem)")
                }
            }
        }
    }

    static func describe(_ counts: [_SendWay: Int]) -> String {
        _SendWay.allCases.map { "\($0.rawValue) \(counts[$0, default: 0])" }.joined(separator: ", ")
    }

    /// What is wrong with `result` for a send that took `way`, or `nil`.
    static func mismatch(_ way: _SendWay, _ result: SendResult, before: [Int], after: [Int]) -> String? {
        switch way {
        case .notRunning:
            return result.outcome == .notRunning ? nil : "\(way.rawValue) but \(result.outcome)"
        case .directIgnored, .jointIgnored:
            return result.outcome == .ignored && before == after ? nil : "\(way.rawValue) but \(result.outcome), \(before) → \(after)"
        case .directSingleAction, .directContextOnlyLoop, .directDispatchingLoop, .sendingEntry, .jointStep:
            return result.outcome == .transitioned ? nil : "\(way.rawValue) but \(result.outcome)"
        case .guardedStep, .guardedEntry, .historyEntry, .candidateSelection, .jointToRegionPlans, .jointIgnoredFinishing, .regionBits,
             .regionPlans, .stepwise, .general:
            return nil
        }
    }
}
