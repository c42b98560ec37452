import Statecharts
import StatechartsGraphviz

/// An instance's timeline: its last steps in a ring (see ``RingPositions``).
///
/// A step is recorded as what `send` returned (``Statecharts/SendResult``: the transitions and
/// the configuration reached, packed), the event and the times; the copy of the instance that
/// brings it back and the rare extras apart. The slots live in memory allocated once, when the
/// instance is attached (``StepSlots``), and are written in place: no copy-on-write check, no
/// exclusivity check, no generic value witness, and a step that keeps no checkpoint or extras
/// does not touch the slot's old ones (its record's flags say whether there are any). Only
/// ``appendEvent(parent:event:result:virtualTime:realNanoseconds:checkpoint:machine:)`` and
/// ``append(parent:kind:event:result:virtualTime:realTime:checkpoint:machine:extras:)`` run on
/// the app's path; the rest serves the page.
///
/// The slots are a reference: a ring is never copied (its ``InspectedCore`` lives in its
/// instance's lock, and is used under that lock only).
@usableFromInline
struct StepRing<Machine: InspectableMachine> {
    @usableFromInline var positions: RingPositions
    @usableFromInline let slots: StepSlots<Machine>

    @usableFromInline
    init(capacity: Int) {
        positions = RingPositions(capacity: capacity)
        slots = StepSlots(count: positions.capacity)
    }

    var capacity: Int { positions.capacity }
    @inlinable var nextSeq: Int { positions.nextSeq }

    /// Appends an event step whose `send` ran the chart's fast route (no detail, no error, no
    /// note), numbered `nextSeq`, dropping the oldest when full; with a checkpoint of `machine`
    /// when `checkpoint` says so. The app's path: inlined into the instance's `send`.
    @inlinable @inline(__always)
    mutating func appendEvent(parent: Int, event: Machine.Event, result: SendResult, virtualTime: Duration,
                              realNanoseconds: Int64, checkpoint: Bool, machine: inout Machine) {
        let slot = positions.claimSlot()
        let form = store(result, at: slot)
        let replacedExtras = write(slot: slot, form: form, parent: parent, kind: .event, event: event,
                                   virtualTime: virtualTime, realNanoseconds: realNanoseconds, checkpoint: checkpoint,
                                   machine: &machine, hasExtras: false)
        if replacedExtras { slots.setExtras(nil, at: slot) }
    }

    /// Appends any step, numbered `nextSeq`, dropping the oldest when full: what `send`
    /// returned (`nil` for a step that sent nothing: its configuration is in `extras`), a
    /// checkpoint of `machine` when `checkpoint` says so, and the step's extras, if any.
    @inlinable
    mutating func append(parent: Int, kind: StepKind, event: Machine.Event?, result: SendResult?, virtualTime: Duration,
                         realTime: Duration, checkpoint: Bool, machine: inout Machine,
                         extras: RecordedStepExtras<Machine.StateID, Machine.Event>?) {
        let slot = positions.claimSlot()
        let form = result.map { store($0, at: slot) } ?? .none
        let replacedExtras = write(slot: slot, form: form, parent: parent, kind: kind, event: event,
                                   virtualTime: virtualTime, realNanoseconds: CoarseClock.nanoseconds(of: realTime),
                                   checkpoint: checkpoint, machine: &machine, hasExtras: extras != nil)
        if extras != nil || replacedExtras { slots.setExtras(extras, at: slot) }
    }

    /// Stores `result` in slot `slot`: as plain words when it has no details, else whole in the
    /// side slots. Returns where it went.
    @inlinable @inline(__always)
    func store(_ result: SendResult, at slot: Int) -> StepRecord.ResultForm {
        if let plain = result._plainWords {
            slots.steps[slot].plainResult = plain
            return .plain
        }
        slots.storeWholeResult(result, at: slot)
        return .whole
    }

    /// Writes the rest of a step over slot `slot` (claimed, its result stored as `form`) and
    /// returns whether the step it replaced had extras (the caller writes or clears them). The
    /// side slots (whole results, checkpoints) are touched only where the new step or the old
    /// one has something in them.
    @inlinable @inline(__always)
    func write(slot: Int, form: StepRecord.ResultForm, parent: Int, kind: StepKind, event: Machine.Event?,
               virtualTime: Duration, realNanoseconds: Int64, checkpoint: Bool, machine: inout Machine,
               hasExtras: Bool) -> Bool {
        let step = slots.steps + slot
        let old = step.pointee.record
        if old.resultForm == .whole && form != .whole { slots.clearWholeResult(at: slot) }
        step.pointee.record = StepRecord(parent: parent, kind: kind, resultForm: form, hasCheckpoint: checkpoint,
                                         hasExtras: hasExtras, virtualTime: virtualTime,
                                         realNanoseconds: realNanoseconds)
        step.pointee.event = event
        if checkpoint {
            slots.storeCheckpoint(of: machine, at: slot)
        } else if old.hasCheckpoint {
            slots.clearCheckpoint(at: slot)
        }
        return old.hasExtras
    }

    /// The step numbered `seq`, if it is still kept.
    subscript(seq seq: Int) -> RecordedStep<Machine>? {
        guard let slot = positions.slot(of: seq) else { return nil }
        let step = slots.steps[slot]
        let record = step.record
        let result: SendResult? = switch record.resultForm {
        case .none: nil
        case .plain: SendResult(step.plainResult)
        case .whole: slots.wholeResults[slot]
        }
        let extras = record.hasExtras ? slots.extras[slot] : nil
        guard let configuration = result?.to ?? extras?.configuration else { return nil }
        return RecordedStep(seq: seq, parent: record.parent, kind: record.kind, event: step.event,
                            transitions: result?.transitions, configuration: configuration,
                            virtualTime: record.virtualTime, realTime: record.realTime,
                            checkpoint: record.hasCheckpoint ? slots.checkpoints[slot] : nil, extras: extras)
    }

