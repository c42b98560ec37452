import Statecharts

/// A chart's structure read once through its introspection: states, kinds, parents and
/// transitions, with the entry closures the checks share.
struct ChartStructure<StateID: Hashable & Sendable, Event: StatechartEvent, Context> {
    typealias Description = TransitionDescription<StateID, Event.Name>

    let chart: Statechart<StateID, Event, Context>
    /// Every state in document order.
    let states: [StateID]
    /// Each state's kind.
    let kinds: [StateID: StateKind]
    /// Every declared transition, described, in document order.
    let transitions: [Description]

    init(_ chart: Statechart<StateID, Event, Context>) {
        self.chart = chart
        states = chart.states
        var kinds: [StateID: StateKind] = [:]
        for state in states { kinds[state] = chart.kind(of: state) ?? .atomic }
        self.kinds = kinds
        transitions = chart.allTransitions.compactMap { chart.transition($0) }
    }

    func kind(_ state: StateID) -> StateKind { kinds[state] ?? .atomic }

    /// `state`'s ancestors, nearest first.
    func ancestors(of state: StateID) -> [StateID] {
        var result: [StateID] = []
        var current = chart.parent(of: state)
        while let parent = current, result.count <= states.count {
            result.append(parent)
            current = chart.parent(of: parent)
        }
        return result
    }

    /// Whether `state` lies strictly inside `ancestor`.
    func isInside(_ state: StateID, _ ancestor: StateID) -> Bool { ancestors(of: state).contains(ancestor) }

    /// The transitions declared on `state`, described, in document order.
    func transitions(of state: StateID) -> [Description] {
        kind(state).isHistory ? [] : chart.transitions(of: state).compactMap { chart.transition($0) }
    }

    /// `root/a#2`: a transition's state path and its position among the state's transitions.
    func path(of transition: Description) -> String? { chart.path(of: transition.id) }

    /// `play → playing`, `(eventless) → b`: a transition in words, for messages.
    func summary(of transition: Description) -> String {
        let trigger: String
        if transition.isAnyEvent {
            trigger = "any event"
        } else if let done = transition.doneOf {
            trigger = "done of '\(done)'"
        } else if transition.isEventless {
            trigger = "eventless"
        } else {
            trigger = transition.events.map { "'\($0)'" }.joined(separator: ", ")
        }
        let targets = transition.targets.isEmpty ? "no target" : transition.targets.map { "'\($0)'" }.joined(separator: ", ")
        return "\(trigger) → \(targets)"
    }

    /// Whether a transition has a guard or a `whenIn` condition.
    func isGuarded(_ transition: Description) -> Bool {
        transition.guardName != nil || !transition.requiredActiveStates.isEmpty
    }

    /// The states that become active when `targets` are entered by a transition: the targets,
    /// their ancestors, the default entries of compound targets, the regions of parallel states
    /// on the way, and the defaults of history targets. Guards are taken as satisfiable.
    func entered(by targets: [StateID]) -> Set<StateID> {
        var result: Set<StateID> = []
        var explicit: Set<StateID> = []
        var work: [StateID] = []
        func enterTargets(_ targets: [StateID]) {
            for target in targets {
                explicit.insert(target)
                explicit.formUnion(ancestors(of: target))
            }
            for target in targets {
                for state in [target] + ancestors(of: target) where result.insert(state).inserted { work.append(state) }
            }
        }
        func enterByDefault(_ state: StateID) { enterTargets([state]) }
        enterTargets(targets)
        while let state = work.popLast() {
            switch kind(state) {
            case .compound:
                // Entered on the way to a deeper target (or a history child): no default entry.
                if !chart.children(of: state).contains(where: { explicit.contains($0) }) {
                    enterTargets(chart.defaultTargets(of: state))
                }
            case .parallel:
                for region in chart.children(of: state) where !kind(region).isHistory && !result.contains(region) {
                    enterByDefault(region)
                }
            case .shallowHistory, .deepHistory:
                let defaults = chart.defaultTargets(of: state)
                if !defaults.isEmpty {
                    enterTargets(defaults)
                } else if let parent = chart.parent(of: state) {
                    // Without a default, a history state enters its parent's default.
                    if kind(parent) == .parallel {
                        chart.children(of: parent).filter { !kind($0).isHistory }.forEach(enterByDefault)
                    } else {
                        enterTargets(chart.defaultTargets(of: parent))
                    }
                }
            case .atomic, .final:
                break
            }
        }
        return result
    }
}
