import Statecharts
import StatechartsAnalysis

/// One step of a run: an event sent, or the virtual clock advanced so that the next pending
/// delayed events fall due. The same steps as a test path's (`StatechartsAnalysis.PathStep`), so
/// that a counterexample and a test path are written and run alike (`statechart run`).
public typealias VerificationStep<Event: StatechartEvent> = PathStep<Event>

/// A situation of a run: what was active and what the context held.
public struct VerifiedSituation<StateID: Hashable & Sendable, Context> {
    /// Every active state, in document order.
    public let configuration: [StateID]
    /// The active atomic and final states, in document order.
    public let activeLeaves: [StateID]
    /// The context.
    public let context: Context
    /// The context as the exploration compared it, as text, when it was abstracted (an SCXML
    /// session's variables as JSON); `nil` otherwise.
    public let summary: String?
    /// Whether the chart had finished.
    public let isFinished: Bool
    /// The virtual clock.
    public let now: Duration
}

extension VerifiedSituation: Sendable where Context: Sendable {}

/// One step of a counterexample and where it led.
public struct CounterexampleStep<StateID: Hashable & Sendable, Event: StatechartEvent, Context> {
    /// What was done.
    public let step: VerificationStep<Event>
    /// The transitions the step took, in order (the path drawn in red).
    public let transitions: [TransitionID]
    /// The situation after it.
    public let situation: VerifiedSituation<StateID, Context>
}

extension CounterexampleStep: Sendable where Context: Sendable {}

/// How a counterexample breaks its property.
public enum CounterexampleEnding: Sendable, Hashable {
    /// The last situation is a bad one (``Property/never(_:)``, ``Property/always(_:)``,
    /// ``Property/deadlockFree``).
    case badSituation
    /// The run stops there (finished, stuck or stopped) without what the property waits for.
    case stops
    /// After the last step the run is back in the situation after step `loopStart` (0: the start)
    /// and can go round forever without what the property waits for.
    case loops(loopStart: Int)
    /// From the last situation no run reaches the condition of ``Property/canAlwaysReach(_:)-(Condition<StateID,Context>)``.
    case cannotReach
}

/// The shortest run found that breaks a property: the steps from the start, the situation after
/// each, and how it ends. For liveness properties it is the shortest way into a run that avoids
/// the awaited condition, and the shortest loop from there.
public struct Counterexample<StateID: Hashable & Sendable, Event: StatechartEvent, Context> {
    /// The situation after the chart started.
    public let start: VerifiedSituation<StateID, Context>
    /// The steps, in order.
    public let steps: [CounterexampleStep<StateID, Event, Context>]
    /// How the run breaks the property.
    public let ending: CounterexampleEnding
    /// For ``Property/respondsTo(_:with:)``: the number of steps after which the trigger held
    /// without a response (0: at the start).
    public let triggerStep: Int?

    /// The steps alone, to replay (``Statecharts/Statechart/replay(_:context:)``).
    public var events: [VerificationStep<Event>] { steps.map(\.step) }

    /// Every transition the run takes, in order: the path to draw.
    public var transitions: [TransitionID] { steps.flatMap(\.transitions) }

    /// The situation after `count` steps (0: the start).
    public func situation(after count: Int) -> VerifiedSituation<StateID, Context> {
        count == 0 || steps.isEmpty ? start : steps[min(count, steps.count) - 1].situation
    }
}

extension CounterexampleStep: CustomStringConvertible {
    /// `open -> [doorOpen, moving]`.
    public var description: String { "\(step) -> [\(situation.activeLeaves.map { "\($0)" }.joined(separator: ", "))]" }
}

extension Counterexample: Sendable where Context: Sendable {}
