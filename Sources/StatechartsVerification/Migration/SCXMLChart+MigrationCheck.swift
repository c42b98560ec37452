import Statecharts
import StatechartsSCXML

extension SCXMLChart {
    /// Checks `migration`, whose old chart is this document's, by exploring every situation the
    /// document can reach as ``verify(_:events:bounds:progress:)`` does (the null data model
    /// exactly; with variables, their values are part of each situation), and mapping each
    /// distinct configuration and history memory; see
    /// ``ChartMigration/check(events:context:bounds:progress:)``.
    ///
    /// - Parameters:
    ///   - migration: from this document's `statechart` to the new version's.
    ///   - events: the event names to send in every situation; ``environmentEvents`` by default.
    ///   - bounds: how far to explore.
    ///   - progress: called about once a second while exploring, and at the end.
    /// - Throws: ``VerificationError`` when `migration` starts from another chart, the document
    ///   invokes other sessions, or its data model cannot be created.
    public func checkMigration<NewContext>(
        _ migration: ChartMigration<String, SCXMLEvent, SCXMLContext, NewContext>, events: [String]? = nil,
        bounds: VerificationBounds = VerificationBounds(), progress: ((ExplorationStatistics) -> Void)? = nil
    ) throws(VerificationError) -> MigrationReport<String, SCXMLEvent> {
        guard migration.old === statechart else {
            throw VerificationError(["the migration starts from another chart than this document's"])
        }
        let setup = try SCXMLExplorationSetup(self, sessionID: "migrate-check")
        return try MigrationChecker<String, SCXMLEvent, SCXMLContext, NewContext, [SCXMLValue?]>(
            migration: migration, events: (events ?? environmentEvents).map { SCXMLEvent($0) }, bounds: bounds,
            makeInstance: setup.makeInstance, summarize: setup.summarize, prepare: setup.prepare,
            timerID: setup.timerID, progress: progress
        ).run()
    }
}
