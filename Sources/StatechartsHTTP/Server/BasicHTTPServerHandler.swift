import NIOCore
import NIOHTTP1
import StatechartsSCXML

/// One connection of the server: collects a request, turns a POST to a session's location into an
/// event in that session's mailbox, and answers (then closes the connection).
///
/// 200 when the event is queued (before the session processes it, as Appendix C.2 says); 400 when
/// the request cannot become an event; 404 for a path that is no session's location; 405 for a
/// method other than POST; 413 for a body over the limit; 503 when the session's mailbox is full.
final class BasicHTTPServerHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let mailboxes: BasicHTTPMailboxes
    private let maximumBodySize: Int
    private var head: HTTPRequestHead?
    private var body: [UInt8] = []
    private var isTooLarge = false

    init(mailboxes: BasicHTTPMailboxes, maximumBodySize: Int) {
        self.mailboxes = mailboxes
        self.maximumBodySize = maximumBodySize
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
            body = []
            isTooLarge = false
        case .body(let buffer):
            // Past the limit the rest of the body is read and dropped, then answered with 413.
            if isTooLarge || body.count + buffer.readableBytes > maximumBodySize {
                isTooLarge = true
                body = []
            } else {
                body.append(contentsOf: buffer.readableBytesView)
            }
        case .end:
            guard let head else { return }
            self.head = nil
            let (status, message) = answer(head)
            respond(context, status: status, message: message)
        }
    }

    /// The status and text that answer the request whose head is `head`.
    private func answer(_ head: HTTPRequestHead) -> (HTTPResponseStatus, String) {
        guard head.method == .POST else { return (.methodNotAllowed, "only POST delivers events") }
        guard !isTooLarge else { return (.payloadTooLarge, "the body is over \(maximumBodySize) bytes") }
        guard let session = BasicHTTPLocation.session(inPath: head.uri) else {
            return (.notFound, "no session at \(head.uri)")
        }
        let request = BasicHTTPMessage.Request(
            method: head.method.rawValue, uri: head.uri, version: head.version.description,
            headers: head.headers.map { ($0.name, $0.value) }, body: body)
        let event: SCXMLEvent
        do {
            event = try BasicHTTPMessage.event(from: request, origintype: BasicHTTPEventProcessor.typeURI)
        } catch {
            return (.badRequest, error.message)
        }
        switch mailboxes.deliver(event, to: session) {
        case .queued: return (.ok, "")
        case .unknownSession: return (.notFound, "no session '\(session)'")
        case .full: return (.serviceUnavailable, "the session's queue is full")
        }
    }

    private func respond(_ context: ChannelHandlerContext, status: HTTPResponseStatus, message: String) {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        headers.add(name: "Content-Length", value: String(message.utf8.count))
        headers.add(name: "Connection", value: "close")
        if status == .methodNotAllowed { headers.add(name: "Allow", value: "POST") }
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
        if !message.isEmpty {
            context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(string: message)))), promise: nil)
        }
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
    }

    /// A connection that has sent nothing for the idle timeout is closed.
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent {
            context.close(promise: nil)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}

/// Where a session is reached: `/scxml/<session id>` on the server, the id percent-encoded.
enum BasicHTTPLocation {
    static let prefix = "/scxml/"

    /// The path of `session`'s location.
    static func path(of session: String) -> String {
        prefix + FormEncoding.encode(session)
    }

    /// The session a request path names (its query ignored), or `nil`.
    static func session(inPath uri: String) -> String? {
        let path = uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        guard path.hasPrefix(prefix) else { return nil }
        let encoded = path.dropFirst(prefix.count)
        guard !encoded.isEmpty, !encoded.contains("/"), !encoded.contains("+"),
              let session = try? FormEncoding.decode(encoded) else { return nil }
        return session
    }
}
