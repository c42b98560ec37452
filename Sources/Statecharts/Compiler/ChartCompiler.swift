/// Validates a ``StatechartDefinition`` and lowers it to ``_ChartTables``.
///
/// The compiler is `@inlinable` (with ``Statechart/init(_:microstepLimit:externalEventLimit:)``) so
/// that it is specialized for the chart's state, event and context types where a chart is built:
/// run generically it spends most of its time looking up type metadata (4× slower).
///
/// Two passes: `flatten` numbers the states in document order and checks their structure;
/// `lowerTransitions` resolves every transition. All problems are collected and thrown together.
/// Lowering (plans and candidate tables) is in ChartCompiler+Lowering.swift.
@usableFromInline
internal struct _ChartCompiler<StateID: Hashable & Sendable, Event: StatechartEvent, Context> {
    @inlinable init() {}
    @usableFromInline typealias Definition = StateDefinition<StateID, Event, Context>

    // The states, numbered in document order, as struct-of-arrays (reading one field of a state
    // never copies its whole definition).
    @usableFromInline
    var definitionOf: [Definition?] = []
    @usableFromInline
    var parentOf: [Int32] = []
    @usableFromInline
    var kindOf: [StateKind] = []
    @usableFromInline
    var pathOf: [String] = []
    @usableFromInline
    var subtreeEndOf: [Int32] = []
    @inlinable
    var stateCount: Int { kindOf.count }
    /// The states as a tree, once `flatten` has numbered them all; then handed to the tables.
    @usableFromInline
    var treeStorage = _StateTreeStorage(parent: [], kind: [], subtreeEnd: [])
    @inlinable
    var tree: _StateTree { treeStorage.tree }

    @inlinable
    mutating func appendState(_ definition: Definition?, parent: Int32, kind: StateKind, path: String) {
        definitionOf.append(definition)
        parentOf.append(parent)
        kindOf.append(kind)
        pathOf.append(path)
        subtreeEndOf.append(0)
    }

    @usableFromInline
    var problems: [StatechartDefinitionError.Problem] = []
    /// The state each problem is about (its index), to report them in document order.
    @usableFromInline
    var problemStates: [Int32] = []
    @usableFromInline
    var stateIndex: [StateID: Int32] = [:]
    @usableFromInline
    var stateIDs: [StateID?] = []

    @usableFromInline
    var b = _TablesBuilder()
    @usableFromInline
    var actions: [Action<Event, Context>] = []
    @usableFromInline
    var guards: [Guard<Event, Context>?] = []
    /// The done-event builder of each final state that has one.
    @usableFromInline
    var doneEventBuilders: [Int32: DoneEventBuilder<Event, Context>] = [:]
    /// The invocations of each state that has some.
    @usableFromInline
    var invocations: [Int32: [Invocation<Event, Context>]] = [:]
    /// Exact matching: the class of each declared event name.
    @usableFromInline
    var eventClasses: [Event.Name: Int32] = [:]
    /// The name of each class (nil for done classes and the unmatched class).
    @usableFromInline
    var classNames: [Event.Name?] = []
    /// Descriptor matching: every distinct descriptor, numbered.
    @usableFromInline
    var descriptors: [Event.Name] = []
    @usableFromInline
    var descriptorIDs: [Event.Name: Int32] = [:]
    /// Exact matching: whether a transition names each class, and those names in order of first
    /// appearance.
    @usableFromInline
    var classIsDeclared: [Bool] = []
    @usableFromInline
    var declaredNames: [Event.Name] = []
    /// Whether event classes are numbered by the tag byte of a payload-free enum of names.
    @usableFromInline
    var classesAreTags = false
    /// Synthetic done classes, by state.
    @usableFromInline
    var doneClassOfState: [Int32: Int32] = [:]
    @usableFromInline
    let exactMatching = Event.descriptorsMatchExactly
    /// Whether to precompute single-path plans (see `Statechart.init(compiling:microstepLimit:externalEventLimit:singlePathPlans:)`).
    @usableFromInline
    var singlePathPlans = true
    @usableFromInline
    let doneEventsAreEvents = Event.doneEvent(forStateNamed: "probe") != nil

    @inlinable
    static func describe(_ id: StateID) -> String { String(describing: id) }

    @inlinable
    func path(_ s: Int32) -> String { pathOf[Int(s)] }

    @inlinable
    mutating func problem(_ s: Int32, _ message: String) {
        problems.append(.init(path: path(s), message: message))
        problemStates.append(s)
    }

