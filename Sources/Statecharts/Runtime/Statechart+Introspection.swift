// Reading a compiled chart: its states, transitions and configurations.

/// A compiled transition, described with the chart's own names.
public struct TransitionDescription<StateID: Hashable & Sendable, EventName: Hashable & Sendable>: Sendable, Hashable {
    /// Its id.
    public let id: TransitionID
    /// The state it belongs to (`nil` for the chart's own initial transition).
    public let source: StateID?
    /// Its targets, as written (history states included).
    public let targets: [StateID]
    /// The event names (descriptors) that trigger it; empty for eventless, any-event and done
    /// transitions.
    public let events: [EventName]
    /// Whether every event triggers it.
    public let isAnyEvent: Bool
    /// Whether it is eventless.
    public let isEventless: Bool
    /// The state whose completion triggers it, for done transitions.
    public let doneOf: StateID?
    /// Whether it is internal.
    public let isInternal: Bool
    /// Its guard's name, if it has a named guard; `"guard"` for an unnamed one.
    public let guardName: String?
    /// The names of its actions (`"action"` for unnamed ones).
    public let actionNames: [String]
    /// The states that must be active (`whenIn`).
    public let requiredActiveStates: [StateID]
}

extension Statechart {
    /// The number of states, not counting the implicit root.
    public var stateCount: Int { tables.stateCount - 1 }

    /// Every state in document order.
    public var states: [StateID] { stateIDs.compactMap { $0 } }

    /// The kind of `state`, or `nil` when the chart has no such state.
    public func kind(of state: StateID) -> StateKind? {
        stateIndex[state].map { tables.tree.stateKind($0) }
    }

    /// The parent of `state` (`nil` at the top level or for an unknown state).
    public func parent(of state: StateID) -> StateID? {
        guard let s = stateIndex[state], tables.tree.parent[s] > 0 else { return nil }
        return stateIDs[Int(tables.tree.parent[s])]
    }

    /// The children of `state` in document order (the top-level states for `nil`).
    public func children(of state: StateID?) -> [StateID] {
        let s: Int32
        if let state {
            guard let index = stateIndex[state] else { return [] }
            s = index
        } else {
            s = 0
        }
        return tables.tree.children(of: s).compactMap { stateIDs[Int($0)] }
    }

    /// The path of `state` from the root: `root/checkout/payment`.
    public func path(of state: StateID) -> String? {
        stateIndex[state].map { paths[Int($0)] }
    }

    /// The states entered by default when `state` is entered: its initial targets (compound),
    /// its regions (parallel), or its default targets (history).
    public func defaultTargets(of state: StateID?) -> [StateID] {
        let s: Int32 = state.flatMap { stateIndex[$0] } ?? 0
        var t = tables.states.initialTransition[s]
        if tables.tree.isHistory(s) { t = tables.states.historyDefault[s] }
        if tables.tree.isParallel(s) { return children(of: state).filter { kind(of: $0)?.isHistory == false } }
        guard t >= 0 else { return [] }
        return tables.transitions.targetsOf(t).compactMap { stateIDs[Int(tables.transitions.targets[$0])] }
    }

    /// The transitions declared on `state`, in document order.
    public func transitions(of state: StateID) -> [TransitionID] {
        guard let s = stateIndex[state] else { return [] }
        return (tables.states.transitionStart[s]..<tables.states.transitionStart[s + 1]).map { TransitionID(rawValue: $0) }
    }

    /// Entry action names of `state`, in order (`"action"` for unnamed ones).
    public func entryActionNames(of state: StateID) -> [String] {
        guard let s = stateIndex[state] else { return [] }
        return (tables.states.entryActionStart[s]..<tables.states.entryActionStart[s + 1]).map { actions[$0].name ?? "action" }
    }

    /// Exit action names of `state`, in order (`"action"` for unnamed ones).
    public func exitActionNames(of state: StateID) -> [String] {
        guard let s = stateIndex[state] else { return [] }
        return (tables.states.exitActionStart[s]..<tables.states.exitActionStart[s + 1]).map { actions[$0].name ?? "action" }
    }

