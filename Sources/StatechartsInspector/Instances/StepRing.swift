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
/// ``appendEvent(parent:event:result:virtualTime:realTime:checkpoint:machine:)`` and
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
    /// when `checkpoint` says so.
    @inlinable
    mutating func appendEvent(parent: Int, event: Machine.Event, result: SendResult, virtualTime: Duration,
                              realTime: Duration, checkpoint: Bool, machine: inout Machine) {
        let (slot, replacedExtras) = write(parent: parent, kind: .event, event: event, result: result,
                                           virtualTime: virtualTime, realTime: realTime, checkpoint: checkpoint,
                                           machine: &machine, hasExtras: false)
        if replacedExtras { slots.extras[slot] = nil }
    }

    /// Appends any step, numbered `nextSeq`, dropping the oldest when full: what `send`
    /// returned (`nil` for a step that sent nothing: its configuration is in `extras`), a
    /// checkpoint of `machine` when `checkpoint` says so, and the step's extras, if any.
    @inlinable
    mutating func append(parent: Int, kind: StepKind, event: Machine.Event?, result: SendResult?, virtualTime: Duration,
                         realTime: Duration, checkpoint: Bool, machine: inout Machine,
                         extras: RecordedStepExtras<Machine.StateID, Machine.Event>?) {
        let (slot, replacedExtras) = write(parent: parent, kind: kind, event: event, result: result,
                                           virtualTime: virtualTime, realTime: realTime, checkpoint: checkpoint,
                                           machine: &machine, hasExtras: extras != nil)
        if extras != nil || replacedExtras { slots.extras[slot] = extras }
    }

    /// Writes a step over the oldest slot; returns the slot and whether the step it replaced had
    /// extras (the caller writes or clears them). A result with
    /// no details is stored as plain words; the side slots (whole results, checkpoints) are
    /// touched only where the new step or the old one has something in them.
    @inlinable @inline(__always)
    mutating func write(parent: Int, kind: StepKind, event: Machine.Event?, result: SendResult?,
                        virtualTime: Duration, realTime: Duration, checkpoint: Bool, machine: inout Machine,
                        hasExtras: Bool) -> (slot: Int, replacedExtras: Bool) {
        let slot = positions.claimSlot()
        let step = slots.steps + slot
        let old = step.pointee.record
        let form: StepRecord.ResultForm
        if let result {
            if let plain = result._plainWords {
                step.pointee.plainResult = plain
                form = .plain
            } else {
                slots.wholeResults[slot] = result
                form = .whole
            }
        } else {
            form = .none
        }
        if old.resultForm == .whole && form != .whole { slots.wholeResults[slot] = nil }
        step.pointee.record = StepRecord(parent: parent, kind: kind, resultForm: form, hasCheckpoint: checkpoint,
                                         hasExtras: hasExtras, virtualTime: virtualTime, realTime: realTime)
        step.pointee.event = event
        if checkpoint {
            slots.checkpoints[slot] = machine.inspectorCheckpoint()
        } else if old.hasCheckpoint {
            slots.checkpoints[slot] = nil
        }
        return (slot, old.hasExtras)
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
    @usableFromInline var realTime: Duration

    @inlinable
    init(parent: Int = -1, kind: StepKind = .start, resultForm: ResultForm = .none, hasCheckpoint: Bool = false,
         hasExtras: Bool = false, virtualTime: Duration = .zero, realTime: Duration = .zero) {
        self.parent = parent
        self.kind = kind
        self.resultForm = resultForm
        self.hasCheckpoint = hasCheckpoint
        self.hasExtras = hasExtras
        self.virtualTime = virtualTime
        self.realTime = realTime
    }
}
