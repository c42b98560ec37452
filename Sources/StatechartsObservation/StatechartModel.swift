import Observation
import Statecharts
import StatechartsCompiled

/// A running chart for an app's interface: an `Observable` object (the Observation framework,
/// as SwiftUI reads it) that owns an instance of a plain or a compiled chart, runs its delayed
/// events on a clock and its invocations as tasks, and tells views exactly what changed.
///
/// ```swift
/// let model = StatechartModel(chart: door, context: Stats())
/// model.send(.open)
/// model.isActive(.opened)          // true
/// model[context: \.openings]       // 1
/// ```
///
/// ## What invalidates what
///
/// A view (or `withObservationTracking`) depends on what it read, and is invalidated only when
/// that changes:
///
/// | Read | Invalidated when |
/// | --- | --- |
/// | ``isActive(_:)`` of a state | that state enters or leaves the configuration |
/// | ``configuration``, ``activeLeaves`` | the configuration changes |
/// | ``subscript(context:)`` of a key path | the value at that key path changes |
/// | ``context`` | the context changes (when `Context` is `Equatable`, only when it differs; otherwise after every step that took a transition) |
/// | ``isRunning``, ``isFinished``, ``error`` | that value changes |
/// | ``can(_:)``, ``enabledEventNames``, ``instance`` | the configuration or the context changes |
///
/// A step that changes nothing a view read (an ignored event, a transition between states the
/// view did not ask about, a context field it did not read) does not invalidate it.
///
/// ## Isolation and time
///
/// The model is `@MainActor`, as SwiftUI models are: `send` is synchronous, so a button's action
/// calls it directly, and every change is published on the main actor. As `StatechartRunner`
/// does, the model keeps the instance's virtual clock in step with an injected `Clock`
/// (`ContinuousClock` unless you pass another; a manual clock in tests), sleeping until the next
/// delayed event is due, and runs each invocation (`Invoke`) as a task, its result sent back as
/// an event. Releasing the model cancels its timer and invocations and finishes its streams of
/// ``steps``.
@MainActor
public final class StatechartModel<StateID: Hashable & Sendable, Event: StatechartEvent, Context: Sendable>: Observable {
    let registrar = ObservationRegistrar()
    var engine: any ModelEngine<StateID, Event, Context>
    let clock: LiveClock
    /// Whether the chart runs invocations (if not, no request is ever taken).
    let hasInvocations: Bool
    let timer = LiveTasks()
    let invocations = LiveTasks()
    /// The streams of ``steps``; untouched while none is open.
    nonisolated let stepStreams = StatechartStepStreams<StateID, Event>()

    // What views read, as last published (StatechartModel+Tracking.swift).
    var publishedConfiguration: [StateID]
    var publishedContext: Context
    var publishedIsRunning: Bool
    var publishedIsFinished: Bool
    var publishedError: StatechartRuntimeError?
    /// The states some view asked about with ``isActive(_:)``, and whether each was active.
    var watchedStates: [StateID: Bool] = [:]
    /// The context key paths some view read with ``subscript(context:)``.
    var watchedValues: [AnyKeyPath: ValueWatch<Context>] = [:]

    init(engine: any ModelEngine<StateID, Event, Context>, clock: LiveClock) {
        var engine = engine
        _ = engine.withInstance { $0.start() }
        let instance = engine.instance
        self.engine = engine
        self.clock = clock
        self.hasInvocations = instance.chart.states.contains { !instance.chart.invocationNames(of: $0).isEmpty }
        publishedConfiguration = instance.configuration
        publishedContext = instance.context
        publishedIsRunning = instance.isRunning
        publishedIsFinished = instance.isFinished
        publishedError = instance.error
        if !instance.isRunning { stepStreams.finish() }
        settle()
    }

    /// Starts `chart` with `context`, its delayed events kept on `clock`.
    public convenience init(chart: Statechart<StateID, Event, Context>, context: Context,
                            clock: some Clock<Duration> = ContinuousClock()) {
        self.init(engine: PlainEngine(instance: chart.makeInstance(context: context)), clock: LiveClock(clock))
    }

    /// Runs `instance` (a restored snapshot, say), starting it if it has not started.
    public convenience init(instance: StatechartInstance<StateID, Event, Context>, clock: some Clock<Duration> = ContinuousClock()) {
        self.init(engine: PlainEngine(instance: instance), clock: LiveClock(clock))
    }

    /// Starts the compiled chart `chart` with `context`: `send` runs its generated code.
    ///
    /// - Throws: `CompiledChartError` when the generated code does not fit
    ///   the chart (as `Chart.chart` does).
    public convenience init<Chart: CompiledChart>(
        _ chart: Chart.Type, context: Context, clock: some Clock<Duration> = ContinuousClock()
    ) throws(CompiledChartError) where Chart.StateID == StateID, Chart.Event == Event, Chart.Context == Context {
        let compiled = try Chart.chart
        self.init(engine: CompiledEngine(compiled.makeInstance(context: context), of: compiled), clock: LiveClock(clock))
    }

    /// Runs a compiled instance, starting it if it has not started.
    ///
    /// - Throws: `CompiledChartError` when the generated code does not fit
    ///   the chart (as `Chart.chart` does).
    public convenience init<Chart: CompiledChart>(
        _ instance: CompiledInstance<Chart>, clock: some Clock<Duration> = ContinuousClock()
    ) throws(CompiledChartError) where Chart.StateID == StateID, Chart.Event == Event, Chart.Context == Context {
        self.init(engine: CompiledEngine(instance, of: try Chart.chart), clock: LiveClock(clock))
    }

    deinit {
        timer.cancelAll()
        invocations.cancelAll()
        stepStreams.finish()
    }

    /// Sends an event and runs the macrostep it causes, as `StatechartInstance.send(_:)` does
    /// (a compiled chart's by its generated code); views that read what changed are invalidated.
    @discardableResult
    public func send(_ event: Event) -> SendResult {
        catchUp()
        let result = engine.send(event)
        publishStep(.sent, event, result)
        refresh(tookTransitions: result.isAccepted)
        settle()
        return result
    }

    /// The chart this model runs.
    public var chart: Statechart<StateID, Event, Context> { engine.instance.chart }

    /// How many invocations are running.
    public var runningInvocationCount: Int { invocations.count }
}
