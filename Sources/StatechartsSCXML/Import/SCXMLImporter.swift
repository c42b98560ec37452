import Statecharts

/// Builds the `StatechartDefinition` of an ``SCXMLDocument``: states named by
/// their ids, events by strings, executable content as actions and conditions as guards that run
/// through the instance's ``SCXMLSession``. See ``SCXMLActionNames`` for how they are named.
struct SCXMLImporter {
    typealias Definition = StatechartDefinition<String, SCXMLEvent, SCXMLContext>
    typealias State = StateDefinition<String, SCXMLEvent, SCXMLContext>
    typealias Transition = TransitionDefinition<String, SCXMLEvent, SCXMLContext>
    typealias ChartAction = Action<SCXMLEvent, SCXMLContext>

    let document: SCXMLDocument
    /// Every state id, collected on first use (only `In()` conditions need them).
    private var knownStateIDs: Set<String>?
    var compiler = SCXMLContentCompiler()
    /// Whether entry and exit actions keep the session's active states for `In()`.
    var tracksActiveStates = false
    /// The data models an invoked document may ask for.
    var dataModels: [SCXMLDataModelFactory] = [.null]

    init(_ document: SCXMLDocument, dataModels: [SCXMLDataModelFactory] = [.null]) {
        self.document = document
        self.dataModels = dataModels
    }

    /// Whether the document has a state named `id`.
    mutating func isStateID(_ id: String) -> Bool {
        if let knownStateIDs { return knownStateIDs.contains(id) }
        var ids: Set<String> = []
        document.forEachState { ids.insert($0.id) }
        knownStateIDs = ids
        return ids.contains(id)
    }

    /// The definition, and the table of every expression it uses.
    mutating func makeDefinition() -> (Definition, [SCXMLExpression]) {
        // Whether any expression calls In() is known once every expression is compiled: a chart
        // that does is built a second time, from the start, with its states tracked.
        let start = self
        var definition = buildDefinition()
        if !tracksActiveStates, compiler.table.mentionsIn {
            self = start
            tracksActiveStates = true
            definition = buildDefinition()
        }
        return (definition, compiler.table.expressions)
    }

    /// The definition of the document's states and its initialization.
    private mutating func buildDefinition() -> Definition {
        let states = self.states(document.states)
        let initialTargets = document.initial.isEmpty ? (document.states.first { !$0.isHistory }.map { [$0.id] } ?? []) : document.initial
        return Definition(name: document.name ?? "scxml",
                          initial: InitialTransition(targets: initialTargets, actions: [initialization()]),
                          states: states)
    }

    /// The chart's initialization: binds the data (all of it with early binding, the top-level
    /// data with late binding, after creating every variable) and runs the top-level scripts.
    mutating func initialization() -> ChartAction {
        let topLevel = document.data.map { compiler.compile($0) }
        var nestedData: [(state: String, data: [SCXMLCompiledData])] = []
        document.forEachState { state in
            if !state.data.isEmpty { nestedData.append((state.id, state.data.map { compiler.compile($0) })) }
        }
        let nested = nestedData
        let scripts = document.scripts.map { (compiler.table.add(.script, $0.source, at: $0.position), $0.position) }
        let late = document.binding == .late
        let name = SCXMLWriter.headerXML(document)
        return ChartAction(name) { context, _, outbox in
            let session = context.session
            if late {
                session.declare(topLevel + nested.flatMap(\.data), outbox: &outbox)
                session.bind(topLevel, outbox: &outbox)
            } else {
                session.bind(topLevel, outbox: &outbox)
                for entry in nested { session.bindOnFirstEntry(of: entry.state, entry.data, outbox: &outbox) }
            }
            for (script, position) in scripts { session.runScript(script, at: position, outbox: &outbox) }
        }
    }

