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

    /// The direction of the layout.
    public var direction: Direction
    /// Whether action names appear on transitions (`/ action`) and in states (`entry / action`).
    public var showsActions: Bool
    /// Names of the states drawn as active (filled), as the chart describes them.
    public var highlightedStates: Set<String>
    /// Transitions drawn bold and in colour (the last ones taken).
    public var highlightedTransitions: Set<TransitionID>
    /// Counts of a test run to draw: unvisited states and transitions greyed and dashed, visited
    /// ones weighted by count, and a legend with the percentages. `nil` (the default) draws none.
    public var coverage: DiagramCoverage?

    /// Creates options; the defaults draw top-down with actions and nothing highlighted.
    public init(
        direction: Direction = .topDown,
        showsActions: Bool = true,
        highlightedStates: Set<String> = [],
        highlightedTransitions: Set<TransitionID> = [],
        coverage: DiagramCoverage? = nil
    ) {
        self.coverage = coverage
        self.direction = direction
        self.showsActions = showsActions
        self.highlightedStates = highlightedStates
        self.highlightedTransitions = highlightedTransitions
    }
}
