import Statecharts

/// How a chart is drawn.
public struct DiagramOptions: Sendable, Hashable {
    /// The direction of the layout's ranks.
    public enum Direction: String, Sendable, Hashable, CaseIterable {
        /// Top to bottom.
        case topDown = "TB"
        /// Left to right.
        case leftRight = "LR"
    }

    /// How actions are written on transitions (`/ action`) and in states (`entry / action`).
    ///
    /// Actions read from SCXML are summarized (`plays = plays + 1`, `send screensaver after 30s`,
    /// `raise done`, `log "label" expr`); other action names are shown as they are. In SVG, the
    /// full text of every label is also the element's tooltip.
    public enum ActionLabels: String, Sendable, Hashable, CaseIterable {
        /// Every action's summary, however long.
        case full
        /// Summaries cut to ``DiagramOptions/shortActionLength`` characters with an ellipsis.
        case short
        /// No actions.
        case none
    }

    /// The most characters of action text a label shows with ``ActionLabels/short``.
    public static let shortActionLength = 32

    /// The direction of the layout.
    public var direction: Direction
    /// How actions are shown.
    public var actions: ActionLabels
    /// Names of the states drawn as active (filled), as the chart describes them.
    public var highlightedStates: Set<String>
    /// Transitions drawn bold and in colour (the last ones taken).
    public var highlightedTransitions: Set<TransitionID>
    /// Counts of a test run to draw: unvisited states and transitions greyed and dashed, visited
    /// ones weighted by count, and a legend with the percentages. `nil` (the default) draws none.
    public var coverage: DiagramCoverage?
    /// Whether every state and transition carries a Graphviz `class` attribute naming it, for pages
    /// that colour the rendered SVG themselves: `sc-s<N>` on a state's node or cluster (`N` its
    /// position in document order from 1, as in its node id `s<N>`), `sc-t<R>` on each edge of a
    /// transition (`R` its `TransitionID.rawValue`; every edge of a transition with several
    /// targets has the same class). In SVG, Graphviz adds these after its own `node`, `cluster`
    /// or `edge` class on the element's group (`class="node sc-s2"`), writing the hyphen as the
    /// character reference `&#45;`, which XML parsers and browsers read as `-`.
    /// `Statechart.diagramClass(of:)` names them for a state or a transition. `false` (the
    /// default) writes no classes.
    public var elementClasses: Bool

    /// Whether actions appear at all: `false` is ``ActionLabels/none``; setting it to `true`
    /// shows them as ``ActionLabels/short`` unless they were already shown.
    public var showsActions: Bool {
        get { actions != .none }
        set {
            if !newValue { actions = .none } else if actions == .none { actions = .short }
        }
    }

    /// Creates options; the defaults draw top-down with short action summaries, nothing
    /// highlighted, no coverage and no element classes.
    public init(
        direction: Direction = .topDown,
        actions: ActionLabels = .short,
        highlightedStates: Set<String> = [],
        highlightedTransitions: Set<TransitionID> = [],
        coverage: DiagramCoverage? = nil,
        elementClasses: Bool = false
    ) {
        self.coverage = coverage
        self.elementClasses = elementClasses
        self.direction = direction
        self.actions = actions
        self.highlightedStates = highlightedStates
        self.highlightedTransitions = highlightedTransitions
    }

    /// Creates options that show actions (as ``ActionLabels/short``) or not.
    public init(
        direction: Direction = .topDown,
        showsActions: Bool,
        highlightedStates: Set<String> = [],
        highlightedTransitions: Set<TransitionID> = []
    ) {
        self.init(direction: direction, actions: showsActions ? .short : .none,
                  highlightedStates: highlightedStates, highlightedTransitions: highlightedTransitions)
    }
}
