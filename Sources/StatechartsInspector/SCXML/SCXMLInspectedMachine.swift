import Statecharts
import StatechartsSCXML

/// An SCXML session under the inspector (what `statechart inspect` runs).
///
/// A session's data model is an engine of its own (a Duktape heap for `ecmascript`), which a
/// copy of the instance shares, so an earlier step cannot be kept as a copy. The machine keeps
/// the inputs it was given instead (events with their data, clock advances, edits) and brings
/// a step back by replaying them on a fresh session: on the virtual clock, a session's run is a
/// function of its inputs. `<send>` to other systems (HTTP) and `<log>` happen again during a
/// replay.
public struct SCXMLInspectedMachine: InspectableMachine {
    public typealias StateID = String
    public typealias Event = SCXMLEvent
    public typealias Context = SCXMLContext
    public typealias Checkpoint = SCXMLInspectorCheckpoint

    /// The chart the session runs.
    public let chart: SCXMLChart
    /// The running session.
    public private(set) var instance: StatechartInstance<String, SCXMLEvent, SCXMLContext>
    private let makeInstance: @Sendable () throws(SCXMLError) -> StatechartInstance<String, SCXMLEvent, SCXMLContext>
    /// The last input given on this branch, linked to the ones before it.
    private var lastInput: SCXMLInputLog?
    private let vocabulary: EventVocabulary

    /// Starts a session of `chart`; `makeInstance` makes a fresh, unstarted instance of it
    /// (`chart.makeInstance(...)` with the I/O processors and log handler the session needs),
    /// and is called again for every replay.
    public init(chart: SCXMLChart,
                makeInstance: @escaping @Sendable () throws(SCXMLError) -> StatechartInstance<String, SCXMLEvent, SCXMLContext>) throws(SCXMLError) {
        self.chart = chart
        self.makeInstance = makeInstance
        self.instance = try makeInstance()
        self.vocabulary = EventVocabulary(chart.statechart)
    }

    /// Runs the initial macrostep (the first step of the timeline when attached before).
    public mutating func start() -> SendResult { instance.start() }

    public static var inspectorRuntimeName: String { "scxml" }

    public var inspectorNow: Duration { instance.now }

    /// `true`: an SCXML step runs a data model; its checkpoint is a link in the input log.
    public static var inspectorCheckpointsEveryStep: Bool { true }

    /// `true`: a session keeps its inputs for replays, and reports its error events.
    public static var inspectorReplaysInputs: Bool { true }

    public mutating func send(_ event: SCXMLEvent) -> SendResult { instance.send(event) }

    public mutating func send<Observer: StatechartObserver>(_ event: SCXMLEvent, observer: inout Observer) -> SendResult
    where Observer.StateID == String, Observer.Event == SCXMLEvent {
        instance.send(event, observer: &observer)
    }

    public mutating func replaceInstance(_ instance: StatechartInstance<String, SCXMLEvent, SCXMLContext>) {
        self.instance = instance
    }

    public mutating func withInstance<Result>(_ body: (inout StatechartInstance<String, SCXMLEvent, SCXMLContext>) -> Result) -> Result {
        body(&instance)
    }

    public mutating func inspectorRecord(_ input: InspectorInput<SCXMLEvent>) {
        lastInput = SCXMLInputLog(input, after: lastInput)
    }

    public func inspectorCheckpoint() -> SCXMLInspectorCheckpoint? {
        SCXMLInspectorCheckpoint(last: lastInput, variables: variables())
    }

    public static func inspectorContext(of checkpoint: SCXMLInspectorCheckpoint) -> InspectorContextView? {
        .variables(checkpoint.variables.map { (name: $0.name, value: $0.value) })
    }

    public var inspectorRestoreNote: String? { nil }

