import Statecharts

extension Statechart {
    /// Renders the chart's diagram with Graphviz.
    public func renderDiagram(
        format: DiagramFormat, options: DiagramOptions = DiagramOptions(), engine: LayoutEngine = .dot
    ) throws(GraphvizError) -> RenderedDiagram {
        try GraphvizRenderer.render(dot: dot(options: options), format: format, engine: engine)
    }
}

extension StatechartInstance {
    /// Renders the diagram of the chart with this instance's configuration highlighted and
    /// `lastTransitions` drawn bold.
    public func renderDiagram(
        format: DiagramFormat, options: DiagramOptions = DiagramOptions(), lastTransitions: [TransitionID] = [],
        engine: LayoutEngine = .dot
    ) throws(GraphvizError) -> RenderedDiagram {
        try GraphvizRenderer.render(dot: dot(options: options, lastTransitions: lastTransitions), format: format, engine: engine)
    }
}
