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

    /// Runs direct candidate `c`'s plan, leaving what its actions asked of the outbox to the
    /// caller (``StatechartInstance/finishAfterStep(_:_:eventless:)``, for a sending entry);
    /// `contextOnly`: every action takes only the context.
    func runDirectPlan(_ c: _CandidateIndex, _ event: Event, contextOnly: Bool,
                       on instance: inout StatechartInstance<StateID, Event, Context>)

    /// Runs candidate `c`'s plan with the instance's current event, then carries out what its
    /// actions sent or cancelled.
    func runPlan(_ c: _CandidateIndex, on instance: inout StatechartInstance<StateID, Event, Context>)

    /// Evaluates transition `t`'s guard (`true` without one) for `event`.
    func evaluateGuard(_ t: _TransitionIndex, _ event: Event?, on instance: inout StatechartInstance<StateID, Event, Context>) -> Bool

    /// Runs the actions of `phase` of region-local direct candidate `c`'s plan (the regions
    /// route takes up to four such candidates together, phase by phase; what their actions asked
    /// of the outbox is left to the caller); `contextOnly`: every action of every candidate taken
    /// takes only the context.
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

    /// Runs part of a direct candidate's action list (what its actions ask of the outbox is
    /// carried out by the caller); `contextOnly`: every action takes only the context, so no
    /// dispatch on the closure form.
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

    /// Generated (`true`) for a chart whose direct table names candidates in slow entries (a
    /// guarded or history candidate the candidate stage takes without selecting it): the
    /// compiled `send` (``StatechartInstance/_sendCompiled(_:by:tables:)``) then takes a guarded
    /// entry in its inlined front, and hands the entry it read to the candidate stage for every
    /// event, tags included.
    /// Elsewhere the front stays smallest handing a tag out of line alone. A hint, not a
    /// contract: either value gives the same results.
    static var _hasNamedDirectEntries: Bool { get }
    /// Generated (`true`) for a chart with joint steps (parallel states whose configurations
    /// the core tabulates): the compiled `send` then takes a joint step in its inlined front, as it takes a
    /// direct entry. Elsewhere the front has no such step. A hint, not a contract: either value
    /// gives the same results.
    static var _hasJointSteps: Bool { get }
}

extension _GeneratedPlans {
    /// No named direct entries unless the macro says so.
    @inlinable
    public static var _hasNamedDirectEntries: Bool { false }

    /// No joint steps in the front unless the macro says so.
    @inlinable
    public static var _hasJointSteps: Bool { false }
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
