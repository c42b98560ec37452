import Statecharts
import StatechartsGraphviz

/// What a step of the timeline was.
enum StepKind: String, Sendable {
    /// The initial macrostep (or the instance as it was when attached).
    case start
    /// An event sent by the app or the page.
    case event
    /// A delayed event the clock fired.
    case delayed
    /// The clock advanced without firing anything.
    case clock
    /// "Continue from here": an earlier step brought back.
    case restore
    /// The context or a variable edited from the page.
    case edit
}

/// One step of an inspected instance, recorded compactly as it happens: the event, what `send`
/// returned, the configuration after it, and the times. Everything the page shows is derived from
/// it only when a page asks (``InspectedInstance`` serializes under its lock, off the app's path).
struct RecordedStep<Machine: InspectableMachine> {
    /// Unique within the instance, increasing.
    var seq: Int
    /// The step before this one in its branch (`-1`: none).
    var parent: Int
    var kind: StepKind
    var event: Machine.Event?
    /// The transitions taken, in order (`nil`: the step took none).
    var transitions: TransitionList?
    /// The configuration after the step.
    var configuration: Configuration
    /// The instance's virtual clock after the step.
    var virtualTime: Duration
    /// The inspector's coarse real clock when the step was recorded (see ``CoarseClock``).
    var realTime: Duration
    /// States exited and entered, in order, when an observer recorded them (a page was open).
    var detail: TraceRecorder<Machine.StateID, Machine.Event>?
    /// Errors the step raised, as text.
    var errors: [String]
    /// What brings the machine back to this step, where it can be.
    var checkpoint: Machine.Checkpoint?
    /// A note for steps that are not events: `+1s`, `back to #12`, `context edited`.
    var note: String?
}
