// How the single-path and regions routes run a candidate's plan and evaluate a guard, as a
// type: the routes (SinglePathRoute.swift, RegionsRoute.swift) are generic over it and
// specialized at compile time, so each is written once for the table runtime (`_TablePlans`: the
// plan's action slots, the guard slots) and for compiled charts (`_GeneratedPlanRunner`: code
// the `@CompiledStatechart` macro of StatechartsCompiled generated, with the user's bodies
// inlined).

/// What the single-path and regions routes ask of the code that runs plans and guards (a plan
/// runner). Every requirement is inlined into the route.
@usableFromInline
internal protocol _PlanRunner {
    associatedtype StateID: Hashable & Sendable
    associatedtype Event: StatechartEvent
    associatedtype Context

    /// Whether the plans run the chart's closures through the tables, so that the routes may
    /// call them from the tables' shortcuts: the direct stage first tries a direct entry's single
    /// context-only action (the table runtime's most common plan), and the candidate stage a
    /// guarded entry's ``_GuardedStep``.
    static var runsSingleActions: Bool { get }

    /// The direct table of `chart`, the instance's chart (read once per event).
    func directTable(of chart: Statechart<StateID, Event, Context>) -> _DirectTableHandle

    /// Runs direct candidate `c`'s plan, none of whose actions reaches the outbox;
    /// `contextOnly`: every action takes only the context.
    func runDirectPlan(_ c: _CandidateIndex, _ event: Event, contextOnly: Bool,
                       on instance: inout StatechartInstance<StateID, Event, Context>)

    /// Runs candidate `c`'s plan with the instance's current event, then carries out what its
    /// actions sent or cancelled.
    func runPlan(_ c: _CandidateIndex, on instance: inout StatechartInstance<StateID, Event, Context>)

    /// Evaluates transition `t`'s guard (`true` without one) for `event`.
    func evaluateGuard(_ t: _TransitionIndex, _ event: Event?, on instance: inout StatechartInstance<StateID, Event, Context>) -> Bool

    /// Runs the actions of `phase` of region-local direct candidate `c`'s plan (the regions
    /// route takes up to four such candidates together, phase by phase; none of their actions
    /// reaches the outbox); `contextOnly`: every action of every candidate taken takes only the
    /// context.
    func runRegionPhase(_ phase: _MicrostepPhase, of c: _CandidateIndex, _ event: Event, contextOnly: Bool,
                        on instance: inout StatechartInstance<StateID, Event, Context>)

    /// Runs joint step `entry` (``_JointEntry``, never ignored or slow): its picks' region
    /// phases, in the order the region bits run them.
    func runJoint(_ entry: _JointEntry, _ joint: _JointIndex, _ event: Event, on instance: inout StatechartInstance<StateID, Event, Context>)

    /// Runs the actions of `phase` of candidate `c`'s plan with the instance's current event,
    /// carrying out what they sent or cancelled (the region plans take several candidates
    /// together, phase by phase).
    func runPlanPhase(_ phase: _MicrostepPhase, of c: _CandidateIndex, on instance: inout StatechartInstance<StateID, Event, Context>)
}

extension _PlanRunner {
    /// Evaluates transition `t`'s guard (`true` without one) for the instance's current event.
    @inlinable @inline(__always)
    func evaluateGuard(_ t: _TransitionIndex, on instance: inout StatechartInstance<StateID, Event, Context>) -> Bool {
        evaluateGuard(t, instance.currentEvent, on: &instance)
    }

    /// Runs the picks of `entry` (a joint step, or the region bits' step) phase by phase as the
    /// region bits do: all exits, then all transition actions, then all entries, each pick's
    /// phase by ``runRegionPhase(_:of:_:contextOnly:on:)``.
    @inlinable @inline(__always)
    func runPicks(of entry: _JointEntry, _ event: Event, on instance: inout StatechartInstance<StateID, Event, Context>) {
        let picks = entry.picks
        let flags = entry.flags
        let contextOnly = flags.contains(.contextOnly)
        _MicrostepPhase.inOrder(count: entry.count, exits: flags.contains(.exitActions),
                                entries: flags.contains(.entryActions)) { phase, i in
            runRegionPhase(phase, of: _RegionRow.unpacked(picks, at: i), event, contextOnly: contextOnly, on: &instance)
        }
    }
}

