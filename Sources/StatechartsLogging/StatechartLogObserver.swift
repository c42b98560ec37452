import Logging
import Statecharts

/// Logs what a running instance does on a swift-log `Logger`, with the chart and the instance
/// in every line's metadata.
///
/// ```swift
/// var log = StatechartLogObserver(chart: door, instance: "front-door", logger: Logger(label: "doors"))
/// var frontDoor = door.makeInstance(context: Stats())
/// frontDoor.start(logging: &log)
/// frontDoor.send(.open, logging: &log)   // info "step" event=open from=closed to=opened
/// ```
///
/// ## Levels
///
/// | Level (default) | Line | Metadata |
/// | --- | --- | --- |
/// | `error` | `stopped`: the instance stopped on a runtime error (an eventless loop, a send loop) | `event`, `error` |
/// | `warning` | `not running`: an event sent to an instance that finished or stopped | `event` |
/// | `notice` | `refused`: an event that took no transition | `event`, `from` |
/// | `info` | `step`: an event that took transitions (`started` for the start) | `event`, `from`, `to`, `transitions` |
/// | `debug` | `transition`: each transition taken | `transition`, `from`, `to`, `event` |
/// | `trace` | `entered`, `exited`: each state | `state` |
///
/// Every line also carries `chart` (the chart's name) and `instance` (the name you give). `from`
/// and `to` are active leaves (states, comma-separated) for steps, and source and targets for
/// transitions. Change any level with ``Levels``; the logger's own level filters as usual, so a
/// server at `info` logs one line per event.
///
/// The step lines need the result of each call, so use the `logging:` variants of `start`,
/// `send` and `advanceClock` (which pass this observer and log the result), or ``record(_:)``
/// the steps of a runner or a model. As an observer alone (the `observer:` variants), it logs
/// the `transition`, `entered` and `exited` lines.
public struct StatechartLogObserver<StateID: Hashable & Sendable, Event: StatechartEvent, Context>: StatechartObserver {
    /// The level of each kind of line.
    public struct Levels: Sendable, Hashable {
        /// A state entered or exited (default `trace`).
        public var states: Logger.Level
        /// A transition taken (default `debug`).
        public var transitions: Logger.Level
        /// An event that took transitions, or the start (default `info`).
        public var steps: Logger.Level
        /// An event that took no transition (default `notice`).
        public var refused: Logger.Level
        /// An event sent to an instance that is not running (default `warning`).
        public var notRunning: Logger.Level
        /// The instance stopped on a runtime error (default `error`).
        public var errors: Logger.Level

        /// The levels, each with its default unless given.
        public init(states: Logger.Level = .trace, transitions: Logger.Level = .debug, steps: Logger.Level = .info,
                    refused: Logger.Level = .notice, notRunning: Logger.Level = .warning, errors: Logger.Level = .error) {
            self.states = states
            self.transitions = transitions
            self.steps = steps
            self.refused = refused
            self.notRunning = notRunning
            self.errors = errors
        }
    }

    /// The logger lines go to, with `chart` and `instance` in its metadata.
    public var logger: Logger
    /// The level of each kind of line.
    public var levels: Levels
    /// The chart, which names states and describes transitions.
    public let chart: Statechart<StateID, Event, Context>
    /// The event being processed by a `logging:` call, for the metadata of its transition lines.
    var currentEvent: Event?

    /// Logs what instances of `chart` do to `logger`, naming this one `instance`.
    public init(chart: Statechart<StateID, Event, Context>, instance: String, logger: Logger, levels: Levels = Levels()) {
        var logger = logger
        logger[metadataKey: "chart"] = "\(chart.name)"
        logger[metadataKey: "instance"] = "\(instance)"
        self.logger = logger
        self.levels = levels
        self.chart = chart
    }

    /// Logs `entered` (level ``Levels/states``).
    public mutating func stateEntered(_ state: StateID) {
        logger.log(level: levels.states, "entered", metadata: ["state": "\(state)"])
    }

    /// Logs `exited` (level ``Levels/states``).
    public mutating func stateExited(_ state: StateID) {
        logger.log(level: levels.states, "exited", metadata: ["state": "\(state)"])
    }

    /// Logs `transition` (level ``Levels/transitions``) with its source and targets.
    public mutating func transitionTaken(_ transition: TransitionID) {
        let level = levels.transitions
        guard logger.logLevel <= level else { return }
        var metadata: Logger.Metadata = ["transition": "\(transition)"]
        if let description = chart.transition(transition) {
            metadata["from"] = .string(description.source.map { "\($0)" } ?? "")
            metadata["to"] = .string(Self.list(description.targets))
        }
        if let currentEvent { metadata["event"] = "\(currentEvent)" }
        logger.log(level: level, "transition", metadata: metadata)
    }

    /// Logs the line of a step's result: `stopped`, `not running`, `refused` or `step` (or
    /// `started` when `event` is `nil`), at their levels.
    public func record(_ result: SendResult, event: Event?) {
        var metadata: Logger.Metadata = [:]
        if let event { metadata["event"] = "\(event)" }
        switch result.outcome {
        case .notRunning:
            logger.log(level: levels.notRunning, "not running", metadata: metadata)
            return
        case _ where event == nil:
            metadata["to"] = .string(Self.list(chart.atomicStates(in: result.to)))
            logger.log(level: levels.steps, "started", metadata: metadata)
        case .ignored:
            metadata["from"] = .string(Self.list(chart.atomicStates(in: result.from)))
            logger.log(level: levels.refused, "refused", metadata: metadata)
        case .transitioned:
            metadata["from"] = .string(Self.list(chart.atomicStates(in: result.from)))
            metadata["to"] = .string(Self.list(chart.atomicStates(in: result.to)))
            metadata["transitions"] = .string(result.transitions.map(\.description).joined(separator: ", "))
            logger.log(level: levels.steps, "step", metadata: metadata)
        }
        if let error = result.error {
            metadata["error"] = "\(error)"
            logger.log(level: levels.errors, "stopped", metadata: metadata)
        }
    }

    /// Logs a step of a `StatechartRunner` or an app's model, as ``record(_:event:)``.
    public func record(_ step: StatechartStep<StateID, Event>) {
        record(step.result, event: step.event)
    }

    /// States as one metadata string: `a, b`.
    static func list(_ states: [StateID]) -> String {
        states.map { "\($0)" }.joined(separator: ", ")
    }
}
