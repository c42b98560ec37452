import Foundation
import Statecharts
import StatechartsCompiled
import StatechartsSCXML

/// Something that runs a chart and can be attached to a ``StatechartInspector``: a plain
/// ``Statecharts/StatechartInstance``, a compiled chart's `CompiledInstance`, or an SCXML
/// session (``SCXMLInspectedMachine``).
///
/// The inspector sends through the machine's own `send`, so a compiled chart keeps running its
/// generated code; it changes the instance itself (clock, restored steps, edited context) only
/// between steps, through ``replaceInstance(_:)``.
public protocol InspectableMachine {
    /// The chart's state type.
    associatedtype StateID: Hashable & Sendable
    /// The chart's event type.
    associatedtype Event: StatechartEvent
    /// The chart's context type.
    associatedtype Context
    /// What brings the machine back to a step it went through (see ``inspectorCheckpoint()``).
    associatedtype Checkpoint = Self

    /// The running instance.
    var instance: StatechartInstance<StateID, Event, Context> { get }

    /// Sends `event` and runs the macrostep it causes.
    mutating func send(_ event: Event) -> SendResult

    /// Sends `event`, reporting every state exited and entered and every transition taken.
    mutating func send<Observer: StatechartObserver>(_ event: Event, observer: inout Observer) -> SendResult
    where Observer.StateID == StateID, Observer.Event == Event

    /// Replaces the running instance with `instance`, an instance of the same chart (a step
    /// restored, the clock advanced, the context edited).
    mutating func replaceInstance(_ instance: StatechartInstance<StateID, Event, Context>)

    /// Runs `body` on the running instance, in place where the machine can (between steps: the
    /// clock, an edit).
    mutating func withInstance<Result>(_ body: (inout StatechartInstance<StateID, Event, Context>) -> Result) -> Result

    /// Which runtime runs the chart, as the page names it: `table`, `compiled` or `scxml`.
    static var inspectorRuntimeName: String { get }

    /// The instance's virtual clock (read after every step).
    var inspectorNow: Duration { get }

    /// Whether the machine keeps the inputs it is given (``inspectorRecord(_:)``) and reports
    /// errors (``inspectorTakeErrors()``): `false` lets the inspector skip both on every step.
    static var inspectorReplaysInputs: Bool { get }

    /// Whether every step keeps a checkpoint even with no page watching (``InspectorOptions/checkpointInterval``
    /// applies otherwise): `true` where a checkpoint costs little next to a step.
    static var inspectorCheckpointsEveryStep: Bool { get }

    /// What the machine needs to come back to this point, or `nil` where it cannot
    /// (``inspectorRestoreNote`` says why).
    func inspectorCheckpoint() -> Checkpoint?

    /// Brings the machine back to `checkpoint`.
    mutating func inspectorRestore(_ checkpoint: Checkpoint) throws(InspectorCommandError)

    /// The context as it was at `checkpoint`, for viewing an earlier step.
    static func inspectorContext(of checkpoint: Checkpoint) -> InspectorContextView?

    /// Why steps cannot be restored, or `nil` when they can.
    var inspectorRestoreNote: String? { get }

    /// The context as the page shows it.
    func inspectorContext() -> InspectorContextView

    /// Replaces the context with one decoded from `value` (between steps).
    mutating func inspectorEditContext(_ value: SCXMLValue) throws(InspectorCommandError)

    /// Sets one variable of the data model (SCXML sessions).
    mutating func inspectorEditVariable(_ name: String, value: SCXMLValue) throws(InspectorCommandError)

    /// Builds the event the page asked for: its name, and its data as JSON.
    func inspectorEvent(named name: String, data: SCXMLValue?) throws(InspectorCommandError) -> Event

    /// The data of `event` as the timeline shows it (`nil`: none).
    func inspectorEventData(_ event: Event) -> SCXMLValue?

    /// The errors the chart reported since the last call (SCXML error events), as text.
    mutating func inspectorTakeErrors() -> [String]

    /// The event names a transition of the chart can match, for "did you mean".
    var inspectorEventVocabulary: EventVocabulary { get }

    /// Notes that the inspector sent `event` (with the data the page gave) or advanced the
    /// clock: machines that restore by replaying their inputs (SCXML sessions) keep a log.
    mutating func inspectorRecord(_ input: InspectorInput<Event>)
}

/// An input to a machine, as machines that restore by replaying keep them.
public enum InspectorInput<Event: StatechartEvent>: Sendable {
    /// An event sent.
    case event(Event)
    /// The virtual clock advanced by a duration, firing at most `limit` delayed events (the
    /// inspector fires them one at a time, each a step of its own).
    case advance(Duration, limit: Int)
    /// The context or a variable edited (a JSON value; the variable's name, if one).
    case edit(variable: String?, value: SCXMLValue)
}