/// The table runtime's plans and guards: the candidate table's action slots and the guard slots.
@usableFromInline @frozen
internal struct _TablePlans<StateID: Hashable & Sendable, Event: StatechartEvent, Context>: _PlanRunner {
    @inlinable init() {}

    @inlinable static var runsSingleActions: Bool { @inline(__always) get { true } }

    @inlinable @inline(__always)
    func directTable(of chart: Statechart<StateID, Event, Context>) -> _DirectTableHandle { chart.direct }

    @inlinable @inline(__always)
    func runDirectPlan(_ c: _CandidateIndex, _ event: Event, contextOnly: Bool,
                       on instance: inout StatechartInstance<StateID, Event, Context>) {
        let tables = instance.tables
        runDirectSlots(tables.candidates.plans[c].actions, event, contextOnly: contextOnly, on: &instance)
    }

    @inlinable @inline(__always)
    func runPlan(_ c: _CandidateIndex, on instance: inout StatechartInstance<StateID, Event, Context>) {
        let tables = instance.tables
        runSlots(tables.candidates.plans[c].actions, of: tables.candidates.actionSlots, on: &instance)
    }

    @inlinable @inline(__always)
    func evaluateGuard(_ t: _TransitionIndex, _ event: Event?, on instance: inout StatechartInstance<StateID, Event, Context>) -> Bool {
        let tables = instance.tables
        return tables.slots.guards[t].evaluate(instance.context, event, &instance.outbox)
    }

    @inlinable @inline(__always)
    func runRegionPhase(_ phase: _MicrostepPhase, of c: _CandidateIndex, _ event: Event, contextOnly: Bool,
                        on instance: inout StatechartInstance<StateID, Event, Context>) {
        let tables = instance.tables
        // A transition with one context-only action, and nothing else that takes the event:
        // called without a range.
        if phase == .transition, let action = tables.regions.steps[c].transitionAction {
            action.run(&instance.context)
            return
        }
        runDirectSlots(tables.candidates.plans[c].actions(of: phase), event, contextOnly: contextOnly, on: &instance)
    }

    @inlinable @inline(__always)
    func runJoint(_ entry: _JointEntry, _ joint: _JointIndex, _ event: Event, on instance: inout StatechartInstance<StateID, Event, Context>) {
        runPicks(of: entry, event, on: &instance)
    }

    @inlinable @inline(__always)
    func runPlanPhase(_ phase: _MicrostepPhase, of c: _CandidateIndex, on instance: inout StatechartInstance<StateID, Event, Context>) {
        let tables = instance.tables
        runSlots(tables.candidates.plans[c].actions(of: phase), of: tables.candidates.actionSlots, on: &instance)
    }

    /// Runs part of a direct candidate's action list (no action of which reaches the outbox);
    /// `contextOnly`: every action takes only the context, so no dispatch on the closure form.
    /// The slot table is read into a local first, to stay in a register across calls.
    @inlinable @inline(__always)
    func runDirectSlots(_ actions: Range<_PlanSlot>, _ event: Event, contextOnly: Bool,
                        on instance: inout StatechartInstance<StateID, Event, Context>) {
        let slots = instance.tables.candidates.actionSlots
        var i = actions.lowerBound.offset
        let end = actions.upperBound.offset
        if contextOnly {
            while i < end {
                slots[offset: i].runContextOnly(&instance.context)
                i &+= 1
            }
        } else {
            while i < end {
                slots[offset: i].run(&instance.context, Optional(event), &instance.outbox)
                i &+= 1
            }
        }
    }

    /// Runs the action slots `table[slots]` (a candidate's plan, or one phase of it) with the
    /// instance's current event, then carries out what they sent or cancelled: in the order
    /// made, and once after the list is the same as after each action, since no action in
    /// between can observe them.
    @inlinable @inline(__always)
    func runSlots(_ slots: Range<_PlanSlot>, of table: _Table<_PlanSlot, _ActionSlot>,
                  on instance: inout StatechartInstance<StateID, Event, Context>) {
        var i = slots.lowerBound
        while i < slots.upperBound {
            table[i].run(&instance.context, instance.currentEvent, &instance.outbox)
            i = i.next
        }
        if !instance.outbox.requests.isEmpty { instance.carryOutRequests() }
    }
}

