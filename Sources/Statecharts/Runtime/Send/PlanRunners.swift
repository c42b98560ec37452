// How the single-path and regions routes run a candidate's plan and evaluate a guard, as a
// type: the routes (SinglePathRoute.swift, RegionsRoute.swift) are generic over it and
// specialized at compile time, so each is written once for the table runtime (`_TablePlans`: the
// plan's action slots, the guard slots) and for compiled charts (`_GeneratedPlanRunner`: code
// the `@CompiledStatechart` macro of StatechartsCompiled generated, with the user's bodies
// inlined).

/// What the single-path and regions routes ask of the code that runs plans and guards. Every
/// requirement is inlined into the route.
@usableFromInline
internal protocol _SinglePathPlans {
    associatedtype StateID: Hashable & Sendable
    associatedtype Event: StatechartEvent
    associatedtype Context

    /// Whether the direct stage first tries a direct entry's single context-only action (the
    /// table runtime's shortcut for its most common plan).
    static var runsSingleActions: Bool { get }

    /// Whether `take` runs inside the caller's loop, so that every route behind the direct
    /// table must be one call out of line (the table runtime's `send`); `false` where `take`
    /// itself already runs out of line (a compiled chart's `send` past its direct front), so
    /// the regions route is inlined into it.
    static var takesInline: Bool { get }

    /// Runs direct candidate `c`'s plan, none of whose actions reaches the outbox;
    /// `contextOnly`: every action takes only the context.
    func runDirectPlan(_ c: Int32, _ event: Event, contextOnly: Bool,
                       on instance: inout StatechartInstance<StateID, Event, Context>)

    /// Runs candidate `c`'s plan with the instance's current event, then carries out what its
    /// actions sent or cancelled.
    func runPlan(_ c: Int32, on instance: inout StatechartInstance<StateID, Event, Context>)

    /// Evaluates transition `t`'s guard (`true` without one).
    func evaluateGuard(_ t: Int32, on instance: inout StatechartInstance<StateID, Event, Context>) -> Bool

    /// Runs the actions of `phase` of region-local direct candidate `c`'s plan (the regions
    /// route takes up to four such candidates together, phase by phase; none of their actions
    /// reaches the outbox); `contextOnly`: every action of every candidate taken takes only the
    /// context.
    func runRegionPhase(_ phase: _MicrostepPhase, of c: Int32, _ event: Event, contextOnly: Bool,
                        on instance: inout StatechartInstance<StateID, Event, Context>)

    /// Runs the actions of `phase` of candidate `c`'s plan with the instance's current event,
    /// carrying out what they sent or cancelled (the region plans take several candidates
    /// together, phase by phase).
    func runPlanPhase(_ phase: _MicrostepPhase, of c: Int32, on instance: inout StatechartInstance<StateID, Event, Context>)
}

/// The table runtime's plans and guards: the candidate table's action slots and the guard slots.
@usableFromInline @frozen
internal struct _TablePlans<StateID: Hashable & Sendable, Event: StatechartEvent, Context>: _SinglePathPlans {
    @inlinable init() {}

    @inlinable static var runsSingleActions: Bool { @inline(__always) get { true } }

    @inlinable static var takesInline: Bool { @inline(__always) get { true } }

    @inlinable @inline(__always)
    func runDirectPlan(_ c: Int32, _ event: Event, contextOnly: Bool,
                       on instance: inout StatechartInstance<StateID, Event, Context>) {
        unowned(unsafe) let tables = instance.chart.tables
        let plan = tables.candidates.plans[c]
        instance.runDirectActions(plan.actionStart, plan.actionEnd, event, contextOnly: contextOnly)
    }

    @inlinable @inline(__always)
    func runPlan(_ c: Int32, on instance: inout StatechartInstance<StateID, Event, Context>) {
        unowned(unsafe) let tables = instance.chart.tables
        let plan = tables.candidates.plans[c]
        instance.runActions(plan.actionStart, plan.actionEnd, table: tables.candidates.actionSlots)
    }

    @inlinable @inline(__always)
    func evaluateGuard(_ t: Int32, on instance: inout StatechartInstance<StateID, Event, Context>) -> Bool {
        // Unowned: reading the tables through the chart would retain them around the call.
        unowned(unsafe) let tables = instance.chart.tables
        return tables.slots.guards[t].evaluate(instance.context, instance.currentEvent, &instance.outbox)
    }

    @inlinable @inline(__always)
    func runRegionPhase(_ phase: _MicrostepPhase, of c: Int32, _ event: Event, contextOnly: Bool,
                        on instance: inout StatechartInstance<StateID, Event, Context>) {
        unowned(unsafe) let tables = instance.chart.tables
        // A transition with one context-only action, and nothing else that takes the event:
        // called without a range.
        if phase == .transition, let action = tables.regions.steps[c].transitionAction {
            action.run(&instance.context)
            return
        }
        let actions = tables.candidates.plans[c].actions(of: phase)
        instance.runDirectActions(actions.start, actions.end, event, contextOnly: contextOnly)
    }

    @inlinable @inline(__always)
    func runPlanPhase(_ phase: _MicrostepPhase, of c: Int32, on instance: inout StatechartInstance<StateID, Event, Context>) {
        unowned(unsafe) let tables = instance.chart.tables
        let actions = tables.candidates.plans[c].actions(of: phase)
        instance.runActions(actions.start, actions.end, table: tables.candidates.actionSlots)
    }
}

