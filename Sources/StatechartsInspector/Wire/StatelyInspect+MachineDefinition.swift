// A chart as an XState machine config, for the `definition` of Stately Inspect's actor message.

import Statecharts
import StatechartsSCXML

extension StatelyInspect {
    /// The chart as an XState (v5) machine config, built from the chart's public introspection:
    /// what Stately's inspector draws.
    ///
    /// - The machine's `id` is the chart's `name`; each state is keyed, and given an explicit
    ///   `id`, by `String(describing:)` of its identity, so that targets are written `#id`
    ///   wherever they are.
    /// - `type` is `parallel`, `final` or `history` (with `history: "shallow"` or `"deep"` and
    ///   its default transition's `target`); compound and atomic states leave it out, as XState
    ///   infers them.
    /// - `initial` is the key of the child entered by default (the child that holds it when the
    ///   default goes deeper: XState's `initial` names a child only).
    /// - `entry` and `exit` list the action names; `on` maps each event name to the state's
    ///   transitions on it, in document order (`*` for transitions on any event); `always`
    ///   holds eventless transitions and `onDone` the state's own completion transitions. A
    ///   transition on another state's completion is listed under XState's name for that event,
    ///   `xstate.done.state.<id>`.
    /// - A transition is `{"target", "guard", "actions"}` with whatever it has; `reenter: true`
    ///   marks an external transition that targets its own source or a descendant of it (the
    ///   only case where SCXML's external transitions and XState's default ones differ), and
    ///   `description` names the states a `whenIn` transition requires.
    public static func machineDefinition<StateID, Event, Context>(
        of chart: Statechart<StateID, Event, Context>
    ) -> SCXMLValue {
        MachineConfigWriter(chart: chart).machine()
    }
}

/// Writes one chart's machine config (``StatelyInspect/machineDefinition(of:)``).
struct MachineConfigWriter<StateID: Hashable & Sendable, Event: StatechartEvent, Context> {
    let chart: Statechart<StateID, Event, Context>
    /// The declared transitions: only these are written, never an initial or history
    /// pseudo-transition (which has no trigger).
    let declared: Set<TransitionID>
    /// Each state by its name, to read `done.state.<name>` event names.
    let stateNamed: [String: StateID]

    init(chart: Statechart<StateID, Event, Context>) {
        self.chart = chart
        declared = Set(chart.allTransitions)
        var stateNamed: [String: StateID] = [:]
        for state in chart.states { stateNamed[Self.key(state)] = state }
        self.stateNamed = stateNamed
    }

    /// A state's key, and its XState id.
    static func key(_ state: StateID) -> String { String(describing: state) }

