// How `take` calls the routes it does not run inline, as named policies (Boost.SML's dispatch
// policies): the choice is where `take` itself runs, not how plans run, so it is a parameter of
// `take` beside the plan runner (PlanRunners.swift), not one of its requirements.

/// How ``StatechartInstance/take(_:_:_:_:_:)`` calls the single-path route's candidate stage
/// (``StatechartInstance/sendByCandidateStage(_:_:after:_:)``), the joint route
/// (``StatechartInstance/sendByJointStep(_:_:_:)``) and the regions route
/// (``StatechartInstance/sendOnRegionsInline(_:_:_:)``).
///
/// A type, not a flag `take` tests: with both branches in `take`, the dead one kept the table
/// runtime's `send` from being inlined into its caller.
@usableFromInline
internal protocol _RouteDispatch {
    /// Takes the single-path route's candidate stage after direct entry `entry`.
    static func sendByCandidateStage<StateID, Event, Context, Plans: _PlanRunner>(
        _ event: Event, _ classID: _EventClass, after entry: _DirectEntry, _ plans: Plans,
        on instance: inout StatechartInstance<StateID, Event, Context>
    ) -> SendResult where Plans.StateID == StateID, Plans.Event == Event, Plans.Context == Context

    /// Takes the joint route.
    static func sendByJointStep<StateID, Event, Context, Plans: _PlanRunner>(
        _ event: Event, _ classID: _EventClass, _ plans: Plans, on instance: inout StatechartInstance<StateID, Event, Context>
    ) -> SendResult where Plans.StateID == StateID, Plans.Event == Event, Plans.Context == Context

    /// Takes the regions route.
    static func sendOnRegions<StateID, Event, Context, Plans: _PlanRunner>(
        _ event: Event, _ classID: _EventClass, _ plans: Plans, on instance: inout StatechartInstance<StateID, Event, Context>
    ) -> SendResult where Plans.StateID == StateID, Plans.Event == Event, Plans.Context == Context
}

extension _RouteDispatch {
    /// The candidate stage, inline.
    @inlinable @inline(__always)
    static func sendByCandidateStage<StateID, Event, Context, Plans: _PlanRunner>(
        _ event: Event, _ classID: _EventClass, after entry: _DirectEntry, _ plans: Plans,
        on instance: inout StatechartInstance<StateID, Event, Context>
    ) -> SendResult where Plans.StateID == StateID, Plans.Event == Event, Plans.Context == Context {
        instance.sendByCandidateStage(event, classID, after: entry, plans)
    }

    /// The joint route, inline.
    @inlinable @inline(__always)
    static func sendByJointStep<StateID, Event, Context, Plans: _PlanRunner>(
        _ event: Event, _ classID: _EventClass, _ plans: Plans, on instance: inout StatechartInstance<StateID, Event, Context>
    ) -> SendResult where Plans.StateID == StateID, Plans.Event == Event, Plans.Context == Context {
        instance.sendByJointStep(event, classID, plans)
    }

    /// The regions route, inline.
    @inlinable @inline(__always)
    static func sendOnRegions<StateID, Event, Context, Plans: _PlanRunner>(
        _ event: Event, _ classID: _EventClass, _ plans: Plans, on instance: inout StatechartInstance<StateID, Event, Context>
    ) -> SendResult where Plans.StateID == StateID, Plans.Event == Event, Plans.Context == Context {
        instance.sendOnRegionsInline(event, classID, plans)
    }
}

/// Every route inline (the protocol's own implementations): for `take` where it runs out of line
/// itself (a compiled chart's `send` past its direct front), which a second call would only
/// lengthen: a compiled `send` crosses one out-of-line boundary at most.
@usableFromInline @frozen
internal enum _RoutesInline: _RouteDispatch {}

/// Every route one call out of line: for `take` inlined into the caller's loop (the table
/// runtime's `send`), which stays small.
@usableFromInline @frozen
internal enum _RoutesOutOfLine: _RouteDispatch {
    @inlinable @inline(__always)
    static func sendByCandidateStage<StateID, Event, Context, Plans: _PlanRunner>(
        _ event: Event, _ classID: _EventClass, after entry: _DirectEntry, _ plans: Plans,
        on instance: inout StatechartInstance<StateID, Event, Context>
    ) -> SendResult where Plans.StateID == StateID, Plans.Event == Event, Plans.Context == Context {
        instance.sendByCandidatePlan(event, classID, after: entry, plans)
    }

    @inlinable @inline(__always)
    static func sendByJointStep<StateID, Event, Context, Plans: _PlanRunner>(
        _ event: Event, _ classID: _EventClass, _ plans: Plans, on instance: inout StatechartInstance<StateID, Event, Context>
    ) -> SendResult where Plans.StateID == StateID, Plans.Event == Event, Plans.Context == Context {
        instance.sendByJointStepOutOfLine(event, classID, plans).take()
    }

    @inlinable @inline(__always)
    static func sendOnRegions<StateID, Event, Context, Plans: _PlanRunner>(
        _ event: Event, _ classID: _EventClass, _ plans: Plans, on instance: inout StatechartInstance<StateID, Event, Context>
    ) -> SendResult where Plans.StateID == StateID, Plans.Event == Event, Plans.Context == Context {
        instance.sendOnRegions(event, classID, plans).take()
    }
}
