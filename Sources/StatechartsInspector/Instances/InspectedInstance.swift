import Statecharts
import StatechartsGraphviz

/// A running chart attached to a ``StatechartInspector``: the app sends its events here, from
/// any thread, and the page watches, pauses, steps, rewinds and drives it.
///
/// ```swift
/// let inspector = try await StatechartInspector.start()
/// let door = inspector.attach(chart.start(context: Stats()), name: "front door")
/// door.send(.open)                      // as on the instance itself
/// ```
///
/// `send` runs the macrostep at once, as the instance would, and records a compact step in the
/// instance's timeline (a ring of ``InspectorOptions/timelineLength`` steps); nothing is
/// serialized until a page asks. While the page has the instance paused, `send` holds the event
/// and returns `nil`: held events are delivered in order when the page resumes or steps.
public final class InspectedInstance<Machine: InspectableMachine>: @unchecked Sendable {
    // @unchecked: every mutable part lives in `core`, behind its lock.

    /// The name the page lists the instance under.
    public let name: String
    /// The inspector's id of the instance (`i1`, `i2`, …).
    public let id: String
    @usableFromInline let core: Locked<InspectedCore<Machine>>
    @usableFromInline let clock: CoarseClock
    let diagrams: DiagramCache

    /// Whether the instance's delayed events fire on real time (``InspectorClock/live``).
    @usableFromInline let isLive: Bool

    init(machine: Machine, name: String, id: String, options: InspectorOptions, clock: CoarseClock,
         diagrams: DiagramCache, startResult: SendResult?, mode: InspectorClock) {
        self.name = name
        self.id = id
        self.clock = clock
        self.diagrams = diagrams
        self.isLive = mode == .live
        // The machine is handed over: the caller keeps no access to it but through this class.
        nonisolated(unsafe) var core = InspectedCore(machine: machine, options: options)
        let now = clock.now
        if mode == .live { core.liveOffset = now - machine.instance.now }
        core.recordStart(result: startResult, at: now)
        self.core = Locked(core)
    }

    /// Sends `event` and runs the macrostep it causes; `nil` when the instance is paused (or
    /// pauses now, at a breakpoint on the event or a transition it would take): the event is
    /// held and delivered, in order, when the page resumes or steps.
    @inlinable @discardableResult
    public func send(_ event: Machine.Event) -> SendResult? {
        let nanoseconds = clock.nanosecondsNow
        if isLive {
            let now = Duration.nanoseconds(nanoseconds)
            return core.withLock { core in
                core.catchUpLive(at: now)
                return core.deliverFromApp(event, at: now)
            }
        }
        // A result with no details leaves the lock as plain words and becomes a `SendResult`
        // here, in the caller's code, where the optimizer sees that it holds no reference: a
        // caller that drops it then releases nothing.
        switch core.withLock({ $0.deliverFromAppCompactly(event, realNanoseconds: nanoseconds) }) {
        case .plain(let words): return SendResult(words)
        case .other(let result): return result
        }
    }

    /// Advances the instance's virtual clock by `duration`, firing the delayed events that fall
    /// due (each a step of the timeline); what they did, in order. Nothing fires while paused:
    /// the clock waits for the page. (An instance attached with ``InspectorClock/live`` moves
    /// on its own; this moves it further ahead.)
    @discardableResult
    public func advanceClock(by duration: Duration) -> [DelayedDelivery<Machine.Event>] {
        let now = clock.now
        return core.withLock { core in
            guard !core.isPaused else { return [] }
            return core.advance(by: duration, at: now, recordsClockStep: true)
        }
    }

    /// The running instance, as of now (a copy).
    public var instance: StatechartInstance<Machine.StateID, Machine.Event, Machine.Context> {
        core.withLock { $0.machine.instance }
    }

    /// Every active state, in document order.
    public var configuration: [Machine.StateID] { core.withLock { $0.machine.instance.configuration } }

    /// Whether `state` is active.
    public func isActive(_ state: Machine.StateID) -> Bool { core.withLock { $0.machine.instance.isActive(state) } }

    /// Whether the page has the instance paused.
    public var isPaused: Bool { core.withLock { $0.isPaused } }

    /// How many events are held while paused.
    public var heldEventCount: Int { core.withLock { $0.held.count } }
}

