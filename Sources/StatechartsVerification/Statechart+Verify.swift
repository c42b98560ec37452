import Statecharts

extension Statechart where Context: Hashable {
    /// Checks `properties` on every situation the chart can reach from `context` with `events`,
    /// exploring breadth-first by running the chart: guards, actions and delayed events run for
    /// real, and the context is part of each situation.
    ///
    /// ```swift
    /// let report = try elevator.verify([
    ///     .never(.active(.doorOpen) && .active(.moving)),
    ///     .deadlockFree,
    /// ], events: Call.allCases, context: Sensors())
    /// ```
    ///
    /// - Parameters:
    ///   - properties: what to check; see ``Property``.
    ///   - events: the events the environment may send, in every situation (for events with
    ///     payloads, the values to try).
    ///   - context: the context the chart starts with.
    ///   - bounds: how far to explore.
    ///   - progress: called about once a second while exploring, and at the end.
    /// - Returns: a verdict per property, in order.
    /// - Throws: ``VerificationError`` when a property names a state the chart does not have.
    public func verify(
        _ properties: [Property<StateID, Context>], events: [Event], context: Context,
        bounds: VerificationBounds = VerificationBounds(), progress: ((ExplorationStatistics) -> Void)? = nil
    ) throws(VerificationError) -> VerificationReport<StateID, Event, Context> {
        try verify(properties, events: events, context: context, abstractingContext: { $0 }, bounds: bounds, progress: progress)
    }
}

extension Statechart where Context: Hashable, Event: CaseIterable {
    /// ``verify(_:events:context:bounds:progress:)`` with every case of the event type.
    public func verify(
        _ properties: [Property<StateID, Context>], context: Context,
        bounds: VerificationBounds = VerificationBounds(), progress: ((ExplorationStatistics) -> Void)? = nil
    ) throws(VerificationError) -> VerificationReport<StateID, Event, Context> {
        try verify(properties, events: Array(Event.allCases), context: context, bounds: bounds, progress: progress)
    }
}

extension Statechart where Context == Void {
    /// Checks `properties` on a chart without a context; see
    /// ``verify(_:events:context:bounds:progress:)``.
    public func verify(
        _ properties: [Property<StateID, Context>], events: [Event],
        bounds: VerificationBounds = VerificationBounds(), progress: ((ExplorationStatistics) -> Void)? = nil
    ) throws(VerificationError) -> VerificationReport<StateID, Event, Context> {
        try verify(properties, events: events, context: (), abstractingContext: { _ in 0 }, bounds: bounds, progress: progress)
    }
}

extension Statechart where Context == Void, Event: CaseIterable {
    /// Checks `properties` on a chart without a context, with every case of the event type.
    public func verify(
        _ properties: [Property<StateID, Context>],
        bounds: VerificationBounds = VerificationBounds(), progress: ((ExplorationStatistics) -> Void)? = nil
    ) throws(VerificationError) -> VerificationReport<StateID, Event, Context> {
        try verify(properties, events: Array(Event.allCases), bounds: bounds, progress: progress)
    }
}

extension Statechart {
    /// Checks `properties` with the context compared through `summary`: two situations with the
    /// same configuration, history, pending delayed events and summary count as one. Use it for a
    /// context that is not `Hashable`, or to leave out what the properties do not depend on (a
    /// counter that only grows would make the state space infinite):
    ///
    /// ```swift
    /// let report = try player.verify(properties, events: Button.allCases, context: Counters(),
    ///                                abstractingContext: { _ in 0 })
    /// ```
    ///
    /// The summary must decide what the chart does next (its guards): situations merged by it
    /// are explored once, from the first one found.
    ///
    /// The context must be a value: branches are copies of an instance, and a context holding a
    /// reference that actions change would be shared between them.
    public func verify<Summary: Hashable>(
        _ properties: [Property<StateID, Context>], events: [Event], context: Context,
        abstractingContext summary: @escaping (Context) -> Summary,
        bounds: VerificationBounds = VerificationBounds(), progress: ((ExplorationStatistics) -> Void)? = nil
    ) throws(VerificationError) -> VerificationReport<StateID, Event, Context> {
        let root = makeInstance(context: context)
        return try Verification(
            chart: self, events: events, bounds: bounds, makeInstance: { root }, summarize: { summary($0.context) },
            describe: nil, prepare: nil, timerID: { $0 }, progress: progress
        ).run(properties)
    }
}