    /// Describes a transition, or returns `nil` for an id this chart does not have.
    public func transition(_ id: TransitionID) -> TransitionDescription<StateID, Event.Name>? {
        let t = id.rawValue
        guard t >= 0, Int(t) < tables.transitions.count else { return nil }
        let kind = tables.transitions.triggerKind[t]
        var events: [Event.Name] = []
        var doneOf: StateID?
        if kind == _TriggerKind.events.rawValue {
            for i in tables.transitions.triggerStart[t]..<tables.transitions.triggerStart[t + 1] {
                let c = tables.transitions.triggers[i]
                if exactMatching, Int(c) < classNames.count, let name = classNames[Int(c)] {
                    events.append(name)
                } else if !exactMatching, Int(c) < descriptors.count {
                    events.append(descriptors[Int(c)])
                } else if let state = (0..<Int32(tables.stateCount)).first(where: { tables.states.doneClass[$0] == c }) {
                    doneOf = stateIDs[Int(state)]
                }
            }
        }
        return TransitionDescription(
            id: id,
            source: stateIDs[Int(tables.transitions.source[t])],
            targets: tables.transitions.targetsOf(t).compactMap { stateIDs[Int(tables.transitions.targets[$0])] },
            events: events,
            isAnyEvent: kind == _TriggerKind.anyEvent.rawValue,
            isEventless: kind == _TriggerKind.eventless.rawValue,
            doneOf: doneOf,
            isInternal: tables.transitions.isInternal[t],
            guardName: guards[t].map { $0.name ?? "guard" },
            actionNames: (tables.transitions.actionStart[t]..<tables.transitions.actionStart[t + 1]).map { actions[$0].name ?? "action" },
            requiredActiveStates: (tables.transitions.requiredStart[t]..<tables.transitions.requiredStart[t + 1]).compactMap { stateIDs[Int(tables.transitions.required[$0])] })
    }

    /// Every declared transition (not the initial and history pseudo-transitions), in document order.
    public var allTransitions: [TransitionID] {
        (0..<Int32(tables.transitions.count))
            .filter { tables.transitions.triggerKind[$0] != _TriggerKind.pseudo.rawValue }
            .map { TransitionID(rawValue: $0) }
    }

    /// The event names (descriptors) the chart declares, in order of first appearance.
    public var declaredEventNames: [Event.Name] {
        exactMatching ? declaredNames : descriptors
    }

    /// Every active state of `configuration`, in document order.
    public func activeStates(in configuration: Configuration) -> [StateID] {
        indices(in: configuration).compactMap { stateIDs[Int($0)] }
    }

    /// The active atomic and final states of `configuration`, in document order.
    public func atomicStates(in configuration: Configuration) -> [StateID] {
        indices(in: configuration).filter { tables.tree.isAtomic($0) }.compactMap { stateIDs[Int($0)] }
    }

    func indices(in configuration: Configuration) -> [Int32] {
        if let set = configuration.set {
            return set.ascending.filter { $0 > 0 && Int($0) < tables.stateCount }
        }
        let leaf = configuration.leaf
        guard leaf >= 0, Int(leaf) < tables.stateCount else { return [] }
        var path: [Int32] = []
        var s = leaf
        while s > 0 { path.append(s); s = tables.tree.parent[s] }
        return path.reversed()
    }
}

extension Statechart {
    /// How many configurations the joint tables hold, how many distinct joint steps they take,
    /// and the most transitions one of them takes (all 0 without joint tables). For tests.
    @_spi(Testing)
    public var _jointTableSize: (configurations: Int, steps: Int, mostPicks: Int) {
        guard tables.joints.exists else { return (0, 0, 0) }
        var configurations = 0
        for slot in 0..<tables.joints.keys.count where tables.joints.keys[slot] != 0 { configurations += 1 }
        return (configurations, tables.joints.pickLists.count, tables.joints.pickLists.map(\.count).max() ?? 0)
    }
}
