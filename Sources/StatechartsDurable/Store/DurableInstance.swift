import Statecharts

/// A durable instance as last committed: the running instance restored from its row, with its id
/// and version.
public struct DurableInstance<StateID: Hashable & Sendable & Codable, Event: StatechartEvent & Codable, Context: Sendable>: Sendable {
    /// The instance's id in its store.
    public let id: String
    /// 1 after `create`, one more after each committed step.
    public let version: Int64
    /// The instance: configuration, context, history, clock and pending delayed events. A copy:
    /// changing it changes nothing in the store; send events through the store.
    public let instance: StatechartInstance<StateID, Event, Context>
    /// Milliseconds since 1970 when the instance's clock read zero.
    public let originMillis: Int64

    /// The context.
    public var context: Context { instance.context }
    /// The active atomic states.
    public var activeLeaves: [StateID] { instance.activeLeaves }
    /// Whether `state` is active.
    public func isActive(_ state: StateID) -> Bool { instance.isActive(state) }
    /// Whether the instance reached a top-level final state.
    public var isFinished: Bool { instance.isFinished }
    /// When the next delayed event falls due, in milliseconds since 1970, if one is pending.
    public var nextTimerMillis: Int64? {
        instance.nextDelayedEventTime.map { originMillis &+ $0.millisecondsRoundedUp }
    }
}
