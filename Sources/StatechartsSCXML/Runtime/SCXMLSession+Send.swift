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
            switch target {
            case nil, "", location?:
                outbox.send(event, after: delay, id: sendid)
            case "#_internal":
                guard delay == .zero else { throw SCXMLExecutionError("a send to #_internal cannot be delayed") }
                var internalEvent = event
                internalEvent.type = .internal
                outbox.raise(internalEvent)
            case let target? where target.hasPrefix("#_scxml_"):
                raiseCommunicationError("no session '\(target.dropFirst("#_scxml_".count))' to send to", sendid: sendid,
                                        at: position, outbox: &outbox)
            case let target? where target.hasPrefix("#_"):
                raiseCommunicationError("cannot deliver to '\(target)': no such parent or invoked session", sendid: sendid,
                                        at: position, outbox: &outbox)
            case let target?:
                throw SCXMLExecutionError("unsupported send target '\(target)'")
            }
        } catch {
            throw SCXMLExecutionError(error.message, sendid: sendid, position: error.position)
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
