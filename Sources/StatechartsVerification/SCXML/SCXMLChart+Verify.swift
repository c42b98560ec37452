import Statecharts
import StatechartsSCXML

extension SCXMLChart {
    /// The events an environment can send the chart, as verification tries them by default: the
    /// event names its transitions declare, without wildcards (`go.*` becomes `go`), and without
    /// `done.` and `error.` events, which the chart raises itself.
    public var environmentEvents: [String] {
        var names: [String] = []
        for descriptor in statechart.declaredEventNames {
            var name = descriptor
            while name.hasSuffix(".*") { name.removeLast(2) }
            while name.hasSuffix(".") { name.removeLast() }
            guard !name.isEmpty, name != "*", !name.hasPrefix("done."), !name.hasPrefix("error."), !names.contains(name) else { continue }
            names.append(name)
        }
        return names
    }

    /// Checks `properties` on every situation the document can reach: with the null data model
    /// exactly (the configuration, history and pending delayed events are all there is); with a
    /// data model that has variables, the values of the `<data>` variables, compared as JSON
    /// values, are part of each situation.
    ///
    /// Every branch runs in one session whose variables and active states are put back before
    /// each step, so the data model's engine runs the chart's own expressions.
    ///
    /// - Parameters:
    ///   - properties: what to check, over state ids.
    ///   - events: the event names to send in every situation; ``environmentEvents`` by default.
    ///   - bounds: how far to explore.
    ///   - progress: called about once a second while exploring, and at the end.
    /// - Throws: ``VerificationError`` when a property names an unknown state, the document
    ///   invokes other sessions (`<invoke>`), or its data model cannot be created.
    public func verify(
        _ properties: [Property<String, SCXMLContext>], events: [String]? = nil,
        bounds: VerificationBounds = VerificationBounds(), progress: ((ExplorationStatistics) -> Void)? = nil
    ) throws(VerificationError) -> VerificationReport<String, SCXMLEvent, SCXMLContext> {
        let invoking = document.allStates.filter { !$0.invokes.isEmpty }.map(\.id)
        guard invoking.isEmpty else {
            throw VerificationError(["\(invoking.map { "'\($0)'" }.joined(separator: ", ")) invoke\(invoking.count == 1 ? "s" : "") other sessions: invoked sessions are not explored"])
        }
        let first: StatechartInstance<String, SCXMLEvent, SCXMLContext>
        do { first = try makeInstance(sessionID: "verify", log: { _ in }) } catch {
            throw VerificationError([error.description])
        }
        let names = variableNames
        // Numbers past the chart's own expressions and past those `value(ofVariable:in:)` uses.
        let locations = names.enumerated().map { i, name in
            SCXMLExpression(id: expressions.count + names.count + i, kind: .location, source: name, position: .start)
        }
        let stateIDs = statechart.states
        let explicitIDs = Set(document.allStates.flatMap(\.sends).compactMap(\.id))
        let chart = self
        return try Verification<String, SCXMLEvent, SCXMLContext, [SCXMLValue?]>(
            chart: statechart, events: (events ?? environmentEvents).map { SCXMLEvent($0) }, bounds: bounds,
            makeInstance: { (try? chart.makeInstance(sessionID: "verify", log: { _ in })) ?? first },
            summarize: { instance in names.map { chart.value(ofVariable: $0, in: instance.context) } },
            describe: names.isEmpty ? nil : { values in
                "{" + zip(names, values).map { "\"\($0)\": \($1?.json ?? "undefined")" }.joined(separator: ", ") + "}"
            },
            prepare: { instance, values in
                let session = instance.context.session
                for id in stateIDs { session.activeStates.remove(id) }
                for id in instance.configuration { session.activeStates.insert(id) }
                for (location, value) in zip(locations, values) {
                    try? session.dataModel.assign(location, value: value ?? .undefined)
                }
            },
            // Generated send ids (`send.12`) differ by the order branches ran; only ids the
            // document writes can be cancelled, so only those tell situations apart.
            timerID: { id in id.flatMap { explicitIDs.contains($0) ? $0 : nil } },
            progress: progress
        ).run(properties)
    }
}

extension SCXMLState {
    /// The `<send>` elements of the state's entry and exit actions and transitions, nested ones
    /// included.
    var sends: [SCXMLSend] {
        (onEntry.flatMap { $0 } + onExit.flatMap { $0 } + transitions.flatMap(\.content)).flatMap(\.sends)
    }
}

extension SCXMLExecutable {
    /// This `<send>` and those nested in it.
    var sends: [SCXMLSend] {
        switch self {
        case .send(let send): return [send]
        case .if(let element): return element.branches.flatMap { $0.content.flatMap(\.sends) }
        case .foreach(let loop): return loop.content.flatMap(\.sends)
        default: return []
        }
    }
}
