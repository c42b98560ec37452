import Statecharts

/// A model that owns a running statechart and answers events with `true` or `false`, as
/// LSStateMachine's generated methods do (`[subscription activate]` returns `YES` or `NO`).
///
/// Conform by storing the instance in `machine`; then write each of LSStateMachine's generated
/// methods as a one-line wrapper, typed instead of looked up by name:
///
/// ```swift
/// struct Subscription: StatechartModel {
///     var machine: StatechartInstance<Status, Action, Billing>
///     mutating func activate() -> Bool { fire(.activate) }
///     var isActive: Bool { self.is(.active) }
///     var canSuspend: Bool { can(.suspend) }
/// }
/// ```
public protocol StatechartModel {
    /// The chart's state type.
    associatedtype StateID: Hashable & Sendable
    /// The chart's event type.
    associatedtype Event: StatechartEvent
    /// The chart's context: the model's data that actions change.
    associatedtype Context

    /// The running statechart.
    var machine: StatechartInstance<StateID, Event, Context> { get set }
}

extension StatechartModel {
    /// Sends `event`: `true` when it took a transition, `false` (nothing changed) otherwise.
    @discardableResult
    public mutating func fire(_ event: Event) -> Bool {
        machine.send(event).isAccepted
    }

    /// Whether `state` is active (LSStateMachine's `isActive`, `isPending`, ...).
    public func `is`(_ state: StateID) -> Bool {
        machine.isActive(state)
    }

    /// Whether `event` would take a transition now (LSStateMachine's `canSuspend`, ...). Guards
    /// are asked; nothing runs.
    public func can(_ event: Event) -> Bool {
        machine.can(event)
    }

    /// The innermost active state (LSStateMachine's `state`); `nil` before the machine started,
    /// the first one in document order when parallel regions are active.
    public var state: StateID? {
        machine.activeLeaves.first
    }
}
