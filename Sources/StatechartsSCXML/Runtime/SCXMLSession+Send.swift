import Statecharts

/// `<send>`: evaluates everything first, then delivers to this session's external queue (now or
/// after the delay), to the internal queue (`#_internal`), or reports why it cannot.
extension SCXMLSession {
    func execute(_ send: SCXMLCompiledSend, at position: SCXMLSourcePosition, _ outbox: inout Outbox<SCXMLEvent>) throws(SCXMLExecutionError) {
        let sendid = send.id ?? nextSendID()
        do throws(SCXMLExecutionError) {
            if let location = send.idLocation { try dataModel.assign(location, value: .string(sendid)) }
            let name = try send.eventExpression.map { e throws(SCXMLExecutionError) in try dataModel.evaluateString(e) } ?? send.event
            let target = try send.targetExpression.map { e throws(SCXMLExecutionError) in try dataModel.evaluateString(e) } ?? send.target
            let type = try send.typeExpression.map { e throws(SCXMLExecutionError) in try dataModel.evaluateString(e) } ?? send.type
            var delay = send.delay ?? .zero
            if let expression = send.delayExpression {
                let text = try dataModel.evaluateString(expression)
                guard let parsed = CSS2Time.parse(text) else {
                    throw SCXMLExecutionError("invalid delay '\(text)' (expected a CSS2 time such as 500ms or 1.5s)")
                }
                delay = parsed
            }
            let data = try payload(send)
            let event = SCXMLEvent(name ?? "", type: .external, sendid: send.id, origin: location,
                                   origintype: Self.scxmlProcessorType, data: data)
            if let type, type != Self.scxmlProcessorType, type != "scxml" {
                guard let processor = ioProcessor(named: type) else {
                    throw SCXMLExecutionError("unsupported send type '\(type)' (no such I/O processor in this session)")
                }
                return try self.send(event, to: target, through: processor, delay: delay, sendid: sendid, at: position, outbox: &outbox)
            }
            try deliver(event, to: target, after: delay, sendid: sendid, at: position, &outbox)
        } catch {
            throw SCXMLExecutionError(error.message, sendid: sendid, position: error.position)
        }
    }

    /// The SCXML Event I/O Processor: delivers `event` to this session's external queue (no
    /// target), its internal queue (`#_internal`), the parent (`#_parent`), a child (`#_ID`), or
    /// a session by id (`#_scxml_ID`: this one, the parent, or a child), now or after `delay`.
    /// Any other session cannot be reached: `error.communication`.
    func deliver(_ event: SCXMLEvent, to target: String?, after delay: Duration, sendid: String,
                 at position: SCXMLSourcePosition, _ outbox: inout Outbox<SCXMLEvent>) throws(SCXMLExecutionError) {
        let unreachable = SCXMLEvent.communicationError("cannot deliver to '\(target ?? "")': the session is not running", sendid: sendid)
        switch target {
        case nil, "", location?:
            outbox.send(event, after: delay, id: sendid)
        case "#_internal":
            guard delay == .zero else { throw SCXMLExecutionError("a send to #_internal cannot be delayed") }
            var internalEvent = event
            internalEvent.type = .internal
            outbox.raise(internalEvent)
        case "#_parent":
            guard parentSessionID != nil else {
                raiseCommunicationError("cannot deliver to '#_parent': this session was not invoked", sendid: sendid, at: position, outbox: &outbox)
                return
            }
            outbox.sendToParent(event, after: delay)
        case let target? where target.hasPrefix("#_scxml_"):
            let id = String(target.dropFirst("#_scxml_".count))
            if let parent = parentSessionID, parent == id {
                outbox.sendToParent(event, after: delay)
            } else if let child = invokeID(ofChildSession: id) {
                outbox.send(event, toInvocation: child, after: delay, ifUnreachable: unreachable)
            } else {
                raiseCommunicationError("no session '\(id)' to send to", sendid: sendid, at: position, outbox: &outbox)
            }
        case let target? where target.hasPrefix("#_"):
            outbox.send(event, toInvocation: String(target.dropFirst(2)), after: delay, ifUnreachable: unreachable)
        case let target?:
            throw SCXMLExecutionError("unsupported send target '\(target)'")
        }
    }

    /// The event data: the content's value, or an object of the namelist and params.
    func payload(_ send: SCXMLCompiledSend) throws(SCXMLExecutionError) -> SCXMLValue? {
        if case .none = send.content, send.namelist.isEmpty, send.params.isEmpty { return nil }
        if case .none = send.content {
            var members: [SCXMLValue.Member] = []
            for entry in send.namelist { members.append(.init(entry.name, try dataModel.evaluateValue(entry.value))) }
            for entry in send.params { members.append(.init(entry.name, try dataModel.evaluateValue(entry.value))) }
            return .object(members)
        }
        let value = try value(of: send.content)
        if case .undefined = value { return nil }
        return value
    }
}
