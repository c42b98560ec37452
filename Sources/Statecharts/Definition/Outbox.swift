/// What an action asks the running instance to do besides changing the context: raise internal
/// events, send external ones (now or after a delay), and cancel delayed ones.
///
/// Actions receive the instance's outbox `inout`; the runtime carries out each request right after
/// the action returns, in the order made, so that a `cancel` in a later action sees an earlier
/// delayed `send`. Nothing here is processed re-entrantly: raised and sent events wait their turn
/// (run-to-completion).
public struct Outbox<Event: StatechartEvent>: Sendable {
    /// The internal event queue of the running macrostep (SCXML's internal queue).
    @usableFromInline
    internal var internalQueue: [QueuedEvent<Event>] = []

    /// Sends and cancels made by the action being run, carried out when it returns.
    @usableFromInline
    internal var requests: [OutboxRequest<Event>] = []

    @inlinable
    internal init() {}

    /// Raises `event` on the internal queue: it is processed in this macrostep, before any further
    /// external event (SCXML `<raise>`).
    @inlinable
    public mutating func raise(_ event: Event) {
        internalQueue.append(.event(event))
    }

    /// Sends `event` to this instance's external queue (SCXML `<send>` without a target).
    ///
    /// - Parameters:
    ///   - event: the event to send.
    ///   - delay: when given and positive, the event is queued once the instance's clock has
    ///     advanced by `delay`; see ``StatechartInstance/advanceClock(by:limit:)``.
    ///   - id: an identifier that ``cancel(_:)`` can name while the event is still pending.
    @inlinable
    public mutating func send(_ event: Event, after delay: Duration = .zero, id: String? = nil) {
        requests.append(.send(event, delay: delay, id: id))
    }

    /// Sends `event` to the parent instance that invoked this one (SCXML `<send target="#_parent">`);
    /// see ``ChartInvocation``. An instance that was not invoked keeps it for whatever runs it
    /// (``StatechartInstance/takeEventsForParent()``; a durable store puts it in its outbox).
    /// - Parameters:
    ///   - event: the event, of this instance's type (the invocation translates it).
    ///   - delay: when positive, the event leaves once this instance's clock has advanced by
    ///     `delay`; it never leaves if this instance stops or finishes before.
    @inlinable
    public mutating func sendToParent(_ event: Event, after delay: Duration = .zero) {
        requests.append(.toParent(event, delay: delay))
    }

    /// Sends `event` to the running child chart with invocation id `id` (SCXML
    /// `<send target="#_ID">`); the child queues it and processes it in its turn.
    /// - Parameters:
    ///   - event: the event, of this instance's type (the invocation translates it).
    ///   - id: the invocation id.
    ///   - delay: when positive, the event leaves once this instance's clock has advanced by
    ///     `delay` (whether the child runs is decided then).
    ///   - unreachable: raised on this instance's internal queue when no child with that id runs
    ///     (SCXML's `error.communication`); `nil` drops the event silently.
    @inlinable
    public mutating func send(_ event: Event, toInvocation id: String, after delay: Duration = .zero, ifUnreachable unreachable: Event? = nil) {
        requests.append(.toInvocation(event, id: id, delay: delay, unreachable: unreachable))
    }

    /// Cancels every still-pending delayed event sent with `id` (SCXML `<cancel>`). Cancelling an
    /// id that is not pending does nothing.
    @inlinable
    public mutating func cancel(_ id: String) {
        requests.append(.cancel(id))
    }
}

/// A request recorded in an ``Outbox``.
@usableFromInline
internal enum OutboxRequest<Event: StatechartEvent>: Sendable {
    case send(Event, delay: Duration, id: String?)
    case cancel(String)
    case toParent(Event, delay: Duration)
    case toInvocation(Event, id: String, delay: Duration, unreachable: Event?)
}

/// An event waiting in a queue: one of the user's, or the completion of a state (`done.state`).
@usableFromInline
internal enum QueuedEvent<Event: StatechartEvent>: Sendable {
    case event(Event)
    /// The completion of the state with this index, for event types without a done event.
    case done(_StateIndex)

    @inlinable
    internal var userEvent: Event? {
        if case .event(let event) = self { return event }
        return nil
    }
}