/// Generated code that runs a compiled chart's plans and evaluates its guards (written by the
/// `@CompiledStatechart` macro of StatechartsCompiled, whose `CompiledChart` refines this
/// protocol: the chart's type is the plan runner the routes call). Not for use elsewhere: public,
/// and not SPI, only because `CompiledChart` is public and StatechartsCompiled's `send` is
/// inlined into its users' code.
public protocol _GeneratedPlans {
    /// The chart's events.
    associatedtype Event: StatechartEvent
    /// The chart's extended state.
    associatedtype Context

    /// Runs plan `plan` (one of the plans the code was generated for).
    static func _runPlan(_ plan: _GeneratedPlan, _ context: inout Context, _ event: Event?, _ outbox: inout Outbox<Event>)

    /// Evaluates the guard of transition `transition` (`true` when it has none).
    static func _evaluateGuard(_ transition: TransitionID, _ context: Context, _ event: Event?,
                               _ outbox: inout Outbox<Event>) -> Bool

    /// Runs the actions of one phase of plan `plan`: its exit actions, its transition's own, or
    /// its entry actions (the regions route takes several plans together, phase by phase).
    static func _runPlanPhase(_ plan: _GeneratedPlan, _ phase: _GeneratedPhase, _ context: inout Context, _ event: Event?,
                              _ outbox: inout Outbox<Event>)

    /// Runs joint step `joint` (one of the joint steps the code was generated for): the actions
    /// of several plans taken together by the regions route, all exits, then all transition
    /// actions, then all entries.
    static func _runJoint(_ joint: _GeneratedJoint, _ context: inout Context, _ event: Event?, _ outbox: inout Outbox<Event>)
}

/// What a compiled instance's `send` reads without going through its chart: the chart's direct
/// table, and `planOf`, where `planOf[c]` is the generated plan of candidate `c` (checked against
/// the chart when the compiled chart was made, see ``Statechart/_planIndices(matching:)``), for
/// every candidate that has a single-path plan. Made by ``_CompiledPlanTables`` and kept in the
/// compiled instance, one load from it each. Not for use elsewhere: public only
/// because StatechartsCompiled's `send` is inlined into its users' code.
///
/// Both tables are never written after they are made; they live as long as the compiled chart,
/// which the compiled instance holds: safe to read from any thread.
@frozen
public struct _CompiledSendTables: @unchecked Sendable {
    @usableFromInline let planOf: UnsafePointer<_GeneratedPlan>
    @usableFromInline let direct: _DirectTableHandle
    /// `jointOf[j]`: the generated joint step of the chart's joint step `j` (see
    /// ``Statechart/_jointIndices(planOf:matching:)``).
    @usableFromInline let jointOf: UnsafePointer<_GeneratedJoint>

    @inlinable init(planOf: UnsafePointer<_GeneratedPlan>, direct: _DirectTableHandle, jointOf: UnsafePointer<_GeneratedJoint>) {
        self.planOf = planOf
        self.direct = direct
        self.jointOf = jointOf
    }
}

/// A compiled chart's plans and guards: the generated code, and the tables of
/// ``_CompiledSendTables``.
@usableFromInline @frozen
internal struct _GeneratedPlanRunner<StateID: Hashable & Sendable, Plans: _GeneratedPlans>: _PlanRunner {
    @usableFromInline typealias Event = Plans.Event
    @usableFromInline typealias Context = Plans.Context

    @usableFromInline let tables: _CompiledSendTables

    @inlinable init(_ tables: _CompiledSendTables) { self.tables = tables }

    @inlinable static var runsSingleActions: Bool { @inline(__always) get { false } }

    /// The compiled instance's copy: one load from the instance, not two through the chart.
    @inlinable @inline(__always)
    func directTable(of _: Statechart<StateID, Event, Context>) -> _DirectTableHandle { tables.direct }

    @inlinable @inline(__always)
    func runDirectPlan(_ c: _CandidateIndex, _ event: Event, contextOnly _: Bool,
                       on instance: inout StatechartInstance<StateID, Event, Context>) {
        Plans._runPlan(tables.planOf[c.offset], &instance.context, event, &instance.outbox)
    }

    @inlinable @inline(__always)
    func runPlan(_ c: _CandidateIndex, on instance: inout StatechartInstance<StateID, Event, Context>) {
        Plans._runPlan(tables.planOf[c.offset], &instance.context, instance.currentEvent, &instance.outbox)
        if !instance.outbox.requests.isEmpty { instance.carryOutRequests() }
    }

