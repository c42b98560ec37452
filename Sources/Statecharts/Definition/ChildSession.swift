// What a parent needs of a child chart it invoked, whatever the child's types: the contract
// between a definition's chart invocation (ChartInvocation.swift) and the runtime that runs the
// child (Runtime/Children/).

/// A running child chart, type-erased for its parent: what a parent needs of a child of any
/// chart. The runtime's ``_ChildInstance`` is the one implementation; ``InvokedChart`` carries it
/// from ``ChartInvocation/launch`` to the parent.
@usableFromInline
protocol _ChildSession<ParentEvent>: Sendable {
    associatedtype ParentEvent: StatechartEvent
    /// Runs the child's initial macrostep at the parent's time `now`.
    mutating func start(at now: Duration)
    /// Ends the child because its parent left the invoking state: its active states' exit
    /// actions run; it sends nothing more.
    mutating func cancel()
    /// Queues an event the parent sends; `false` when the child does not take it.
    mutating func enqueue(_ event: ParentEvent) -> Bool
    /// One turn at time `now`: the child's own children each take a turn, then the child
    /// processes one queued event. `turn` counts the parent's turns in this call; past the
    /// child's ``Statechart/externalEventLimit`` the child is stopped. Whether anything happened.
    mutating func step(at now: Duration, turn: Int) -> Bool
    /// Moves the child's (and its children's) delayed events due by `time` to their queues.
    mutating func releaseTimers(upTo time: Duration)
    /// When the child's next delayed event, or one of its children's, is due.
    var nextDue: Duration? { get }
    /// Whether the child, or one of its children, has an event waiting.
    var hasQueuedEvents: Bool { get }
    /// The events the child sent its parent since the last call, as the parent's events.
    mutating func takeEventsForParent() -> [ParentEvent]
    /// Whether the child still runs; `false` once it finished or was stopped.
    var isRunning: Bool { get }
    /// The completion event for the parent, once the child reached a top-level final state.
    var completionEvent: ParentEvent? { get }
}

#if hasFeature(Embedded)
/// How a parent holds a child session: in Embedded Swift, which has no values of a non-class
/// protocol type, a session that is never made, since no child chart runs there
/// (`Invoke(chart:)` and ``InvokedChart``'s initializer are compiled out); everything else is
/// unchanged.
@usableFromInline
typealias _AnyChildSession<ParentEvent: StatechartEvent> = _NoChildSession<ParentEvent>

/// A child session that nothing makes (see ``_AnyChildSession``).
@usableFromInline
struct _NoChildSession<ParentEvent: StatechartEvent>: _ChildSession {
    @usableFromInline mutating func start(at now: Duration) {}
    @usableFromInline mutating func cancel() {}
    @usableFromInline mutating func enqueue(_ event: ParentEvent) -> Bool { false }
    @usableFromInline mutating func step(at now: Duration, turn: Int) -> Bool { false }
    @usableFromInline mutating func releaseTimers(upTo time: Duration) {}
    @usableFromInline var nextDue: Duration? { nil }
    @usableFromInline var hasQueuedEvents: Bool { false }
    @usableFromInline mutating func takeEventsForParent() -> [ParentEvent] { [] }
    @usableFromInline var isRunning: Bool { false }
    @usableFromInline var completionEvent: ParentEvent? { nil }
}
#else
/// How a parent holds a child session: a running instance of any chart.
@usableFromInline
typealias _AnyChildSession<ParentEvent: StatechartEvent> = any _ChildSession<ParentEvent>
#endif
