import Statecharts
import StatechartsSCXML

/// Runs a loaded chart step by step on its virtual clock and reports the configuration after
/// each step, the way `statechart run` prints it. `<log>` output goes to standard error.
///
/// Every step has a variant taking a ``Statecharts/StatechartObserver``, for commands that trace
/// what the chart does. The error events the chart raised during a step (`error.execution`, …)
/// go with the step's last report.
struct ChartRunner {
    let chart: SCXMLChart
    /// The running session (set by the steps here and in ChartRunner+HTTP.swift).
    var instance: StatechartInstance<String, SCXMLEvent, SCXMLContext>

    /// A runner of a new session of `chart`, with `ioProcessors` besides the SCXML one (the
    /// Basic HTTP processor of `run --http`).
    init(_ chart: SCXMLChart, ioProcessors: [any SCXMLEventIOProcessor] = []) throws(SCXMLError) {
        self.chart = chart
        instance = try chart.makeInstance(ioProcessors: ioProcessors, log: { record in Console.error("log: \(record)") })
    }

    /// Why the chart stopped on its own, if it did.
    var error: StatechartRuntimeError? { instance.error }

    /// Starts the chart: the report of the initial macrostep (step 0).
    mutating func start() -> StepReport {
        var observer = SilentObserver()
        return start(observer: &observer)
    }

    /// Starts the chart, reporting to `observer`.
    mutating func start<Observer: StatechartObserver>(observer: inout Observer) -> StepReport
    where Observer.StateID == String, Observer.Event == SCXMLEvent {
        instance.start(observer: &observer)
        return withErrors([report(step: 0, event: nil, delayed: false, configuration: instance.currentConfigurationValue)])[0]
    }

    /// Runs one STEP; a `+DURATION` reports each delayed event that fires, then itself.
    mutating func run(_ step: Step, number: Int) -> [StepReport] {
        var observer = SilentObserver()
        return run(step, number: number, observer: &observer)
    }

    /// Runs one STEP, reporting to `observer`.
    mutating func run<Observer: StatechartObserver>(_ step: Step, number: Int, observer: inout Observer) -> [StepReport]
    where Observer.StateID == String, Observer.Event == SCXMLEvent {
        switch step {
        case .event(let name):
            instance.send(SCXMLEvent(name), observer: &observer)
            return withErrors([report(step: number, event: name, delayed: false, configuration: instance.currentConfigurationValue)])
        case .advance(let duration, let text):
            let target = instance.now + duration   // no overflow: a STEP is under 10¹⁸ ns, the clock under 2⁶³ s
            let delivered = instance.advanceClock(by: duration, limit: Self.untilIdleLimit, observer: &observer)
            if instance.isRunning, let next = instance.nextDelayedEventTime, next <= target {
                Console.error("statechart: \(text) stopped after \(Self.untilIdleLimit) delayed events, at \(instance.now) of virtual time: the chart keeps scheduling more")
            }
            var reports = deliveries(delivered, number: number)
            var own = report(step: number, event: nil, delayed: false, configuration: instance.currentConfigurationValue)
            own.advance = text
            reports.append(own)
            return withErrors(reports)
        }
    }

    /// How many delayed events `--until-idle`, or one `+DURATION`, fires at most: a chart that
    /// keeps scheduling events never becomes idle, and one whose events multiply never reaches
    /// the end of a long advance.
    static let untilIdleLimit = 10_000

    /// Whether delayed events are still pending while the chart runs.
    var isIdle: Bool { !instance.isRunning || instance.nextDelayedEventTime == nil }

    /// Advances the clock through every pending delayed event (at most ``untilIdleLimit``),
    /// reporting each.
    mutating func runUntilIdle(number: Int) -> [StepReport] {
        var observer = SilentObserver()
        return runUntilIdle(number: number, observer: &observer)
    }

    /// Advances the clock through every pending delayed event, reporting to `observer`.
    mutating func runUntilIdle<Observer: StatechartObserver>(number: Int, observer: inout Observer) -> [StepReport]
    where Observer.StateID == String, Observer.Event == SCXMLEvent {
        let delivered = instance.runUntilIdle(limit: Self.untilIdleLimit, observer: &observer)
        return withErrors(deliveries(delivered, number: number))
    }

    /// The line `--until-idle` ends with when the lines it printed do not show where the chart is
    /// now: the delayed events of invoked charts are not listed, yet what they send may move the
    /// chart (or the children). `nil` when `last`, the line printed last, already shows it.
    mutating func closingReport(number: Int, after last: StepReport?) -> StepReport? {
        var line = report(step: number, event: nil, delayed: false, configuration: instance.currentConfigurationValue)
        let children = self.children
        if let last, last.configuration == line.configuration, last.active == line.active, last.finished == line.finished,
           last.children.map(\.path) == children.map(\.path), last.children.map(\.leaves) == children.map(\.leaves) {
            return nil
        }
        line.advance = "--until-idle"
        return withErrors([line])[0]
    }

    /// `reports`, the last one given the error events raised since the last step (none run
    /// without a report, so none are lost).
    func withErrors(_ reports: [StepReport]) -> [StepReport] {
        var reports = reports
        let errors = instance.context.session.takeErrorRecords()
        if !errors.isEmpty, !reports.isEmpty { reports[reports.count - 1].errors = errors }
        if !reports.isEmpty { reports[reports.count - 1].children = children }
        return reports
    }

    /// The invoked child sessions running now, each with its path and active atomic states.
    var children: [(path: String, leaves: [String])] {
        instance.invokedSessions.flatMap(\.flattened).map { ($0.path, $0.session.activeLeaves) }
    }

    func deliveries(_ delivered: [DelayedDelivery<SCXMLEvent>], number: Int) -> [StepReport] {
        delivered.enumerated().map { k, delivery in
            var line = report(step: number, event: delivery.event.name, delayed: true, configuration: delivery.result.to)
            line.finished = k == delivered.count - 1 && instance.isFinished
            return line
        }
    }

    func report(step: Int, event: String?, delayed: Bool, configuration: Configuration) -> StepReport {
        StepReport(step: step, event: event, isDelayed: delayed, advance: nil,
                   configuration: chart.statechart.atomicStates(in: configuration),
                   active: chart.statechart.activeStates(in: configuration),
                   finished: instance.isFinished)
    }
}

/// An observer that ignores everything.
struct SilentObserver: StatechartObserver {
    typealias StateID = String
    typealias Event = SCXMLEvent
    /// Never read: an observer of an empty type crashes ThreadSanitizer's `inout` hook (see
    /// docs/reliability.md).
    private var sanitizerAddress: UInt8 = 0
}
