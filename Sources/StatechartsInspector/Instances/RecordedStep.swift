import Statecharts
import StatechartsGraphviz

/// What a step of the timeline was.
@usableFromInline
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
@usableFromInline
struct RecordedStep<Machine: InspectableMachine> {
    /// Unique within the instance, increasing.
    @usableFromInline var seq: Int
    /// The step before this one in its branch (`-1`: none).
    @usableFromInline var parent: Int
    @usableFromInline var kind: StepKind
    @usableFromInline var event: Machine.Event?
    /// The transitions taken, in order (`nil`: the step took none).
    @usableFromInline var transitions: TransitionList?
    /// The configuration after the step.
    @usableFromInline var configuration: Configuration
    /// The instance's virtual clock after the step.
    @usableFromInline var virtualTime: Duration
    /// The inspector's coarse real clock when the step was recorded (see ``CoarseClock``).
    @usableFromInline var realTime: Duration
    /// States exited and entered, in order, when an observer recorded them (a page was open).
    @usableFromInline var detail: TraceRecorder<Machine.StateID, Machine.Event>?
    /// Errors the step raised, as text.
    @usableFromInline var errors: [String]
    /// What brings the machine back to this step, where it can be.
    @usableFromInline var checkpoint: Machine.Checkpoint?
    /// A note for steps that are not events: `+1s`, `back to #12`, `context edited`.
    @usableFromInline var note: String?

    @inlinable
    init(seq: Int, parent: Int, kind: StepKind, event: Machine.Event?, transitions: TransitionList?,
         configuration: Configuration, virtualTime: Duration, realTime: Duration,
         detail: TraceRecorder<Machine.StateID, Machine.Event>?, errors: [String], checkpoint: Machine.Checkpoint?,
         note: String?) {
        self.seq = seq
        self.parent = parent
        self.kind = kind
        self.event = event
        self.transitions = transitions
        self.configuration = configuration
        self.virtualTime = virtualTime
        self.realTime = realTime
        self.detail = detail
        self.errors = errors
        self.checkpoint = checkpoint
        self.note = note
    }
}