extension InspectedInstance where Machine.Context: Sendable {
    /// The context, as of now.
    public var context: Machine.Context { core.withLock { $0.machine.instance.context } }
}

/// What the app's `send` returns from under the lock.
@usableFromInline
enum AppDelivery {
    /// A result with no details, as plain words (the common case).
    case plain(_PlainSendResult)
    /// Any other result, or `nil` when the event was held.
    case other(SendResult?)
}

/// The mutable part of an ``InspectedInstance``, always used under its lock.
@usableFromInline
struct InspectedCore<Machine: InspectableMachine> {
    @usableFromInline var machine: Machine
    @usableFromInline let options: InspectorOptions
    @usableFromInline var timeline: StepRing<Machine>
    /// The step the machine is at.
    @usableFromInline var head = -1
    @usableFromInline var isPaused = false
    @usableFromInline var pauseReason: String?
    /// Events the app sent while paused, in order.
    @usableFromInline var held: [Machine.Event] = []
    /// The first held event already passed its "before" breakpoints (the one that paused).
    @usableFromInline var headPassedBreakpoints = false
    @usableFromInline var breakpoints: [Breakpoint] = []
    @usableFromInline var nextBreakpoint = 1
    /// Pages showing this instance: while there is one, steps are recorded in full.
    @usableFromInline var watchers = 0
    /// Bumped on every change the page may show.
    @usableFromInline var changes: UInt64 = 0
    /// Steps taken since attached.
    @usableFromInline var stepCount = 0
    /// Whether each step keeps a checkpoint (the options ask for them, and the machine has them).
    @usableFromInline let takesCheckpoints: Bool
    /// For an instance on real time: the coarse clock's reading when the virtual clock read zero.
    @usableFromInline var liveOffset: Duration?
    /// The machine's virtual clock, as of the last step that was not a fast event step (`send`
    /// never moves the clock: only the inspector's own advances, restores and edits do, and each
    /// reads it anew). Reading the machine's clock costs a fifth of a small chart's `send`.
    @usableFromInline var virtualNow: Duration
    /// The first step number at which an unwatched event step keeps a checkpoint: the next
    /// multiple of `checkpointInterval` after the last checkpoint (a division per checkpoint,
    /// not per step).
    @usableFromInline var nextCheckpointSeq = 0

    @usableFromInline
    init(machine: Machine, options: InspectorOptions) {
        self.machine = machine
        self.options = options
        // Decided once: whether the machine can be brought back is a property of its type.
        self.takesCheckpoints = options.keepsCheckpoints && machine.inspectorCheckpoint() != nil
        self.timeline = StepRing(capacity: options.timelineLength)
        self.virtualNow = machine.inspectorNow
    }

    @inlinable
    var recordsDetail: Bool { watchers > 0 || options.recordsEveryMicrostep }

    // MARK: Steps

    /// Records the instance as it is when attached (its initial macrostep when `result` is given).
    mutating func recordStart(result: SendResult?, at now: Duration) {
        append(kind: .start, event: nil, result: result,
               detail: nil, errors: machine.inspectorTakeErrors(), note: result == nil ? "attached" : nil, at: now)
    }

    /// Appends a step for what just happened to the machine, as the child of `head`: `result`
    /// is what `send` returned, `nil` for a step that sent nothing.
    @inlinable
    mutating func append(kind: StepKind, event: Machine.Event?, result: SendResult?,
                         detail: TraceRecorder<Machine.StateID, Machine.Event>?, errors: [String], note: String?,
                         at now: Duration, parent: Int? = nil) {
        let configuration = result == nil ? machine.instance.currentConfigurationValue : nil
        let extras: RecordedStepExtras<Machine.StateID, Machine.Event>? =
            detail == nil && errors.isEmpty && note == nil && configuration == nil
            ? nil : .make(detail: detail, errors: errors, note: note, configuration: configuration)
        virtualNow = machine.inspectorNow
        let seq = timeline.nextSeq
        // Every step that is not an event keeps a checkpoint (rare, and where a branch starts).
        timeline.append(parent: parent ?? head, kind: kind, event: event, result: result,
                        virtualTime: virtualNow, realTime: now,
                        checkpoint: kind == .event ? eventKeepsCheckpoint() : keepsCheckpoint(), machine: &machine,
                        extras: extras)
        head = seq
        stepCount += 1
        changes &+= 1
    }

