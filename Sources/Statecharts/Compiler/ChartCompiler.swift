/// Validates a ``StatechartDefinition`` and lowers it to ``_ChartTables``.
///
/// The compiler is `@inlinable` (with ``Statechart/init(_:microstepLimit:externalEventLimit:)``) so
/// that it is specialized for the chart's state, event and context types where a chart is built:
/// run generically it spends most of its time looking up type metadata (4× slower).
///
/// Two passes: `flatten` numbers the states in document order and checks their structure;
/// `lowerTransitions` resolves every transition. All problems are collected and thrown together.
/// Pass 2 is in ChartCompiler+Transitions.swift, event classes in ChartCompiler+Events.swift;
/// lowering (plans and candidate tables) in ChartCompiler+Lowering.swift, and the direct and
/// region tables in ChartCompiler+DirectTables.swift.
@usableFromInline
internal struct _ChartCompiler<StateID: Hashable & Sendable, Event: StatechartEvent, Context> {
    @inlinable init() {
        storage = _TableStorage()
        tree = _StateTree(parent: [], kind: [], subtreeEnd: [], in: storage)
    }
    @usableFromInline typealias Definition = StateDefinition<StateID, Event, Context>

    // The states, numbered in document order, as struct-of-arrays (reading one field of a state
    // never copies its whole definition).
    /// What pass 2 lowers of each state's definition (`nil` for the root): not the whole
    /// definition, which a large chart would hold a second copy of while it is compiled.
    @usableFromInline
    var loweredPartsOf: [_LoweredStateParts<StateID, Event, Context>?] = []
    @usableFromInline
    var parentOf: [_StateIndex] = []
    @usableFromInline
    var kindOf: [StateKind] = []
    @usableFromInline
    var pathOf: [String] = []
    @usableFromInline
    var subtreeEndOf: [_StateIndex] = []
    @inlinable
    var stateCount: Int { kindOf.count }
    /// Where the tree is made; handed to the chart's tables, which make the rest of the chart's
    /// tables in it (the one owner of the chart's unsafe memory).
    @usableFromInline
    let storage: _TableStorage
    /// The states as a tree, once `flatten` has numbered them all; then handed to the tables.
    @usableFromInline
    var tree: _StateTree

    @inlinable
    mutating func appendState(_ definition: Definition?, parent: _StateIndex, kind: StateKind, path: String) {
        loweredPartsOf.append(definition.map(_LoweredStateParts.init))
        parentOf.append(parent)
        kindOf.append(kind)
        pathOf.append(path)
        subtreeEndOf.append(.root)
    }

    @usableFromInline
    var problems: [StatechartDefinitionError.Problem] = []
    /// The state each problem is about (its index), to report them in document order.
    @usableFromInline
    var problemStates: [_StateIndex] = []
    /// Each state's number by its id, and its id by its number.
    @usableFromInline
    var stateIndex = _StateNumbers<StateID>()
    @inlinable
    var stateIDs: [StateID?] { stateIndex.ids }

    @usableFromInline
    var b = _TablesBuilder()
    @usableFromInline
    var actions: [Action<Event, Context>] = []
    @usableFromInline
    var guards: [Guard<Event, Context>?] = []
    /// The done-event builder of each final state that has one.
    @usableFromInline
    var doneEventBuilders: [_StateIndex: DoneEventBuilder<Event, Context>] = [:]
    /// The invocations of each state that has some.
    @usableFromInline
    var invocations: [_StateIndex: [Invocation<Event, Context>]] = [:]
    /// Exact matching: the class of each declared event name.
    @usableFromInline
    var eventClasses: [Event.Name: _EventClass] = [:]
    /// The name of each class (nil for done classes and the unmatched class).
    @usableFromInline
    var classNames: [Event.Name?] = []
    /// Descriptor matching: every distinct descriptor, numbered.
    @usableFromInline
    var descriptors: [Event.Name] = []
    @usableFromInline
    var descriptorIDs: [Event.Name: _EventClass] = [:]
    /// Exact matching: whether a transition names each class, and those names in order of first
    /// appearance.
    @usableFromInline
    var classIsDeclared: [Bool] = []
    @usableFromInline
    var declaredNames: [Event.Name] = []
    /// Whether event classes are numbered by the tag byte of a payload-free enum of names.
    @usableFromInline
    var classesAreTags = false
    /// Triggers on a synthetic done event, which is numbered after the named classes once all
    /// names are known: where each is in the transitions' trigger lists, and the state it is of.
    @usableFromInline
    var doneTriggers: [(slot: Int, state: _StateIndex)] = []
    @usableFromInline
    let exactMatching = Event.descriptorsMatchExactly
    /// Whether to precompute single-path plans (see `Statechart.init(compiling:microstepLimit:externalEventLimit:singlePathPlans:)`).
    @usableFromInline
    var singlePathPlans = true
    @usableFromInline
    let doneEventsAreEvents = Event.doneEvent(forStateNamed: "probe") != nil

    @inlinable
    static func describe(_ id: StateID) -> String { _describe(id) }

    @inlinable
    func path(_ s: _StateIndex) -> String { pathOf[s] }

    /// The tables' builders, moved out (the compiler keeps empty ones), so that freezing them can
    /// release each one's arrays as soon as its tables are made.
    @inlinable
    mutating func takeTablesBuilder() -> _TablesBuilder {
        var taken = _TablesBuilder()
        swap(&taken, &b)
        return taken
    }

