import NIOCore
import NIOWebSocket
import StatechartsSCXML

/// One page's WebSocket: reads its commands, and every 50 ms sends what changed: the list of
/// instances (at most every 100 ms), and the selected instance's state and new steps.
///
/// Nothing here ever waits for the page: when the socket's buffer is full (a slow or stalled
/// page), the tick sends nothing; the instance keeps recording into its ring, and the page is
/// told later how many steps it missed.
final class PageConnectionHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    /// The largest message the page may send.
    static let maximumMessageSize = 64 * 1024
    static let tick = TimeAmount.milliseconds(50)

    private let hub: InspectorHub
    private var ticker: RepeatedTask?
    private var ticks = 0
    /// The text of a fragmented message being received.
    private var pending: [UInt8] = []
    private var pendingTooLarge = false
    private var receivingFragments = false

    private var selected: (any InspectorSession)?
    private var sentChange: UInt64?
    private var cursor = -1
    private var sentMembership = -1
    private var sentListChanges: [UInt64] = []

    init(hub: InspectorHub) { self.hub = hub }

    // MARK: Life

    func handlerAdded(context: ChannelHandlerContext) {
        send(.members(["type": .string("hello"), "protocol": .int(1), "title": .string("Statecharts inspector")]), context)
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        let boundContext = NIOLoopBound(context, eventLoop: context.eventLoop)
        ticker = context.eventLoop.scheduleRepeatedTask(initialDelay: .zero, delay: Self.tick) { _ in
            handler.value.onTick(boundContext.value)
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) { finish() }

    func channelInactive(context: ChannelHandlerContext) {
        finish()
        context.fireChannelInactive()
    }

    private func finish() {
        ticker?.cancel()
        ticker = nil
        selected?.watch(-1)
        selected = nil
    }

    // MARK: Reading

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text:
            pending = []
            pendingTooLarge = false
            receivingFragments = !frame.fin
            collect(frame)
            if frame.fin { messageEnded(context) }
        case .continuation:
            guard receivingFragments else { return }
            collect(frame)
            if frame.fin {
                receivingFragments = false
                messageEnded(context)
            }
        case .binary:
            sendError("the inspector reads text messages (JSON), not binary ones", request: nil, context)
        case .ping:
            let pong = WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)
            context.writeAndFlush(wrapOutboundOut(pong), promise: nil)
        case .connectionClose:
            var data = context.channel.allocator.buffer(capacity: 2)
            data.write(webSocketErrorCode: .normalClosure)
            let close = WebSocketFrame(fin: true, opcode: .connectionClose, data: data)
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(close)).whenComplete { _ in channel.close(promise: nil) }
        default:
            break
        }
    }

    private func collect(_ frame: WebSocketFrame) {
        guard !pendingTooLarge else { return }
        var data = frame.unmaskedData
        if pending.count + data.readableBytes > Self.maximumMessageSize {
            pendingTooLarge = true
            pending = []
            return
        }
        pending += data.readBytes(length: data.readableBytes) ?? []
    }

    private func messageEnded(_ context: ChannelHandlerContext) {
        defer { pending = [] }
        guard !pendingTooLarge else {
            return sendError("the message is over \(Self.maximumMessageSize / 1024) KiB", request: nil, context)
        }
        let outcome = hub.handlePageMessage(pending, selected: selected)
        if outcome.selects, let session = outcome.session { select(session, context) }
        for reply in outcome.replies { send(reply, context) }
        if !outcome.selects, let session = outcome.session, session === selected { pushSelected(context) }
    }

    // MARK: Commands

    /// The command a page message asks for.
    static func command(_ type: String, _ message: SCXMLValue) throws(InspectorCommandError) -> InspectorCommand {
        func text(_ key: String) throws(InspectorCommandError) -> String {
            guard let value = message[key]?.stringValue else { throw InspectorCommandError("'\(type)' needs a string \"\(key)\"") }
            return value
        }
        func number(_ key: String) throws(InspectorCommandError) -> Int {
            guard let value = message[key]?.intValue else { throw InspectorCommandError("'\(type)' needs a whole number \"\(key)\"") }
            return value
        }
        switch type {
        case "send":
            let name = try text("event").trimmingWhitespace
            guard !name.isEmpty else { throw InspectorCommandError("an event needs a name") }
            return .send(name: name, data: message["data"])
        case "pause": return .pause
        case "resume": return .resume
        case "step": return .step
        case "fireNext": return .fireNext
        case "advance": return .advance(try text("by"))
        case "addBreakpoint": return .addBreakpoint(kind: try text("kind"), value: try text("value"))
        case "removeBreakpoint": return .removeBreakpoint(id: try text("id"))
        case "inspectStep": return .inspectStep(try number("seq"))
        case "restore": return .restore(try number("seq"))
        case "editContext":
            guard let value = message["value"] else { throw InspectorCommandError("'editContext' needs a \"value\"") }
            return .editContext(value)
        case "editVariable":
            guard let value = message["value"] else { throw InspectorCommandError("'editVariable' needs a \"value\"") }
            return .editVariable(name: try text("name"), value: value)
        default:
            throw InspectorCommandError("unknown message type '\(type)'")
        }
    }

    private func select(_ session: any InspectorSession, _ context: ChannelHandlerContext) {
        if selected !== session {
            selected?.watch(-1)
            session.watch(1)
            selected = session
        }
        sentChange = nil
        cursor = -1
        send(session.chartMessage(), context)
        pushSelected(context, reset: true)
    }

    // MARK: Writing

    private func onTick(_ context: ChannelHandlerContext) {
        ticks += 1
        // A page that does not read its socket gets nothing more until it does.
        guard context.channel.isActive, context.channel.isWritable else { return }
        if ticks % 2 == 1 { pushList(context) }
        pushSelected(context)
    }

    private func pushList(_ context: ChannelHandlerContext) {
        let sessions = hub.registry.sessions
        let changes = sessions.map(\.changeCount)
        let membership = hub.registry.membershipVersion
        // Events per second move on their own: refresh every second even when nothing stepped.
        guard membership != sentMembership || changes != sentListChanges || ticks % 20 == 1 else { return }
        sentMembership = membership
        sentListChanges = changes
        send(hub.registry.listMessage(now: hub.clock.now), context)
    }

    private func pushSelected(_ context: ChannelHandlerContext, reset: Bool = false) {
        guard let session = selected else { return }
        let change = session.changeCount
        guard reset || change != sentChange else { return }
        sentChange = change
        send(session.stateMessage(), context)
        let (steps, last) = session.stepsMessage(after: cursor, reset: reset)
        cursor = last
        if reset || steps["steps"].map({ if case .array(let items) = $0 { !items.isEmpty } else { false } }) == true
            || (steps["dropped"]?.intValue ?? 0) > 0 {
            send(steps, context)
        }
    }

    private func sendError(_ message: String, request: Int?, _ context: ChannelHandlerContext) {
        send(InspectorHub.errorMessage(message, request: request), context)
    }

    private func send(_ message: SCXMLValue, _ context: ChannelHandlerContext) {
        let buffer = context.channel.allocator.buffer(string: message.messageText)
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .text, data: buffer)), promise: nil)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}

extension String {
    /// The string without spaces, tabs and newlines at either end.
    var trimmingWhitespace: String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
