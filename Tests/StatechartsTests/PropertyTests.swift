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

    @Test("random charts whose actions neither raise nor send (the direct, region and joint routes take them)", arguments: 0..<2)
    func quietActions(batch: Int) {
        for seed in (0..<Self.chartsPerBatch).map({ UInt64(20_000 + batch * Self.chartsPerBatch + $0) }) {
            let (model, events, copyAt) = Self.scenario(seed: seed)
            let builder = ChartBuilder<PEvent>.quiet(model)
            if let failure = Self.run(builder, events: events, copyAt: copyAt, doneEventsAreEvents: false, referenceEvent: { .named($0) }) {
                Issue.record("seed \(seed) (quiet actions): \(failure)\nevents: \(events.map(\.rawValue))\nchart:\n\(builder.model.dump)")
                return
            }
        }
    }

    @Test("of those charts, many take joint steps, some of several transitions at once")
    func quietActionsReachTheJointRoute() throws {
        var withSteps = 0
        var severalPicks = 0
        for seed in (0..<2 * Self.chartsPerBatch).map({ UInt64(20_000 + $0) }) {
            let builder = ChartBuilder<PEvent>.quiet(Self.scenario(seed: seed).0)
            let size = try Statechart(builder.definition)._jointTableSize
            if size.steps > 0 { withSteps += 1 }
            if size.mostPicks > 1 { severalPicks += 1 }
        }
        #expect(withSteps >= 10, "\(withSteps) of 80 charts with joint steps")
        #expect(severalPicks >= 5, "\(severalPicks) of 80 charts with joint steps of several transitions")
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
                    kinds["\(t.action.form) action", default: 0] += 1
                    if let guardSpec = t.guardSpec {
                        kinds["\(guardSpec.form) guard", default: 0] += 1
                        if guardSpec.refuses != nil { kinds["guard refusing an event", default: 0] += 1 }
                    }
                }
                for action in [node.entry, node.exit, node.initialAction, node.historyAction].compactMap({ $0 }) {
                    kinds["\(action.form) action", default: 0] += 1
                }
            }
        }
        for kind in ["atomic", "compound", "parallel", "final", "shallowHistory", "deepHistory", "events", "any",
                     "eventless", "done", "targetless", "multi-target", "internal", "to history",
                     // Every closure form of actions and guards (`CodeForm`), so that the routes
                     // each form allows are compared with the reference.
                     "context action", "contextEvent action", "outbox action",
                     "context guard", "contextEvent guard", "outbox guard", "guard refusing an event"] {
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
            // `enabledEventNames` evaluates guards without an event, as its documentation says.
            var probe = reference
            probe.current = nil
            let enabled = fastChart.declaredEventNames.filter { name in
                guard probe.running, let event = referenceEvent(name) else { return false }
                return !probe.enabledTransitions(event).isEmpty
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
        // The packed state's own invariants (the leaf row, its history fields), after every step.
        if let violation = instance._invariantViolations().first { return "\(where_): \(violation)" }
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

// MARK: - Random sequences

extension PropertyTests {

    /// A fixed chart with a bit of everything: nested compounds with initial actions, ancestors'
    /// transitions, an internal transition, guards of the three forms, whenIn, targetless
    /// transitions, raised and sent events, an eventless transition, shallow and deep history, a
    /// parallel state, a nested final state with its done transition, and a top-level final state.
    static func workshop<E: LockstepSignal>(_: E.Type, singlePathPlans: Bool) throws -> Statechart<String, E, Trace> {
        typealias D = Logged<E>
        let flag = Guard<E, Trace>("flag") { $0.flag }
        let oddGo = Guard<E, Trace>("n odd and go") { (context: Trace, event: E?) -> Bool in
            context.n % 2 == 1 && event == .go
        }
        let raisingDown = Guard<E, Trace>("flag, else raise down") { (context: Trace, _: E?, outbox: inout Outbox<E>) -> Bool in
            if !context.flag { outbox.raise(.down) }
            return context.flag
        }
        let atLeastThree = Guard<E, Trace>("n ≥ 3") { $0.n >= 3 }
        let bump = Action<E, Trace>("n += 1") { $0.n += 1 }
        let reset = Action<E, Trace>("n = 0") { $0.n = 0 }
        let flip = Action<E, Trace>("flip") { $0.flag.toggle() }
        return try Statechart<String, E, Trace>(singlePathPlans: singlePathPlans) {
            D.state("P") {
                Initial("P1", actions: [D.log("init P→P1")])
                History("Ph", .shallow, default: "P2")
                On(.up, to: "Q", actions: [D.logWithEvent("t P→Q")])
                On(.tick, actions: [flip, D.log("P tick")])
                D.state("P1") {
                    Initial("P11", actions: [D.logWithEvent("init P1→P11")])
                    On(.go, to: "P2", guard: flag, actions: [D.log("t P1→P2")])
                    On(.down, to: "P12", kind: .internal, actions: [D.logWithEvent("t P1→P12 internal")])
                    D.state("P11") {
                        On(.go, to: "P12", actions: [D.logWithEvent("t P11→P12"), bump])
                        On(.back, to: "P11", actions: [D.log("t P11→P11")])
                    }
                    D.state("P12") {
                        On(.go, to: "P11", guard: oddGo, actions: [D.log("t P12→P11")])
                        On(.poke, to: "P2", actions: [D.raise("raise tick", .tick)])
                    }
                }
                D.state("P2") {
                    OnEntry(D.logWithEvent("P2 entered by"))
                    On(.go, to: "P1", actions: [D.log("t P2→P1")])
                    On(.back, to: "R", actions: [D.send("send poke", .poke)])
                    On(.down, to: "Q", whenIn: ["P"], actions: [D.log("t P2→Q")])
                    On(.tick, to: "Qh", actions: [D.log("t P2→Qh")])
                }
            }
            D.state("Q") {
                Initial("Q1")
                History("Qh", .deep, default: "Q2")
                On(.back, to: "P", actions: [D.log("t Q→P")])
                On(.poke, to: "Ph", actions: [D.logWithEvent("t Q→Ph")])
                OnDone(to: "P", actions: [D.log("Q done")])
                D.state("Q1") {
                    On(.go, to: "Q2", actions: [bump, D.logWithEvent("t Q1→Q2")])
                    On(.down, to: "Qf", actions: [D.log("t Q1→Qf")])
                }
                D.state("Q2") {
                    Always(to: "Q3", guard: atLeastThree, actions: [D.logWithEvent("always Q2→Q3")])
                    On(.tick, actions: [bump, D.log("Q2 tick")])
                    On(.go, to: "Q1", guard: raisingDown, actions: [D.log("t Q2→Q1")])
                }
                D.state("Q3") {
                    On(.go, to: "Q1", actions: [reset, D.log("t Q3→Q1")])
                    On(.down, to: "End", actions: [D.log("t Q3→End")])
                }
                D.final("Qf")
            }
            D.parallel("R") {
                On(.up, to: "P", actions: [D.log("t R→P")])
                D.state("R1") {
                    D.state("R1a") { On(.go, to: "R1b", actions: [D.log("t R1a→R1b")]) }
                    D.state("R1b") {
                        On(.tick, actions: [D.logWithEvent("R1b tick")])
                        On(.down, to: "R2a", actions: [D.log("t R1b→R2a")])
                    }
                }
                D.state("R2") {
                    D.state("R2a") { On(.poke, to: "R2b", actions: [D.logWithEvent("t R2a→R2b")]) }
                    D.state("R2b") { On(.go, to: "Q", actions: [D.log("t R2b→Q")]) }
                }
            }
            D.final("End")
        }
    }

    /// One step of a random run: an event (an index into `LockstepSignal.all`), or a change the
    /// application makes to the context between events.
    enum Move: Sendable, Equatable {
        case event(Int)
        case flipFlag
        case bump
    }

    static func moves(seed: UInt64, count: Int) -> [Move] {
        var rng = XorShift(seed: seed)
        return (0..<count).map { _ in
            let r = rng.below(12)
            switch r {
            case 0..<7: return .event(r)
            case 7, 8: return .event(0)
            case 9: return .event(5)
            case 10: return .flipFlag
            default: return .bump
            }
        }
    }

    static func apply<E: LockstepSignal>(_ move: Move, to lock: inout Lockstep<E>) {
        switch move {
        case .event(let k): _ = lock.sendAll(E.all[k])
        case .flipFlag: lock.updateContext { $0.flag.toggle() }
        case .bump: lock.updateContext { $0.n += 1 }
        }
    }

    @Test("300 pseudo-random event sequences on a fixed nested chart: both compilations and both numberings agree after every event")
    func singlePathRandomSequences() throws {
        var outcomes: [SendResult.Outcome: Int] = [:]
        var leaves: Set<String> = []
        var transitionCounts: Set<Int> = []
        sequences: for seed in UInt64(1)...300 {
            let moves = Self.moves(seed: seed, count: 40)
            var tagged = try Lockstep<TaggedSignal> { try Self.workshop(TaggedSignal.self, singlePathPlans: $0) }
            var hashed = try Lockstep<HashedSignal> { try Self.workshop(HashedSignal.self, singlePathPlans: $0) }
            if let problems = tagged.difference(tagged.startAll()) {
                Issue.record("seed \(seed), start:\n\(problems)")
                break
            }
            if let problems = hashed.difference(hashed.startAll()) {
                Issue.record("seed \(seed), start, events without CaseIterable:\n\(problems)")
                break
            }
            for (i, move) in moves.enumerated() {
                guard case .event(let k) = move else {
                    Self.apply(move, to: &tagged)
                    Self.apply(move, to: &hashed)
                    continue
                }
                let taggedStep = tagged.sendAll(TaggedSignal.all[k])
                let hashedStep = hashed.sendAll(HashedSignal.all[k])
                let context = "seed \(seed), move \(i) (\(TaggedSignal.all[k])) after \(Array(moves[..<i]))"
                if let problems = tagged.difference(taggedStep) {
                    Issue.record("\(context), CaseIterable events:\n\(problems)")
                    break sequences
                }
                if let problems = hashed.difference(hashedStep) {
                    Issue.record("\(context), events without CaseIterable:\n\(problems)")
                    break sequences
                }
                if taggedStep.direct != hashedStep.direct || tagged.direct.context != hashed.direct.context {
                    Issue.record("""
                        \(context): the numberings differ
                          by tag: \(Lockstep<TaggedSignal>.describe(taggedStep.direct, tagged.planned)), log \(tagged.direct.context.lines.suffix(8))
                          by dictionary: \(Lockstep<HashedSignal>.describe(hashedStep.direct, hashed.planned)), log \(hashed.direct.context.lines.suffix(8))
                        """)
                    break sequences
                }
                outcomes[taggedStep.direct.outcome, default: 0] += 1
                transitionCounts.insert(taggedStep.direct.transitions.count)
                leaves.formUnion(tagged.direct.activeLeaves)
            }
        }
        // The runs met what they are meant to exercise.
        #expect(outcomes[.transitioned, default: 0] > 2_000, "\(outcomes)")
        #expect(outcomes[.ignored, default: 0] > 1_000, "\(outcomes)")
        #expect(outcomes[.notRunning, default: 0] > 0, "\(outcomes)")
        #expect(transitionCounts.isSuperset(of: [0, 1, 2, 3]), "\(transitionCounts.sorted())")
        #expect(leaves.isSuperset(of: ["P11", "P12", "P2", "Q1", "Q2", "Q3", "R1a", "R1b", "R2a", "R2b", "End"]),
                "\(leaves.sorted())")
    }
}

// MARK: - Random sequences against the oracle and the reference interpreter

extension PropertyTests {

    /// The fixed chart of the property test, as a model (numbered in document order):
    ///
    ///     1 Idle
    ///     2 P (parallel)
    ///        3 R1: 4 R1h (deep, default A1), 5 A {6 A1, 7 A2}, 8 B
    ///        9 R2: 10 R2h (shallow, default C1), 11 C {12 C1, 13 C2} (initial C2, action), 14 D
    ///        15 R3: 16 E, 17 F {18 F1, 19 F2} (initial action)
    ///     20 Q: 21 Qh (deep, default Q11, action), 22 Qs (shallow, default Q2), 23 Q1 {24 Q11, 25 Q12}, 26 Q2
    static let model: Model = {
        func spec(_ label: String) -> ActionSpec { ActionSpec(label: label) }
        var nodes: [ModelNode] = []
        func add(_ kind: ModelKind, _ parent: Int) {
            let s = nodes.count
            var node = ModelNode(kind: kind, parent: parent)
            if s > 0 && !kind.isHistory {
                node.entry = spec("+\(s)")
                node.exit = spec("-\(s)")
            }
            nodes.append(node)
            if parent >= 0 { nodes[parent].children.append(s) }
        }
        add(.compound, -1)                                           // 0
        add(.atomic, 0)                                              // 1 Idle
        add(.parallel, 0)                                            // 2 P
        add(.compound, 2)                                            // 3 R1
        add(.deepHistory, 3)                                         // 4 R1h
        add(.compound, 3); add(.atomic, 5); add(.atomic, 5)          // 5 A, 6 A1, 7 A2
        add(.atomic, 3)                                              // 8 B
        add(.compound, 2)                                            // 9 R2
        add(.shallowHistory, 9)                                      // 10 R2h
        add(.compound, 9); add(.atomic, 11); add(.atomic, 11)        // 11 C, 12 C1, 13 C2
        add(.atomic, 9)                                              // 14 D
        add(.compound, 2)                                            // 15 R3
        add(.atomic, 15)                                             // 16 E
        add(.compound, 15); add(.atomic, 17); add(.atomic, 17)       // 17 F, 18 F1, 19 F2
        add(.compound, 0)                                            // 20 Q
        add(.deepHistory, 20); add(.shallowHistory, 20)              // 21 Qh, 22 Qs
        add(.compound, 20); add(.atomic, 23); add(.atomic, 23)       // 23 Q1, 24 Q11, 25 Q12
        add(.atomic, 20)                                             // 26 Q2
        nodes[4].historyDefault = [6]
        nodes[10].historyDefault = [12]
        nodes[11].initial = [13]
        nodes[11].initialAction = spec("iC")
        nodes[17].initial = [18]
        nodes[17].initialAction = spec("iF")
        nodes[21].historyDefault = [24]
        nodes[21].historyAction = spec("hQ")
        nodes[22].historyDefault = [26]
        nodes[23].initial = [24]
        nodes[23].initialAction = spec("iQ1")
        var count = 0
        func on(_ s: Int, _ events: [PEvent], _ targets: [Int], isInternal: Bool = false, guardSpec: GuardSpec? = nil) {
            nodes[s].transitions.append(ModelTransition(
                trigger: .events(events), targets: targets, isInternal: isInternal, guardSpec: guardSpec,
                whenIn: nil, action: spec("t\(count)")))
            count += 1
        }
        on(1, [.a], [2]); on(1, [.b], [21]); on(1, [.c], [22]); on(1, [.d], [4])
        on(2, [.d], [1])
        on(3, [.c], [6], isInternal: true)
        on(5, [.d], [8])
        on(6, [.a], [7]); on(6, [.b], [8])
        on(7, [.a], [6]); on(7, [.c], [1])
        on(8, [.a], [5]); on(8, [.b], [4])
        on(12, [.a], [13]); on(12, [.b], [14])
        on(13, [.a], [12]); on(13, [.d], [10])
        on(14, [.a], [11]); on(14, [.c], [20])
        on(16, [.a], [17]); on(16, [.b], [19], guardSpec: GuardSpec(needsFuel: false, modulus: 2, residue: 0))
        on(17, [.a], [16])
        on(18, [.b], [18])
        on(19, [.c], [16])
        on(20, [.c], [1]); on(20, [.d], [21])
        on(23, [.b], [26])
        on(24, [.a], [25]); on(24, [.d], [21])
        on(25, [.a], [24]); on(25, [.d], [22])
        on(26, [.a], [23]); on(26, [.b], [21]); on(26, [.c], [9])
        return Model(nodes: nodes)
    }()

    /// Lowers `model` with `(inout Context, Event?)` actions (none reaches the outbox, so the
    /// region path can take the transitions) and context-only guards.
    static func fixedChart(singlePathPlans: Bool) throws -> Statechart<Int, PEvent, PContext> {
        var builder = ChartBuilder<PEvent>(model: model, makeEvent: { $0 }, eventName: { $0 }, describe: { $0.rawValue })
        builder.outboxActions = false
        return try Statechart(builder.definition, singlePathPlans: singlePathPlans)
    }

    @Test("200 pseudo-random event sequences on a fixed chart with a 3-region parallel state and histories: plain send agrees with the oracle and the reference interpreter after every event")
    func regionRandomSequences() throws {
        let fastChart = try Self.fixedChart(singlePathPlans: true)
        let oracleChart = try Self.fixedChart(singlePathPlans: false)
        #expect(fastChart.stateCount <= 64)
        var transitionCounts: [Int: Int] = [:]
        var leaves: Set<Int> = []
        var historyRestored = 0
        sequences: for seed in UInt64(1)...200 {
            var rng = XorShift(seed: seed)
            var fast = fastChart.makeInstance(context: PContext())
            var oracle = oracleChart.makeInstance(context: PContext())
            var reference = ReferenceInterpreter(model: Self.model, doneEventsAreEvents: false, context: PContext())
            var recorder = StatechartTraceRecorder<Int, PEvent>()
            let fastStart = fast.start()
            let oracleStart = oracle.start(observer: &recorder)
            reference.start()
            if fastStart != oracleStart || fast.context != reference.context || fast.configuration != reference.activeStates {
                Issue.record("seed \(seed), start: \(fast.context.log) / \(reference.context.log)")
                break
            }
            var events: [PEvent] = []
            for _ in 0..<40 {
                let event = PEvent.allCases[rng.below(PEvent.allCases.count)]
                events.append(event)
                let before = fast.context.log.count
                let fastResult = fast.send(event)
                var observer = StatechartTraceRecorder<Int, PEvent>()
                let oracleResult = oracle.send(event, observer: &observer)
                reference.send(event)
                var problems: [String] = []
                if fastResult != oracleResult {
                    problems.append("result \(fastResult.transitions.map(\.rawValue)) \(fastChart.activeStates(in: fastResult.from))→\(fastChart.activeStates(in: fastResult.to)); "
                                    + "oracle \(oracleResult.transitions.map(\.rawValue)) \(oracleChart.activeStates(in: oracleResult.from))→\(oracleChart.activeStates(in: oracleResult.to))")
                }
                if fastResult.transitions.map(\.rawValue) != reference.taken.map(Int32.init) {
                    problems.append("transitions \(fastResult.transitions.map(\.rawValue)); reference \(reference.taken)")
                }
                let expectedOutcome: SendResult.Outcome = reference.taken.isEmpty ? .ignored : .transitioned
                if fastResult.outcome != expectedOutcome {
                    problems.append("outcome \(fastResult.outcome); reference \(expectedOutcome)")
                }
                if fastChart.activeStates(in: fastResult.to) != reference.activeStates {
                    problems.append("result.to \(fastChart.activeStates(in: fastResult.to)); reference \(reference.activeStates)")
                }
                if fast.context != oracle.context {
                    problems.append("log \(fast.context.log.dropFirst(before)); oracle \(oracle.context.log.dropFirst(before))")
                }
                if fast.context != reference.context {
                    problems.append("log \(fast.context.log.dropFirst(before)); reference \(reference.context.log.dropFirst(before))")
                }
                if fast.configuration != oracle.configuration || fast.configuration != reference.activeStates {
                    problems.append("configuration \(fast.configuration); oracle \(oracle.configuration); reference \(reference.activeStates)")
                }
                if fast.snapshot() != oracle.snapshot() {
                    problems.append("snapshot \(fast.snapshot()); oracle \(oracle.snapshot())")
                }
                problems += (fast._invariantViolations() + oracle._invariantViolations()).map { "invariant: \($0)" }
                if !problems.isEmpty {
                    let report = problems.joined(separator: "\n  ")
                    Issue.record("seed \(seed), events \(events.map(\.rawValue)):\n  \(report)")
                    break sequences
                }
                transitionCounts[fastResult.transitions.count, default: 0] += 1
                leaves.formUnion(fast.activeLeaves)
            }
            historyRestored += reference.stats["history restored", default: 0]
        }
        // The runs met what they are meant to exercise: several regions at once, every leaf,
        // histories restored.
        #expect(transitionCounts[0, default: 0] > 40, "\(transitionCounts)")
        #expect(transitionCounts[1, default: 0] > 2_000, "\(transitionCounts)")
        #expect(transitionCounts[2, default: 0] > 500, "\(transitionCounts)")
        #expect(transitionCounts[3, default: 0] > 500, "\(transitionCounts)")
        #expect(leaves == [1, 6, 7, 8, 12, 13, 14, 16, 18, 19, 24, 25, 26], "\(leaves.sorted())")
        #expect(historyRestored > 100, "\(historyRestored)")
    }
}
