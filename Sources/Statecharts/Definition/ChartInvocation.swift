/// A child chart that a state runs as its own instance while it is active (SCXML's `<invoke>` of
/// a chart): started when the macrostep that entered the state completes, if the state is still
/// active then; stopped when the state is exited, even in the macrostep that entered it.
///
/// The child runs inside its parent instance, on the parent's clock: its delayed events fall due
/// as the parent's clock advances (virtual in tests, kept in step with a real clock by
/// ``StatechartRunner``). Each `send` processes the parent's queue and its children's in turns,
/// one event each, so a child that keeps itself busy cannot starve its parent (see
/// ``Statechart/externalEventLimit``).
///
/// - The parent sends to the child with ``Outbox/send(_:toInvocation:after:ifUnreachable:)``, and every
///   external event the parent processes is sent on when ``autoforward`` is set.
/// - The child sends to its parent with ``Outbox/sendToParent(_:after:)``.
/// - When the child reaches a top-level final state, its completion event (built from its final
///   context) is queued for the parent after everything else the child sent.
///
/// Write it with ``Invoke/init(chart:id:autoforward:context:toChild:fromChild:onDone:finalize:)``;
/// the SCXML importer builds the same value for `<invoke>`.
public struct ChartInvocation<Event: StatechartEvent, Context>: Sendable {
    /// The invocation's id, which ``Outbox/send(_:toInvocation:after:ifUnreachable:)`` names; `nil`
    /// generates `STATE.N` (the invoking state's id and a number unique in the instance).
    public var id: String?
    /// Whether every external event the parent processes is sent on to the child too.
    public var autoforward: Bool
    /// Runs in the parent, with the event from the child as the event, right before the parent
    /// processes an event the child sent (SCXML's `<finalize>`), while the invoking state is active.
    public var finalize: Action<Event, Context>?
    /// Starts the child: given the parent's context, the invocation's id and the parent's
    /// outbox (to raise an error event), returns the child session, or `nil` when it cannot start.
    public let launch: @Sendable (_ context: inout Context, _ id: String, _ outbox: inout Outbox<Event>) -> InvokedChart<Event>?

    /// Creates a chart invocation from a function that starts the child.
    public init(
        id: String? = nil, autoforward: Bool = false, finalize: Action<Event, Context>? = nil,
        launch: @escaping @Sendable (_ context: inout Context, _ id: String, _ outbox: inout Outbox<Event>) -> InvokedChart<Event>?
    ) {
        self.id = id
        self.autoforward = autoforward
        self.finalize = finalize
        self.launch = launch
    }
}

/// A child chart ready to run under a parent whose events are `ParentEvent`: a not yet started
/// instance of any chart, and how events cross between the two. ``ChartInvocation/launch`` makes
/// one; the parent starts it.
public struct InvokedChart<ParentEvent: StatechartEvent>: Sendable {
    var session: _AnyChildSession<ParentEvent>

    /// A child session of any kind (the runtime's instance initializer makes one).
    init(session: _AnyChildSession<ParentEvent>) { self.session = session }
}
