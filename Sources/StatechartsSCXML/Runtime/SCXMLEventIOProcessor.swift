import Statecharts

/// An Event I/O Processor other than the SCXML one: a way for sessions to send events to, and
/// receive events from, the outside world (SCXML section 6.2 and Appendix C).
///
/// Give processors to a session when it is made (``SCXMLChart/start(sessionID:ioProcessors:log:)``):
/// `_ioprocessors` then lists each one under its ``type`` and its ``aliases`` with the location
/// that reaches that session, and a `<send>` whose `type` names one of them is handed to it.
/// The `StatechartsHTTP` module provides the Basic HTTP Event I/O Processor.
///
/// A processor's ``send(_:to:from:)`` may complete the delivery before it returns (the Basic HTTP
/// processor waits for the receiver's answer by default) or only start it. Right after each send
/// through a processor, the session takes the events that processor has received for it by then
/// (``takeEvents(forSession:)``) and puts them on its external queue, in arrival order, before
/// anything the session queues after the send: a session that sends an event to itself through a
/// processor that completes the delivery sees it before an event it sends itself next. Events that
/// arrive later are given to the running instance by whoever drives it (see the processor's
/// documentation).
public protocol SCXMLEventIOProcessor: AnyObject, Sendable {
    /// The type URI a `<send type>` names, such as
    /// `http://www.w3.org/TR/scxml/#BasicHTTPEventProcessor`.
    var type: String { get }
    /// Short names `<send type>` may also use, also listed in `_ioprocessors` (`basichttp`).
    var aliases: [String] { get }
    /// The location that reaches the session `sessionID` through this processor (the `location`
    /// of its `_ioprocessors` entry); the same location every time for the same session.
    func location(forSession sessionID: String) -> String
    /// Starts delivering `event` (its name, data and `sendid`) to `target` on behalf of the
    /// session `sessionID`.
    ///
    /// - Returns: `nil` when the delivery started (a later failure is the processor's to report),
    ///   or why it cannot start (no target, a target it cannot reach); the session then raises
    ///   `error.communication` on its internal queue.
    func send(_ event: SCXMLEvent, to target: String?, from sessionID: String) -> String?
    /// Takes the events this processor has received for the session `sessionID` and not handed
    /// over yet, oldest first. The session calls it right after each send through the processor.
    /// The default takes nothing.
    func takeEvents(forSession sessionID: String) -> [SCXMLEvent]
}

extension SCXMLEventIOProcessor {
    /// Takes nothing: a processor that keeps no received events needs no other.
    public func takeEvents(forSession sessionID: String) -> [SCXMLEvent] { [] }
}

extension SCXMLEventIOProcessor {
    /// Whether `<send type>` names this processor.
    func isNamed(_ type: String) -> Bool { type == self.type || aliases.contains(type) }
}

extension SCXMLSession {
    /// The `_ioprocessors` entries of the processors given to a session, under every name.
    static func entries(of processors: [any SCXMLEventIOProcessor], sessionID: String) -> [(type: String, location: String)] {
        processors.flatMap { processor -> [(type: String, location: String)] in
            let location = processor.location(forSession: sessionID)
            return ([processor.type] + processor.aliases).map { ($0, location) }
        }
    }

    /// The processor `<send type>` names, if one was given to this session.
    func ioProcessor(named type: String) -> (any SCXMLEventIOProcessor)? {
        ioProcessors.first { $0.isNamed(type) }
    }

    /// `<send>` through another I/O processor: the event carries its send id and this session's
    /// location in that processor as its origin; the events the processor received for this
    /// session by the time the send returns are queued right after it (or, when the session sends
    /// ``SCXMLSession/ProcessorSends/afterTheStep``, the event is kept for the host). A delay is not supported (the processor runs on real time, the
    /// session on its own clock): it is an execution error.
    func send(
        _ event: SCXMLEvent, to target: String?, through processor: any SCXMLEventIOProcessor, delay: Duration,
        sendid: String, at position: SCXMLSourcePosition?, outbox: inout Outbox<SCXMLEvent>
    ) throws(SCXMLExecutionError) {
        guard delay == .zero else {
            throw SCXMLExecutionError("a send through the I/O processor '\(processor.type)' cannot be delayed")
        }
        var outgoing = event
        outgoing.sendid = sendid   // the generated id too, so that a later error.communication names it
        outgoing.origin = processor.location(forSession: sessionID)
        outgoing.origintype = processor.type
        if processorSends == .afterTheStep {
            outgoing.sendTarget = target
            outbox.sendToParent(outgoing)
            return
        }
        if let reason = processor.send(outgoing, to: target, from: sessionID) {
            raiseCommunicationError(reason, sendid: sendid, at: position, outbox: &outbox)
        }
        // What the processor received for this session by now (the event itself, when it was sent
        // here and the send waited for its delivery) goes before anything queued after this send.
        for received in processor.takeEvents(forSession: sessionID) {
            outbox.send(received)
        }
    }
}
