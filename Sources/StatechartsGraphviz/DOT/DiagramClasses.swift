import Statecharts

// The classes written with ``DiagramOptions/elementClasses``: one place that names them, for the
// writer and for other modules.

enum DiagramClass {
    /// The class of the state at `position` in document order (from 1): `sc-s<position>`.
    static func state(position: Int) -> String { "sc-s\(position)" }

    /// The class of a transition's edges: `sc-t<rawValue>`.
    static func transition(_ id: TransitionID) -> String { "sc-t\(id.rawValue)" }
}

extension Statechart {
    /// The class that a diagram drawn with ``DiagramOptions/elementClasses`` gives `state`'s node
    /// (atomic, final and history states) or cluster (compound and parallel states): `sc-s<N>`,
    /// `N` being the state's position in `states` counted from 1, as in its DOT node id `s<N>`.
    /// `nil` when the chart has no such state.
    ///
    /// In a rendered SVG the class follows Graphviz's own on the state's `<g>` element
    /// (`class="node sc-s2"`, `class="cluster sc-s1"`; Graphviz writes the hyphen as `&#45;`,
    /// which XML parsers and browsers read as `-`), so `svg.querySelector('.sc-s2')` finds it.
    public func diagramClass(of state: StateID) -> String? {
        states.firstIndex(of: state).map { DiagramClass.state(position: $0 + 1) }
    }

    /// The class that a diagram drawn with ``DiagramOptions/elementClasses`` gives every edge of
    /// `transition`: `sc-t<R>`, `R` being its `rawValue` (a transition with several targets has
    /// one edge per target, all with this class).
    ///
    /// `nil` when the diagram draws no edge for it: an id the chart does not have, an initial or
    /// history pseudo-transition, or a targetless transition, which is listed inside its source
    /// state's label (look for its source state's class instead).
    public func diagramClass(of transition: TransitionID) -> String? {
        guard allTransitions.contains(transition), let description = self.transition(transition),
              !description.targets.isEmpty else { return nil }
        return DiagramClass.transition(transition)
    }
}