    mutating func states(_ states: [SCXMLState]) -> [State] {
        // By index: `map` would copy each state (and retain its fields) on the way.
        var result: [State] = []
        result.reserveCapacity(states.count)
        for index in states.indices { result.append(state(states[index])) }
        return result
    }

    mutating func state(_ element: SCXMLState) -> State {
        let kind: StateDefinitionKind
        switch element.kind {
        case .state: kind = .state
        case .parallel: kind = .parallel
        case .final: kind = .final
        case .history(let history): kind = .history(history)
        }
        var state = State(element.id, kind: kind)
        state.children = states(element.children)
        if let initial = element.initialTransition {
            state.initial = InitialTransition(targets: initial.targets, actions: block(initial.content))
        } else if !element.initial.isEmpty {
            state.initial = InitialTransition(targets: element.initial)
        }
        state.transitions = element.transitions.map { transition($0) }
        if element.isHistory { return state }

        let id = element.id
        if tracksActiveStates {
            state.onEntry.append(ChartAction(SCXMLActionNames.activeStateTracking) { context in
                context.session.activeStates.insert(id)
            })
        }
        if !element.data.isEmpty {
            let data = element.data.map { compiler.compile($0) }
            state.onEntry.append(ChartAction(SCXMLWriter.dataModelXML(element.data)) { context, event, outbox in
                context.session.bindOnFirstEntry(of: id, data, event: event, outbox: &outbox)
            })
        }
        for content in element.onEntry { state.onEntry += block(content) }
        if let doneData = element.doneData {
            let compiled = compiler.compile(doneData)
            state.onEntry.append(ChartAction(SCXMLWriter.doneDataXML(doneData)) { context, event, outbox in
                context.session.evaluateDoneData(compiled, event: event, outbox: &outbox)
            })
            state.doneEvent = DoneEventBuilder { context, parent, _ in
                SCXMLEvent("done.state." + parent, type: .internal, data: context.session.takeDoneData())
            }
        }
        for content in element.onExit { state.onExit += block(content) }
        state.invocations = invocations(element)
        if tracksActiveStates {
            state.onExit.append(ChartAction(SCXMLActionNames.activeStateTracking) { context in
                context.session.activeStates.remove(id)
            })
        }
        return state
    }

    /// One action for a block of executable content; none for an empty block.
    mutating func block(_ content: [SCXMLExecutable]) -> [ChartAction] {
        guard !content.isEmpty else { return [] }
        let instructions = compiler.compile(content)
        return [ChartAction(SCXMLWriter.compactXML(content)) { context, event, outbox in
            context.session.run(instructions, event: event, outbox: &outbox)
        }]
    }

    mutating func transition(_ element: SCXMLTransition) -> Transition {
        let trigger: Trigger<String, String>
        if element.events.isEmpty {
            trigger = .eventless
        } else if element.events == ["*"] {
            trigger = .anyEvent
        } else {
            trigger = .events(element.events)
        }
        var transition = Transition(trigger: trigger, targets: element.targets,
                                    kind: element.type, actions: block(element.content))
        if let condition = element.condition {
            if let id = SCXMLNullDataModel.inStateID(condition), isStateID(id), isPlainIn(condition) {
                transition.requiredActiveStates = [id]
            } else {
                let expression = compiler.table.add(.condition, condition, at: element.position)
                let position = element.position
                transition.guardCondition = Guard(condition) { context, event, outbox in
                    context.session.condition(expression, at: position, event: event, outbox: &outbox)
                }
            }
        }
        return transition
    }

    /// Whether `condition` is exactly an `In(…)` call the data model would read the same way as
    /// the runtime's `whenIn` check: quoted for ECMAScript, either form for the null data model.
    func isPlainIn(_ condition: String) -> Bool {
        if document.effectiveDataModel == "null" { return true }
        let trimmed = condition.filter { !$0.isWhitespace }
        return trimmed.hasPrefix("In('") || trimmed.hasPrefix("In(\"")
    }
}