    // MARK: Pass 1: states

    @inlinable
    mutating func flatten(_ chart: StatechartDefinition<StateID, Event, Context>) {
        appendState(nil, parent: -1, kind: .compound, path: "root")
        stateIDs.append(nil)
        for message in chart.problems { problem(0, message) }
        if chart.states.filter({ !$0.isHistory }).isEmpty {
            problem(0, "the chart has no states")
        }
        for state in chart.states { visit(state, parent: 0) }
        subtreeEndOf[0] = Int32(stateCount - 1)
        treeStorage = _StateTreeStorage(parent: parentOf, kind: kindOf, subtreeEnd: subtreeEndOf)
    }

    @inlinable
    mutating func visit(_ state: Definition, parent: Int32) {
        let index = Int32(stateCount)
        let name = Self.describe(state.id)
        let path = pathOf[Int(parent)] + "/" + name
        let realChildren = state.children.filter { !$0.isHistory }
        let kind: StateKind
        switch state.kind {
        case .state: kind = realChildren.isEmpty ? (state.children.isEmpty ? .atomic : .compound) : .compound
        case .parallel: kind = .parallel
        case .final: kind = .final
        case .history(.shallow): kind = .shallowHistory
        case .history(.deep): kind = .deepHistory
        }
        appendState(state, parent: parent, kind: kind, path: path)
        stateIDs.append(state.id)
        if let existing = stateIndex[state.id] {
            problem(index, "duplicate state '\(name)' (first defined at \(self.path(existing)))")
        } else {
            stateIndex[state.id] = index
        }
        checkStructure(state, index, kind: kind, realChildren: realChildren.count)
        if !state.invocations.isEmpty {
            if kind.isHistory { problem(index, "a history state cannot have invocations") } else { invocations[index] = state.invocations }
        }
        if let builder = state.doneEvent {
            if kind == .final { doneEventBuilders[index] = builder } else { problem(index, "only a final state can build a done event") }
        }
        for child in state.children { visit(child, parent: index) }
        subtreeEndOf[Int(index)] = Int32(stateCount - 1)
    }

    @inlinable
    mutating func checkStructure(_ state: Definition, _ index: Int32, kind: StateKind, realChildren: Int) {
        if state.extraInitialCount > 0 {
            problem(index, "more than one initial transition (an `initial:` argument and an `Initial` element, or several `Initial` elements)")
        }
        switch kind {
        case .atomic:
            if state.initial != nil { problem(index, "an initial transition on a state without child states") }
        case .compound:
            if realChildren == 0 { problem(index, "a compound state with no child states besides history (an empty compound)") }
        case .parallel:
            if realChildren == 0 { problem(index, "a parallel state without regions") }
            if state.initial != nil { problem(index, "a parallel state cannot have an initial transition (all regions are entered)") }
        case .final:
            if !state.children.isEmpty { problem(index, "a final state cannot have child states") }
            if !state.transitions.isEmpty { problem(index, "a final state cannot have transitions") }
            if state.initial != nil { problem(index, "a final state cannot have an initial transition") }
            if kindOf[Int(parentOf[Int(index)])] == .parallel {
                problem(index, "a final state cannot be a region of a parallel state; put it inside a region")
            }
        case .shallowHistory, .deepHistory:
            if !state.children.isEmpty { problem(index, "a history state cannot have child states") }
            if state.initial != nil { problem(index, "a history state cannot have an initial transition") }
            if !state.onEntry.isEmpty || !state.onExit.isEmpty { problem(index, "a history state cannot have entry or exit actions") }
            if state.transitions.count > 1 { problem(index, "a history state has one default transition, not \(state.transitions.count)") }
            if let t = state.transitions.first, t.trigger != .eventless || t.guardCondition != nil {
                problem(index, "a history state's default transition has no event and no guard")
            }
            if parentOf[Int(index)] == 0 { problem(index, "a history state must be inside a compound or parallel state, not at the top level") }
        }
    }

    // MARK: Pass 2: transitions

