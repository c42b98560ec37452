extension StateDefinition {
    // Setting a part to nothing on a state without the box makes none; changing a part in place
    // (`onEntry.append`) makes or copies the box first.
    /// The initial transition of a compound state; `nil` means its first child state.
    @inlinable public var initial: InitialTransition<StateID, Event, Context>? {
        get { rare?.parts.initial }
        set { if rare != nil || newValue != nil { uniqueRareParts().parts.initial = newValue } }
        _modify { yield &uniqueRareParts().parts.initial }
    }
    /// Actions run when the state is entered, in order.
    @inlinable public var onEntry: [Action<Event, Context>] {
        get { rare?.parts.onEntry ?? [] }
        set { if rare != nil || !newValue.isEmpty { uniqueRareParts().parts.onEntry = newValue } }
        _modify { yield &uniqueRareParts().parts.onEntry }
    }
    /// Actions run when the state is exited, in order.
    @inlinable public var onExit: [Action<Event, Context>] {
        get { rare?.parts.onExit ?? [] }
        set { if rare != nil || !newValue.isEmpty { uniqueRareParts().parts.onExit = newValue } }
        _modify { yield &uniqueRareParts().parts.onExit }
    }
    /// For a final state: builds the done event its parent raises on completion, from the context
    /// (SCXML `<donedata>`). `nil` uses ``StatechartEvent/doneEvent(forStateNamed:)`` or the
    /// synthetic completion event.
    @inlinable public var doneEvent: DoneEventBuilder<Event, Context>? {
        get { rare?.parts.doneEvent }
        set { if rare != nil || newValue != nil { uniqueRareParts().parts.doneEvent = newValue } }
        _modify { yield &uniqueRareParts().parts.doneEvent }
    }
    /// Work started when the state is entered and cancelled when it is exited.
    @inlinable public var invocations: [Invocation<Event, Context>] {
        get { rare?.parts.invocations ?? [] }
        set { if rare != nil || !newValue.isEmpty { uniqueRareParts().parts.invocations = newValue } }
        _modify { yield &uniqueRareParts().parts.invocations }
    }
    /// How many initial transitions were given beyond the first (an error the compiler reports).
    @inlinable internal var extraInitialCount: Int {
        get { rare?.parts.extraInitialCount ?? 0 }
        set { if rare != nil || newValue != 0 { uniqueRareParts().parts.extraInitialCount = newValue } }
        _modify { yield &uniqueRareParts().parts.extraInitialCount }
    }

    /// The box, made or copied first if it is missing or shared (copy on write). Uniqueness is
    /// tested before the box is bound to a name, which would be a second reference.
    @inlinable
    mutating func uniqueRareParts() -> _StateRarePartsBox<StateID, Event, Context> {
        if isKnownUniquelyReferenced(&rare), let box = rare { return box }
        let box = _StateRarePartsBox(rare?.parts ?? _StateRareParts())
        rare = box
        return box
    }
}

/// The parts of a ``StateDefinition`` that most states do not have.
@usableFromInline
struct _StateRareParts<StateID: Hashable & Sendable, Event: StatechartEvent, Context>: Sendable {
    @usableFromInline var initial: InitialTransition<StateID, Event, Context>?
    @usableFromInline var onEntry: [Action<Event, Context>] = []
    @usableFromInline var onExit: [Action<Event, Context>] = []
    @usableFromInline var doneEvent: DoneEventBuilder<Event, Context>?
    @usableFromInline var invocations: [Invocation<Event, Context>] = []
    @usableFromInline var extraInitialCount = 0

    @inlinable
    init(initial: InitialTransition<StateID, Event, Context>? = nil, onEntry: [Action<Event, Context>] = [],
         onExit: [Action<Event, Context>] = [], doneEvent: DoneEventBuilder<Event, Context>? = nil) {
        self.initial = initial
        self.onEntry = onEntry
        self.onExit = onExit
        self.doneEvent = doneEvent
    }
}

/// A state's ``_StateRareParts`` on the heap. It is changed only through `uniqueRareParts()`,
/// that is only while one state holds it, so sharing it between threads is safe.
@usableFromInline
final class _StateRarePartsBox<StateID: Hashable & Sendable, Event: StatechartEvent, Context>: @unchecked Sendable {
    @usableFromInline var parts: _StateRareParts<StateID, Event, Context>
    @inlinable init(_ parts: _StateRareParts<StateID, Event, Context>) { self.parts = parts }
}
