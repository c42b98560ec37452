// A compiled chart's `send` (StatechartsCompiled's `CompiledInstance.send` calls
// `_CompiledSending.send(_:by:)` and nothing else): the compiled runtime's counterpart of `take`
// (StatechartInstance+Send.swift), and the one place its way is decided.
//
// The front, inlined into the caller, takes what the direct entry or the joint entry decides
// alone. Everything else goes out of line in one call, specialized for the chart where `send` is
// used, past which everything is inlined: a compiled `send` crosses one out-of-line boundary at
// most. `Plans` is the chart's generated code (``_GeneratedPlans``), which runs the plans and
// guards of the single-path, joint and regions routes.
//
// May not: decide a way that `take` does not have: every branch here ends in one of the table
// runtime's routes, specialized for the generated code.

/// An event sent to a compiled instance whose leaf row is direct, with its class and the direct
/// table's entry for it: what the compiled `send` resolves and reads once, in its inlined front,
/// and hands to the candidate stage out of line. Not for use outside the core.
@frozen @usableFromInline
internal struct _DirectEvent<Event: StatechartEvent> {
    @usableFromInline let event: Event
    @usableFromInline let classID: _EventClass
    @usableFromInline let entry: _DirectEntry

    @inlinable init(_ event: Event, _ classID: _EventClass, _ entry: _DirectEntry) {
        self.event = event
        self.classID = classID
        self.entry = entry
    }
}

/// What a compiled chart's `send` works on: the plain instance and the tables it reads without
/// going through the chart (the compiled chart's plan map, the chart's direct table), side by
/// side, so that its calls out of line take this and one argument. StatechartsCompiled's
/// `CompiledInstance` keeps one, and its `send` is ``send(_:by:)``. Not for use outside
/// StatechartsCompiled: public only because that `send` is inlined into its users' code.
public struct _CompiledSending<StateID: Hashable & Sendable, Event: StatechartEvent, Context> {
    /// The plain instance.
    @usableFromInline package var instance: StatechartInstance<StateID, Event, Context>
    /// The compiled chart's plan map and the chart's direct table (they must be the instance's
    /// chart's: StatechartsCompiled checks that when it makes this).
    @usableFromInline package let tables: _CompiledSendTables

    /// `instance` with the plan tables of its chart's compiled chart.
    @inlinable package init(_ instance: StatechartInstance<StateID, Event, Context>, tables: _CompiledSendTables) {
        self.instance = instance
        self.tables = tables
    }
}

extension _CompiledSending: Sendable where Context: Sendable {}

extension _CompiledSending {
    /// A compiled chart's `send`: the event and its macrostep, with plans and guards run by the
    /// generated code `Plans`. Not for use outside StatechartsCompiled.
    ///
    /// The ways, in order:
    /// 1. A direct row: the event's class and its direct entry, read once. What the entry decides
    ///    alone (an ignored event, a guard-free plan) is taken here
    ///    (``StatechartInstance/sendByDirectEntry(_:_:_:)``).
    /// 2. In charts whose direct table names candidates (`Plans._hasNamedDirectEntries`, a
    ///    constant of the chart's type), a guarded entry's guard and plan are taken here too.
    /// 3. What the entry leaves goes out of line to the candidate stage with the class and the
    ///    entry (``sendByCandidates(_:by:)``), unless names are tags in a chart without named
    ///    entries: those go out of line with the event alone (step 5), which keeps the front
    ///    smallest (the class is the tag, read again there with no lookup).
    /// 4. A joint row, in charts with joint steps (`Plans._hasJointSteps`, a constant): the
    ///    configuration's joint step when its entry decides alone
    ///    (``StatechartInstance/takeJointEntry(_:_:_:)``).
    /// 5. Anything else: out of line to ``sendByRoute(_:by:)``.
    ///
    /// Each call out of line takes `self` and one argument, and reads the tables from `self`
    /// again: the front, inlined into every caller, passes nothing else (passing the tables as
    /// arguments cost 7 instructions on every event of W1).
    @inlinable @inline(__always)
    public mutating func send<Plans: _GeneratedPlans>(_ event: Event, by _: Plans.Type) -> SendResult
    where Plans.Event == Event, Plans.Context == Context {
        let plans = _GeneratedPlanRunner<StateID, Plans>(tables)
        if instance.leafRow.isDirectRow {
            let classID = instance.directClass(of: event)
            let entry = tables.direct.entry(at: instance.leafRow, class: classID)
            if let result = instance.sendByDirectEntry(entry, event, plans) { return result }
            if Plans._hasNamedDirectEntries, let c = entry.guardedCandidate { return instance.sendByGuardedEntry(c, event, plans) }
            if !Event._namesMayBeTags || Plans._hasNamedDirectEntries {
                return sendByCandidates(_DirectEvent(event, classID, entry), by: Plans.self)
            }
        } else if Plans._hasJointSteps && instance.leafRow.isJointRow {
            // A joint row says that names are matched as on a direct row.
            let entry = instance.tables.joints.entry(at: instance.leafRow, class: instance.directClass(of: event))
            // A finishing step goes out of line with the rest: in the front, its call to finish the
            // macrostep cost compiled W4's steps three instructions an event.
            if let result = instance.takeJointEntry(entry, event, plans, takesFinishing: false) { return result }
        }
        return sendByRoute(event, by: Plans.self)
    }

    /// What the direct entry left (a guard, actions that raise or send): the single-path route's
    /// candidate stage, with the class and the entry already read. The compiled `send`'s one
    /// call out of line, everything past it inlined.
    @inlinable @inline(never)
    mutating func sendByCandidates<Plans: _GeneratedPlans>(_ event: _DirectEvent<Event>, by _: Plans.Type) -> SendResult
    where Plans.Event == Event, Plans.Context == Context {
        instance.sendByCandidateStage(event.event, event.classID, after: event.entry, _GeneratedPlanRunner<StateID, Plans>(tables))
    }

    /// The compiled `send`'s other call out of line: on a direct row (names that are tags only,
    /// whose class is the tag) the single-path route's candidate stage; on any other row (a set
    /// of active states, a queue, an instance not running) the route `take` chooses, every route
    /// inlined.
    @inlinable @inline(never)
    mutating func sendByRoute<Plans: _GeneratedPlans>(_ event: Event, by _: Plans.Type) -> SendResult
    where Plans.Event == Event, Plans.Context == Context {
        let plans = _GeneratedPlanRunner<StateID, Plans>(tables)
        if Event._namesMayBeTags && instance.leafRow.isDirectRow {
            // The front read the entry, and found it slow; it is not read again. A named entry
            // (which `Plans._hasNamedDirectEntries` would have kept in the front) is only a
            // faster way to the same result: selection takes its candidate as well.
            return instance.sendByCandidateStage(event, instance.directClass(of: event), after: .slow, plans)
        }
        // The class as the table runtime's `send` resolves it.
        let resolved = instance.exactClass(of: event).map { _ResolvedEvent.exact($0) } ?? instance.chart.resolve(event)
        var observer = _NoObserver<StateID, Event>()
        return instance.take(event, resolved, &observer, plans, _RoutesInline.self)
    }
}

extension StatechartInstance {
    /// The class of `event` on a direct row. A direct row says that the chart matches names
    /// exactly, and that names are tags when they may be (see `Statechart.fastRows`):
    /// `_namesMayBeTags` is a constant of the type, and the tag is the class.
    @inlinable @inline(__always)
    func directClass(of event: Event) -> _EventClass {
        Event._namesMayBeTags ? Statechart<StateID, Event, Context>.tag(of: event.name) : chart.eventClass(ofName: event.name)
    }
}
