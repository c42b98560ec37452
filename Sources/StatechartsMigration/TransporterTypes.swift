import Statecharts

/// A state of a ``TransporterMachine``: a value and the closures Transporter calls around a
/// switch, in its order: will-enter (new), will-exit (old), [switch], did-exit (old),
/// did-enter (new).
public struct TransporterState<Value: Hashable & Sendable>: Sendable {
    /// The state's value, which identifies it.
    public let value: Value
    /// Called before the machine enters this state.
    public var willEnterState: (@Sendable (Value) -> Void)?
    /// Called after the machine entered this state.
    public var didEnterState: (@Sendable (Value) -> Void)?
    /// Called before the machine leaves this state.
    public var willExitState: (@Sendable (Value) -> Void)?
    /// Called after the machine left this state.
    public var didExitState: (@Sendable (Value) -> Void)?

    /// Creates a state, optionally with its callbacks.
    public init(
        _ value: Value,
        willEnter: (@Sendable (Value) -> Void)? = nil,
        didEnter: (@Sendable (Value) -> Void)? = nil,
        willExit: (@Sendable (Value) -> Void)? = nil,
        didExit: (@Sendable (Value) -> Void)? = nil
    ) {
        self.value = value
        self.willEnterState = willEnter
        self.didEnterState = didEnter
        self.willExitState = willExit
        self.didExitState = didExit
    }
}

/// An event of a ``TransporterMachine``: a name, the states it may fire in, the state it leads
/// to, a veto asked before firing and callbacks before and after.
public struct TransporterEvent<Value: Hashable & Sendable>: Sendable {
    /// The name the event is fired by. Several events may share a name (different sources).
    public let name: String
    /// The states in which the event can fire.
    public let sourceValues: [Value]
    /// The state the event leads to.
    public let destinationValue: Value
    /// Asked before firing: `false` declines the event (``TransporterTransitionError/transitionDeclined``).
    public var shouldFireEvent: (@Sendable (TransporterEvent) -> Bool)?
    /// Called before the switch, after the veto.
    public var willFireEvent: (@Sendable (TransporterEvent) -> Void)?
    /// Called after the switch.
    public var didFireEvent: (@Sendable (TransporterEvent) -> Void)?

    /// Creates an event, optionally with its veto and callbacks.
    public init(
        name: String,
        sourceValues: [Value],
        destinationValue: Value,
        shouldFire: (@Sendable (TransporterEvent) -> Bool)? = nil,
        willFire: (@Sendable (TransporterEvent) -> Void)? = nil,
        didFire: (@Sendable (TransporterEvent) -> Void)? = nil
    ) {
        self.name = name
        self.sourceValues = sourceValues
        self.destinationValue = destinationValue
        self.shouldFireEvent = shouldFire
        self.willFireEvent = willFire
        self.didFireEvent = didFire
    }
}

/// What firing an event did: Transporter's `Transition`.
public enum TransporterTransition<Value: Hashable & Sendable>: Hashable, Sendable {
    /// The machine switched from `sourceState` to `destinationState`.
    case success(sourceState: Value, destinationState: Value)
    /// Nothing happened, for this reason.
    case error(TransporterTransitionError)

    /// Whether the machine switched.
    public var isSuccessful: Bool {
        if case .success = self { return true }
        return false
    }
}

/// Why an event did not fire.
public enum TransporterTransitionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The event's veto (`shouldFireEvent`) said no.
    case transitionDeclined
    /// The machine has no event of that name.
    case unknownEvent
    /// No event of that name can fire in the current state.
    case wrongSourceState

    /// A sentence.
    public var description: String {
        switch self {
        case .transitionDeclined: return "the event's veto declined the transition"
        case .unknownEvent: return "the machine has no event of that name"
        case .wrongSourceState: return "no event of that name can fire in the current state"
        }
    }
}

/// Why an event could not be added to a ``TransporterMachine``.
public enum TransporterEventError<Value: Hashable & Sendable>: Error, Hashable, Sendable, CustomStringConvertible {
    /// The event has no source state.
    case noSourceValue(event: String)
    /// A source state of the event is not a state of the machine.
    case unknownSourceValue(event: String, value: Value)
    /// The destination of the event is not a state of the machine.
    case unknownDestinationValue(event: String, value: Value)

    /// A sentence.
    public var description: String {
        switch self {
        case .noSourceValue(let event):
            return "event '\(event)' has no source state"
        case .unknownSourceValue(let event, let value):
            return "event '\(event)' fires in \(value), which is not a state of the machine; add the state first"
        case .unknownDestinationValue(let event, let value):
            return "event '\(event)' leads to \(value), which is not a state of the machine; add the state first"
        }
    }
}

/// What a ``TransporterMachine`` sends its compiled chart.
public enum TransporterSignal<Value: Hashable & Sendable>: StatechartEvent, Hashable {
    /// Fire the events of this name.
    case fire(String)
    /// Switch to this state without an event (`activateState`).
    case activate(Value)
}
