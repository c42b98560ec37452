import Testing
@_spi(Testing) import Statecharts

/// Random valid charts (RandomChart.swift) run on random event sequences. After every macrostep:
/// the configuration is legal; the log of every action, the configuration, the transitions taken
/// and the outcome are exactly those of a direct transcription of the SCXML algorithm
/// (ReferenceInterpreter.swift); the chart compiled with `singlePathPlans: false` does exactly the
/// same; `can`, `enabledEventNames`, `isActive` and `activeLeaves` agree with the configuration.
/// At the end, a second instance given the same events, and a copy taken midway and given the
/// rest, end identically.
@Suite("Property: random charts against a reference SCXML interpreter")
struct PropertyTests {
    static let chartsPerBatch = 40
    static let fuel = 4

    @Test("random charts with enum events", arguments: 0..<5)
    func enumEvents(batch: Int) {
        Self.checkBatch(seeds: (0..<Self.chartsPerBatch).map { UInt64(batch * Self.chartsPerBatch + $0) }, strings: false)
    }

    @Test("random charts with String events and done.state.ID events", arguments: 0..<2)
    func stringEvents(batch: Int) {
        Self.checkBatch(seeds: (0..<Self.chartsPerBatch).map { UInt64(10_000 + batch * Self.chartsPerBatch + $0) }, strings: true)
    }

    /// Checks each chart, stopping at the first failure.
    static func checkBatch(seeds: [UInt64], strings: Bool) {
        for seed in seeds {
            if let failure = Self.check(seed: seed, strings: strings) {
                Issue.record("seed \(seed) (\(strings ? "String" : "enum") events): \(failure)")
                return
            }
        }
    }

    @Test("the random charts contain every kind of state and transition, and meet every situation worth testing")
    func generatorCoverage() {
        var kinds: [String: Int] = [:]
        var situations: [String: Int] = [:]
        for seed in 0..<UInt64(Self.chartsPerBatch * 5) {
            let (model, events, _) = Self.scenario(seed: seed)
            if seed < 2 * UInt64(Self.chartsPerBatch) {
                // What the reference interpreter met while running the first two batches.
                var reference = ReferenceInterpreter(model: model, doneEventsAreEvents: false, context: PContext(fuel: Self.fuel))
                reference.start()
                for event in events {
                    reference.context.fuel = Self.fuel
                    reference.send(event)
                }
                situations.merge(reference.stats, uniquingKeysWith: +)
            }
            for node in model.nodes.dropFirst() {
                kinds["\(node.kind)", default: 0] += 1
                for t in node.transitions {
                    switch t.trigger {
                    case .events: kinds["events", default: 0] += 1
                    case .any: kinds["any", default: 0] += 1
                    case .eventless: kinds["eventless", default: 0] += 1
                    case .done: kinds["done", default: 0] += 1
                    }
                    if t.targets.isEmpty { kinds["targetless", default: 0] += 1 }
                    if t.targets.count > 1 { kinds["multi-target", default: 0] += 1 }
                    if t.isInternal { kinds["internal", default: 0] += 1 }
                    if t.targets.contains(where: { model.nodes[$0].kind.isHistory }) { kinds["to history", default: 0] += 1 }
                }
            }
        }
        for kind in ["atomic", "compound", "parallel", "final", "shallowHistory", "deepHistory", "events", "any",
                     "eventless", "done", "targetless", "multi-target", "internal", "to history"] {
            #expect(kinds[kind, default: 0] >= 20, "\(kind): \(kinds[kind, default: 0])")
        }
        for situation in ["conflict", "several transitions", "eventless", "targetless", "internal domain", "done event",
                          "parallel done", "finished", "history recorded", "history default", "history restored",
                          "history restored, several states", "parallel configuration"] {
            #expect(situations[situation, default: 0] >= 3, "\(situation): \(situations[situation, default: 0])")
        }
    }

    // MARK: One chart

    /// The chart, the events and the step before which a copy is taken, for a seed.
    static func scenario(seed: UInt64) -> (Model, [PEvent], Int) {
        var generator = ChartGenerator(seed: seed)
        let model = generator.generate()
        var rng = SplitMix64(seed: seed &* 0x2545_F491_4F6C_DD1D &+ 1)
        let events = (0..<(8 + rng.below(22))).map { _ in rng.pick(PEvent.allCases) }
        return (model, events, rng.below(events.count))
    }

