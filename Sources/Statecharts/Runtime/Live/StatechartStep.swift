// Not in Embedded Swift: Swift concurrency's tasks, clocks and async streams.
#if !hasFeature(Embedded)
/// One macrostep of a running instance, as a live driver (``StatechartRunner``, an app's model)
/// reports it on its stream of steps: what caused it, what it did, and the configuration after.
///
/// ```swift
/// for await step in runner.steps {
///     print(step.event.map { "\($0)" } ?? "-", step.result.outcome, step.configuration)
/// }
/// ```
public struct StatechartStep<StateID: Hashable & Sendable, Event: StatechartEvent>: Sendable {
    /// What made the instance take a step.
    public enum Cause: Sendable, Hashable {
        /// An event sent with `send`.
        case sent
        /// A delayed event that fell due on the driver's clock.
        case delayed
        /// The result of an invocation (``Invoke``), sent back as an event.
        case invocationResult
    }

    /// The position of this step among every step the driver reported, from 0. Consecutive
    /// steps a consumer receives differ by one unless its buffer dropped the ones in between.
    public let sequence: Int
    /// What made the instance take the step.
    public let cause: Cause
    /// The event the step processed.
    public let event: Event
    /// What the instance did: outcome, transitions taken (in order), configurations before and
    /// after, and the error if it stopped.
    public let result: SendResult
    /// Every active state after the step, in document order.
    public let configuration: [StateID]
    /// The instance's clock when the step ran (the time since start).
    public let time: Duration

    /// Creates a step (drivers make them; consumers only read them).
    public init(sequence: Int, cause: Cause, event: Event, result: SendResult, configuration: [StateID], time: Duration) {
        self.sequence = sequence
        self.cause = cause
        self.event = event
        self.result = result
        self.configuration = configuration
        self.time = time
    }

    /// The transitions the step took, in order (``SendResult/transitions``).
    public var transitions: TransitionList { result.transitions }

    /// Whether the step took at least one transition (``SendResult/isAccepted``).
    public var isAccepted: Bool { result.isAccepted }
}
#endif
