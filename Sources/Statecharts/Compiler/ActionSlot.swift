// Actions and guards as the runtime calls them: a kind byte and an unretained pointer to a box that
// holds the closure in a `let`. Calling a closure loaded from an array or an enum retains and
// releases its context around the call; calling it through a guaranteed reference to its box
// does not, which halves the cost of an action on the hot path. The compiled chart owns the boxes
// (``_CallableBoxes``) for as long as the slots that point to them exist. Each closure form has
// its own box class, with the closure's own function type: a box generic over the closure type
// would store it reabstracted, and every call would go through a thunk.

/// A compiled action: which of the three closure forms it is, and its box.
@usableFromInline
internal struct _ActionSlot: BitwiseCopyable, @unchecked Sendable {
    @usableFromInline let kind: UInt8
    @usableFromInline let box: UnsafeRawPointer

    @inlinable static var contextKind: UInt8 { 0 }
    @inlinable static var contextEventKind: UInt8 { 1 }
    @inlinable static var fullKind: UInt8 { 2 }

    @inlinable
    init(kind: UInt8, box: UnsafeRawPointer) {
        self.kind = kind
        self.box = box
    }

    /// Whether the action can reach the outbox (raise, send or cancel events).
    @inlinable
    var usesOutbox: Bool { kind == Self.fullKind }

    /// Calls the action. `Event` and `Context` must be the types the slot was made for.
    @inlinable @inline(__always)
    func run<Event: StatechartEvent, Context>(
        _ context: inout Context, _ event: Event?, _ outbox: inout Outbox<Event>
    ) {
        switch kind {
        case Self.contextKind:
            Unmanaged<_ContextActionBox<Context>>.fromOpaque(box)
                ._withUnsafeGuaranteedRef { $0.body(&context) }
        case Self.contextEventKind:
            Unmanaged<_ContextEventActionBox<Event, Context>>.fromOpaque(box)
                ._withUnsafeGuaranteedRef { $0.body(&context, event) }
        default:
            Unmanaged<_FullActionBox<Event, Context>>.fromOpaque(box)
                ._withUnsafeGuaranteedRef { $0.body(&context, event, &outbox) }
        }
    }
}

/// A compiled guard: which of the three closure forms it is, and its box.
@usableFromInline
internal struct _GuardSlot: BitwiseCopyable, @unchecked Sendable {
    @usableFromInline let kind: UInt8
    /// `nil` for a transition without a guard.
    @usableFromInline let box: UnsafeRawPointer?

    @inlinable
    init(kind: UInt8, box: UnsafeRawPointer?) {
        self.kind = kind
        self.box = box
    }

    /// Evaluates the guard (`true` when there is none). `Event` and `Context` must be the types
    /// the slot was made for.
    @inlinable @inline(__always)
    func evaluate<Event: StatechartEvent, Context>(
        _ context: Context, _ event: Event?, _ outbox: inout Outbox<Event>
    ) -> Bool {
        guard let box else { return true }
        switch kind {
        case _ActionSlot.contextKind:
            return Unmanaged<_ContextGuardBox<Context>>.fromOpaque(box)
                ._withUnsafeGuaranteedRef { $0.body(context) }
        case _ActionSlot.contextEventKind:
            return Unmanaged<_ContextEventGuardBox<Event, Context>>.fromOpaque(box)
                ._withUnsafeGuaranteedRef { $0.body(context, event) }
        default:
            return Unmanaged<_FullGuardBox<Event, Context>>.fromOpaque(box)
                ._withUnsafeGuaranteedRef { $0.body(context, event, &outbox) }
        }
    }
}

@usableFromInline
internal final class _ContextActionBox<Context>: @unchecked Sendable {
    @usableFromInline let body: @Sendable (inout Context) -> Void
    @inlinable init(_ body: @escaping @Sendable (inout Context) -> Void) { self.body = body }
}

@usableFromInline
internal final class _ContextEventActionBox<Event, Context>: @unchecked Sendable {
    @usableFromInline let body: @Sendable (inout Context, Event?) -> Void
    @inlinable init(_ body: @escaping @Sendable (inout Context, Event?) -> Void) { self.body = body }
}

@usableFromInline
internal final class _FullActionBox<Event: StatechartEvent, Context>: @unchecked Sendable {
    @usableFromInline let body: @Sendable (inout Context, Event?, inout Outbox<Event>) -> Void
    @inlinable init(_ body: @escaping @Sendable (inout Context, Event?, inout Outbox<Event>) -> Void) { self.body = body }
}

@usableFromInline
internal final class _ContextGuardBox<Context>: @unchecked Sendable {
    @usableFromInline let body: @Sendable (Context) -> Bool
    @inlinable init(_ body: @escaping @Sendable (Context) -> Bool) { self.body = body }
}

@usableFromInline
internal final class _ContextEventGuardBox<Event, Context>: @unchecked Sendable {
    @usableFromInline let body: @Sendable (Context, Event?) -> Bool
    @inlinable init(_ body: @escaping @Sendable (Context, Event?) -> Bool) { self.body = body }
}

@usableFromInline
internal final class _FullGuardBox<Event: StatechartEvent, Context>: @unchecked Sendable {
    @usableFromInline let body: @Sendable (Context, Event?, inout Outbox<Event>) -> Bool
    @inlinable init(_ body: @escaping @Sendable (Context, Event?, inout Outbox<Event>) -> Bool) { self.body = body }
}

/// The boxes behind a chart's action and guard slots; the chart keeps it alive.
@usableFromInline
internal struct _CallableBoxes: @unchecked Sendable {
    @usableFromInline var owners: [AnyObject] = []
    @usableFromInline var actionSlots: [_ActionSlot] = []
    @usableFromInline var guardSlots: [_GuardSlot] = []

    @inlinable
    init<Event: StatechartEvent, Context>(actions: [Action<Event, Context>], guards: [Guard<Event, Context>?]) {
        owners.reserveCapacity(actions.count + guards.count)
        actionSlots.reserveCapacity(actions.count)
        guardSlots.reserveCapacity(guards.count)
        for action in actions {
            let box: AnyObject
            let kind: UInt8
            switch action.body {
            case .context(let body): box = _ContextActionBox(body); kind = _ActionSlot.contextKind
            case .contextEvent(let body): box = _ContextEventActionBox(body); kind = _ActionSlot.contextEventKind
            case .full(let body): box = _FullActionBox(body); kind = _ActionSlot.fullKind
            }
            owners.append(box)
            actionSlots.append(_ActionSlot(kind: kind, box: UnsafeRawPointer(Unmanaged.passUnretained(box).toOpaque())))
        }
        for condition in guards {
            guard let condition else {
                guardSlots.append(_GuardSlot(kind: 0, box: nil))
                continue
            }
            let box: AnyObject
            let kind: UInt8
            switch condition.body {
            case .context(let body): box = _ContextGuardBox(body); kind = _ActionSlot.contextKind
            case .contextEvent(let body): box = _ContextEventGuardBox(body); kind = _ActionSlot.contextEventKind
            case .full(let body): box = _FullGuardBox(body); kind = _ActionSlot.fullKind
            }
            owners.append(box)
            guardSlots.append(_GuardSlot(kind: kind, box: UnsafeRawPointer(Unmanaged.passUnretained(box).toOpaque())))
        }
    }
}
