/// A chart compiled at build time by ``CompiledStatechart()``. The macro writes the conformance;
/// the members that start with `_` are generated code, not API. The generated code runs plans and
/// guards for the core's routes directly (`_GeneratedPlans`).
public protocol CompiledChart: _GeneratedPlans {
    /// The chart's state identities.
    associatedtype StateID: Hashable & Sendable
    // `Event` (the chart's events) and `Context` (its extended state) are `_GeneratedPlans`'s.

    /// The chart as the DSL writes it; the macro reads it from its syntax.
    static var definition: StatechartDefinition<StateID, Event, Context> { get }

    /// How many microsteps (and internal events) one macrostep may take before an instance stops
    /// with ``Statecharts/StatechartRuntimeError/microstepLimitExceeded(limit:)``: the guard
    /// against eventless loops that never settle (``Statecharts/Statechart/microstepLimit``).
    /// 10,000 unless the chart's type declares its own:
    ///
    /// ```swift
    /// @CompiledStatechart
    /// enum PollChart {
    ///     // ...
    ///     static let microstepLimit = 100
    /// }
    /// ```
    static var microstepLimit: Int { get }

    /// How many events the chart sends to itself (`outbox.send` without a delay) that one call
    /// may process before an instance stops with
    /// ``Statecharts/StatechartRuntimeError/externalEventLimitExceeded(limit:)``: the guard against
    /// charts that keep sending themselves events (``Statecharts/Statechart/externalEventLimit``).
    /// 10,000 unless the chart's type declares its own, as `static let externalEventLimit = 500`.
    static var externalEventLimit: Int { get }

    /// Generated: what the generated code was made for (the chart's shape, guarded transitions
    /// and plans), checked against the chart when it is compiled.
    static var _generatedPlans: [Int32] { get }
    /// Generated: the compiled chart, made once.
    static var _compiledChart: Result<CompiledStatechart<Self>, CompiledChartError> { get }
}

extension CompiledChart {
    /// 10,000 microsteps per macrostep, as for a plain ``Statecharts/Statechart``.
    public static var microstepLimit: Int { 10_000 }

    /// 10,000 events sent to itself per call, as for a plain ``Statecharts/Statechart``.
    public static var externalEventLimit: Int { 10_000 }

    /// The compiled chart, made on first use and shared.
    ///
    /// - Throws: ``CompiledChartError`` when the generated code does not fit the chart.
    public static var chart: CompiledStatechart<Self> {
        get throws(CompiledChartError) { try _compiledChart.get() }
    }

    /// The same chart as a plain ``Statechart``: diagrams, SCXML export, introspection,
    /// snapshots, observers and ``StatechartRunner`` work on it as on any chart.
    public static var statechart: Statechart<StateID, Event, Context> {
        get throws(CompiledChartError) { try chart.statechart }
    }

    /// A new compiled instance with `context`, started.
    public static func start(context: Context) throws(CompiledChartError) -> CompiledInstance<Self> {
        try chart.start(context: context)
    }
}

extension CompiledChart {
    /// Runs one phase of plan `plan` for a plan without exit and entry actions, or one outside
    /// parallel states (only ever taken alone, so its order is the plan's): the whole plan, in the
    /// transition phase. The macro writes its own for charts with other plans.
    @inlinable @inline(__always)
    public static func _runPlanPhase(_ plan: _GeneratedPlan, _ phase: _GeneratedPhase, _ context: inout Context,
                                     _ event: Event?, _ outbox: inout Outbox<Event>) {
        if phase == .transition { _runPlan(plan, &context, event, &outbox) }
    }
}

extension CompiledChart where Context == Void {
    /// A new compiled instance of a chart without context, started.
    public static func start() throws(CompiledChartError) -> CompiledInstance<Self> {
        try chart.start(context: ())
    }
}