    @inlinable
    mutating func problem(_ s: _StateIndex, _ kind: StatechartDefinitionError.Problem.Kind, _ message: String, naming other: String? = nil) {
        problems.append(.init(path: path(s), kind: kind, message: message, namedState: other))
        problemStates.append(s)
    }

    // MARK: Pass 1: states

    @inlinable
    mutating func flatten(_ chart: StatechartDefinition<StateID, Event, Context>) {
        reserveStates(1 + Self.countStates(chart.states))
        appendState(nil, parent: .none, kind: .compound, path: "root")
        _ = stateIndex.append(nil)
        for (kind, message) in chart.problems { problem(.root, kind, message) }
        if !chart.states.contains(where: { !$0.isHistory }) {
            problem(.root, .noStates, "the chart has no states")
        }
        // By index: iterating would copy each state's definition on the way.
        for index in chart.states.indices { visit(chart.states[index], parent: .root) }
        subtreeEndOf[_StateIndex.root] = _StateIndex(stateCount - 1)
        tree = _StateTree(parent: parentOf, kind: kindOf, subtreeEnd: subtreeEndOf, in: storage)
    }

    @inlinable
    mutating func visit(_ state: Definition, parent: _StateIndex) {
        let index = _StateIndex(stateCount)
        let name = Self.describe(state.id)
        let path = pathOf[parent] + "/" + name
        var realChildren = 0 // children besides history states, counted without copying them
        for child in state.children.indices where !state.children[child].isHistory { realChildren += 1 }
        let kind: StateKind
        switch state.kind {
        case .state: kind = state.children.isEmpty ? .atomic : .compound
        case .parallel: kind = .parallel
        case .final: kind = .final
        case .history(.shallow): kind = .shallowHistory
        case .history(.deep): kind = .deepHistory
        }
        appendState(state, parent: parent, kind: kind, path: path)
        if let existing = stateIndex.append(state.id) {
            problem(index, .duplicateState, "duplicate state '\(name)' (first defined at \(self.path(existing)))", naming: self.path(existing))
        }
        checkStructure(state, index, kind: kind, realChildren: realChildren)
        if !state.invocations.isEmpty {
            if kind.isHistory { problem(index, .invalidHistoryState, "a history state cannot have invocations") } else { invocations[index] = state.invocations }
        }
        if let builder = state.doneEvent {
            if kind == .final { doneEventBuilders[index] = builder } else { problem(index, .doneDataOutsideFinalState, "only a final state can build a done event") }
        }
        for child in state.children.indices { visit(state.children[child], parent: index) }
        subtreeEndOf[index] = _StateIndex(stateCount - 1)
    }

    /// The number of states in `states` and their descendants.
    @inlinable
    static func countStates(_ states: [Definition]) -> Int {
        states.indices.reduce(states.count) { $0 + countStates(states[$1].children) }
    }

    /// Room for `count` states in the per-state arrays, so that a large chart is not copied as
    /// they grow.
    @inlinable
    mutating func reserveStates(_ count: Int) {
        loweredPartsOf.reserveCapacity(count)
        parentOf.reserveCapacity(count)
        kindOf.reserveCapacity(count)
        pathOf.reserveCapacity(count)
        subtreeEndOf.reserveCapacity(count)
        stateIndex.reserveCapacity(count)
    }

    @inlinable
    mutating func checkStructure(_ state: Definition, _ index: _StateIndex, kind: StateKind, realChildren: Int) {
        if state.extraInitialCount > 0 {
            problem(index, .multipleInitialTransitions, "more than one initial transition (an `initial:` argument and an `Initial` element, or several `Initial` elements)")
        }
        switch kind {
        case .atomic:
            if state.initial != nil { problem(index, .misplacedInitialTransition, "an initial transition on a state without child states") }
        case .compound:
            if realChildren == 0 { problem(index, .emptyCompound, "a compound state with no child states besides history (an empty compound)") }
        case .parallel:
            if realChildren == 0 { problem(index, .emptyCompound, "a parallel state without regions") }
            if state.initial != nil { problem(index, .misplacedInitialTransition, "a parallel state cannot have an initial transition (all regions are entered)") }
        case .final:
            if !state.children.isEmpty { problem(index, .invalidFinalState, "a final state cannot have child states") }
            if !state.transitions.isEmpty { problem(index, .invalidFinalState, "a final state cannot have transitions") }
            if state.initial != nil { problem(index, .misplacedInitialTransition, "a final state cannot have an initial transition") }
            if kindOf[parentOf[index]] == .parallel {
                problem(index, .invalidFinalState, "a final state cannot be a region of a parallel state; put it inside a region")
            }
        case .shallowHistory, .deepHistory:
            if !state.children.isEmpty { problem(index, .invalidHistoryState, "a history state cannot have child states") }
            if state.initial != nil { problem(index, .misplacedInitialTransition, "a history state cannot have an initial transition") }
            if !state.onEntry.isEmpty || !state.onExit.isEmpty { problem(index, .invalidHistoryState, "a history state cannot have entry or exit actions") }
            if state.transitions.count > 1 { problem(index, .invalidHistoryState, "a history state has one default transition, not \(state.transitions.count)") }
            if let t = state.transitions.first, t.trigger != .eventless || t.guardCondition != nil {
                problem(index, .invalidHistoryState, "a history state's default transition has no event and no guard")
            }
            if parentOf[index] == .root { problem(index, .invalidHistoryState, "a history state must be inside a compound or parallel state, not at the top level") }
        }
    }
}

extension StateDefinition {
    @inlinable
    var isHistory: Bool {
        if case .history = kind { return true }
        return false
    }
}