    /// A `#id` reference to a state. XState splits a reference at dots (`#id.child.grandchild`),
    /// so dots in the id, and the backslash that escapes them, are escaped.
    static func reference(_ state: StateID) -> String {
        var escaped = ""
        for character in key(state) {
            if character == "." || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return "#" + escaped
    }

    /// The machine: its id, initial state and states.
    func machine() -> SCXMLValue {
        var members: [SCXMLValue.Member] = [.init("id", .string(chart.name))]
        if let initial = initial(of: nil) { members.append(.init("initial", initial)) }
        let states = chart.children(of: nil).map { SCXMLValue.Member(Self.key($0), node($0)) }
        if !states.isEmpty { members.append(.init("states", .object(states))) }
        return .object(members)
    }

    /// One state's config.
    func node(_ state: StateID) -> SCXMLValue {
        var members: [SCXMLValue.Member] = [.init("id", .string(Self.key(state)))]
        let kind = chart.kind(of: state) ?? .atomic
        switch kind {
        case .atomic:
            break
        case .compound:
            if let initial = initial(of: state) { members.append(.init("initial", initial)) }
        case .parallel:
            members.append(.init("type", .string("parallel")))
        case .final:
            members.append(.init("type", .string("final")))
        case .shallowHistory, .deepHistory:
            members.append(.init("type", .string("history")))
            members.append(.init("history", .string(kind == .deepHistory ? "deep" : "shallow")))
            if let target = targets(chart.defaultTargets(of: state)) { members.append(.init("target", target)) }
        }
        let entry = chart.entryActionNames(of: state)
        if !entry.isEmpty { members.append(.init("entry", .array(entry.map(SCXMLValue.string)))) }
        let exit = chart.exitActionNames(of: state)
        if !exit.isEmpty { members.append(.init("exit", .array(exit.map(SCXMLValue.string)))) }
        members += transitions(of: state)
        if kind == .compound || kind == .parallel {
            let children = chart.children(of: state).map { SCXMLValue.Member(Self.key($0), node($0)) }
            members.append(.init("states", .object(children)))
        }
        return .object(members)
    }

    /// `initial`: the key of the child entered by default. XState takes only a child's key, so a
    /// default that goes deeper (SCXML `initial="child.grandchild"`, or several states of a
    /// parallel child) is written as the child that holds it; `nil` when there is no default.
    func initial(of state: StateID?) -> SCXMLValue? {
        guard var child = chart.defaultTargets(of: state).first else { return nil }
        while let parent = chart.parent(of: child), parent != state { child = parent }
        return .string(Self.key(child))
    }

    /// A `target`: one reference, or an array of them; `nil` for none.
    func targets(_ states: [StateID]) -> SCXMLValue? {
        switch states.count {
        case 0: return nil
        case 1: return .string(Self.reference(states[0]))
        default: return .array(states.map { .string(Self.reference($0)) })
        }
    }

    /// The `on`, `always` and `onDone` members of a state, grouped from its declared transitions
    /// in document order.
    func transitions(of state: StateID) -> [SCXMLValue.Member] {
        var on: [(event: String, transitions: [SCXMLValue])] = []
        var always: [SCXMLValue] = []
        var onDone: [SCXMLValue] = []
        func add(_ transition: SCXMLValue, on event: String) {
            if let index = on.firstIndex(where: { $0.event == event }) {
                on[index].transitions.append(transition)
            } else {
                on.append((event, [transition]))
            }
        }
        func addDone(of completed: StateID, _ transition: SCXMLValue) {
            if completed == state { onDone.append(transition) } else { add(transition, on: "xstate.done.state.\(Self.key(completed))") }
        }
        for id in chart.transitions(of: state) where declared.contains(id) {
            guard let description = chart.transition(id) else { continue }
            let transition = config(description, source: state)
            if description.isEventless {
                always.append(transition)
            } else if description.isAnyEvent {
                add(transition, on: "*")
            } else if let completed = description.doneOf {
                addDone(of: completed, transition)
            } else {
                for event in description.events {
                    let name = String(describing: event)
                    if let completed = doneState(named: name) { addDone(of: completed, transition) } else { add(transition, on: name) }
                }
            }
        }
        var members: [SCXMLValue.Member] = []
        if !on.isEmpty { members.append(.init("on", .object(on.map { .init($0.event, .array($0.transitions)) }))) }
        if !always.isEmpty { members.append(.init("always", .array(always))) }
        if !onDone.isEmpty { members.append(.init("onDone", .array(onDone))) }
        return members
    }

    /// The state whose completion an event named `done.state.<name>` reports (charts whose
    /// events are strings name done events so), or `nil`.
    func doneState(named eventName: String) -> StateID? {
        let prefix = "done.state."
        guard eventName.hasPrefix(prefix) else { return nil }
        return stateNamed[String(eventName.dropFirst(prefix.count))]
    }

    /// One transition's config.
    func config(_ transition: TransitionDescription<StateID, Event.Name>, source: StateID) -> SCXMLValue {
        var members: [SCXMLValue.Member] = []
        if let target = targets(transition.targets) { members.append(.init("target", target)) }
        if let guardName = transition.guardName { members.append(.init("guard", .string(guardName))) }
        if !transition.actionNames.isEmpty {
            members.append(.init("actions", .array(transition.actionNames.map(SCXMLValue.string))))
        }
        if !transition.isInternal, transition.targets.contains(where: { isSelfOrDescendant($0, of: source) }) {
            members.append(.init("reenter", .bool(true)))
        }
        if !transition.requiredActiveStates.isEmpty {
            let names = transition.requiredActiveStates.map(Self.key).joined(separator: ", ")
            members.append(.init("description", .string("when in \(names)")))
        }
        return .object(members)
    }

    /// Whether `state` is `ancestor` or one of its descendants.
    func isSelfOrDescendant(_ state: StateID, of ancestor: StateID) -> Bool {
        var current: StateID? = state
        while let node = current {
            if node == ancestor { return true }
            current = chart.parent(of: node)
        }
        return false
    }
}
