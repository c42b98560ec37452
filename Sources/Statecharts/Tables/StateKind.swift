/// The kind of a compiled state.
public enum StateKind: UInt8, Sendable, Hashable, CaseIterable {
    /// A state without child states.
    case atomic
    /// A state with child states, one of which is active while it is.
    case compound
    /// A state whose children (regions) are all active while it is.
    case parallel
    /// A final state.
    case final
    /// A shallow history pseudo-state.
    case shallowHistory
    /// A deep history pseudo-state.
    case deepHistory

    /// Whether this is a history pseudo-state.
    @inlinable
    public var isHistory: Bool { self == .shallowHistory || self == .deepHistory }
}

/// How a compiled transition is triggered.
@usableFromInline
internal enum _TriggerKind: UInt8, Sendable {
    case events
    case anyEvent
    case eventless
    /// An initial transition or a history default: never selected, only taken during entry.
    case pseudo
}