    @inlinable @inline(__always)
    func evaluateGuard(_ t: _TransitionIndex, _ event: Event?, on instance: inout StatechartInstance<StateID, Event, Context>) -> Bool {
        Plans._evaluateGuard(TransitionID(t), instance.context, event, &instance.outbox)
    }

    @inlinable @inline(__always)
    func runRegionPhase(_ phase: _MicrostepPhase, of c: _CandidateIndex, _ event: Event, contextOnly _: Bool,
                        on instance: inout StatechartInstance<StateID, Event, Context>) {
        Plans._runPlanPhase(tables.planOf[c.offset], phase.generatedCode, &instance.context, event, &instance.outbox)
    }

    @inlinable @inline(__always)
    func runJoint(_ entry: _JointEntry, _ joint: _JointIndex, _ event: Event, on instance: inout StatechartInstance<StateID, Event, Context>) {
        Plans._runJoint(tables.jointOf[joint.offset], &instance.context, event, &instance.outbox)
    }

    @inlinable @inline(__always)
    func runPlanPhase(_ phase: _MicrostepPhase, of c: _CandidateIndex, on instance: inout StatechartInstance<StateID, Event, Context>) {
        Plans._runPlanPhase(tables.planOf[c.offset], phase.generatedCode, &instance.context, instance.currentEvent, &instance.outbox)
        if !instance.outbox.requests.isEmpty { instance.carryOutRequests() }
    }
}

/// An event sent to a compiled instance whose leaf row is direct, with its class and the direct
/// table's entry for it: what the compiled `send` resolves and reads once, in its inlined front,
/// and hands to what follows out of line. Not for use outside StatechartsCompiled.
@frozen
public struct _DirectEvent<Event: StatechartEvent> {
    @usableFromInline let event: Event
    @usableFromInline let classID: _EventClass
    @usableFromInline let entry: _DirectEntry

    @inlinable init(_ event: Event, _ classID: _EventClass, _ entry: _DirectEntry) {
        self.event = event
        self.classID = classID
        self.entry = entry
    }
}

// A compiled chart's `send` (StatechartsCompiled's `CompiledInstance.send`), in parts for its
// code to put together. The front, inlined into the caller, resolves the event's class on a
// direct row and reads the direct entry (`_directEvent`), and takes what the entry decides alone
// (`_sendByDirectEntry`). What the entry leaves goes out of line to the single-path route's
// candidate stage with the class and the entry (`_sendByCandidates`), and any other row to the
// route `take` chooses (`_sendByRoute`); past that one call everything is inlined, so a compiled
// `send` crosses one out-of-line boundary at most. Names that are tags in a chart without named entries
// (``_DirectEntry/named(_:)``, `CompiledChart._hasNamedDirectEntries`, a constant the macro
// writes) take `_sendByRoute` for both, with the event alone: their class is the tag, read again
// there with no lookup. One call site out of the front, with one argument, keeps it small
// (carrying the class or the entry's row as well costs instructions on every event). The
// out-of-line parts are methods of the compiled instance that read its tables themselves.
// `Plans` is the chart's generated code (``_GeneratedPlans``), which runs the plans and guards of
// the single-path, joint and regions routes.
extension StatechartInstance {
    /// `event` with its class and direct entry when the leaf row is direct (running, a single
    /// path, nothing queued, names matched exactly), else `nil`. Not for use outside
    /// StatechartsCompiled.
    @inlinable @inline(__always)
    public func _directEvent(_ event: Event, tables: _CompiledSendTables) -> _DirectEvent<Event>? {
        guard leafRow.isDirectRow else { return nil }
        let classID = directClass(of: event)
        return _DirectEvent(event, classID, tables.direct.entry(at: leafRow, class: classID))
    }

    /// What the direct entry decides alone: the result, or `nil` when the entry says `slow`
    /// (nothing has happened then). Not for use outside StatechartsCompiled.
    @inlinable @inline(__always)
    public mutating func _sendByDirectEntry<Plans: _GeneratedPlans>(
        _ event: _DirectEvent<Event>, by _: Plans.Type, tables: _CompiledSendTables
    ) -> SendResult? where Plans.Event == Event, Plans.Context == Context {
        sendByDirectEntry(event.entry, event.event, _GeneratedPlanRunner<StateID, Plans>(tables))
    }

