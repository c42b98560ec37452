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

/// One step of an inspected instance, recorded compactly as it happens: the event, the
/// transitions `send` took, the configuration after it, the times, and what brings the instance
/// back to it. What most steps do not have (the states exited and entered, recorded only while a
/// page watches; errors; a note) lives in a box made only when there is something to keep.
/// Everything the page shows is derived when a page asks (``InspectedInstance`` serializes under
/// its lock, off the app's path).
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
    /// What brings the machine back to this step, where it can be.
    @usableFromInline var checkpoint: Machine.Checkpoint?
    /// The rest, when there is any.
    @usableFromInline var extras: RecordedStepExtras<Machine.StateID, Machine.Event>?

    /// States exited and entered, in order, when an observer recorded them (a page was open).
    var detail: TraceRecorder<Machine.StateID, Machine.Event>? { extras?.detail }
    /// Errors the step raised, as text.
    var errors: [String] { extras?.errors ?? [] }
    /// A note for steps that are not events: `+1s`, `back to #12`, `context edited`.
    var note: String? { extras?.note }

    @inlinable
    init(seq: Int, parent: Int, kind: StepKind, event: Machine.Event?, transitions: TransitionList?,
         configuration: Configuration, virtualTime: Duration, realTime: Duration, checkpoint: Machine.Checkpoint?,
         extras: RecordedStepExtras<Machine.StateID, Machine.Event>?) {
        self.seq = seq
        self.parent = parent
        self.kind = kind
        self.event = event
        self.transitions = transitions
        self.configuration = configuration
        self.virtualTime = virtualTime
        self.realTime = realTime
        self.checkpoint = checkpoint
        self.extras = extras
    }
}

/// What a step rarely has: the states exited and entered (recorded while a page watches), the
/// errors it raised, a note.
@usableFromInline
final class RecordedStepExtras<StateID: Hashable & Sendable, Event: StatechartEvent> {
    let detail: TraceRecorder<StateID, Event>?
    let errors: [String]
    let note: String?
    /// The configuration after a step that sent nothing (no `SendResult` says it).
    let configuration: Configuration?

    /// A box, or `nil` when there is nothing to keep.
    @usableFromInline
    static func make(detail: TraceRecorder<StateID, Event>?, errors: [String], note: String?,
                     configuration: Configuration?) -> RecordedStepExtras? {
        guard detail != nil || !errors.isEmpty || note != nil || configuration != nil else { return nil }
        return RecordedStepExtras(detail: detail, errors: errors, note: note, configuration: configuration)
    }

    init(detail: TraceRecorder<StateID, Event>?, errors: [String], note: String?, configuration: Configuration?) {
        self.detail = detail
        self.errors = errors
        self.note = note
        self.configuration = configuration
    }
}
