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
        let setup = try SCXMLExplorationSetup(self, sessionID: "verify")
        let names = setup.names
        return try Verification<String, SCXMLEvent, SCXMLContext, [SCXMLValue?]>(
            chart: statechart, events: (events ?? environmentEvents).map { SCXMLEvent($0) }, bounds: bounds,
            makeInstance: setup.makeInstance, summarize: setup.summarize,
            describe: names.isEmpty ? nil : { values in
                "{" + zip(names, values).map { "\"\($0)\": \($1?.json ?? "undefined")" }.joined(separator: ", ") + "}"
            },
            prepare: setup.prepare, timerID: setup.timerID, progress: progress
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
