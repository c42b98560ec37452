// Actions and guards as the runtime calls them: a kind byte and an unretained pointer to the box
// that holds the closure (Definition/ClosureBoxes.swift). Calling a closure loaded from an array
// or an enum retains and releases its context around the call; calling it through a guaranteed
// reference to its box does not, which halves the cost of an action on the hot path. The compiled
// chart keeps its actions and guards, hence the boxes, for as long as the slots that point to
// them exist.

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

extension Action {
    /// The slot the compiled chart calls the action through; valid while the action lives.
    @inlinable
    internal var slot: _ActionSlot {
        switch body {
        case .context(let box): return _ActionSlot(kind: _ActionSlot.contextKind, box: box)
        case .contextEvent(let box): return _ActionSlot(kind: _ActionSlot.contextEventKind, box: box)
        case .full(let box): return _ActionSlot(kind: _ActionSlot.fullKind, box: box)
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

extension Guard {
    /// The slot the compiled chart calls the guard through; valid while the guard lives.
    @inlinable
    internal var slot: _GuardSlot {
        switch body {
        case .context(let box): return _GuardSlot(kind: _ActionSlot.contextKind, box: box)
        case .contextEvent(let box): return _GuardSlot(kind: _ActionSlot.contextEventKind, box: box)
        case .full(let box): return _GuardSlot(kind: _ActionSlot.fullKind, box: box)
        }
    }
}
