import Statecharts

/// One verification run: checks the properties, explores, decides, and replays each violation
/// into a ``Counterexample``. Generic over the summary that stands for the context in keys.
struct Verification<StateID: Hashable & Sendable, Event: StatechartEvent, Context, Summary: Hashable> {
    typealias Instance = StatechartInstance<StateID, Event, Context>

    let chart: Statechart<StateID, Event, Context>
    let events: [Event]
    let bounds: VerificationBounds
    /// A new instance, not started, in the start situation (a fresh SCXML session each call).
    let makeInstance: () -> Instance
    let summarize: (Instance) -> Summary
    let describe: ((Summary) -> String)?
    let prepare: ((inout Instance, Summary) -> Void)?
    let timerID: (String?) -> String?
    let progress: ((ExplorationStatistics) -> Void)?

    func run(_ properties: [Property<StateID, Context>]) throws(VerificationError) -> VerificationReport<StateID, Event, Context> {
        var problems: [String] = []
        var conditions: [Condition<StateID, Context>] = []
        var checks: [PropertyChecker.Check] = []
        for (i, property) in properties.enumerated() {
            for state in property.conditions.flatMap(\.states) where chart.kind(of: state) == nil {
                problems.append("property \(i + 1) (\(property)): the chart has no state '\(state)'")
            }
            func bit(_ condition: Condition<StateID, Context>) -> Int {
                conditions.append(condition)
                return conditions.count - 1
            }
            switch property.kind {
            case .never(let c): checks.append(.never(bit: bit(c)))
            case .always(let c): checks.append(.always(bit: bit(c)))
            case .eventually(let c): checks.append(.eventually(bit: bit(c)))
            case .respondsTo(let t, let r): checks.append(.respondsTo(trigger: bit(t), response: bit(r)))
            case .deadlockFree: checks.append(.deadlockFree)
            case .canAlwaysReach(let c): checks.append(.canAlwaysReach(bit: bit(c)))
            }
        }
        if conditions.count > 64 {
            problems.append("at most 64 conditions can be checked in one verification (these properties have \(conditions.count)): verify them in groups")
        }
        var start = makeInstance()
        start.start()
        if let running = start.snapshot().runningInvocations, !running.isEmpty {
            problems.append("the chart invokes \(running.joined(separator: ", ")) when it starts: invoked charts and services are not explored")
        }
        guard problems.isEmpty else { throw VerificationError(problems) }

        let explorer = Explorer(
            events: events, bounds: bounds, keys: SituationKeyMaker(chart: chart, summarize: summarize, timerID: timerID),
            prepare: prepare, conditions: conditions, progress: progress, decided: Self.allViolated(checks))
        let outcome = explorer.explore(from: start)
        let checker = PropertyChecker(graph: outcome.graph, complete: outcome.statistics.isComplete,
                                      stoppedBy: outcome.statistics.stoppedBy,
                                      needsSearch: properties.contains { !$0.isSafety })
        let results = zip(properties, checks).map { property, check in
            let verdict: Verdict<StateID, Event, Context>
            switch checker.decide(check) {
            case .holds: verdict = .holds
            case .notProved(let bound): verdict = .notProved(bound)
            case .violated(let steps, let ending, let triggerStep):
                verdict = .violated(counterexample(steps, ending: ending, triggerStep: triggerStep))
            }
            return PropertyResult(property: property, verdict: verdict, exploration: outcome.statistics)
        }
        return VerificationReport(results: results, exploration: outcome.statistics)
    }

    /// When every check is a safety check: a test of whether each is violated in the graph so
    /// far (scanning only what is new since the last call).
    static func allViolated(_ checks: [PropertyChecker.Check]) -> ((StateGraph) -> Bool)? {
        var open: [PropertyChecker.Check] = []
        for check in checks {
            switch check {
            case .never, .always, .deadlockFree: open.append(check)
            case .eventually, .respondsTo, .canAlwaysReach: return nil
            }
        }
        var scanned = 0
        var expandedScanned = 0
        return { graph in
            open.removeAll { check in
                switch check {
                case .never(let bit): return (scanned..<graph.count).contains { graph.labels[$0] & (1 << UInt64(bit)) != 0 }
                case .always(let bit): return (scanned..<graph.count).contains { graph.labels[$0] & (1 << UInt64(bit)) == 0 }
                case .deadlockFree: return (expandedScanned..<graph.expandedCount).contains { graph.isDeadlock($0) }
                default: return false
                }
            }
            scanned = graph.count
            expandedScanned = graph.expandedCount
            return open.isEmpty
        }
    }

    /// Replays step codes from a fresh start, recording what each step did.
    func counterexample(_ codes: [Int32], ending: CounterexampleEnding, triggerStep: Int?) -> Counterexample<StateID, Event, Context> {
        var instance = makeInstance()
        instance.start()
        let start = situation(instance)
        var steps: [CounterexampleStep<StateID, Event, Context>] = []
        for code in codes {
            let step: VerificationStep<Event>
            var transitions: [TransitionID] = []
            if code >= 0 {
                step = .event(events[Int(code)])
                transitions = Array(instance.send(events[Int(code)]).transitions)
            } else {
                let delay = (instance.nextDelayedEventTime ?? instance.now) - instance.now
                step = .advance(delay)
                transitions = instance.advanceClock(by: delay).flatMap { Array($0.result.transitions) }
            }
            steps.append(CounterexampleStep(step: step, transitions: transitions, situation: situation(instance)))
        }
        return Counterexample(start: start, steps: steps, ending: ending, triggerStep: triggerStep)
    }

    func situation(_ instance: Instance) -> VerifiedSituation<StateID, Context> {
        VerifiedSituation(configuration: instance.configuration, activeLeaves: instance.activeLeaves, context: instance.context,
                          summary: describe.map { $0(summarize(instance)) }, isFinished: instance.isFinished, now: instance.now)
    }
}