    /// A guarded direct entry (``_DirectEntry/guarded(_:)``) taken in a compiled `send`'s
    /// inlined front: its guard, then its plan or nothing; `nil`, with nothing done, for any other
    /// entry. Called only by charts whose direct table has such entries (the macro's
    /// `_hasNamedDirectEntries`). Not for use outside StatechartsCompiled.
    @inlinable @inline(__always)
    public mutating func _sendByGuardedEntry<Plans: _GeneratedPlans>(
        _ event: _DirectEvent<Event>, by _: Plans.Type, tables: _CompiledSendTables
    ) -> SendResult? where Plans.Event == Event, Plans.Context == Context {
        guard let c = event.entry.guardedCandidate else { return nil }
        return sendByGuardedEntry(c, event.event, _GeneratedPlanRunner<StateID, Plans>(tables))
    }

    /// A joint step taken in a compiled `send`'s inlined front: when the leaf row is a joint row
    /// (running, a set of active states the joint tables hold, nothing pending), the entry for
    /// the event's class, taken when it decides alone (``takeJointEntry(_:_:_:)``); `nil`, with
    /// nothing done, otherwise. Called only by charts that have joint steps (the macro's
    /// `_hasJointSteps`). Not for use outside StatechartsCompiled.
    @inlinable @inline(__always)
    public mutating func _sendByJointRow<Plans: _GeneratedPlans>(
        _ event: Event, by _: Plans.Type, tables: _CompiledSendTables
    ) -> SendResult? where Plans.Event == Event, Plans.Context == Context {
        guard leafRow.isJointRow else { return nil }
        // A joint row says that names are matched as on a direct row.
        let entry = chart.tables.joints.entry(at: leafRow, class: directClass(of: event))
        return takeJointEntry(entry, event, _GeneratedPlanRunner<StateID, Plans>(tables))
    }

    /// What the direct entry left (a guard, actions that raise or send): the single-path route's
    /// candidate stage, with the class and the entry already read, inlined into the compiled
    /// instance's one out-of-line call (no second crossing). Not for use outside
    /// StatechartsCompiled.
    @inlinable @inline(__always)
    public mutating func _sendByCandidates<Plans: _GeneratedPlans>(
        _ event: _DirectEvent<Event>, by _: Plans.Type, tables: _CompiledSendTables
    ) -> SendResult where Plans.Event == Event, Plans.Context == Context {
        sendByCandidateStage(event.event, event.classID, after: event.entry, _GeneratedPlanRunner<StateID, Plans>(tables))
    }

    /// A compiled chart's `send` out of line: on a direct row (names that are tags only, whose
    /// class is the tag) the single-path route's candidate stage, as
    /// ``_sendByCandidates(_:by:tables:)`` takes it; on any other row (a set of active states, a
    /// queue, an instance not running) the route `take` chooses. Not for use outside
    /// StatechartsCompiled.
    @inlinable @inline(__always)
    public mutating func _sendByRoute<Plans: _GeneratedPlans>(
        _ event: Event, by _: Plans.Type, tables: _CompiledSendTables
    ) -> SendResult where Plans.Event == Event, Plans.Context == Context {
        let plans = _GeneratedPlanRunner<StateID, Plans>(tables)
        if Event._namesMayBeTags && leafRow.isDirectRow {
            // The front read the entry, and found it slow; it is not read again. A named entry
            // (which the chart's `_hasNamedDirectEntries` would have carried here) is only a
            // faster way to the same result: selection takes its candidate as well.
            return sendByCandidateStage(event, directClass(of: event), after: .slow, plans)
        }
        var observer = _NoObserver<StateID, Event>()
        if chart.exactMatching {
            return take(event, .exact(chart.eventClass(ofName: event.name)), &observer, plans, _RoutesInline.self)
        }
        return take(event, chart.resolve(event), &observer, plans, _RoutesInline.self)
    }

    /// The class of `event` on a direct row. A direct row says that the chart matches names
    /// exactly, and that names are tags when they may be (see `Statechart.fastRows`):
    /// `_namesMayBeTags` is a constant of the type, and the tag is the class.
    @inlinable @inline(__always)
    func directClass(of event: Event) -> _EventClass {
        Event._namesMayBeTags ? Statechart<StateID, Event, Context>.tag(of: event.name) : chart.eventClass(ofName: event.name)
    }
}
