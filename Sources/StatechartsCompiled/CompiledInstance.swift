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
    /// The plain instance, which only this type sets (an instance of another chart must never
    /// run with this chart's plan table).
    @usableFromInline var base: StatechartInstance<Chart.StateID, Chart.Event, Chart.Context>
    /// The compiled chart (keeps the plan table alive).
    @usableFromInline let compiled: CompiledStatechart<Chart>
    /// The compiled chart's plan map and the chart's direct table, kept here so that `send`
    /// reaches each in one load from the instance.
    @usableFromInline let tables: _CompiledSendTables

    @usableFromInline
    init(_ instance: StatechartInstance<Chart.StateID, Chart.Event, Chart.Context>, compiled: CompiledStatechart<Chart>) {
        self.base = instance
        self.compiled = compiled
        self.tables = compiled.planTables.sendTables
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
        if let direct = base._directEvent(event, tables: tables) {
            if let result = base._sendByDirectEntry(direct, by: Chart.self, tables: tables) { return result }
            // A guarded entry's guard and plan, inlined too, in charts that have such entries
            // (a constant of the chart's type: other charts' fronts stay as small).
            if Chart._hasNamedDirectEntries, let result = base._sendByGuardedEntry(direct, by: Chart.self, tables: tables) {
                return result
            }
            // The class and the entry were read once, above, and are carried to the candidate
            // stage. A tag in a chart without named entries goes out of line alone instead (see
            // `_sendByRoute`), which keeps this front smallest; a constant of the chart's type.
            if !Chart.Event._namesMayBeTags || Chart._hasNamedDirectEntries { return sendByCandidates(direct) }
        } else if Chart._hasJointSteps, let result = base._sendByJointRow(event, by: Chart.self, tables: tables) {
            // Parallel states active: the configuration's joint step, inlined too in charts that
            // have them (a constant of the chart's type).
            return result
        }
        return sendByRoute(event)
    }

    /// What the direct entry leaves: one call out of line, specialized for the chart where
    /// `send` is used, reading the tables from this instance.
    @inlinable @inline(never)
    mutating func sendByCandidates(_ event: _DirectEvent<Chart.Event>) -> SendResult {
        base._sendByCandidates(event, by: Chart.self, tables: tables)
    }

    /// The rest of `send` for an event the direct table did not decide, out of line as
    /// ``sendByCandidates(_:)``.
    @inlinable @inline(never)
    mutating func sendByRoute(_ event: Chart.Event) -> SendResult {
        base._sendByRoute(event, by: Chart.self, tables: tables)
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