    /// The steps after `seq`, at most `limit` of the newest, and how many after `seq` are not
    /// returned (see ``RingPositions/range(after:limit:)``).
    func elements(after seq: Int, limit: Int) -> (elements: [RecordedStep<Machine>], dropped: Int) {
        let (seqs, dropped) = positions.range(after: seq, limit: limit)
        return (seqs.compactMap { self[seq: $0] }, dropped)
    }
}

/// The memory of a ``StepRing``'s slots: what every step writes side by side (one cache line or
/// two per step), the rare checkpoints and extras apart; allocated and initialized when the ring
/// is made, freed with it. Every slot is always initialized (`nil` where a step has nothing).
/// The only owner of unsafe memory in the inspector.
@usableFromInline
final class StepSlots<Machine: InspectableMachine> {
    @usableFromInline let steps: UnsafeMutablePointer<StepSlot<Machine.Event>>
    /// Meaningful only where the slot's record says its result is `.whole`.
    @usableFromInline let wholeResults: UnsafeMutablePointer<SendResult?>
    /// Meaningful only where the slot's record says `hasCheckpoint`.
    @usableFromInline let checkpoints: UnsafeMutablePointer<Machine.Checkpoint?>
    /// Meaningful only where the slot's record says `hasExtras`.
    @usableFromInline let extras: UnsafeMutablePointer<RecordedStepExtras<Machine.StateID, Machine.Event>?>
    let count: Int

    init(count: Int) {
        self.count = count
        steps = .allocate(capacity: count)
        steps.initialize(repeating: StepSlot(), count: count)
        wholeResults = .allocate(capacity: count)
        wholeResults.initialize(repeating: nil, count: count)
        checkpoints = .allocate(capacity: count)
        checkpoints.initialize(repeating: nil, count: count)
        extras = .allocate(capacity: count)
        extras.initialize(repeating: nil, count: count)
    }

    // The side slots' writes, out of line: rare on the app's path (a checkpoint every
    // `checkpointInterval` steps, a whole result or extras seldom), and each a copy or a release
    // of a value with references, which would otherwise take registers and stack from the
    // common step they are inlined into.

    /// Stores `result` whole in slot `slot`, releasing the one it replaces.
    @usableFromInline @inline(never)
    func storeWholeResult(_ result: SendResult, at slot: Int) { wholeResults[slot] = result }

    /// Releases slot `slot`'s whole result.
    @usableFromInline @inline(never)
    func clearWholeResult(at slot: Int) { wholeResults[slot] = nil }

    /// Stores a checkpoint of `machine` in slot `slot`, releasing the one it replaces.
    @usableFromInline @inline(never)
    func storeCheckpoint(of machine: Machine, at slot: Int) { checkpoints[slot] = machine.inspectorCheckpoint() }

    /// Releases slot `slot`'s checkpoint.
    @usableFromInline @inline(never)
    func clearCheckpoint(at slot: Int) { checkpoints[slot] = nil }

    /// Stores `extras` in slot `slot`, releasing the ones they replace.
    @usableFromInline @inline(never)
    func setExtras(_ value: RecordedStepExtras<Machine.StateID, Machine.Event>?, at slot: Int) { extras[slot] = value }

    deinit {
        steps.deinitialize(count: count)
        steps.deallocate()
        wholeResults.deinitialize(count: count)
        wholeResults.deallocate()
        checkpoints.deinitialize(count: count)
        checkpoints.deallocate()
        extras.deinitialize(count: count)
        extras.deallocate()
    }
}

/// What every step writes on the app's path.
@usableFromInline
struct StepSlot<Event> {
    @usableFromInline var record = StepRecord()
    /// What `send` returned, where the record says it is `.plain`.
    @usableFromInline var plainResult = _PlainSendResult()
    @usableFromInline var event: Event?

    @usableFromInline init() {}
}

/// What every step records on the app's path besides what `send` returned and its event: plain
/// values only, so that writing one over another is a store.
@usableFromInline
struct StepRecord {
    /// Where the step's `SendResult` is.
    @usableFromInline
    enum ResultForm: UInt8 {
        /// The step sent nothing.
        case none
        /// In the slot, as plain words (the common case: no details box).
        case plain
        /// In the ring's `wholeResults`.
        case whole
    }

    @usableFromInline var parent: Int
    @usableFromInline var kind: StepKind
    @usableFromInline var resultForm: ResultForm
    /// Whether the ring's `checkpoints` holds one for this slot.
    @usableFromInline var hasCheckpoint: Bool
    /// Whether the ring's `extras` holds a box for this slot.
    @usableFromInline var hasExtras: Bool
    @usableFromInline var virtualTime: Duration
    /// The coarse clock's reading (``CoarseClock/nanosecondsNow``).
    @usableFromInline var realNanoseconds: Int64
    /// When the step was taken, since the inspector started.
    var realTime: Duration { .nanoseconds(realNanoseconds) }

    @inlinable
    init(parent: Int = -1, kind: StepKind = .start, resultForm: ResultForm = .none, hasCheckpoint: Bool = false,
         hasExtras: Bool = false, virtualTime: Duration = .zero, realNanoseconds: Int64 = 0) {
        self.parent = parent
        self.kind = kind
        self.resultForm = resultForm
        self.hasCheckpoint = hasCheckpoint
        self.hasExtras = hasExtras
        self.virtualTime = virtualTime
        self.realNanoseconds = realNanoseconds
    }
}