    static func check(seed: UInt64, strings: Bool) -> String? {
        let (model, events, copyAt) = scenario(seed: seed)
        let failure: String?
        if strings {
            let builder = ChartBuilder<String>(
                model: model, makeEvent: { $0.rawValue }, eventName: { $0.rawValue }, describe: { $0 })
            failure = run(builder, events: events, copyAt: copyAt, doneEventsAreEvents: true) { name in
                if let event = PEvent(rawValue: name) { return .named(event) }
                guard name.hasPrefix("done.state."), let state = Int(name.dropFirst("done.state.".count)) else { return nil }
                return .done(state)
            }
        } else {
            let builder = ChartBuilder<PEvent>(
                model: model, makeEvent: { $0 }, eventName: { $0 }, describe: { $0.rawValue })
            failure = run(builder, events: events, copyAt: copyAt, doneEventsAreEvents: false) { .named($0) }
        }
        return failure.map { "\($0)\nevents: \(events.map(\.rawValue))\nchart:\n\(model.dump)" }
    }

    typealias Instance<E: StatechartEvent> = StatechartInstance<Int, E, PContext>

    static func run<E: StatechartEvent>(
        _ builder: ChartBuilder<E>, events: [PEvent], copyAt: Int, doneEventsAreEvents: Bool,
        referenceEvent: (E.Name) -> ReferenceInterpreter.Event?
    ) -> String? {
        let model = builder.model
        let fastChart: Statechart<Int, E, PContext>
        let generalChart: Statechart<Int, E, PContext>
        do {
            fastChart = try Statechart(builder.definition)
            generalChart = try Statechart(builder.definition, singlePathPlans: false)
        } catch {
            return "the chart does not compile: \(error)"
        }
        var fast = fastChart.makeInstance(context: PContext(fuel: fuel))
        var general = generalChart.makeInstance(context: PContext(fuel: fuel))
        var reference = ReferenceInterpreter(model: model, doneEventsAreEvents: doneEventsAreEvents, context: PContext(fuel: fuel))
        let fastStart = fast.start()
        let generalStart = general.start()
        reference.start()
        func compareAll(_ step: String, _ fastResult: SendResult, _ generalResult: SendResult, ran: Bool?) -> String? {
            if reference.hung { return "\(step): the reference interpreter did not settle" }
            // The declared names that would take a transition (selection never empties a
            // non-empty set of enabled transitions, so conflicts need not be resolved).
            let enabled = fastChart.declaredEventNames.filter { name in
                guard reference.running, let event = referenceEvent(name) else { return false }
                return !reference.enabledTransitions(event).isEmpty
            }
            if let problem = compare(step, "fast", fast, fastChart, fastResult, reference, ran: ran, enabled: enabled) {
                return problem
            }
            if let problem = compare(step, "general", general, generalChart, generalResult, reference, ran: ran, enabled: enabled) {
                return problem
            }
            return nil
        }
        // Each step's log is compared, then moved to `fullLog` (comparing the whole log at every
        // step would make the test quadratic).
        var fullLog: [String] = []
        func clearLogs() {
            fullLog += fast.context.log
            fast.context.log = []
            general.context.log = []
            reference.context.log = []
        }
        if let problem = compareAll("start", fastStart, generalStart, ran: nil) { return problem }
        clearLogs()

        var snapshot: Instance<E>?
        var snapshotLogStart = 0
        for (step, event) in events.enumerated() {
            if step == copyAt {
                snapshot = fast
                snapshotLogStart = fullLog.count
            }
            fast.context.fuel = fuel
            general.context.fuel = fuel
            reference.context.fuel = fuel
            let fastResult = fast.send(builder.makeEvent(event))
            let generalResult = general.send(builder.makeEvent(event))
            let ran = reference.send(event)
            if let problem = compareAll("step \(step) (\(event))", fastResult, generalResult, ran: ran) { return problem }
            clearLogs()
        }

        var again = fastChart.start(context: PContext(fuel: fuel))
        for event in events {
            again.context.fuel = fuel
            again.send(builder.makeEvent(event))
        }
        if again.context.log != fullLog || again.context.counter != fast.context.counter || again.configuration != fast.configuration {
            return "a second instance given the same events ended differently"
        }
        if var copy = snapshot {
            for event in events[copyAt...] {
                copy.context.fuel = fuel
                copy.send(builder.makeEvent(event))
            }
            if copy.context.log[...] != fullLog[snapshotLogStart...] || copy.context.counter != fast.context.counter
                || copy.configuration != fast.configuration {
                return "a copy taken before step \(copyAt) and given the rest ended differently"
            }
        }
        return nil
    }

