import NIOCore
import NIOWebSocket
import StatechartsSCXML

/// A WebSocket that speaks Stately Inspect's format (`GET /stately?token=…`): each attached
/// instance is announced with `@xstate.actor`, then each of its steps is sent as `@xstate.event`
/// and `@xstate.snapshot`, every 100 ms. It only listens: Stately's receivers send nothing back
/// (messages from them are read and dropped). As for the page, a receiver that does not read
/// gets nothing more until it does.
final class StatelyConnectionHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    static let tick = TimeAmount.milliseconds(100)

    private let hub: InspectorHub
    private var ticker: RepeatedTask?
    /// The last step sent of each instance, by id.
    private var cursors: [String: Int] = [:]

    init(hub: InspectorHub) { self.hub = hub }

    func handlerAdded(context: ChannelHandlerContext) {
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        let boundContext = NIOLoopBound(context, eventLoop: context.eventLoop)
        ticker = context.eventLoop.scheduleRepeatedTask(initialDelay: .zero, delay: Self.tick) { _ in
            handler.value.onTick(boundContext.value)
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        ticker?.cancel()
        ticker = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .ping:
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)), promise: nil)
        case .connectionClose:
            var data = context.channel.allocator.buffer(capacity: 2)
            data.write(webSocketErrorCode: .normalClosure)
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: data)))
                .whenComplete { _ in channel.close(promise: nil) }
        default:
            break
        }
    }

    private func onTick(_ context: ChannelHandlerContext) {
        guard context.channel.isActive, context.channel.isWritable else { return }
        for session in hub.registry.sessions {
            if let cursor = cursors[session.id] {
                let (messages, last) = session.statelyMessages(after: cursor)
                cursors[session.id] = last
                for message in messages { send(message, context) }
            } else {
                let (actor, last) = session.statelyActor()
                cursors[session.id] = last
                send(actor, context)
            }
        }
    }

    private func send(_ message: SCXMLValue, _ context: ChannelHandlerContext) {
        let buffer = context.channel.allocator.buffer(string: message.messageText)
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .text, data: buffer)), promise: nil)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
