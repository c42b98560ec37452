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
            .map(\.element.1)
    }

    /// Resolves state ids, reporting unknown ones against `from`.
    @inlinable
    mutating func resolve(_ ids: [StateID], from: Int32, role: String) -> [Int32]? {
        var result: [Int32] = []
        return resolve(ids, from: from, role: role, into: &result) ? result : nil
    }

    /// Appends the indices of `ids` to `result`; `false` (with a problem recorded) when one is
    /// unknown.
    @inlinable
    mutating func resolve(_ ids: [StateID], from: Int32, role: String, into result: inout [Int32]) -> Bool {
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
    mutating func checkTargetsCoexist(_ targets: [Int32], from: Int32, role: String) {
        guard targets.count > 1 else { return }
        for i in 0..<targets.count {
            for j in (i + 1)..<targets.count {
                let a = targets[i], c = targets[j]
                if a == c || tree.isDescendant(a, of: c) || tree.isDescendant(c, of: a) {
                    problem(from, .nestedTargets, "\(role) '\(path(a))' and '\(path(c))' cannot both be active: one contains the other", naming: path(a))
                    continue
                }
                var anc = parentOf[Int(a)]
                while anc > 0 && !tree.isDescendant(c, of: anc) { anc = parentOf[Int(anc)] }
                if kindOf[Int(anc)] != .parallel {
                    problem(from, .targetsInSameRegion, "\(role) '\(path(a))' and '\(path(c))' are not in different regions of a parallel state", naming: path(a))
                }
            }
        }
    }

    /// Appends one compiled transition.
    @inlinable
    mutating func appendTransition(
        source: Int32, trigger: _TriggerKind, triggers: [Int32], targets: [Int32], isInternal: Bool,
        required: [Int32], guard: Guard<Event, Context>?, actions transitionActions: [Action<Event, Context>]
    ) {
        b.transitions.source.append(source)
        b.transitions.triggerKind.append(trigger)
        b.transitions.isInternal.append(isInternal)
        b.transitions.isConditionFree.append(`guard` == nil && required.isEmpty)
        b.transitions.targets += targets
        b.transitions.targetStart.append(Int32(b.transitions.targets.count))
        b.transitions.required += required
        b.transitions.requiredStart.append(Int32(b.transitions.required.count))
        actions += transitionActions
        b.transitions.actionStart.append(Int32(actions.count))
        b.transitions.triggers += triggers
        b.transitions.triggerStart.append(Int32(b.transitions.triggers.count))
        guards.append(`guard`)
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
        for s in 0..<count {
            let s32 = Int32(s)
            b.states.transitionStart.append(Int32(b.transitions.source.count))
            guard let state = definitionOf[s], !kindOf[s].isHistory else { continue }
            for transition in state.transitions {
                lowerTransition(transition, source: s32)
            }
        }
        b.states.transitionStart.append(Int32(b.transitions.source.count))

        // Pseudo-transitions: initial transitions of compound states (and the root), history defaults.
        b.states.initialTransition = Array(repeating: -1, count: count)
        b.states.historyDefault = Array(repeating: -1, count: count)
        for s in 0..<count {
            let s32 = Int32(s)
            switch kindOf[s] {
            case .compound:
                let initial = s == 0 ? chart.initial : definitionOf[s]?.initial
                var targets: [Int32]
                var initialActions: [Action<Event, Context>] = []
                if let initial {
                    guard let resolved = resolve(initial.targets, from: s32, role: "initial state") else { continue }
                    targets = resolved
                    initialActions = initial.actions
                    if targets.isEmpty { problem(s32, .initialWithoutTarget, "an initial transition without a target") }
                    for t in targets where !tree.isDescendant(t, of: s32) {
                        problem(s32, .initialOutsideState, "the initial state '\(path(t))' is not a descendant of this state", naming: path(t))
                    }
                    checkTargetsCoexist(targets, from: s32, role: "initial states")
                } else {
                    let first = firstNonHistoryChild(of: s32)
                    targets = first.map { [$0] } ?? []
                }
                guard !targets.isEmpty else { continue }
                b.states.initialTransition[s] = Int32(b.transitions.source.count)
                appendTransition(source: s32, trigger: .pseudo, triggers: [], targets: targets, isInternal: true,
                                 required: [], guard: nil, actions: initialActions)
            case .shallowHistory, .deepHistory:
                let parent = parentOf[s]
                var targets: [Int32] = []
                var defaultActions: [Action<Event, Context>] = []
                if let t = definitionOf[s]?.transitions.first {
                    guard let resolved = resolve(t.targets, from: s32, role: "history default target") else { continue }
                    targets = resolved
                    defaultActions = t.actions
                    for target in targets where !tree.isDescendant(target, of: parent) || kindOf[Int(target)].isHistory {
                        problem(s32, .historyDefaultOutsideParent, "the history default '\(path(target))' is not a state inside the history's parent", naming: path(target))
                    }
                    checkTargetsCoexist(targets, from: s32, role: "history defaults")
                } else if parent > 0 {
                    // Without a default, the parent's default entry is used.
                    if let initial = definitionOf[Int(parent)]?.initial, kindOf[Int(parent)] == .compound {
                        targets = resolve(initial.targets, from: s32, role: "history default target") ?? []
                    } else if kindOf[Int(parent)] == .compound, let first = firstNonHistoryChild(of: parent) {
                        targets = [first]
                    } else if kindOf[Int(parent)] == .parallel {
                        targets = tree.children(of: parent).filter { !kindOf[Int($0)].isHistory }
                    }
                }
                b.states.historyDefault[s] = Int32(b.transitions.source.count)
                appendTransition(source: s32, trigger: .pseudo, triggers: [], targets: targets, isInternal: false,
                                 required: [], guard: nil, actions: defaultActions)
            default:
                continue
            }
        }

        // Entry and exit action ranges.
        for s in 0..<count {
            b.states.entryActionStart.append(Int32(actions.count))
            actions += definitionOf[s]?.onEntry ?? []
        }
        b.states.entryActionStart.append(Int32(actions.count))
        for s in 0..<count {
            b.states.exitActionStart.append(Int32(actions.count))
            actions += definitionOf[s]?.onExit ?? []
        }
        b.states.exitActionStart.append(Int32(actions.count))
    }

    @inlinable
    mutating func lowerTransition(_ transition: TransitionDefinition<StateID, Event, Context>, source s: Int32) {
        // Targets, `whenIn` states and triggers go straight into the tables (no array per
        // transition); a transition that cannot be lowered takes its entries back out.
        // (Each table is moved out while appended to: `resolve` also records problems in `self`.)
        let targetsStart = b.transitions.targets.count
        var tableTargets: [Int32] = []
        swap(&tableTargets, &b.transitions.targets)
        if !resolve(transition.targets, from: s, role: "target", into: &tableTargets) {
            tableTargets.removeSubrange(targetsStart...)
        }
        swap(&tableTargets, &b.transitions.targets)
        let requiredStart = b.transitions.required.count
        var tableRequired: [Int32] = []
        swap(&tableRequired, &b.transitions.required)
        if !resolve(transition.requiredActiveStates, from: s, role: "state in whenIn", into: &tableRequired) {
            tableRequired.removeSubrange(requiredStart...)
        }
        swap(&tableRequired, &b.transitions.required)
        if b.transitions.targets.count - targetsStart > 1 {
            checkTargetsCoexist(Array(b.transitions.targets[targetsStart...]), from: s, role: "targets")
        }
        let triggersStart = b.transitions.triggers.count
        var kind: _TriggerKind = .events
        switch transition.trigger {
        case .events(let names):
            if names.isEmpty { problem(s, .emptyEventList, "a transition on an empty list of events") }
            for name in names {
                let id = exactMatching ? classForName(name) : descriptorID(name)
                if !b.transitions.triggers[triggersStart...].contains(id) { b.transitions.triggers.append(id) }
            }
        case .anyEvent:
            kind = .anyEvent
        case .eventless:
            kind = .eventless
        case .done(let id):
            let state: Int32
            if let id {
                guard let resolved = stateIndex[id] else {
                    problem(s, .unknownState, "done event of unknown state '\(Self.describe(id))'", naming: Self.describe(id))
                    b.transitions.targets.removeSubrange(targetsStart...)
                    b.transitions.required.removeSubrange(requiredStart...)
                    return
                }
                state = resolved
            } else {
                state = s
            }
            let stateKind = kindOf[Int(state)]
            if stateKind != .compound && stateKind != .parallel {
                problem(s, .doneEventNeverRaised, "'\(path(state))' is \(stateKind) and never completes: only compound and parallel states have done events", naming: path(state))
            }
            if doneEventsAreEvents, let name = doneEventName(of: state) {
                b.transitions.triggers.append(exactMatching ? classForName(name) : descriptorID(name))
            } else {
                if let c = doneClassOfState[state] {
                    b.transitions.triggers.append(c)
                } else {
                    // Done classes are numbered after the named classes once all names are known;
                    // until then they are recorded as negative placeholders (-1 - state).
                    b.transitions.triggers.append(-1 - state)
                    doneClassOfState[state] = -1 - state
                }
            }
        }
        b.transitions.source.append(s)
        b.transitions.triggerKind.append(kind)
        b.transitions.isInternal.append(transition.kind == .internal)
        b.transitions.isConditionFree.append(transition.guardCondition == nil && b.transitions.required.count == requiredStart)
        b.transitions.targetStart.append(Int32(b.transitions.targets.count))
        b.transitions.requiredStart.append(Int32(b.transitions.required.count))
        actions += transition.actions
        b.transitions.actionStart.append(Int32(actions.count))
        b.transitions.triggerStart.append(Int32(b.transitions.triggers.count))
        guards.append(transition.guardCondition)
    }

    @inlinable
    func firstNonHistoryChild(of s: Int32) -> Int32? {
        tree.children(of: s).first { !kindOf[Int($0)].isHistory }
    }
}
