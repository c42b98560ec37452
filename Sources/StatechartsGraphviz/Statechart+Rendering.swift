import Statecharts

extension Statechart {
    /// Renders the chart's diagram with Graphviz.
    ///
    /// Unless `format` is ``DiagramFormat/dot``, a chart larger than `limits` throws a
    /// ``GraphvizError`` with stage ``GraphvizError/Stage/limits`` before anything is laid out:
    /// Graphviz cannot be interrupted once it starts. See ``DiagramLimits``.
    public func renderDiagram(
        format: DiagramFormat, options: DiagramOptions = DiagramOptions(), engine: LayoutEngine = .dot,
        limits: DiagramLimits = .default
    ) throws(GraphvizError) -> RenderedDiagram {
        if format != .dot { try limits.check(DiagramSize(of: self)) }
        return try GraphvizRenderer.render(dot: dot(options: options), format: format, engine: engine)
    }
}

extension StatechartInstance {
    /// Renders the diagram of the chart with this instance's configuration highlighted and
    /// `lastTransitions` drawn bold.
    ///
    /// Unless `format` is ``DiagramFormat/dot``, a chart larger than `limits` throws a
    /// ``GraphvizError`` with stage ``GraphvizError/Stage/limits`` before anything is laid out.
    /// See ``DiagramLimits``.
    public func renderDiagram(
        format: DiagramFormat, options: DiagramOptions = DiagramOptions(), lastTransitions: [TransitionID] = [],
        engine: LayoutEngine = .dot, limits: DiagramLimits = .default
    ) throws(GraphvizError) -> RenderedDiagram {
        if format != .dot { try limits.check(DiagramSize(of: chart)) }
        return try GraphvizRenderer.render(dot: dot(options: options, lastTransitions: lastTransitions), format: format, engine: engine)
    }
}
