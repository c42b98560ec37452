import Statecharts

/// An SCXML event, with the fields the data model shows as `_event`.
///
/// Transitions match it by ``name`` with SCXML descriptor matching: `error` matches
/// `error.execution`, `*` matches every event. A compound state's completion is the event
/// `done.state.ID`.
public struct SCXMLEvent: StatechartEvent, Hashable, CustomStringConvertible {
    /// What raised an event (`_event.type`).
    public enum Kind: String, Sendable, Hashable {
        /// Raised by the platform itself, such as `error.execution`.
        case platform
        /// Raised by `<raise>`, `<send target="#_internal">`, or a state's completion.
        case `internal`
        /// Everything else: `<send>`, and events given to the running chart.
        case external
    }

    /// The event's name (`_event.name`).
    public var name: String
    /// `_event.type`.
    public var type: Kind
    /// `_event.sendid`: the `id` of the `<send>` that sent it, or of the `<send>` whose failure
    /// caused an error event.
    public var sendid: String?
    /// `_event.origin`: where a reply goes (`#_scxml_<session id>` for SCXML sends).
    public var origin: String?
    /// `_event.origintype`: the I/O processor that delivered the event.
    public var origintype: String?
    /// `_event.invokeid`.
    public var invokeid: String?
    /// `_event.data`; `nil` is `undefined`.
    public var data: SCXMLValue?
    /// `_event.raw`: the message as it arrived (an HTTP request's text, for the Basic HTTP Event
    /// I/O Processor); `nil` is `undefined`, as for events raised inside the session.
    public var raw: String?
    /// The `target` of the `<send>` that sent this event out through an I/O processor, when the
    /// session keeps such sends for later delivery (a durable instance's outbox: see
    /// ``SCXMLSession/ProcessorSends``); `nil` on every event a session receives. Not part of
    /// `_event`.
    public var sendTarget: String?

    /// Creates an event; by default an external one without data, as the outside world sends.
    public init(
        _ name: String, type: Kind = .external, sendid: String? = nil, origin: String? = nil,
        origintype: String? = nil, invokeid: String? = nil, data: SCXMLValue? = nil, raw: String? = nil
    ) {
        self.name = name
        self.type = type
        self.sendid = sendid
        self.origin = origin
        self.origintype = origintype
        self.invokeid = invokeid
        self.data = data
        self.raw = raw
    }

    /// SCXML descriptor matching: see `matches(_:eventName:)`.
    public static func descriptor(_ descriptor: String, matches name: String) -> Bool {
        EventDescriptor.matches(descriptor, eventName: name)
    }

    /// `false`: descriptors match by SCXML's token prefix rule.
    public static var descriptorsMatchExactly: Bool { false }

    /// `done.state.ID`, an internal event.
    public static func doneEvent(forStateNamed stateName: String) -> SCXMLEvent? {
        SCXMLEvent("done.state." + stateName, type: .internal)
    }

    /// An `error.execution` event (a platform event) carrying the error message as its data.
    public static func executionError(_ message: String, sendid: String? = nil) -> SCXMLEvent {
        SCXMLEvent("error.execution", type: .platform, sendid: sendid, data: .string(message))
    }

    /// An `error.communication` event (a platform event) carrying the reason as its data.
    public static func communicationError(_ message: String, sendid: String? = nil) -> SCXMLEvent {
        SCXMLEvent("error.communication", type: .platform, sendid: sendid, data: .string(message))
    }

    /// The name.
    public var description: String { name }
}