    /// Resolves state ids, reporting unknown ones against `from`.
    /// Every problem found, in document order of the states they are about (a stable sort:
    /// problems of one state keep the order they were found in).
    @inlinable
    var problemsInDocumentOrder: [StatechartDefinitionError.Problem] {
        zip(problemStates, problems).enumerated()
            .sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }
            .map(\.element.1)
    }

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
                problem(from, "unknown \(role) '\(Self.describe(id))'")
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
                    problem(from, "\(role) '\(path(a))' and '\(path(c))' cannot both be active: one contains the other")
                    continue
                }
                var anc = parentOf[Int(a)]
                while anc > 0 && !tree.isDescendant(c, of: anc) { anc = parentOf[Int(anc)] }
                if kindOf[Int(anc)] != .parallel {
                    problem(from, "\(role) '\(path(a))' and '\(path(c))' are not in different regions of a parallel state")
                }
            }
        }
    }

    /// For a payload-free enum of event names that is `CaseIterable`, its cases in tag order; `nil`
    /// unless the layout is verified: a one-byte type whose `allCases` carry the tags 0, 1, 2, …
    /// and list every case. (An enum of n cases stores `Optional.none` as the tag n, its first
    /// unused value: an `allCases` that leaves a case out has fewer than n elements.)
    @usableFromInline
    static func namesInTagOrder() -> [Event.Name]? {
        guard Event._namesMayBeTags, let caseIterable = Event.Name.self as? any CaseIterable.Type else { return nil }
        let all = caseIterable.allCasesAsArray()
        let caseCount = withUnsafeBytes(of: Event.Name?.none) { Int($0[0]) }
        guard !all.isEmpty, all.count == caseCount else { return nil }
        var names: [Event.Name] = []
        for (i, value) in all.enumerated() {
            guard let name = value as? Event.Name, withUnsafeBytes(of: name, { $0[0] }) == UInt8(i) else { return nil }
            names.append(name)
        }
        return names
    }

    /// The class of an event name, numbering it if new; `declaring` records it among the names
    /// transitions declare.
    @inlinable
    mutating func classForName(_ name: Event.Name, declaring: Bool = true) -> Int32 {
        let c: Int32
        if let known = eventClasses[name] {
            c = known
        } else {
            c = Int32(classNames.count)
            eventClasses[name] = c
            classNames.append(name)
            classIsDeclared.append(false)
        }
        if declaring && !classIsDeclared[Int(c)] {
            classIsDeclared[Int(c)] = true
            declaredNames.append(name)
        }
        return c
    }

    @inlinable
    mutating func descriptorID(_ name: Event.Name) -> Int32 {
        if let d = descriptorIDs[name] { return d }
        let d = Int32(descriptors.count)
        descriptorIDs[name] = d
        descriptors.append(name)
        return d
    }

    /// The event name of `state`'s done event, for event types that have one.
    @inlinable
    func doneEventName(of state: Int32) -> Event.Name? {
        guard let id = stateIDs[Int(state)] else { return nil }
        return Event.doneEvent(forStateNamed: Self.describe(id))?.name
    }

    /// Appends one compiled transition.
    @inlinable
    mutating func appendTransition(
        source: Int32, trigger: _TriggerKind, triggers: [Int32], targets: [Int32], isInternal: Bool,
        required: [Int32], guard: Guard<Event, Context>?, actions transitionActions: [Action<Event, Context>]
    ) {
        b.source.append(source)
        b.triggerKind.append(trigger)
        b.isInternal.append(isInternal)
        b.isConditionFree.append(`guard` == nil && required.isEmpty)
        b.targets += targets
        b.targetStart.append(Int32(b.targets.count))
        b.required += required
        b.requiredStart.append(Int32(b.required.count))
        actions += transitionActions
        b.transitionActionStart.append(Int32(actions.count))
        b.triggers += triggers
        b.triggerStart.append(Int32(b.triggers.count))
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
            b.transitionStart.append(Int32(b.source.count))
            guard let state = definitionOf[s], !kindOf[s].isHistory else { continue }
            for transition in state.transitions {
                lowerTransition(transition, source: s32)
            }
        }
        b.transitionStart.append(Int32(b.source.count))

        // Pseudo-transitions: initial transitions of compound states (and the root), history defaults.
        b.initialTransition = Array(repeating: -1, count: count)
        b.historyDefault = Array(repeating: -1, count: count)
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
                    if targets.isEmpty { problem(s32, "an initial transition without a target") }
                    for t in targets where !tree.isDescendant(t, of: s32) {
                        problem(s32, "the initial state '\(path(t))' is not a descendant of this state")
                    }
                    checkTargetsCoexist(targets, from: s32, role: "initial states")
                } else {
                    let first = firstNonHistoryChild(of: s32)
                    targets = first.map { [$0] } ?? []
                }
                guard !targets.isEmpty else { continue }
                b.initialTransition[s] = Int32(b.source.count)
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
                        problem(s32, "the history default '\(path(target))' is not a state inside the history's parent")
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
                b.historyDefault[s] = Int32(b.source.count)
                appendTransition(source: s32, trigger: .pseudo, triggers: [], targets: targets, isInternal: false,
                                 required: [], guard: nil, actions: defaultActions)
            default:
                continue
            }
        }

        // Entry and exit action ranges.
        for s in 0..<count {
            b.entryActionStart.append(Int32(actions.count))
            actions += definitionOf[s]?.onEntry ?? []
        }
        b.entryActionStart.append(Int32(actions.count))
        for s in 0..<count {
            b.exitActionStart.append(Int32(actions.count))
            actions += definitionOf[s]?.onExit ?? []
        }
        b.exitActionStart.append(Int32(actions.count))
    }

    @inlinable
    mutating func lowerTransition(_ transition: TransitionDefinition<StateID, Event, Context>, source s: Int32) {
        // Targets, `whenIn` states and triggers go straight into the tables (no array per
        // transition); a transition that cannot be lowered takes its entries back out.
        // (Each table is moved out while appended to: `resolve` also records problems in `self`.)
        let targetsStart = b.targets.count
        var tableTargets: [Int32] = []
        swap(&tableTargets, &b.targets)
        if !resolve(transition.targets, from: s, role: "target", into: &tableTargets) {
            tableTargets.removeSubrange(targetsStart...)
        }
        swap(&tableTargets, &b.targets)
        let requiredStart = b.required.count
        var tableRequired: [Int32] = []
        swap(&tableRequired, &b.required)
        if !resolve(transition.requiredActiveStates, from: s, role: "state in whenIn", into: &tableRequired) {
            tableRequired.removeSubrange(requiredStart...)
        }
        swap(&tableRequired, &b.required)
        if b.targets.count - targetsStart > 1 {
            checkTargetsCoexist(Array(b.targets[targetsStart...]), from: s, role: "targets")
        }
        let triggersStart = b.triggers.count
        var kind: _TriggerKind = .events
        switch transition.trigger {
        case .events(let names):
            if names.isEmpty { problem(s, "a transition on an empty list of events") }
            for name in names {
                let id = exactMatching ? classForName(name) : descriptorID(name)
                if !b.triggers[triggersStart...].contains(id) { b.triggers.append(id) }
            }
        case .anyEvent:
            kind = .anyEvent
        case .eventless:
            kind = .eventless
        case .done(let id):
            let state: Int32
            if let id {
                guard let resolved = stateIndex[id] else {
                    problem(s, "done event of unknown state '\(Self.describe(id))'")
                    b.targets.removeSubrange(targetsStart...)
                    b.required.removeSubrange(requiredStart...)
                    return
                }
                state = resolved
            } else {
                state = s
            }
            let stateKind = kindOf[Int(state)]
            if stateKind != .compound && stateKind != .parallel {
                problem(s, "'\(path(state))' is \(stateKind) and never completes: only compound and parallel states have done events")
            }
            if doneEventsAreEvents, let name = doneEventName(of: state) {
                b.triggers.append(exactMatching ? classForName(name) : descriptorID(name))
            } else {
                if let c = doneClassOfState[state] {
                    b.triggers.append(c)
                } else {
                    // Done classes are numbered after the named classes once all names are known;
                    // until then they are recorded as negative placeholders (-1 - state).
                    b.triggers.append(-1 - state)
                    doneClassOfState[state] = -1 - state
                }
            }
        }
        b.source.append(s)
        b.triggerKind.append(kind)
        b.isInternal.append(transition.kind == .internal)
        b.isConditionFree.append(transition.guardCondition == nil && b.required.count == requiredStart)
        b.targetStart.append(Int32(b.targets.count))
        b.requiredStart.append(Int32(b.required.count))
        actions += transition.actions
        b.transitionActionStart.append(Int32(actions.count))
        b.triggerStart.append(Int32(b.triggers.count))
        guards.append(transition.guardCondition)
    }

    @inlinable
    func firstNonHistoryChild(of s: Int32) -> Int32? {
        tree.children(of: s).first { !kindOf[Int($0)].isHistory }
    }
}

extension StateDefinition {
    @inlinable
    var isHistory: Bool {
        if case .history = kind { return true }
        return false
    }
}
