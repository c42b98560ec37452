// Actions and guards as the runtime calls them: a kind byte and an unretained pointer to a box that
// holds the closure in a `let`. Calling a closure loaded from an array or an enum retains and
// releases its context around the call; calling it through a guaranteed reference to its box
// does not, which halves the cost of an action on the hot path. ``Action`` and ``Guard`` box their
// closure when they are made (so an action used by many transitions has one box), and the compiled
// chart keeps its actions and guards, hence the boxes, for as long as the slots that point to them
// exist. Each closure form has its own box class, with the closure's own function type: a box
// generic over the closure type would store it reabstracted, and every call would go through a
// thunk.

/// A compiled action: which of the three closure forms it is, and its box.
@usableFromInline
internal struct _ActionSlot: BitwiseCopyable, @unchecked Sendable {
    @usableFromInline let kind: UInt8
    @usableFromInline let box: UnsafeRawPointer

    @inlinable static var contextKind: UInt8 { 0 }
    @inlinable static var contextEventKind: UInt8 { 1 }
    @inlinable static var fullKind: UInt8 { 2 }

    /// A slot for `box`, which its owner keeps alive.
    @inlinable
    init(kind: UInt8, box: AnyObject) {
        self.kind = kind
        self.box = UnsafeRawPointer(Unmanaged.passUnretained(box).toOpaque())
    }

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

    /// A slot for `box`, which its owner keeps alive; `nil` for no guard.
    @inlinable
    init(kind: UInt8, box: AnyObject?) {
        self.kind = kind
        self.box = box.map { UnsafeRawPointer(Unmanaged.passUnretained($0).toOpaque()) }
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
