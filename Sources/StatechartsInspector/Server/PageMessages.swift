import StatechartsSCXML

/// What one message from a page asks for, and the messages that answer it.
struct PageMessageOutcome {
    /// The answers to send, in order (after the selection's messages when ``selects``).
    var replies: [SCXMLValue]
    /// The instance the message selected or ran a command on (whether or not the command
    /// succeeded): the page's view of it is brought up to date after the replies.
    var session: (any InspectorSession)?
    /// Whether the message selects ``session`` (the page then shows it).
    var selects = false
}

extension InspectorHub {
    /// Reads one complete page message (the text of its WebSocket frames) and carries it out:
    /// parses the JSON, finds the instance it names (an attached one, or an invoked child of one,
    /// or `selected`), and performs the command. Every problem is an `error` reply; nothing the
    /// page sends can do more than that.
    func handlePageMessage(_ bytes: [UInt8], selected: (any InspectorSession)?) -> PageMessageOutcome {
        func failure(_ message: String, request: Int?, session: (any InspectorSession)? = nil) -> PageMessageOutcome {
            PageMessageOutcome(replies: [Self.errorMessage(message, request: request)], session: session)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let message: SCXMLValue
        do { message = try SCXMLValue(json: text) } catch {
            return failure("the message is not JSON: \(error)", request: nil)
        }
        let request = message["request"]?.intValue
        guard case .object = message, let type = message["type"]?.stringValue else {
            return failure("a message is an object with a \"type\"", request: request)
        }
        guard let instanceID = message["instance"]?.stringValue else {
            return failure("'\(type)' needs an \"instance\"", request: request)
        }
        guard let session = registry.session(id: instanceID) ?? childSession(instanceID, selected: selected) else {
            return failure("unknown instance '\(instanceID)'", request: request)
        }
        if type == "select" {
            return PageMessageOutcome(replies: [Self.okMessage("showing \(session.name)", request: request)], session: session, selects: true)
        }
        let command: InspectorCommand
        do { command = try PageConnectionHandler.command(type, message) } catch {
            return failure(error.message, request: request)
        }
        do {
            let (text, reply) = try session.perform(command)
            return PageMessageOutcome(replies: (reply.map { [$0] } ?? []) + [Self.okMessage(text, request: request)], session: session)
        } catch {
            return failure(error.message, request: request, session: session)
        }
    }

    /// The invoked child `id` names (`i1/pay`), while it runs; the one selected, if it is.
    func childSession(_ id: String, selected: (any InspectorSession)?) -> (any InspectorSession)? {
        if let selected, selected.id == id { return selected }
        guard let slash = id.firstIndex(of: "/"), let parent = registry.session(id: String(id[..<slash])) else { return nil }
        return parent.childSession(path: String(id[id.index(after: slash)...]))
    }

    static func okMessage(_ message: String, request: Int?) -> SCXMLValue {
        .members(["type": .string("ok"), "request": request.map { .int($0) } ?? .null, "message": .string(message)])
    }

    static func errorMessage(_ message: String, request: Int?) -> SCXMLValue {
        .members(["type": .string("error"), "request": request.map { .int($0) } ?? .null, "message": .string(message)])
    }
}

extension StatechartInspector {
    /// For the fuzz targets (`Fuzz/`) only, not an API: carries out one page WebSocket message
    /// (`bytes`, the message's text) as a page's connection does, without a connection, and
    /// returns the JSON texts the page would be sent in answer (for `select`, the chart, state
    /// and steps messages too). A message over the page's 64 KiB limit is refused as the
    /// connection refuses it.
    @_spi(Fuzzing) public func handlePageMessage(_ bytes: [UInt8]) -> [String] {
        guard bytes.count <= PageConnectionHandler.maximumMessageSize else {
            return [InspectorHub.errorMessage("the message is over \(PageConnectionHandler.maximumMessageSize / 1024) KiB", request: nil).messageText]
        }
        let outcome = InspectorHub(registry: registry, clock: clock).handlePageMessage(bytes, selected: nil)
        var replies = outcome.replies
        if outcome.selects, let session = outcome.session {
            replies = [session.chartMessage(), session.stateMessage(), session.stepsMessage(after: -1, reset: true).message] + replies
        }
        return replies.map(\.messageText)
    }
}
