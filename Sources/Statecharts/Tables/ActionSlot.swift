// Actions and guards as the runtime calls them: the closure's form and an unretained pointer to
// the box that holds it (Definition/ClosureBoxes.swift). Calling a closure loaded from an array
// or an enum retains and releases its context around the call; calling it through a guaranteed
// reference to its box does not, which halves the cost of an action on the hot path. The compiled
// chart keeps its actions and guards, hence the boxes, for as long as the slots that point to
// them exist. The pointers are turned back into boxes here and nowhere else.

/// Which of the three closure forms an action or guard has. Not for use outside the library and
/// its `@CompiledStatechart` macro (which reads each closure's form from its parameters): public,
/// and not SPI, only because the runtime's inlinable code switches over it.
public enum _ClosureForm: UInt8, BitwiseCopyable, Sendable {
    /// Takes the context alone.
    case context
    /// Takes the context and the event.
    case contextEvent
    /// Takes the context, the event and the outbox.
    case full

    /// The form of a closure with `count` parameters (1 to 3); `nil` for any other count.
    public init?(parameterCount count: Int) {
        switch count {
        case 1: self = .context
        case 2: self = .contextEvent
        case 3: self = .full
        default: return nil
        }
    }

    /// How many parameters a closure of this form takes.
    public var parameterCount: Int {
        switch self {
        case .context: 1
        case .contextEvent: 2
        case .full: 3
        }
    }
}

/// An unretained reference to the box of an action that takes only the context (a
/// ``_ContextActionBox``), which the chart's actions keep alive: what the fast routes call when a
/// plan is that one action.
@usableFromInline
internal struct _ContextActionRef: BitwiseCopyable, Hashable, @unchecked Sendable {
    @usableFromInline let box: UnsafeRawPointer

    @inlinable
    init(_ box: UnsafeRawPointer) { self.box = box }

    /// Calls the action. `Context` must be the type the action was made for.
    @inlinable @inline(__always)
    func run<Context>(_ context: inout Context) {
        Unmanaged<_ContextActionBox<Context>>.fromOpaque(box)._withUnsafeGuaranteedRef { $0.body(&context) }
    }
}

/// An unretained reference to the box of a guard that takes only the context (a
/// ``_ContextGuardBox``), which the chart's guards keep alive: what ``_GuardSlot`` calls for that
/// form, and what the table runtime's guarded steps (``_GuardedStep``) call directly.
@usableFromInline
internal struct _ContextGuardRef: BitwiseCopyable, @unchecked Sendable {
    @usableFromInline let box: UnsafeRawPointer

    @inlinable
    init(_ box: UnsafeRawPointer) { self.box = box }

    /// Evaluates the guard. `Context` must be the type the guard was made for.
    @inlinable @inline(__always)
    func evaluate<Context>(_ context: Context) -> Bool {
        Unmanaged<_ContextGuardBox<Context>>.fromOpaque(box)._withUnsafeGuaranteedRef { $0.body(context) }
    }
}

/// A compiled action: its closure form and its box.
@usableFromInline
internal struct _ActionSlot: BitwiseCopyable, @unchecked Sendable {
    @usableFromInline let form: _ClosureForm
    @usableFromInline let box: UnsafeRawPointer

    /// A slot for `box`, which its owner keeps alive.
    @inlinable
    init(_ form: _ClosureForm, box: AnyObject) {
        self.form = form
        self.box = UnsafeRawPointer(Unmanaged.passUnretained(box).toOpaque())
    }

    /// The action as a context-only reference, when it is one.
    @inlinable
    var contextAction: _ContextActionRef? { form == .context ? _ContextActionRef(box) : nil }

    /// Calls an action known to take only the context, with no dispatch on its form.
    @inlinable @inline(__always)
    func runContextOnly<Context>(_ context: inout Context) {
        Unmanaged<_ContextActionBox<Context>>.fromOpaque(box)._withUnsafeGuaranteedRef { $0.body(&context) }
    }

    /// Calls the action. `Event` and `Context` must be the types the slot was made for.
    @inlinable @inline(__always)
    func run<Event: StatechartEvent, Context>(
        _ context: inout Context, _ event: Event?, _ outbox: inout Outbox<Event>
    ) {
        switch form {
        case .context:
            Unmanaged<_ContextActionBox<Context>>.fromOpaque(box)._withUnsafeGuaranteedRef { $0.body(&context) }
        case .contextEvent:
            Unmanaged<_ContextEventActionBox<Event, Context>>.fromOpaque(box)
                ._withUnsafeGuaranteedRef { $0.body(&context, event) }
        case .full:
            Unmanaged<_FullActionBox<Event, Context>>.fromOpaque(box)
                ._withUnsafeGuaranteedRef { $0.body(&context, event, &outbox) }
        }
    }
}

extension Action {
    /// The slot the compiled chart calls the action through; valid while the action lives.
    @inlinable
    internal var slot: _ActionSlot {
        switch body {
        case .context(let box): _ActionSlot(.context, box: box)
        case .contextEvent(let box): _ActionSlot(.contextEvent, box: box)
        case .full(let box): _ActionSlot(.full, box: box)
        }
    }
}

/// A compiled guard: its closure form and its box.
@usableFromInline
internal struct _GuardSlot: BitwiseCopyable, @unchecked Sendable {
    @usableFromInline let form: _ClosureForm
    /// `nil` for a transition without a guard.
    @usableFromInline let box: UnsafeRawPointer?

    /// A slot for `box`, which its owner keeps alive; `nil` for no guard.
    @inlinable
    init(_ form: _ClosureForm, box: AnyObject?) {
        self.form = form
        self.box = box.map { UnsafeRawPointer(Unmanaged.passUnretained($0).toOpaque()) }
    }

    /// A transition without a guard.
    @inlinable
    static var none: Self { Self(.context, box: nil) }

    /// The guard as a context-only reference, when it is one (and there is a guard).
    @inlinable
    var contextGuard: _ContextGuardRef? { form == .context ? box.map(_ContextGuardRef.init) : nil }

    /// Evaluates the guard (`true` when there is none). `Event` and `Context` must be the types
    /// the slot was made for.
    @inlinable @inline(__always)
    func evaluate<Event: StatechartEvent, Context>(
        _ context: Context, _ event: Event?, _ outbox: inout Outbox<Event>
    ) -> Bool {
        guard let box else { return true }
        switch form {
        case .context:
            return _ContextGuardRef(box).evaluate(context)
        case .contextEvent:
            return Unmanaged<_ContextEventGuardBox<Event, Context>>.fromOpaque(box)
                ._withUnsafeGuaranteedRef { $0.body(context, event) }
        case .full:
            return Unmanaged<_FullGuardBox<Event, Context>>.fromOpaque(box)
                ._withUnsafeGuaranteedRef { $0.body(context, event, &outbox) }
        }
    }
}

extension Guard {
    /// The slot the compiled chart calls the guard through (``_GuardSlot/none`` for no guard).
    @inlinable
    internal static func slot(_ guardCondition: Self?) -> _GuardSlot {
        switch guardCondition?.body {
        case .context(let box): _GuardSlot(.context, box: box)
        case .contextEvent(let box): _GuardSlot(.contextEvent, box: box)
        case .full(let box): _GuardSlot(.full, box: box)
        case nil: .none
        }
    }
}
