@_spi(CompiledCharts) import Statecharts

/// A running compiled chart: a plain ``StatechartInstance`` whose single-path transitions run
/// the generated code. It behaves exactly as the plain instance would; only faster.
///
/// Everything the plain instance offers is on ``instance`` (queries, snapshots, the clock);
/// `send` and the context are here. Take the plain instance out to use it elsewhere, and give it
/// back with ``init(_:of:)``.
public struct CompiledInstance<Chart: CompiledChart> {
    /// The plain instance: configuration, context, queues.
    public var instance: StatechartInstance<Chart.StateID, Chart.Event, Chart.Context> { base }
    /// The plain instance beside the compiled chart's plan map and the chart's direct table,
    /// which `send` reaches in one load each. Only this type sets it (an instance of another
    /// chart must never run with this chart's plan table).
    @usableFromInline var sending: _CompiledSending<Chart.StateID, Chart.Event, Chart.Context>
    /// The compiled chart (keeps the plan table alive).
    @usableFromInline let compiled: CompiledStatechart<Chart>

    /// The plain instance, changed in place.
    @inlinable
    var base: StatechartInstance<Chart.StateID, Chart.Event, Chart.Context> {
        @inline(__always) _read { yield sending.instance }
        @inline(__always) _modify { yield &sending.instance }
    }

    @usableFromInline
    init(_ instance: StatechartInstance<Chart.StateID, Chart.Event, Chart.Context>, compiled: CompiledStatechart<Chart>) {
        self.sending = _CompiledSending(instance, tables: compiled.planTables.sendTables)
        self.compiled = compiled
    }

    /// Runs a plain instance of `compiled`'s chart compiled from now on.
    ///
    /// - Throws: ``CompiledChartError/instanceOfAnotherChart`` when `instance` runs another chart.
    public init(
        _ instance: StatechartInstance<Chart.StateID, Chart.Event, Chart.Context>, of compiled: CompiledStatechart<Chart>
    ) throws(CompiledChartError) {
        guard instance.chart === compiled.statechart else { throw .instanceOfAnotherChart }
        self.init(instance, compiled: compiled)
    }

    /// The extended state that actions change and guards read.
    public var context: Chart.Context {
        get { instance.context }
        set { base.context = newValue }
    }

    /// Starts the instance (if it was made with ``CompiledStatechart/makeInstance(context:)``).
    @discardableResult
    public mutating func start() -> SendResult { base.start() }

    /// Sends an event and runs the macrostep it causes, as ``StatechartInstance/send(_:)`` does,
    /// with single-path plans run by the generated code.
    @inlinable @inline(__always) @discardableResult
    public mutating func send(_ event: Chart.Event) -> SendResult {
        // The compiled runtime's `send`, in the core beside the table runtime's (its ways are
        // listed there): a small front inlined here, the rest in one call out of line.
        sending.send(event, by: Chart.self)
    }

    /// Sends an event, reporting to `observer` (the plain route: observers see every state
    /// entered and exited).
    @discardableResult
    public mutating func send<Observer: StatechartObserver>(_ event: Chart.Event, observer: inout Observer) -> SendResult
    where Observer.StateID == Chart.StateID, Observer.Event == Chart.Event {
        base.send(event, observer: &observer)
    }

    /// The active states, in document order.
    public var configuration: [Chart.StateID] { instance.configuration }

    /// Whether `state` is active.
    public func isActive(_ state: Chart.StateID) -> Bool { instance.isActive(state) }
}

extension CompiledInstance: Sendable where Chart.Context: Sendable {}
