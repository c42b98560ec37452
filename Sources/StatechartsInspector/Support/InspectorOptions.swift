/// How an inspector records and serves its instances.
public struct InspectorOptions: Sendable, Hashable {
    /// How many steps each instance keeps in its timeline (a ring: the oldest are dropped,
    /// and a page that was behind sees "N steps dropped"). Default 1,000.
    public var timelineLength: Int
    /// Whether steps keep what it takes to bring the instance back to them ("continue from
    /// here"): a copy of the instance (its context included) for Swift charts, a position in
    /// the replay log for SCXML sessions. Default `true`. While a page watches an instance every
    /// step keeps one; otherwise one event step in ``checkpointInterval`` does, and every step
    /// that is not an event.
    public var keepsCheckpoints: Bool
    /// With no page watching an instance, one event step in this many keeps a checkpoint (a
    /// copy of the instance costs more than a `send` of a small chart). Default 64; 1 keeps one
    /// at every step.
    public var checkpointInterval: Int
    /// Whether every step records the states exited and entered and the actions run, even with
    /// no page open. Default `false`: with no page watching an instance, its steps record the
    /// transitions and the configuration only (the fast route of `send` stays in use), and the
    /// page shows the change of configuration for them.
    public var recordsEveryMicrostep: Bool
    /// The most steps one message to the page carries; a page further behind is told how many
    /// it missed. Default 500.
    public var stepsPerMessage: Int

    /// The most delayed events one advance of the clock fires (a chart that keeps scheduling
    /// events stops there), as `statechart run` does.
    public static let delayedEventsPerAdvance = 10_000

    /// Creates options; every parameter has the default described on its property.
    public init(timelineLength: Int = 1_000, keepsCheckpoints: Bool = true, checkpointInterval: Int = 64,
                recordsEveryMicrostep: Bool = false, stepsPerMessage: Int = 500) {
        self.timelineLength = max(1, timelineLength)
        self.keepsCheckpoints = keepsCheckpoints
        self.checkpointInterval = max(1, checkpointInterval)
        self.recordsEveryMicrostep = recordsEveryMicrostep
        self.stepsPerMessage = max(1, stepsPerMessage)
    }
}
