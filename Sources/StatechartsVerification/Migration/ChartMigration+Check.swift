import Statecharts

extension ChartMigration where OldContext: Hashable {
    /// Checks the migration before any snapshot is migrated: explores every situation the old
    /// chart can reach from `context` with `events` (running it, as
    /// ``Statecharts/Statechart/verify(_:events:context:bounds:progress:)`` does), and maps
    /// each distinct configuration and history memory. Each one that maps to nothing the new
    /// chart can be in is a ``MigrationFinding`` with the shortest run that reaches it.
    ///
    /// ```swift
    /// let migration = try ChartMigration(from: playerV1, to: playerV2, mapping: ["paused": "playing"])
    /// let report = try migration.check(events: ["power", "play", "pause"], context: Counters())
    /// ```
    ///
    /// - Parameters:
    ///   - events: the events the environment may send, in every situation.
    ///   - context: the context the old chart starts with.
    ///   - bounds: how far to explore; see ``MigrationReport/isComplete``.
    ///   - progress: called about once a second while exploring, and at the end.
    /// - Throws: ``VerificationError`` when the old chart invokes other charts as it starts.
    public func check(
        events: [Event], context: OldContext, bounds: VerificationBounds = VerificationBounds(),
        progress: ((ExplorationStatistics) -> Void)? = nil
    ) throws(VerificationError) -> MigrationReport<StateID, Event> {
        try check(events: events, context: context, abstractingContext: { $0 }, bounds: bounds, progress: progress)
    }
}

extension ChartMigration {
    /// ``check(events:context:bounds:progress:)`` with the context compared through `summary`,
    /// as in ``Statecharts/Statechart/verify(_:events:context:abstractingContext:bounds:progress:)``:
    /// for a context that is not `Hashable`, or one with a counter that would make the situations
    /// endless. The summary must decide what the chart does next.
    public func check<Summary: Hashable>(
        events: [Event], context: OldContext, abstractingContext summary: @escaping (OldContext) -> Summary,
        bounds: VerificationBounds = VerificationBounds(), progress: ((ExplorationStatistics) -> Void)? = nil
    ) throws(VerificationError) -> MigrationReport<StateID, Event> {
        let root = old.makeInstance(context: context)
        return try MigrationChecker(
            migration: self, events: events, bounds: bounds, makeInstance: { root }, summarize: { summary($0.context) },
            prepare: nil, timerID: { $0 }, progress: progress
        ).run()
    }
}

extension ChartMigration where OldContext == Void {
    /// ``check(events:context:bounds:progress:)`` for an old chart without a context.
    public func check(
        events: [Event], bounds: VerificationBounds = VerificationBounds(), progress: ((ExplorationStatistics) -> Void)? = nil
    ) throws(VerificationError) -> MigrationReport<StateID, Event> {
        try check(events: events, context: (), abstractingContext: { _ in 0 }, bounds: bounds, progress: progress)
    }
}

extension ChartMigration where OldContext == Void, Event: CaseIterable {
    /// ``check(events:context:bounds:progress:)`` for an old chart without a context, with every
    /// case of the event type.
    public func check(
        bounds: VerificationBounds = VerificationBounds(), progress: ((ExplorationStatistics) -> Void)? = nil
    ) throws(VerificationError) -> MigrationReport<StateID, Event> {
        try check(events: Array(Event.allCases), bounds: bounds, progress: progress)
    }
}
