/// An entry action in the DSL: `OnEntry { $0.count += 1 }` or `OnEntry(Action("log") { ... })`.
public struct OnEntry<StateID: Hashable & Sendable, Event: StatechartEvent, Context>: Sendable {
    /// The actions, in order.
    public let actions: [Action<Event, Context>]

    /// Entry actions given as values.
    public init(_ actions: Action<Event, Context>...) { self.actions = actions }
    /// An entry action on the context.
    public init(_ name: String? = nil, _ body: @escaping @Sendable (inout Context) -> Void) { actions = [Action(name, body)] }
    /// An entry action on the context and the event.
    public init(_ name: String? = nil, _ body: @escaping @Sendable (inout Context, Event?) -> Void) { actions = [Action(name, body)] }
    /// An entry action that may use the outbox.
    public init(_ name: String? = nil, _ body: @escaping @Sendable (inout Context, Event?, inout Outbox<Event>) -> Void) {
        actions = [Action(name, body)]
    }
}

/// An exit action in the DSL: `OnExit { $0.count -= 1 }` or `OnExit(Action("log") { ... })`.
public struct OnExit<StateID: Hashable & Sendable, Event: StatechartEvent, Context>: Sendable {
    /// The actions, in order.
    public let actions: [Action<Event, Context>]

    /// Exit actions given as values.
    public init(_ actions: Action<Event, Context>...) { self.actions = actions }
    /// An exit action on the context.
    public init(_ name: String? = nil, _ body: @escaping @Sendable (inout Context) -> Void) { actions = [Action(name, body)] }
    /// An exit action on the context and the event.
    public init(_ name: String? = nil, _ body: @escaping @Sendable (inout Context, Event?) -> Void) { actions = [Action(name, body)] }
    /// An exit action that may use the outbox.
    public init(_ name: String? = nil, _ body: @escaping @Sendable (inout Context, Event?, inout Outbox<Event>) -> Void) {
        actions = [Action(name, body)]
    }
}
