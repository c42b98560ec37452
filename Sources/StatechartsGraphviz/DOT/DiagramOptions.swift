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

    /// Whether actions appear at all: `false` is ``ActionLabels/none``; setting it to `true`
    /// shows them as ``ActionLabels/short`` unless they were already shown.
    public var showsActions: Bool {
        get { actions != .none }
        set {
            if !newValue { actions = .none } else if actions == .none { actions = .short }
        }
    }

    /// Creates options; the defaults draw top-down with short action summaries and nothing
    /// highlighted.
    public init(
        direction: Direction = .topDown,
        actions: ActionLabels = .short,
        highlightedStates: Set<String> = [],
        highlightedTransitions: Set<TransitionID> = [],
        coverage: DiagramCoverage? = nil
    ) {
        self.coverage = coverage
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
