/// One piece of a state's body in the DSL: a child state, a transition, an entry or exit action,
/// or the initial transition.
public enum StateContent<StateID: Hashable & Sendable, Event: StatechartEvent, Context>: Sendable {
    /// A child state.
    case state(StateDefinition<StateID, Event, Context>)
    /// An outgoing transition.
    case transition(TransitionDefinition<StateID, Event, Context>)
    /// An entry action.
    case entry(Action<Event, Context>)
    /// An exit action.
    case exit(Action<Event, Context>)
    /// The initial transition.
    case initial(InitialTransition<StateID, Event, Context>)
    /// Asynchronous work run while the state is active.
    case invocation(Invocation<Event, Context>)
}

/// The result builder behind the statechart DSL: it collects ``State``, ``Parallel``, ``Final``,
/// ``History``, ``Submachine``, ``Initial``, ``On``, ``OnAny``, ``OnDone``, ``Always``, ``OnEntry`` and
/// ``OnExit`` in the order written, with `if`, `switch` and `for` allowed around them.
@resultBuilder
public enum StateContentBuilder<StateID: Hashable & Sendable, Event: StatechartEvent, Context> {
    public typealias Content = StateContent<StateID, Event, Context>

    public static func buildExpression(_ state: State<StateID, Event, Context>) -> [Content] { [.state(state.definition)] }
    public static func buildExpression(_ state: Parallel<StateID, Event, Context>) -> [Content] { [.state(state.definition)] }
    public static func buildExpression(_ state: Final<StateID, Event, Context>) -> [Content] { [.state(state.definition)] }
    public static func buildExpression(_ state: History<StateID, Event, Context>) -> [Content] { [.state(state.definition)] }
    public static func buildExpression(_ state: Submachine<StateID, Event, Context>) -> [Content] { [.state(state.definition)] }
    public static func buildExpression(_ initial: Initial<StateID, Event, Context>) -> [Content] { [.initial(initial.transition)] }
    public static func buildExpression(_ transition: On<StateID, Event, Context>) -> [Content] { [.transition(transition.definition)] }
    public static func buildExpression(_ transition: OnAny<StateID, Event, Context>) -> [Content] { [.transition(transition.definition)] }
    public static func buildExpression(_ transition: OnDone<StateID, Event, Context>) -> [Content] { [.transition(transition.definition)] }
    public static func buildExpression(_ transition: Always<StateID, Event, Context>) -> [Content] { [.transition(transition.definition)] }
    public static func buildExpression(_ action: OnEntry<StateID, Event, Context>) -> [Content] { action.actions.map { .entry($0) } }
    public static func buildExpression(_ action: OnExit<StateID, Event, Context>) -> [Content] { action.actions.map { .exit($0) } }
    public static func buildExpression(_ invoke: Invoke<StateID, Event, Context>) -> [Content] { [.invocation(invoke.invocation)] }
    public static func buildExpression(_ content: Content) -> [Content] { [content] }
    public static func buildExpression(_ contents: [Content]) -> [Content] { contents }

    public static func buildBlock(_ parts: [Content]...) -> [Content] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [Content]?) -> [Content] { part ?? [] }
    public static func buildEither(first part: [Content]) -> [Content] { part }
    public static func buildEither(second part: [Content]) -> [Content] { part }
    public static func buildArray(_ parts: [[Content]]) -> [Content] { parts.flatMap { $0 } }
    public static func buildLimitedAvailability(_ part: [Content]) -> [Content] { part }
}

extension StateDefinition {
    /// Creates a state from DSL content, sorting it into children, transitions and actions.
    internal init(_ id: StateID, kind: StateDefinitionKind, initial: [StateID], content: [StateContent<StateID, Event, Context>]) {
        self.init(id, kind: kind, initial: initial.isEmpty ? nil : InitialTransition(targets: initial))
        for item in content {
            switch item {
            case .state(let child): children.append(child)
            case .transition(let transition): transitions.append(transition)
            case .entry(let action): onEntry.append(action)
            case .exit(let action): onExit.append(action)
            case .initial(let transition):
                if self.initial == nil { self.initial = transition } else { extraInitialCount += 1 }
            case .invocation(let invocation): invocations.append(invocation)
            }
        }
    }
}

extension StatechartDefinition {
    /// Writes a chart with the DSL without compiling it, to embed it with ``Submachine`` or to
    /// compile it later with ``Statechart/init(_:microstepLimit:externalEventLimit:)``. Problems in
    /// it are reported when it is compiled.
    public init(
        _ name: String = "statechart",
        @StateContentBuilder<StateID, Event, Context> _ content: () -> [StateContent<StateID, Event, Context>]
    ) {
        self.init(name: name, content: content())
    }

    /// Creates a chart from top-level DSL content. Content that cannot stand at the top level
    /// (transitions, entry and exit actions) is kept as a problem that compilation reports.
    internal init(name: String, content: [StateContent<StateID, Event, Context>]) {
        self.init(name: name, states: [])
        for item in content {
            switch item {
            case .state(let state): states.append(state)
            case .initial(let transition):
                if initial == nil { initial = transition } else { problems.append((.multipleInitialTransitions, "the chart has more than one initial transition")) }
            case .transition:
                problems.append((.topLevelContent, "a transition cannot stand at the top level of the chart; put it inside a state"))
            case .entry, .exit:
                problems.append((.topLevelContent, "entry and exit actions cannot stand at the top level of the chart; put them inside a state"))
            case .invocation:
                problems.append((.topLevelContent, "an invocation cannot stand at the top level of the chart; put it inside a state"))
            }
        }
    }
}