    /// Appends an event step that ran the chart's fast route: nothing but the event, what
    /// `send` returned and the times (the app's path with no page watching).
    @inlinable @inline(__always)
    mutating func appendEvent(_ event: Machine.Event, result: SendResult, realNanoseconds: Int64) {
        let seq = timeline.nextSeq
        timeline.appendEvent(parent: head, event: event, result: result, virtualTime: virtualNow,
                             realNanoseconds: realNanoseconds, checkpoint: eventKeepsCheckpoint(), machine: &machine)
        head = seq
        stepCount &+= 1
        changes &+= 1
    }

    /// Whether the next event step keeps a checkpoint: every one while a page watches, otherwise
    /// one in `checkpointInterval` (a copy of the instance costs more than the `send`).
    @inlinable @inline(__always)
    mutating func eventKeepsCheckpoint() -> Bool {
        guard takesCheckpoints,
              watchers > 0 || timeline.nextSeq >= nextCheckpointSeq || Machine.inspectorCheckpointsEveryStep
        else { return false }
        return keepsCheckpoint()
    }

    /// Whether the next step keeps a checkpoint, when it may (the machine has them and the
    /// options ask for them); notes when the next unwatched one is due.
    @inlinable
    mutating func keepsCheckpoint() -> Bool {
        guard takesCheckpoints else { return false }
        let interval = options.checkpointInterval
        nextCheckpointSeq = (timeline.nextSeq / interval + 1) * interval
        return true
    }

    /// The app's `send`: held while paused, or when a breakpoint stops it; run otherwise.
    ///
    /// The app's common case (not paused, no breakpoint, no page watching) is inlined into
    /// ``InspectedInstance/send(_:)``'s critical section: the chart's fast route and a compact
    /// step, with no call in between. Everything else is one call out of line.
    @inlinable @inline(__always)
    mutating func deliverFromApp(_ event: Machine.Event, at now: Duration) -> SendResult? {
        switch deliverFromAppCompactly(event, realNanoseconds: CoarseClock.nanoseconds(of: now)) {
        case .plain(let words): SendResult(words)
        case .other(let result): result
        }
    }

    /// ``deliverFromApp(_:at:)``, with a result that has no details returned as plain words.
    @inlinable @inline(__always)
    mutating func deliverFromAppCompactly(_ event: Machine.Event, realNanoseconds: Int64) -> AppDelivery {
        if !isPaused, breakpoints.isEmpty, !recordsDetail, !Machine.inspectorReplaysInputs {
            let result = machine.send(event)
            appendEvent(event, result: result, realNanoseconds: realNanoseconds)
            if let words = result._plainWords { return .plain(words) }
            return .other(result)
        }
        return .other(deliverWatched(event, at: .nanoseconds(realNanoseconds)))
    }

    /// ``deliverFromApp(_:at:)`` past its common case: paused, stopped by a breakpoint, or
    /// recorded in detail.
    @inlinable @inline(never)
    mutating func deliverWatched(_ event: Machine.Event, at now: Duration) -> SendResult? {
        if isPaused {
            held.append(event)
            changes &+= 1
            return nil
        }
        if !breakpoints.isEmpty, let reason = breakpointBefore(event) {
            pause(reason)
            held.append(event)
            headPassedBreakpoints = true
            return nil
        }
        return run(event, at: now)
    }

    /// Sends `event` through the machine and records the step, then checks the "after"
    /// breakpoints.
    @inlinable
    mutating func run(_ event: Machine.Event, at now: Duration) -> SendResult {
        // The app's path with nothing to watch for: the chart's fast route and a compact step.
        if breakpoints.isEmpty, !recordsDetail, !Machine.inspectorReplaysInputs {
            let result = machine.send(event)
            appendEvent(event, result: result, realNanoseconds: CoarseClock.nanoseconds(of: now))
            return result
        }
        let before = breakpoints.isEmpty ? nil : machine.instance.currentConfigurationValue
        let result: SendResult
        var detail: TraceRecorder<Machine.StateID, Machine.Event>?
        // A breakpoint on a state needs the states entered, a re-entered one included.
        let observes = recordsDetail || (before != nil && hasStateBreakpoints)
        if observes {
            var recorder = TraceRecorder<Machine.StateID, Machine.Event>()
            result = machine.send(event, observer: &recorder)
            detail = recorder
        } else {
            result = machine.send(event)
        }
        machine.inspectorRecord(.event(event))
        append(kind: .event, event: event, result: result, detail: recordsDetail ? detail : nil,
               errors: machine.inspectorTakeErrors(), note: nil, at: now)
        if let before, let reason = breakpointAfter(from: before, detail: detail) { pause(reason) }
        return result
    }

