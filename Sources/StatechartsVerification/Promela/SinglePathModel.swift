import StatechartsSCXML

/// An SCXML document with the null data model, reduced to what one active atomic state decides:
/// for each atomic or final state and each event, the state a whole macrostep ends in. Built
/// from the document by an interpreter of its own (not the runtime), so that SPIN, checking the
/// Promela written from it, is an independent check of the verifier.
///
/// The subset: `<state>` and `<final>` (no `<parallel>`, no `<history>`), transitions with event
/// names or prefixes (`*` too), `In(id)` conditions, at most one target, external or internal;
/// `<raise>` and `<log>` without `expr` as executable content; `done.state.ID` events. No `<send>`, `<cancel>`,
/// `<invoke>`, `<if>`, `<foreach>`, `<assign>`, `<script>` or `<data>`. A macrostep of more than
/// 1,000 microsteps is refused as an eventless loop.
public struct SinglePathModel: Sendable {
    /// A step of the model: in atomic state `from`, event `event` ends the macrostep in `to`.
    public struct Step: Sendable, Hashable {
        /// The active atomic state before (an index into ``states``).
        public let from: Int
        /// The event (an index into ``events``).
        public let event: Int
        /// The active atomic state after.
        public let to: Int
        /// Whether the chart finished (entered a top-level final state).
        public let finishes: Bool
    }

    /// Every state's id, in document order.
    public let states: [String]
    /// Each state's parent (an index into ``states``), -1 at the top.
    public let parents: [Int]
    /// The events the environment sends.
    public let events: [String]
    /// The atomic state after the start.
    public let start: Int
    /// Whether the chart finished while starting.
    public let startFinishes: Bool
    /// The steps that take a transition, by state then event.
    public let steps: [Step]

    /// Whether `state` is `leaf` or one of its ancestors (SCXML's `In`, in this model).
    public func isActive(_ state: Int, leaf: Int) -> Bool {
        var s = leaf
        while s >= 0 {
            if s == state { return true }
            s = parents[s]
        }
        return false
    }

    /// Builds the model of `chart` with `events` sent by the environment.
    ///
    /// - Throws: ``PromelaExportError`` listing everything outside the subset.
    public init(_ chart: SCXMLChart, events: [String]) throws(PromelaExportError) {
        var reader = SinglePathReader(chart.document)
        guard reader.problems.isEmpty else { throw PromelaExportError(reader.problems) }
        self.states = reader.ids
        self.parents = reader.parent
        self.events = events
        guard let (start, finishes) = reader.startStep() else {
            throw PromelaExportError(reader.problems.isEmpty ? ["the start does not settle"] : reader.problems)
        }
        self.start = start
        self.startFinishes = finishes
        var steps: [Step] = []
        for leaf in reader.ids.indices where reader.isLeaf(leaf) {
            for (e, event) in events.enumerated() {
                guard let (to, finished) = reader.macrostep(leaf: leaf, event: event) else { continue }
                steps.append(Step(from: leaf, event: e, to: to, finishes: finished))
            }
        }
        guard reader.problems.isEmpty else { throw PromelaExportError(reader.problems) }
        self.steps = steps
    }
}