/// The context of a running instance as the page shows it.
public enum InspectorContextView: Sendable {
    /// An `Encodable` context, as JSON; `editable` when it is `Decodable` too.
    case json(SCXMLValue, editable: Bool)
    /// A context of another type, as its description.
    case text(String)
    /// A data model's variables (SCXML sessions), each as JSON text; editable one by one.
    case variables([(name: String, value: String)])
}

/// Why the inspector could not do what the page asked.
public struct InspectorCommandError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, in a sentence for the page.
    public let message: String

    /// Creates an error with its message.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

// MARK: - Defaults

extension InspectableMachine where Checkpoint == Self {
    @inlinable public func inspectorCheckpoint() -> Self? { Self.contextIsValue ? self : nil }
    public mutating func inspectorRestore(_ checkpoint: Self) throws(InspectorCommandError) { self = checkpoint }
    public static func inspectorContext(of checkpoint: Self) -> InspectorContextView? { checkpoint.inspectorContext() }
    public var inspectorRestoreNote: String? {
        Self.contextIsValue ? nil : "the context of type \(Context.self) is a class: a copy of the instance shares it, so an earlier step cannot be brought back (a struct context can)"
    }
}

extension InspectableMachine {
    /// Whether a copy of the context is independent of the original (not a class instance).
    @inlinable static var contextIsValue: Bool { !(Context.self is AnyObject.Type) }

    public static var inspectorRuntimeName: String { "table" }

    public var inspectorNow: Duration { instance.now }

    @inlinable public static var inspectorCheckpointsEveryStep: Bool { false }

    @inlinable public static var inspectorReplaysInputs: Bool { false }

    public mutating func withInstance<Result>(_ body: (inout StatechartInstance<StateID, Event, Context>) -> Result) -> Result {
        var instance = self.instance
        let result = body(&instance)
        replaceInstance(instance)
        return result
    }

    public func inspectorContext() -> InspectorContextView {
        let context = instance.context
        if Context.self == Void.self { return .text("no context") }
        if let encodable = context as? any Encodable,
           let data = try? JSONEncoder.inspector.encode(encodable),
           let text = String(data: data, encoding: .utf8),
           let value = try? SCXMLValue(json: text) {
            return .json(value, editable: Context.self is any Decodable.Type)
        }
        return .text(String(describing: context))
    }

    public mutating func inspectorEditContext(_ value: SCXMLValue) throws(InspectorCommandError) {
        guard let type = Context.self as? any Decodable.Type else {
            throw InspectorCommandError("the context of type \(Context.self) is not Decodable, so it cannot be edited")
        }
        let text = value.json ?? "null"
        let decoded: Any
        do { decoded = try JSONDecoder().decode(type, from: Data(text.utf8)) } catch {
            throw InspectorCommandError("the value is not a \(Context.self): \(InspectorEventDecoding.describe(error))")
        }
        guard let context = decoded as? Context else { throw InspectorCommandError("the value is not a \(Context.self)") }
        withInstance { $0.context = context }
    }

    public mutating func inspectorEditVariable(_ name: String, value: SCXMLValue) throws(InspectorCommandError) {
        throw InspectorCommandError("this instance has no data model variables; edit its context instead")
    }

    public func inspectorEvent(named name: String, data: SCXMLValue?) throws(InspectorCommandError) -> Event {
        try InspectorEventDecoding.event(Event.self, named: name, data: data)
    }

    public func inspectorEventData(_ event: Event) -> SCXMLValue? {
        InspectorEventDecoding.data(of: event)
    }

    @inlinable public mutating func inspectorTakeErrors() -> [String] { [] }

    public var inspectorEventVocabulary: EventVocabulary {
        EventVocabulary(exactNames: instance.chart.declaredEventNames.map { String(describing: $0) })
    }

    @inlinable public mutating func inspectorRecord(_ input: InspectorInput<Event>) {}
}

extension JSONEncoder {
    /// Sorted keys, so that the same context reads the same way on every step.
    static var inspector: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}

// MARK: - Conformances

extension StatechartInstance: InspectableMachine {
    public typealias Checkpoint = StatechartInstance

    @inlinable public var instance: StatechartInstance<StateID, Event, Context> { self }

    @inlinable public mutating func replaceInstance(_ instance: StatechartInstance<StateID, Event, Context>) { self = instance }

    public mutating func withInstance<Result>(_ body: (inout StatechartInstance<StateID, Event, Context>) -> Result) -> Result {
        body(&self)
    }

    @inlinable public var inspectorNow: Duration { now }
}

extension CompiledInstance: InspectableMachine {
    public typealias StateID = Chart.StateID
    public typealias Event = Chart.Event
    public typealias Context = Chart.Context
    public typealias Checkpoint = CompiledInstance

    public static var inspectorRuntimeName: String { "compiled" }

    public mutating func replaceInstance(_ instance: StatechartInstance<Chart.StateID, Chart.Event, Chart.Context>) {
        // The instance came from this machine, so it runs this chart; were it not, the machine
        // keeps the instance it has.
        guard let compiled = try? Chart.chart, let replaced = try? CompiledInstance(instance, of: compiled) else { return }
        self = replaced
    }
}