    /// Replays on a fresh session the inputs that led to `checkpoint` (on whichever branch).
    public mutating func inspectorRestore(_ checkpoint: SCXMLInspectorCheckpoint) throws(InspectorCommandError) {
        var fresh: StatechartInstance<String, SCXMLEvent, SCXMLContext>
        do { fresh = try makeInstance() } catch {
            throw InspectorCommandError("cannot start a fresh session to replay: \(error)")
        }
        fresh.start()
        for input in checkpoint.last?.inputs ?? [] {
            switch input {
            case .event(let event): fresh.send(event)
            case .advance(let duration, let limit): fresh.advanceClock(by: duration, limit: limit)
            case .edit(let name, let value):
                if let name { try? Self.assign(name, value, in: fresh, chart: chart) }
            }
        }
        _ = fresh.context.session.takeErrorRecords()
        instance = fresh
        lastInput = checkpoint.last
    }

    public func inspectorContext() -> InspectorContextView { .variables(variables()) }

    private func variables() -> [(name: String, value: String)] {
        chart.variableNames.map { name in
            (name, chart.value(ofVariable: name, in: instance.context).map { $0.json ?? "undefined" } ?? "undefined")
        }
    }

    public mutating func inspectorEditContext(_ value: SCXMLValue) throws(InspectorCommandError) {
        throw InspectorCommandError("an SCXML session's data is its variables: edit them one by one")
    }

    public mutating func inspectorEditVariable(_ name: String, value: SCXMLValue) throws(InspectorCommandError) {
        guard chart.variableNames.contains(name) else {
            let near = EventVocabulary(exactNames: chart.variableNames).suggestion(for: name)
            throw InspectorCommandError("the chart has no variable '\(name)'" + (near.map { " (did you mean '\($0)'?)" } ?? ""))
        }
        try Self.assign(name, value, in: instance, chart: chart)
    }

    private static func assign(_ name: String, _ value: SCXMLValue, in instance: StatechartInstance<String, SCXMLEvent, SCXMLContext>,
                               chart: SCXMLChart) throws(InspectorCommandError) {
        // An expression id past the chart's own (and past the variable reads'), for an engine
        // that compiles each expression once.
        let location = SCXMLExpression(id: chart.expressions.count + chart.variableNames.count + 1, kind: .location,
                                       source: name, position: .start)
        do { try instance.context.session.dataModel.assign(location, value: value) } catch {
            throw InspectorCommandError("cannot set \(name): \(error.message)")
        }
    }

    public func inspectorEvent(named name: String, data: SCXMLValue?) throws(InspectorCommandError) -> SCXMLEvent {
        if let data, !(data == .null) { return SCXMLEvent(name, data: data) }
        return SCXMLEvent(name)
    }

    public mutating func inspectorTakeErrors() -> [String] {
        instance.context.session.takeErrorRecords().map { String(describing: $0) }
    }

    public var inspectorEventVocabulary: EventVocabulary { vocabulary }
}

/// Where an SCXML session's step is: the inputs that led there, and its variables then.
public struct SCXMLInspectorCheckpoint: Sendable {
    /// The last input before the step, linked to those before it.
    let last: SCXMLInputLog?
    /// Each variable's value then, as JSON text.
    public let variables: [(name: String, value: String)]

    /// How many inputs (events, clock advances, edits) the session had been given.
    public var inputCount: Int { last?.count ?? 0 }
}

/// A session's inputs as a list that shares its beginning between branches: each input points
/// to the one before it, so a step of an abandoned branch still reaches all of its own.
final class SCXMLInputLog: Sendable {
    let input: InspectorInput<SCXMLEvent>
    let previous: SCXMLInputLog?
    /// How many inputs up to this one.
    let count: Int

    init(_ input: InspectorInput<SCXMLEvent>, after previous: SCXMLInputLog?) {
        self.input = input
        self.previous = previous
        self.count = (previous?.count ?? 0) + 1
    }

    /// The inputs up to this one, oldest first.
    var inputs: [InspectorInput<SCXMLEvent>] {
        var result: [InspectorInput<SCXMLEvent>] = []
        result.reserveCapacity(count)
        var node: SCXMLInputLog? = self
        while let current = node {
            result.append(current.input)
            node = current.previous
        }
        return result.reversed()
    }
}
