/// Receives what a running instance does, as it does it: states entered and exited, transitions
/// taken, microsteps and macrosteps completed.
///
/// Pass one to the `observer:` variants of ``StatechartInstance/start(observer:)``,
/// ``StatechartInstance/send(_:observer:)`` and ``StatechartInstance/advanceClock(by:limit:observer:)``.
/// Every method has an empty default, and the variants without an observer use one whose calls
/// compile away: observing costs nothing when nobody observes.
public protocol StatechartObserver<StateID, Event> {
    /// The chart's state type.
    associatedtype StateID: Hashable & Sendable
    /// The chart's event type.
    associatedtype Event: StatechartEvent

    /// A state was entered (after it joined the configuration, before its entry actions).
    mutating func stateEntered(_ state: StateID)
    /// A state was exited (after its exit actions, as it leaves the configuration).
    mutating func stateExited(_ state: StateID)
    /// A transition was taken (its actions are about to run).
    mutating func transitionTaken(_ transition: TransitionID)
    /// A microstep completed.
    mutating func microstepCompleted()
    /// A macrostep completed: the instance is stable again (or finished). `event` is the external
    /// event it processed, `nil` for the initial macrostep.
    mutating func macrostepCompleted(after event: Event?)

    #if hasFeature(Embedded)
    /// Whether this observer ignores every call; see the extension. A requirement in Embedded
    /// Swift, which cannot test a type for a protocol at run time: ``_NoObserver`` answers `true`.
    static var _ignoresEverything: Bool { get }
    #endif
}

extension StatechartObserver {
    @inlinable public mutating func stateEntered(_ state: StateID) {}
    @inlinable public mutating func stateExited(_ state: StateID) {}
    @inlinable public mutating func transitionTaken(_ transition: TransitionID) {}
    @inlinable public mutating func microstepCompleted() {}
    @inlinable public mutating func macrostepCompleted(after event: Event?) {}

    /// Whether this observer ignores every call (only the runtime's own ``_NoObserver`` does), so
    /// that the runtime need not even look up what it would pass, and may take the fast routes.
    /// A constant once the code is specialized for the observer's type.
    #if hasFeature(Embedded)
    @inlinable public static var _ignoresEverything: Bool { false }
    #else
    @inlinable static var _ignoresEverything: Bool { Self.self is any _IgnoringObserver.Type }
    #endif
}

/// Marks an observer whose calls all do nothing (see ``StatechartObserver/_ignoresEverything``).
@usableFromInline
internal protocol _IgnoringObserver {}

/// The observer used when none is given: every call is empty and inlined away.
@usableFromInline
internal struct _NoObserver<StateID: Hashable & Sendable, Event: StatechartEvent>: StatechartObserver {
    /// Never read. It gives the type a size: ThreadSanitizer instruments every `inout` access,
    /// and for a value of an empty type unspecialized generic code receives no real address, so
    /// the sanitizer crashes or reports races between unrelated instances. Specialized code (every
    /// hot path) keeps nothing of it.
    @usableFromInline var _sanitizerAddress: UInt8 = 0
    @inlinable init() {}
}

extension _NoObserver: _IgnoringObserver {
    #if hasFeature(Embedded)
    @inlinable static var _ignoresEverything: Bool { true }
    #endif
}

/// An observer that records what happened as lines of text: `enter s1`, `exit s1`,
/// `transition t3`, `microstep`, `macrostep`. Handy in tests and logs.
public struct StatechartTraceRecorder<StateID: Hashable & Sendable, Event: StatechartEvent>: StatechartObserver {
    /// The lines recorded so far.
    public var lines: [String] = []

    /// Creates an empty recorder.
    public init() {}

    public mutating func stateEntered(_ state: StateID) { lines.append("enter \(state)") }
    public mutating func stateExited(_ state: StateID) { lines.append("exit \(state)") }
    public mutating func transitionTaken(_ transition: TransitionID) { lines.append("transition \(transition)") }
    public mutating func microstepCompleted() { lines.append("microstep") }
    public mutating func macrostepCompleted(after event: Event?) {
        lines.append(event.map { "macrostep \($0)" } ?? "macrostep")
    }
}