    /// Advances the virtual clock by `duration`, one delayed event at a time, each a step.
    mutating func advance(by duration: Duration, at now: Duration, recordsClockStep: Bool) -> [DelayedDelivery<Machine.Event>] {
        var instance = machine.instance
        let target = instance.now + duration
        // How far the clock's moves are in the machine's input log: each delayed event's own
        // move is logged before its step, so that bringing that step back replays up to it.
        var logged = instance.now
        var delivered: [DelayedDelivery<Machine.Event>] = []
        var rounds = 0
        // One delayed event per round, so that each is a step with its own detail; a chart that
        // keeps scheduling events stops at the limit, as `statechart run` does.
        while instance.isRunning, instance.now < target, rounds < InspectorOptions.delayedEventsPerAdvance {
            rounds += 1
            let before = breakpoints.isEmpty ? nil : instance.currentConfigurationValue
            var recorder = TraceRecorder<Machine.StateID, Machine.Event>()
            let fired = instance.advanceClock(by: target - instance.now, limit: 1, observer: &recorder)
            machine.replaceInstance(instance)
            guard let delivery = fired.first else {
                if instance.nextDelayedEventTime.map({ $0 > target }) ?? true { break }
                continue
            }
            // The clock may have moved on past the event (when nothing else fell due): the step
            // is at the event's time.
            machine.inspectorRecord(.advance(delivery.time - logged, limit: 1))
            logged = delivery.time
            delivered.append(delivery)
            append(kind: .delayed, event: delivery.event, result: delivery.result,
                   detail: recordsDetail ? recorder : nil, errors: machine.inspectorTakeErrors(), note: nil, at: now)
            if let before, let reason = breakpointAfter(from: before, detail: recorder) {
                pause(reason)
                break
            }
            instance = machine.instance
        }
        let reached = machine.instance.now
        virtualNow = reached
        if reached > logged { machine.inspectorRecord(.advance(reached - logged, limit: 0)) }
        // On real time, a clock moved ahead by hand stays ahead.
        if let offset = liveOffset { liveOffset = min(offset, now - reached) }
        // A step for the clock itself when it moved past the last event fired (or fired none),
        // or when the chart kept scheduling events past the limit of one advance.
        let stoppedAtLimit = rounds >= InspectorOptions.delayedEventsPerAdvance
            && (machine.instance.nextDelayedEventTime.map { $0 <= target } ?? false)
        if recordsClockStep, !isPaused || delivered.isEmpty, reached > logged || delivered.isEmpty || stoppedAtLimit {
            let note = "+\(InspectorFormat.duration(duration))"
                + (stoppedAtLimit ? ": stopped after \(InspectorOptions.delayedEventsPerAdvance) delayed events (the chart keeps scheduling more)" : "")
            append(kind: .clock, event: nil, result: nil, detail: nil, errors: [], note: note, at: now)
        }
        return delivered
    }

    /// Brings an instance on real time up to `now`: its due delayed events fire, each a step.
    /// Nothing moves while paused; what fell due meanwhile fires after the page resumes.
    @usableFromInline
    mutating func catchUpLive(at now: Duration) {
        guard let offset = liveOffset, !isPaused else { return }
        let target = now - offset
        let (current, due, running) = machine.withInstance { ($0.now, $0.nextDelayedEventTime, $0.isRunning) }
        guard running, target > current else { return }
        if let due, due <= target {
            _ = advance(by: target - current, at: now, recordsClockStep: false)
        } else {
            machine.withInstance { _ = $0.advanceClock(by: target - current) }
            virtualNow = machine.inspectorNow
        }
    }
}