    /// Compares one instance with the reference after a macrostep.
    static func compare<E: StatechartEvent>(
        _ step: String, _ name: String, _ instance: Instance<E>, _ chart: Statechart<Int, E, PContext>,
        _ result: SendResult, _ reference: ReferenceInterpreter, ran: Bool?, enabled: [E.Name]
    ) -> String? {
        let model = reference.model
        let where_ = "\(step), \(name)"
        if instance.context.log != reference.context.log {
            let common = zip(instance.context.log, reference.context.log).prefix { $0 == $1 }.count
            let start = max(0, common - 4)
            return "\(where_): the log differs from line \(common):\n  expected \(reference.context.log.dropFirst(start))\n  actual   \(instance.context.log.dropFirst(start))"
        }
        if instance.context != reference.context {
            return "\(where_): the context differs: expected \(reference.context.counter)/\(reference.context.fuel), actual \(instance.context.counter)/\(instance.context.fuel)"
        }
        let expected = reference.activeStates
        let configuration = instance.configuration
        if configuration != expected {
            return "\(where_): configuration \(configuration), expected \(expected)"
        }
        if let illegal = legality(configuration, model) { return "\(where_): \(illegal)" }
        if chart.activeStates(in: result.to) != expected {
            return "\(where_): the result's configuration \(chart.activeStates(in: result.to)), expected \(expected)"
        }
        if instance.activeLeaves != expected.filter({ reference.isAtomic($0) }) {
            return "\(where_): activeLeaves \(instance.activeLeaves)"
        }
        for s in model.indices.dropFirst() where instance.isActive(s) != reference.configuration[s] {
            return "\(where_): isActive(\(s)) is \(instance.isActive(s))"
        }
        if instance.isRunning != reference.running || instance.isFinished != reference.finished {
            return "\(where_): running \(instance.isRunning) finished \(instance.isFinished), expected \(reference.running) \(reference.finished)"
        }
        if let error = result.error ?? instance.error { return "\(where_): stopped with \(error)" }
        if let ran {
            let outcome: SendResult.Outcome = !ran ? .notRunning : reference.taken.isEmpty ? .ignored : .transitioned
            if result.outcome != outcome { return "\(where_): outcome \(result.outcome), expected \(outcome)" }
            if result.transitions.map(\.rawValue) != reference.taken.map(Int32.init) {
                return "\(where_): transitions \(result.transitions.map(\.rawValue)), expected \(reference.taken)"
            }
        }
        if instance.enabledEventNames != enabled {
            return "\(where_): enabledEventNames \(instance.enabledEventNames), expected \(enabled)"
        }
        return nil
    }

    /// A legal configuration: one top-level state; an active compound state has exactly one active
    /// child, an active parallel state all its children; every active state's parent is active; no
    /// history state is active; document order.
    static func legality(_ configuration: [Int], _ model: Model) -> String? {
        if configuration != configuration.sorted() { return "configuration \(configuration) is not in document order" }
        let active = Set(configuration)
        let topLevel = model.nodes[0].children.filter { active.contains($0) }
        if topLevel.count != 1 { return "active top-level states \(topLevel)" }
        for s in configuration {
            let node = model.nodes[s]
            let children = node.children.filter { !model.nodes[$0].kind.isHistory }
            if node.kind.isHistory { return "history state \(s) is active" }
            if node.parent > 0 && !active.contains(node.parent) { return "\(s) is active, its parent is not" }
            if node.kind == .compound && children.filter(active.contains).count != 1 {
                return "compound \(s) has active children \(children.filter(active.contains))"
            }
            if node.kind == .parallel && !children.allSatisfy(active.contains) {
                return "parallel \(s) has active children \(children.filter(active.contains)) of \(children)"
            }
        }
        return nil
    }
}
