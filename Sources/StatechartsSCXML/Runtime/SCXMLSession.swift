import Foundation
import Statecharts

/// The running side of one SCXML chart instance: its data model, session id, active states (for
/// `In()`), send ids and log. Executable content, conditions and data bindings run through it.
///
/// A ``SCXMLContext`` holds it; copying an instance (a snapshot) shares the session, so a copy
/// and its original share one data model. Use an instance from one thread at a time.
public final class SCXMLSession: Sendable {
    /// The session id (`_sessionid`).
    public let sessionID: String
    /// The chart's name (`_name`).
    public let name: String
    /// The data model.
    public let dataModel: any SCXMLDataModel
    /// The active states, as `In()` sees them (kept only when the chart's expressions use `In`).
    public let activeStates: SCXMLActiveStates
    /// The I/O processors besides the SCXML one that this session sends through (see
    /// ``SCXMLEventIOProcessor``).
    public let ioProcessors: [any SCXMLEventIOProcessor]
    let state = Locked(MutableState())

    struct MutableState: Sendable {
        var lastBoundEvent: SCXMLEvent?
        var sendCount = 0
        var boundStates: Set<String> = []
        var pendingDoneData: SCXMLValue?
        var processorSends = ProcessorSends.immediately
        var logHandler: (@Sendable (SCXMLLogRecord) -> Void)?
        var log: [SCXMLLogRecord] = []
        var errors: [SCXMLErrorRecord] = []
        /// Set when this session was invoked: the parent's session id, the invocation id, and
        /// the values `namelist` and `<param>` gave its data.
        var parentSessionID: String?
        var invokeID: String?
        var initialValues: [String: SCXMLValue] = [:]
        /// The sessions this one invoked: session id to invocation id.
        var children: [String: String] = [:]
    }

    /// How many error records the session keeps until ``takeErrorRecords()`` takes them; later
    /// errors are still raised as events, but not recorded.
    public static let errorRecordLimit = 1_000

    /// The SCXML Event I/O Processor's type URI.
    public static let scxmlProcessorType = "http://www.w3.org/TR/scxml/#SCXMLEventProcessor"

    /// `#_scxml_<session id>`: the location that reaches this session.
    public var location: String { "#_scxml_" + sessionID }

    /// Creates a session with the data model `factory` makes for it; `ioProcessors` are listed in
    /// `_ioprocessors` after the SCXML processor and reached by `<send type>`.
    public init(
        name: String, sessionID: String, factory: SCXMLDataModelFactory, ioProcessors: [any SCXMLEventIOProcessor] = []
    ) throws(SCXMLExecutionError) {
        self.sessionID = sessionID
        self.name = name
        let activeStates = SCXMLActiveStates()
        self.activeStates = activeStates
        self.ioProcessors = ioProcessors
        let location = "#_scxml_" + sessionID
        dataModel = try factory.makeDataModel(SCXMLDataModelEnvironment(
            sessionID: sessionID, name: name,
            ioProcessors: [(Self.scxmlProcessorType, location), ("scxml", location)]
                + Self.entries(of: ioProcessors, sessionID: sessionID),
            activeStates: activeStates))
    }

    /// When a `<send>` through an I/O processor other than the SCXML one is handed to it.
    public enum ProcessorSends: Sendable, Hashable {
        /// During the step that runs the `<send>` (the default): the processor gets it at once,
        /// and the events it received for this session by then are queued right after.
        case immediately
        /// After the step: the event, with the send's target in ``SCXMLEvent/sendTarget`` and
        /// the processor's type in `origintype`, goes to the instance's events for its parent
        /// (`StatechartInstance.takeEventsForParent()`), for the host to hand to the processor
        /// once the step is stored. A durable instance's outbox works this way.
        case afterTheStep
    }

    /// When sends through other I/O processors are handed to them; ``ProcessorSends/immediately``
    /// unless set.
    public var processorSends: ProcessorSends {
        get { state.withLock { $0.processorSends } }
        set { state.withLock { $0.processorSends = newValue } }
    }

    /// Where `<log>` output goes; `nil` (the default) keeps it in ``logRecords``.
    public var logHandler: (@Sendable (SCXMLLogRecord) -> Void)? {
        get { state.withLock { $0.logHandler } }
        set { state.withLock { $0.logHandler = newValue } }
    }

    /// The `<log>` output so far, when no ``logHandler`` is set.
    public var logRecords: [SCXMLLogRecord] { state.withLock { $0.log } }

    func log(_ record: SCXMLLogRecord) {
        let handler = state.withLock { state -> (@Sendable (SCXMLLogRecord) -> Void)? in
            if state.logHandler == nil { state.log.append(record) }
            return state.logHandler
        }
        handler?(record)
    }

    /// The error events raised so far (at most ``errorRecordLimit``) and not yet taken by
    /// ``takeErrorRecords()``, oldest first.
    public var errorRecords: [SCXMLErrorRecord] { state.withLock { $0.errors } }

    /// The error events raised since the last call, oldest first; the session forgets them.
    public func takeErrorRecords() -> [SCXMLErrorRecord] {
        state.withLock { state in
            defer { state.errors = [] }
            return state.errors
        }
    }

    /// Raises `error.execution` for `error` and records it, placed at `position` unless the error
    /// has a position already.
    func raise(_ error: SCXMLExecutionError, at position: SCXMLSourcePosition?, outbox: inout Outbox<SCXMLEvent>) {
        let placed = error.placed(at: position)
        record(SCXMLErrorRecord(event: "error.execution", message: placed.message, position: placed.position, sendid: placed.sendid))
        outbox.raise(.executionError(placed.message, sendid: placed.sendid))
    }

    /// Raises `error.communication` and records it.
    func raiseCommunicationError(_ message: String, sendid: String, at position: SCXMLSourcePosition?, outbox: inout Outbox<SCXMLEvent>) {
        record(SCXMLErrorRecord(event: "error.communication", message: message, position: position, sendid: sendid))
        outbox.raise(.communicationError(message, sendid: sendid))
    }

    private func record(_ error: SCXMLErrorRecord) {
        state.withLock { state in
            if state.errors.count < Self.errorRecordLimit { state.errors.append(error) }
        }
    }

    /// A new send id, unique in this session.
    func nextSendID() -> String {
        let n = state.withLock { state -> Int in
            state.sendCount += 1
            return state.sendCount
        }
        return "send.\(n)"
    }

    /// Makes `event` the data model's `_event`, unless it already is.
    func bind(_ event: SCXMLEvent?) throws(SCXMLExecutionError) {
        guard let event else { return }
        let isBound = state.withLock { $0.lastBoundEvent == event }
        if isBound { return }
        try dataModel.bindEvent(event)
        state.withLock { $0.lastBoundEvent = event }
    }
}

/// One `<log>` output.
public struct SCXMLLogRecord: Sendable, Hashable, CustomStringConvertible {
    /// The `label` attribute.
    public var label: String?
    /// The value of `expr`, when there is one.
    public var value: SCXMLValue?

    /// Creates a record.
    public init(label: String?, value: SCXMLValue?) {
        self.label = label
        self.value = value
    }

    /// `label: value`, or whichever of the two there is.
    public var description: String {
        switch (label, value) {
        case let (label?, value?): return "\(label): \(value)"
        case let (label?, nil): return label
        case let (nil, value?): return value.description
        case (nil, nil): return ""
        }
    }
}

/// The context of an SCXML chart's instances: the session that runs its executable content.
public struct SCXMLContext: Sendable {
    /// The session.
    public let session: SCXMLSession

    /// Creates a context over a session.
    public init(session: SCXMLSession) {
        self.session = session
    }
}
