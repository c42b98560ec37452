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
        let invoking = document.allStates.filter { !$0.invokes.isEmpty }.map(\.id)
        guard invoking.isEmpty else {
            throw VerificationError(["\(invoking.map { "'\($0)'" }.joined(separator: ", ")) invoke\(invoking.count == 1 ? "s" : "") other sessions: invoked sessions are not explored"])
        }
        let first: StatechartInstance<String, SCXMLEvent, SCXMLContext>
        do { first = try makeInstance(sessionID: "migrate-check", log: { _ in }) } catch {
            throw VerificationError([error.description])
        }
        // The session set-up of `verify`: each branch gets the variables and active states of the
        // situation it starts from put back into the session its copies share.
        let names = variableNames
        let locations = names.enumerated().map { i, name in
            SCXMLExpression(id: expressions.count + names.count + i, kind: .location, source: name, position: .start)
        }
        let stateIDs = statechart.states
        let explicitIDs = Set(document.allStates.flatMap(\.sends).compactMap(\.id))
        let chart = self
        return try MigrationChecker<String, SCXMLEvent, SCXMLContext, NewContext, [SCXMLValue?]>(
            migration: migration, events: (events ?? environmentEvents).map { SCXMLEvent($0) }, bounds: bounds,
            makeInstance: { (try? chart.makeInstance(sessionID: "migrate-check", log: { _ in })) ?? first },
            summarize: { instance in names.map { chart.value(ofVariable: $0, in: instance.context) } },
            prepare: { instance, values in
                let session = instance.context.session
                for id in stateIDs { session.activeStates.remove(id) }
                for id in instance.configuration { session.activeStates.insert(id) }
                for (location, value) in zip(locations, values) {
                    try? session.dataModel.assign(location, value: value ?? .undefined)
                }
            },
            timerID: { id in id.flatMap { explicitIDs.contains($0) ? $0 : nil } },
            progress: progress
        ).run()
    }
}
