// What an instance keeps about the child charts it invoked: the running children in start order,
// and which queued events came from one of them (for `finalize`).

/// One running child: its invocation, its state and its session.
@usableFromInline
struct _ChildSlot<Event: StatechartEvent, Context>: Sendable {
    var token: UInt64
    /// The invoking state.
    var state: _StateIndex
    var id: String
    var autoforward: Bool
    var finalize: Action<Event, Context>?
    var session: _AnyChildSession<Event>
}

/// The children of an instance (stored in its extras; empty for most instances).
@usableFromInline
internal struct _Family<Event: StatechartEvent, Context>: Sendable {
    @usableFromInline var slots: [_ChildSlot<Event, Context>] = []
    /// Events in the external queue that a child sent: their place in the queue (an ordinal on
    /// the scale of ``dequeued``), the invoking state and its finalize action, in queue order.
    var origins: [(ordinal: UInt64, state: _StateIndex, finalize: Action<Event, Context>?)] = []
    /// How many events were taken from the external queue, counted while ``origins`` is not
    /// empty: the ordinal of the event in front of the queue.
    var dequeued: UInt64 = 0

    @inlinable init() {}

    /// Whether any child runs: then every `send` takes the general route and ends with turns
    /// for the children. Inlinable: every send with extras asks, and run generically the
    /// question costs hundreds of instructions of metadata lookups.
    @inlinable var isEmpty: Bool { slots.isEmpty }

    /// Queues `event` for the child `id`; `false` when no running child has that id.
    @usableFromInline
    mutating func deliver(_ event: Event, toInvocation id: String) -> Bool {
        guard let i = slots.firstIndex(where: { $0.id == id }) else { return false }
        return slots[i].session.enqueue(event)
    }
}
