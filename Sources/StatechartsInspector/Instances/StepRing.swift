import Statecharts
import StatechartsGraphviz

/// An instance's timeline: its last steps in a ring (see ``RingPositions``), in four arrays.
///
/// A step is recorded as what `send` returned (``Statecharts/SendResult``: the transitions and
/// the configuration reached, packed), the event and the times; the copy of the instance that
/// brings it back and the rare extras apart. Not as one value of the step's generic type: stored
/// whole, such a value is copied in and out of the ring through generic value witnesses, which
/// cost more than the `send` it records. Only ``append(parent:kind:event:result:virtualTime:realTime:machine:checkpoint:extras:)``
/// runs on the app's path; the rest serves the page.
@usableFromInline
struct StepRing<Machine: InspectableMachine> {
    @usableFromInline var positions: RingPositions
    @usableFromInline var records: [StepRecord]
    @usableFromInline var events: [Machine.Event?]
    @usableFromInline var checkpoints: [Machine.Checkpoint?]
    @usableFromInline var extras: [RecordedStepExtras<Machine.StateID, Machine.Event>?]

    @usableFromInline
    init(capacity: Int) {
        positions = RingPositions(capacity: capacity)
        let slots = positions.capacity
        records = Array(repeating: StepRecord(), count: slots)
        events = Array(repeating: nil, count: slots)
        checkpoints = Array(repeating: nil, count: slots)
        extras = Array(repeating: nil, count: slots)
    }

    var capacity: Int { positions.capacity }
    @inlinable var nextSeq: Int { positions.nextSeq }

    /// Appends a step, numbered `nextSeq`, dropping the oldest when full: what `send` returned
    /// (`nil` for a step that sent nothing: its configuration is in `extras`), and a checkpoint
    /// of `machine` when `checkpoint` says so.
    @inlinable
    mutating func append(parent: Int, kind: StepKind, event: Machine.Event?, result: SendResult?,
                         virtualTime: Duration, realTime: Duration, machine: inout Machine, checkpoint: Bool,
                         extras: RecordedStepExtras<Machine.StateID, Machine.Event>?) {
        let slot = positions.claimSlot()
        records[slot] = StepRecord(parent: parent, kind: kind, virtualTime: virtualTime, realTime: realTime, result: result)
        events[slot] = event
        if checkpoint {
            checkpoints[slot] = machine.inspectorCheckpoint()
        } else if checkpoints[slot] != nil {
            checkpoints[slot] = nil
        }
        if extras != nil || self.extras[slot] != nil { self.extras[slot] = extras }
    }

    /// The step numbered `seq`, if it is still kept.
    subscript(seq seq: Int) -> RecordedStep<Machine>? {
        guard let slot = positions.slot(of: seq) else { return nil }
        let record = records[slot]
        let extras = self.extras[slot]
        guard let configuration = record.result?.to ?? extras?.configuration else { return nil }
        return RecordedStep(seq: seq, parent: record.parent, kind: record.kind, event: events[slot],
                            transitions: record.result?.transitions, configuration: configuration,
                            virtualTime: record.virtualTime, realTime: record.realTime,
                            checkpoint: checkpoints[slot], extras: extras)
    }

    /// The steps after `seq`, at most `limit` of the newest, and how many after `seq` are not
    /// returned (see ``RingPositions/range(after:limit:)``).
    func elements(after seq: Int, limit: Int) -> (elements: [RecordedStep<Machine>], dropped: Int) {
        let (seqs, dropped) = positions.range(after: seq, limit: limit)
        return (seqs.compactMap { self[seq: $0] }, dropped)
    }
}

/// What every step records on the app's path, besides its event (not generic: a generic
/// record is destroyed through its generic value witnesses when the ring overwrites it).
@usableFromInline
struct StepRecord {
    @usableFromInline var parent = -1
    @usableFromInline var kind = StepKind.start
    @usableFromInline var virtualTime = Duration.zero
    @usableFromInline var realTime = Duration.zero
    /// What `send` returned: the transitions and the configuration reached.
    @usableFromInline var result: SendResult?

    @inlinable
    init(parent: Int = -1, kind: StepKind = .start, virtualTime: Duration = .zero, realTime: Duration = .zero,
         result: SendResult? = nil) {
        self.parent = parent
        self.kind = kind
        self.virtualTime = virtualTime
        self.realTime = realTime
        self.result = result
    }
}
