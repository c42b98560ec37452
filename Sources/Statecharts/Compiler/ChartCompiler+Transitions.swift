// Pass 2: every transition resolved (targets, `whenIn` states, triggers) and lowered into the
// tables, then the pseudo-transitions (initial transitions, history defaults) and the entry and
// exit action ranges.

extension _ChartCompiler {
    /// Every problem found, in document order of the states they are about (a stable sort:
    /// problems of one state keep the order they were found in).
    @inlinable
    var problemsInDocumentOrder: [StatechartDefinitionError.Problem] {
        zip(problemStates, problems).enumerated()
            .sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }
            .map { $0.element.1 }
    }

    /// Resolves state ids, reporting unknown ones against `from`.
    @inlinable
    mutating func resolve(_ ids: [StateID], from: _StateIndex, role: String) -> [_StateIndex]? {
        var result: [_StateIndex] = []
        return resolve(ids, from: from, role: role, into: &result) ? result : nil
    }

    /// Appends the indices of `ids` to `result`; `false` (with a problem recorded) when one is
    /// unknown.
    @inlinable
    mutating func resolve(_ ids: [StateID], from: _StateIndex, role: String, into result: inout [_StateIndex]) -> Bool {
        var ok = true
        for id in ids {
            if let i = stateIndex[id] { result.append(i) } else {
                problem(from, .unknownState, "unknown \(role) '\(Self.describe(id))'", naming: Self.describe(id))
                ok = false
            }
        }
        return ok
    }

    /// Several targets must lie in different regions of a parallel state: no target may contain
    /// another, and the nearest common ancestor of any two must be a parallel state.
    @inlinable
    mutating func checkTargetsCoexist(_ targets: some RandomAccessCollection<_StateIndex>, from: _StateIndex, role: String) {
        guard targets.count > 1 else { return }
        for (i, a) in targets.enumerated() {
            for c in targets.dropFirst(i + 1) {
                if a == c || tree.isDescendant(a, of: c) || tree.isDescendant(c, of: a) {
                    problem(from, .nestedTargets, "\(role) '\(path(a))' and '\(path(c))' cannot both be active: one contains the other", naming: path(a))
                    continue
                }
                var anc = parentOf[a]
                while anc > .root && !tree.isDescendant(c, of: anc) { anc = parentOf[anc] }
                if kindOf[anc] != .parallel {
                    problem(from, .targetsInSameRegion, "\(role) '\(path(a))' and '\(path(c))' are not in different regions of a parallel state", naming: path(a))
                }
            }
        }
    }

    /// Appends one compiled transition.
    @inlinable
    mutating func appendTransition(
        source: _StateIndex, trigger: _TriggerKind, targets: [_StateIndex], isInternal: Bool,
        actions transitionActions: [Action<Event, Context>]
    ) {
        b.transitions.source.append(source)
        b.transitions.triggerKind.append(trigger)
        b.transitions.isInternal.append(isInternal)
        b.transitions.isConditionFree.append(true)
        b.transitions.targets.append(targets)
        b.transitions.required.endList()
        actions += transitionActions
        b.transitions.actionStart.append(_ActionIndex(actions.count))
        b.transitions.triggers.endList()
        guards.append(nil)
    }

    /// Lowers the declared transitions (state by state, in document order), then the
    /// pseudo-transitions; fills the per-state action and transition ranges.
    @inlinable
    mutating func lowerTransitions(_ chart: StatechartDefinition<StateID, Event, Context>) {
        let count = stateCount
        if exactMatching, let names = Self.namesInTagOrder() {
            // Class i is the name whose tag byte is i: sending such an event needs no lookup.
            for name in names { _ = classForName(name, declaring: false) }
            classesAreTags = true
        }
        reserveTransitions()
        for s in _StateIndex.all(count) {
            b.states.transitionStart.append(_TransitionIndex(b.transitions.source.count))
            guard let state = loweredPartsOf[s], !kindOf[s].isHistory else { continue }
            for transition in state.transitions {
                lowerTransition(transition, source: s)
            }
        }
        b.states.transitionStart.append(_TransitionIndex(b.transitions.source.count))

        // Pseudo-transitions: initial transitions of compound states (and the root), history defaults.
        b.states.initialTransition = Array(repeating: nil, count: count)
        b.states.historyDefault = Array(repeating: nil, count: count)
        for s in _StateIndex.all(count) {
            switch kindOf[s] {
            case .compound:
                let initial = s == .root ? chart.initial : loweredPartsOf[s]?.initial
                var targets: [_StateIndex]
                var initialActions: [Action<Event, Context>] = []
                if let initial {
                    guard let resolved = resolve(initial.targets, from: s, role: "initial state") else { continue }
                    targets = resolved
                    initialActions = initial.actions
                    if targets.isEmpty { problem(s, .initialWithoutTarget, "an initial transition without a target") }
                    for t in targets where !tree.isDescendant(t, of: s) {
                        problem(s, .initialOutsideState, "the initial state '\(path(t))' is not a descendant of this state", naming: path(t))
                    }
                    checkTargetsCoexist(targets, from: s, role: "initial states")
                } else {
                    let first = firstNonHistoryChild(of: s)
                    targets = first.map { [$0] } ?? []
                }
                guard !targets.isEmpty else { continue }
                b.states.initialTransition[s] = _TransitionIndex(b.transitions.source.count)
                appendTransition(source: s, trigger: .pseudo, targets: targets, isInternal: true, actions: initialActions)
            case .shallowHistory, .deepHistory:
                let parent = parentOf[s]
                var targets: [_StateIndex] = []
                var defaultActions: [Action<Event, Context>] = []
                if let t = loweredPartsOf[s]?.transitions.first {
                    guard let resolved = resolve(t.targets, from: s, role: "history default target") else { continue }
                    targets = resolved
                    defaultActions = t.actions
                    for target in targets where !tree.isDescendant(target, of: parent) || kindOf[target].isHistory {
                        problem(s, .historyDefaultOutsideParent, "the history default '\(path(target))' is not a state inside the history's parent", naming: path(target))
                    }
                    checkTargetsCoexist(targets, from: s, role: "history defaults")
                } else if parent > .root {
                    // Without a default, the parent's default entry is used.
                    if let initial = loweredPartsOf[parent]?.initial, kindOf[parent] == .compound {
                        targets = resolve(initial.targets, from: s, role: "history default target") ?? []
                    } else if kindOf[parent] == .compound, let first = firstNonHistoryChild(of: parent) {
                        targets = [first]
                    } else if kindOf[parent] == .parallel {
                        targets = tree.children(of: parent).filter { !kindOf[$0].isHistory }
                    }
                }
                b.states.historyDefault[s] = _TransitionIndex(b.transitions.source.count)
                appendTransition(source: s, trigger: .pseudo, targets: targets, isInternal: false, actions: defaultActions)
            default:
                continue
            }
        }

        // Entry and exit action ranges.
        for s in 0..<count {
            b.states.entryActionStart.append(_ActionIndex(actions.count))
            actions += loweredPartsOf[s]?.onEntry ?? []
        }
        b.states.entryActionStart.append(_ActionIndex(actions.count))
        for s in 0..<count {
            b.states.exitActionStart.append(_ActionIndex(actions.count))
            actions += loweredPartsOf[s]?.onExit ?? []
        }
        b.states.exitActionStart.append(_ActionIndex(actions.count))
    }

    /// Room in the per-transition columns for every transition pass 2 lowers (the declared
    /// ones, one initial transition per compound state, one default per history state), and in
    /// the per-state columns for every state: a large chart's columns are made once, at their
    /// size, instead of growing by doubling.
    @inlinable
    mutating func reserveTransitions() {
        var transitions = 0
        var targets = 0
        for s in _StateIndex.all(stateCount) {
            switch kindOf[s] {
            case .compound, .shallowHistory, .deepHistory:
                transitions += 1
                targets += 1
            default:
                break
            }
            guard let state = loweredPartsOf[s], !kindOf[s].isHistory else { continue }
            transitions += state.transitions.count
            for transition in state.transitions { targets += transition.targets.count }
        }
        b.transitions.source.reserveCapacity(transitions)
        b.transitions.triggerKind.reserveCapacity(transitions)
        b.transitions.isInternal.reserveCapacity(transitions)
        b.transitions.isConditionFree.reserveCapacity(transitions)
        b.transitions.targets.reserveCapacity(lists: transitions, elements: targets)
        b.transitions.required.reserveCapacity(lists: transitions, elements: 0)
        b.transitions.actionStart.reserveCapacity(transitions + 1)
        b.transitions.triggers.reserveCapacity(lists: transitions, elements: transitions)
        guards.reserveCapacity(transitions)
        b.states.transitionStart.reserveCapacity(stateCount + 1)
        b.states.entryActionStart.reserveCapacity(stateCount + 1)
        b.states.exitActionStart.reserveCapacity(stateCount + 1)
    }

    @inlinable
    mutating func lowerTransition(_ transition: TransitionDefinition<StateID, Event, Context>, source s: _StateIndex) {
        // Targets, `whenIn` states and triggers go straight into the tables (no array per
        // transition) as their open lists; a transition that cannot be lowered takes them back.
        // (Each list is moved out while appended to: `resolve` also records problems in `self`.)
        var tableTargets: [_StateIndex] = []
        swap(&tableTargets, &b.transitions.targets.elements)
        let targetsStart = tableTargets.count
        if !resolve(transition.targets, from: s, role: "target", into: &tableTargets) {
            tableTargets.removeSubrange(targetsStart...)
        }
        swap(&tableTargets, &b.transitions.targets.elements)
        var tableRequired: [_StateIndex] = []
        swap(&tableRequired, &b.transitions.required.elements)
        let requiredStart = tableRequired.count
        if !resolve(transition.requiredActiveStates, from: s, role: "state in whenIn", into: &tableRequired) {
            tableRequired.removeSubrange(requiredStart...)
        }
        swap(&tableRequired, &b.transitions.required.elements)
        if b.transitions.targets.openList.count > 1 {
            checkTargetsCoexist(Array(b.transitions.targets.openList), from: s, role: "targets")
        }
        var kind: _TriggerKind = .events
        switch transition.trigger {
        case .events(let names):
            if names.isEmpty { problem(s, .emptyEventList, "a transition on an empty list of events") }
            for name in names {
                let id = exactMatching ? classForName(name) : descriptorID(name)
                if !b.transitions.triggers.openList.contains(id) { b.transitions.triggers.elements.append(id) }
            }
        case .anyEvent:
            kind = .anyEvent
        case .eventless:
            kind = .eventless
        case .done(let id):
            let state: _StateIndex
            if let id {
                guard let resolved = stateIndex[id] else {
                    problem(s, .unknownState, "done event of unknown state '\(Self.describe(id))'", naming: Self.describe(id))
                    b.transitions.targets.discardOpenList()
                    b.transitions.required.discardOpenList()
                    return
                }
                state = resolved
            } else {
                state = s
            }
            let stateKind = kindOf[state]
            if stateKind != .compound && stateKind != .parallel {
                problem(s, .doneEventNeverRaised, "'\(path(state))' is \(stateKind) and never completes: only compound and parallel states have done events", naming: path(state))
            }
            if doneEventsAreEvents, let name = doneEventName(of: state) {
                b.transitions.triggers.elements.append(exactMatching ? classForName(name) : descriptorID(name))
            } else {
                // Done classes are numbered after the named classes once all names are known
                // (`lower`): until then the trigger's place is kept, with its state.
                doneTriggers.append((b.transitions.triggers.elements.count, state))
                b.transitions.triggers.elements.append(_EventClass(rawValue: 0))
            }
        }
        b.transitions.source.append(s)
        b.transitions.triggerKind.append(kind)
        b.transitions.isInternal.append(transition.kind == .internal)
        b.transitions.isConditionFree.append(transition.guardCondition == nil && b.transitions.required.openList.isEmpty)
        b.transitions.targets.endList()
        b.transitions.required.endList()
        actions += transition.actions
        b.transitions.actionStart.append(_ActionIndex(actions.count))
        b.transitions.triggers.endList()
        guards.append(transition.guardCondition)
    }

    @inlinable
    func firstNonHistoryChild(of s: _StateIndex) -> _StateIndex? {
        tree.children(of: s).first { !kindOf[$0].isHistory }
    }
}
