// The boxes ``Action`` and ``Guard`` keep their closure in, one class per closure form, each
// holding the closure in a `let` with its own function type (a box generic over the closure type
// would store it reabstracted, and every call would go through a thunk). An action boxes its
// closure once, when it is made, so an action used by many transitions has one box; the compiled
// chart calls through the boxes (Compiler/ActionSlot.swift).

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
