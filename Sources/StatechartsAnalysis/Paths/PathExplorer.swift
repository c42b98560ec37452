import Statecharts

/// Breadth-first search over the situations a chart can be in, by running it: each situation is
/// reached by replaying its steps on a fresh instance (or, for value contexts, by copying the
/// instance), so guards and data are evaluated for real.
struct PathExplorer<StateID: Hashable & Sendable, Event: StatechartEvent, Context> {
    typealias Instance = StatechartInstance<StateID, Event, Context>

    let chart: Statechart<StateID, Event, Context>
    let events: [Event]
    let limits: PathLimits
    /// A fresh, unstarted instance; `nil` to branch by copying `root`.
    let makeInstance: (() -> Instance)?
    /// The unstarted instance copied when branching by copy.
    let root: Instance?
    let contextKey: ((Context) -> AnyHashable)?

    /// Records what one step did.
    struct Recorder: StatechartObserver {
        var entered: [StateID] = []
        var taken: [TransitionID] = []
        mutating func stateEntered(_ state: StateID) { entered.append(state) }
        mutating func transitionTaken(_ transition: TransitionID) { taken.append(transition) }
    }

    struct Node {
        var steps: [PathStep<Event>]
        /// The instance there, when branching by copy.
        var instance: Instance?
    }

    func search(_ goal: PathGoal<StateID>) -> PathSearch<StateID, Event> {
        let targets: [PathTarget<StateID>]
        switch goal {
        case .states: targets = chart.states.filter { chart.kind(of: $0)?.isHistory == false }.map { .state($0) }
        case .transitions: targets = chart.allTransitions.map { .transition($0) }
        case .state(let state): targets = [.state(state)]
        }
        let wanted = Set(targets)
        var found: [PathTarget<StateID>: [PathStep<Event>]] = [:]
        func record(_ recorder: Recorder, _ steps: [PathStep<Event>]) {
            for target in recorder.entered.map({ PathTarget.state($0) }) + recorder.taken.map({ .transition($0) })
            where wanted.contains(target) && found[target] == nil {
                found[target] = steps
            }
        }

        var recorder = Recorder()
        guard var start = fresh() else { return PathSearch(paths: [], uncovered: targets, reachedLimit: false) }
        start.start(observer: &recorder)
        record(recorder, [])
        var seen: Set<AnyHashable> = [key(start)]
        var queue = [Node(steps: [], instance: makeInstance == nil ? start : nil)]
        var head = 0
        var reachedLimit = false
        while head < queue.count, found.count < wanted.count {
            let node = queue[head]
            head += 1
            guard node.steps.count < limits.maxDepth else { reachedLimit = true; continue }
            guard let base = instance(at: node), base.isRunning else { continue }
            for step in candidates(base) {
                guard var next = makeInstance == nil ? base : instance(at: node) else { continue }
                var recorder = Recorder()
                apply(step, to: &next, observer: &recorder)
                let steps = node.steps + [step]
                record(recorder, steps)
                guard seen.insert(key(next)).inserted else { continue }
                if seen.count > limits.maxStates { reachedLimit = true; continue }
                queue.append(Node(steps: steps, instance: makeInstance == nil ? next : nil))
            }
        }
        if head < queue.count && found.count < wanted.count { reachedLimit = true }
        return PathSearch(
            paths: targets.compactMap { target in found[target].map { TestPath(target: target, steps: $0) } },
            uncovered: targets.filter { found[$0] == nil },
            reachedLimit: reachedLimit && found.count < wanted.count)
    }

    func fresh() -> Instance? { makeInstance?() ?? root }

    /// The instance after `node`'s steps.
    func instance(at node: Node) -> Instance? {
        if let instance = node.instance { return instance }
        guard var instance = fresh() else { return nil }
        instance.start()
        for step in node.steps {
            var ignored = Recorder()
            apply(step, to: &instance, observer: &ignored)
        }
        return instance
    }

    /// The events that would take a transition now, and a clock step to the next delayed event.
    func candidates(_ instance: Instance) -> [PathStep<Event>] {
        var steps = events.filter { instance.can($0) }.map { PathStep.event($0) }
        if let due = instance.nextDelayedEventTime { steps.append(.advance(max(.zero, due - instance.now))) }
        return steps
    }

    func apply(_ step: PathStep<Event>, to instance: inout Instance, observer: inout Recorder) {
        switch step {
        case .event(let event): instance.send(event, observer: &observer)
        case .advance(let duration): _ = instance.advanceClock(by: duration, observer: &observer)
        }
    }

    /// What makes two situations the same: status, configuration, history, the delayed events
    /// pending (by name and time left) and, when given, the context's key.
    func key(_ instance: Instance) -> AnyHashable {
        let snapshot = instance.snapshot()
        var parts: [AnyHashable] = [snapshot.status.rawValue, snapshot.configuration]
        parts.append(snapshot.history.keys.sorted { String(describing: $0) < String(describing: $1) }
            .map { [AnyHashable($0), AnyHashable(snapshot.history[$0] ?? [])] })
        parts.append(snapshot.pendingEvents.map { "\($0.event.name)@\($0.due - snapshot.now)" })
        if let contextKey { parts.append(contextKey(instance.context)) }
        return AnyHashable(parts)
    }
}