/// Generated code that runs a compiled chart's plans and evaluates its guards (written by the
/// `@CompiledStatechart` macro of StatechartsCompiled). Not for use elsewhere: public, and not
/// SPI, only because StatechartsCompiled's `send` is inlined into its users' code.
public protocol _GeneratedPlans {
    associatedtype Event: StatechartEvent
    associatedtype Context

    /// Runs plan `plan` (an index into the plans the code was generated for).
    static func _runPlan(_ plan: Int32, _ context: inout Context, _ event: Event?, _ outbox: inout Outbox<Event>)

    /// Evaluates the guard of transition `transition` (`true` when it has none).
    static func _evaluateGuard(_ transition: Int32, _ context: Context, _ event: Event?, _ outbox: inout Outbox<Event>) -> Bool

    /// Runs the actions of one phase of plan `plan`: `phase` 0 its exit actions, 1 its
    /// transition's own, 2 its entry actions (the regions route takes several plans together,
    /// phase by phase).
    static func _runPlanPhase(_ plan: Int32, _ phase: Int32, _ context: inout Context, _ event: Event?,
                              _ outbox: inout Outbox<Event>)
}

/// A compiled chart's plans and guards: `planOf[c]` is the generated plan of candidate `c`
/// (checked against the chart when the compiled chart was made, see
/// ``Statechart/_planIndices(matching:)``), for every candidate that has a single-path plan.
@usableFromInline @frozen
internal struct _GeneratedPlanRunner<StateID: Hashable & Sendable, Plans: _GeneratedPlans>: _SinglePathPlans {
    @usableFromInline typealias Event = Plans.Event
    @usableFromInline typealias Context = Plans.Context

    @usableFromInline let planOf: UnsafePointer<Int32>

    @inlinable init(planOf: UnsafePointer<Int32>) { self.planOf = planOf }

    @inlinable static var runsSingleActions: Bool { @inline(__always) get { false } }

    @inlinable static var takesInline: Bool { @inline(__always) get { false } }

    @inlinable @inline(__always)
    func runDirectPlan(_ c: Int32, _ event: Event, contextOnly _: Bool,
                       on instance: inout StatechartInstance<StateID, Event, Context>) {
        Plans._runPlan(planOf[Int(c)], &instance.context, event, &instance.outbox)
    }

    @inlinable @inline(__always)
    func runPlan(_ c: Int32, on instance: inout StatechartInstance<StateID, Event, Context>) {
        Plans._runPlan(planOf[Int(c)], &instance.context, instance.currentEvent, &instance.outbox)
        if !instance.outbox.requests.isEmpty { instance.carryOutRequests() }
    }

    @inlinable @inline(__always)
    func evaluateGuard(_ t: Int32, on instance: inout StatechartInstance<StateID, Event, Context>) -> Bool {
        Plans._evaluateGuard(t, instance.context, instance.currentEvent, &instance.outbox)
    }

    @inlinable @inline(__always)
    func runRegionPhase(_ phase: _MicrostepPhase, of c: Int32, _ event: Event, contextOnly _: Bool,
                        on instance: inout StatechartInstance<StateID, Event, Context>) {
        Plans._runPlanPhase(planOf[Int(c)], phase.generatedCode, &instance.context, event, &instance.outbox)
    }

    @inlinable @inline(__always)
    func runPlanPhase(_ phase: _MicrostepPhase, of c: Int32, on instance: inout StatechartInstance<StateID, Event, Context>) {
        Plans._runPlanPhase(planOf[Int(c)], phase.generatedCode, &instance.context, instance.currentEvent, &instance.outbox)
        if !instance.outbox.requests.isEmpty { instance.carryOutRequests() }
    }
}

extension StatechartInstance {
    /// Sends an event with the single-path plans and guards run by generated code (`Plans`, see
    /// ``_GeneratedPlans``); everything else as ``send(_:)``. Not for use outside
    /// StatechartsCompiled.
    ///
    /// Only the direct table's answer is inlined into the caller; everything else is one call
    /// out of line. Then the inlined part needs no saved registers: with the other routes'
    /// calls inlined beside it, every event paid for saving and restoring six of them.
    @inlinable @inline(__always)
    public mutating func _sendCompiled<Plans: _GeneratedPlans>(
        _ event: Event, by _: Plans.Type, planOf: UnsafePointer<Int32>
    ) -> SendResult where Plans.Event == Event, Plans.Context == Context {
        let plans = _GeneratedPlanRunner<StateID, Plans>(planOf: planOf)
        if Event._namesMayBeTags && leafRow.isDirectRow,
           let result = sendByDirectEntry(event, Statechart<StateID, Event, Context>.tag(of: event.name), plans) {
            return result
        }
        return sendOutOfLine(event, plans)
    }

    /// What the compiled front above leaves, out of line: `send` with `plans`, without the tag
    /// test the front already made (for names that are not tags, a run-time conformance lookup).
    @inlinable @inline(never)
    mutating func sendOutOfLine<Plans: _SinglePathPlans>(_ event: Event, _ plans: Plans) -> SendResult
    where Plans.StateID == StateID, Plans.Event == Event, Plans.Context == Context {
        var observer = _NoObserver<StateID, Event>()
        if chart.exactMatching {
            return take(event, .exact(chart.eventClass(ofName: event.name)), &observer, plans)
        }
        return take(event, chart.resolve(event), &observer, plans)
    }
}
