/// Executable content: an entry, exit or transition action.
///
/// Actions receive the instance's context `inout` (so they need not capture anything and are
/// cheap to call), the event being processed (`nil` during the initial entry and for completion
/// events of event types without a done event), and, in their fullest form, the ``Outbox`` through
/// which they raise, send and cancel events.
///
/// ```swift
/// Action<Signal, Counter>("count") { $0.count += 1 }
/// Action<Signal, Counter>("log") { context, event in context.log.append("\(String(describing: event))") }
/// Action<Signal, Counter>("ping") { context, event, outbox in outbox.raise(.ping) }
/// ```
public struct Action<Event: StatechartEvent, Context>: Sendable {
    /// The name shown in diagrams and error messages, if any.
    public var name: String?

    @usableFromInline
    internal let body: Body

    /// The closure, boxed once here so that every use of the action shares the box the runtime
    /// calls through (Definition/ClosureBoxes.swift).
    @usableFromInline
    internal enum Body: Sendable {
        case context(_ContextActionBox<Context>)
        case contextEvent(_ContextEventActionBox<Event, Context>)
        case full(_FullActionBox<Event, Context>)
    }

    /// An action that changes only the context.
    public init(_ name: String? = nil, _ body: @escaping @Sendable (inout Context) -> Void) {
        self.name = name
        self.body = .context(_ContextActionBox(body))
    }

    /// An action that reads the event being processed.
    public init(_ name: String? = nil, _ body: @escaping @Sendable (inout Context, Event?) -> Void) {
        self.name = name
        self.body = .contextEvent(_ContextEventActionBox(body))
    }

    /// An action that may also raise, send or cancel events through the outbox.
    public init(
        _ name: String? = nil,
        _ body: @escaping @Sendable (inout Context, Event?, inout Outbox<Event>) -> Void
    ) {
        self.name = name
        self.body = .full(_FullActionBox(body))
    }

    /// Whether the action takes only the context.
    @inlinable
    internal var takesOnlyContext: Bool {
        if case .context = body { return true }
        return false
    }

    /// Whether the action can raise, send or cancel events.
    @inlinable
    internal var usesOutbox: Bool {
        if case .full = body { return true }
        return false
    }
}

/// A condition on a transition. It reads the context and the event; in its fullest form it may
/// also raise events (the SCXML data model reports a failing condition as `error.execution`).
public struct Guard<Event: StatechartEvent, Context>: Sendable {
    /// The name shown in diagrams and error messages, if any.
    public var name: String?

    @usableFromInline
    internal let body: Body

    /// The closure, boxed once here (see ``Action``).
    @usableFromInline
    internal enum Body: Sendable {
        case context(_ContextGuardBox<Context>)
        case contextEvent(_ContextEventGuardBox<Event, Context>)
        case full(_FullGuardBox<Event, Context>)
    }

    /// A guard on the context alone.
    public init(_ name: String? = nil, _ body: @escaping @Sendable (Context) -> Bool) {
        self.name = name
        self.body = .context(_ContextGuardBox(body))
    }

    /// A guard on the context and the event being processed.
    public init(_ name: String? = nil, _ body: @escaping @Sendable (Context, Event?) -> Bool) {
        self.name = name
        self.body = .contextEvent(_ContextEventGuardBox(body))
    }

    /// A guard that may raise events while it decides (for example an evaluation error).
    public init(
        _ name: String? = nil,
        _ body: @escaping @Sendable (Context, Event?, inout Outbox<Event>) -> Bool
    ) {
        self.name = name
        self.body = .full(_FullGuardBox(body))
    }
}

extension Guard {
    /// Whether the guard can raise, send or cancel events (its fullest form).
    @inlinable
    internal var usesOutbox: Bool {
        if case .full = body { return true }
        return false
    }
}
