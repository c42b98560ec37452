import Statecharts
import StatechartsSCXML

/// How the explorers (`verify`, `checkMigration`) run an SCXML document: fresh sessions, the
/// data model's variables as each situation's summary, and a branch's session brought back to
/// the situation it starts from (the copies of an instance share one session).
struct SCXMLExplorationSetup {
    typealias Instance = StatechartInstance<String, SCXMLEvent, SCXMLContext>

    /// The document's variables, in the order of each summary.
    let names: [String]
    let makeInstance: () -> Instance
    let summarize: (Instance) -> [SCXMLValue?]
    let prepare: (inout Instance, [SCXMLValue?]) -> Void
    /// Generated send ids (`send.12`) differ by the order branches ran; only ids the document
    /// writes can be cancelled, so only those tell situations apart.
    let timerID: (String?) -> String?

    /// - Throws: ``VerificationError`` when the document invokes other sessions (not explored)
    ///   or its data model cannot be created.
    init(_ chart: SCXMLChart, sessionID: String) throws(VerificationError) {
        let invoking = chart.document.allStates.filter { !$0.invokes.isEmpty }.map(\.id)
        guard invoking.isEmpty else {
            throw VerificationError(["\(invoking.map { "'\($0)'" }.joined(separator: ", ")) invoke\(invoking.count == 1 ? "s" : "") other sessions: invoked sessions are not explored"])
        }
        let first: Instance
        do { first = try chart.makeInstance(sessionID: sessionID, log: { _ in }) } catch {
            throw VerificationError([error.description])
        }
        let names = chart.variableNames
        // Numbers past the chart's own expressions and past those `value(ofVariable:in:)` uses.
        let locations = names.enumerated().map { i, name in
            SCXMLExpression(id: chart.expressions.count + names.count + i, kind: .location, source: name, position: .start)
        }
        let stateIDs = chart.statechart.states
        let explicitIDs = Set(chart.document.allStates.flatMap(\.sends).compactMap(\.id))
        self.names = names
        makeInstance = { (try? chart.makeInstance(sessionID: sessionID, log: { _ in })) ?? first }
        summarize = { instance in names.map { chart.value(ofVariable: $0, in: instance.context) } }
        prepare = { instance, values in
            let session = instance.context.session
            for id in stateIDs { session.activeStates.remove(id) }
            for id in instance.configuration { session.activeStates.insert(id) }
            for (location, value) in zip(locations, values) {
                try? session.dataModel.assign(location, value: value ?? .undefined)
            }
        }
        timerID = { id in id.flatMap { explicitIDs.contains($0) ? $0 : nil } }
    }
}
