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
        guard let s = stateIndex[state], tables.tree.parent[s] > .root else { return nil }
        return stateIDs[tables.tree.parent[s]]
    }

    /// The children of `state` in document order (the top-level states for `nil`).
    public func children(of state: StateID?) -> [StateID] {
        let s: _StateIndex
        if let state {
            guard let index = stateIndex[state] else { return [] }
            s = index
        } else {
            s = .root
        }
        return tables.tree.children(of: s).compactMap { stateIDs[$0] }
    }

    /// The path of `state` from the root: `root/checkout/payment`.
    public func path(of state: StateID) -> String? {
        stateIndex[state].map { paths[$0] }
    }

    /// The states entered by default when `state` is entered: its initial targets (compound),
    /// its regions (parallel), or its default targets (history).
    public func defaultTargets(of state: StateID?) -> [StateID] {
        let s = state.flatMap { stateIndex[$0] } ?? .root
        var t = tables.states.initialTransition[s]
        if tables.tree.isHistory(s) { t = tables.states.historyDefault[s] }
        if tables.tree.isParallel(s) { return children(of: state).filter { kind(of: $0)?.isHistory == false } }
        guard let t else { return [] }
        return tables.transitions.targets[t].compactMap { stateIDs[$0] }
    }

    /// The transitions declared on `state`, in document order.
    public func transitions(of state: StateID) -> [TransitionID] {
        guard let s = stateIndex[state] else { return [] }
        return tables.states.transitions(of: s).map { TransitionID($0) }
    }

    /// Entry action names of `state`, in order (`"action"` for unnamed ones).
    public func entryActionNames(of state: StateID) -> [String] {
        guard let s = stateIndex[state] else { return [] }
        return tables.states.entryActions(of: s).map { actions[$0].name ?? "action" }
    }

    /// Exit action names of `state`, in order (`"action"` for unnamed ones).
    public func exitActionNames(of state: StateID) -> [String] {
        guard let s = stateIndex[state] else { return [] }
        return tables.states.exitActions(of: s).map { actions[$0].name ?? "action" }
    }

    /// Describes a transition, or returns `nil` for an id this chart does not have.
    public func transition(_ id: TransitionID) -> TransitionDescription<StateID, Event.Name>? {
        let t = id.index
        guard tables.transitions.all.contains(t) else { return nil }
        let kind = tables.transitions.triggerKind[t]
        var events: [Event.Name] = []
        var doneOf: StateID?
        if kind == _TriggerKind.events.rawValue {
            for c in tables.transitions.triggers[t] {
                if exactMatching, c.offset < classNames.count, let name = classNames[c] {
                    events.append(name)
                } else if !exactMatching, c.offset < descriptors.count {
                    events.append(descriptors[c])
                } else if let state = tables.tree.parent.indices.first(where: { tables.states.doneClass[$0] == c }) {
                    doneOf = stateIDs[state]
                }
            }
        }
        return TransitionDescription(
            id: id,
            source: stateIDs[tables.transitions.source[t]],
            targets: tables.transitions.targets[t].compactMap { stateIDs[$0] },
            events: events,
            isAnyEvent: kind == _TriggerKind.anyEvent.rawValue,
            isEventless: kind == _TriggerKind.eventless.rawValue,
            doneOf: doneOf,
            isInternal: tables.transitions.isInternal[t],
            guardName: guards[t].map { $0.name ?? "guard" },
            actionNames: tables.transitions.actions(of: t).map { actions[$0].name ?? "action" },
            requiredActiveStates: tables.transitions.required[t].compactMap { stateIDs[$0] })
    }

    /// Every declared transition (not the initial and history pseudo-transitions), in document order.
    public var allTransitions: [TransitionID] {
        tables.transitions.all
            .filter { tables.transitions.triggerKind[$0] != _TriggerKind.pseudo.rawValue }
            .map { TransitionID($0) }
    }

    /// The event names (descriptors) the chart declares, in order of first appearance.
    public var declaredEventNames: [Event.Name] {
        exactMatching ? declaredNames : descriptors
    }

    /// Every active state of `configuration`, in document order.
    public func activeStates(in configuration: Configuration) -> [StateID] {
        indices(in: configuration).compactMap { stateIDs[$0] }
    }

    /// The active atomic and final states of `configuration`, in document order.
    public func atomicStates(in configuration: Configuration) -> [StateID] {
        indices(in: configuration).filter { tables.tree.isAtomic($0) }.compactMap { stateIDs[$0] }
    }

    func indices(in configuration: Configuration) -> [_StateIndex] {
        if let set = configuration.set {
            return set.ascending.filter { $0 > .root && $0.offset < tables.stateCount }
        }
        let leaf = configuration.leaf
        guard leaf >= .root, leaf.offset < tables.stateCount else { return [] }
        var path: [_StateIndex] = []
        var s = leaf
        while s > .root { path.append(s); s = tables.tree.parent[s] }
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
        for slot in tables.joints.keys.indices where tables.joints.keys[slot] != 0 { configurations += 1 }
        return (configurations, tables.joints.pickLists.count, tables.joints.pickLists.map { $0.count }.max() ?? 0)
    }
}

extension Statechart {
    /// How many candidates enter through a history state by precomputed variants, and how many
    /// of their variants have a plan (the others take the general step). For tests.
    @_spi(Testing)
    public var _historyVariantCounts: (candidates: Int, plannedVariants: Int) {
        var candidates = 0
        var planned = 0
        for c in tables.candidates.flags.indices where tables.candidates.flags[c].restoresHistory {
            candidates += 1
            let restore = tables.history.restores[c][0]
            for v in restore.variants where !tables.candidates.flags[v].needsGeneralStep {
                planned += 1
            }
        }
        return (candidates, planned)
    }
}

extension Statechart {
    /// How many entries of the direct table name a candidate the candidate stage takes without
    /// selecting it (history, guarded and sending ones; 0 without a direct table). For tests.
    @_spi(Testing)
    public var _namedDirectEntries: Int {
        guard tables.direct.exists else { return 0 }
        return tables.direct.entries.indices.count { tables.direct.entries[$0].namesCandidate }
    }
}

extension Statechart {
    /// How many guarded direct entries' candidates the table runtime takes by a
    /// ``_GuardedStep`` (a context-only guard, at most one context-only action). For tests.
    @_spi(Testing)
    public var _guardedSteps: Int {
        let steps = tables.direct.guardedSteps
        return steps.indices.count { steps[$0].contextGuard != nil }
    }
}

extension Statechart {
    /// How many history states the direct table's rows carry (``_HistoryRowFields``), and how
    /// many bits their fields take. For tests.
    @_spi(Testing)
    public var _historyRowFields: (histories: Int, bits: Int) {
        let direct = tables.direct
        return (direct.historyFields.exist ? direct.historyFields.fields.count : 0, direct.historyBits)
    }
}

extension Statechart {
    /// How many event names the chart keeps resolved against its descriptors, and how many it
    /// keeps at most (descriptor matching only; 0 under exact matching). For tests.
    @_spi(Testing)
    public var _resolvedNames: (count: Int, limit: Int) {
        (resolvedNames.withLock { $0.count }, resolvedNamesLimit)
    }
}
