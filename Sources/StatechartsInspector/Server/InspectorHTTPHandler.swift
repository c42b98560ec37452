import NIOCore
import NIOHTTP1
import NIOWebSocket

/// Plain HTTP requests: the page at `/` (with the token), 403 for a foreign `Host` or without the
/// token, 404 elsewhere.
final class InspectorHTTPHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let access: InspectorAccess
    private var head: HTTPRequestHead?

    init(access: InspectorAccess) { self.access = access }

    /// The page makes no request but its own WebSocket: no CDN, no fonts, nothing outside.
    static let pagePolicy = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head): self.head = head
        case .body: break
        case .end:
            guard let head else { return }
            self.head = nil
            answer(head, context: context)
        }
    }

    private func answer(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
        let path = InspectorAccess.path(of: head.uri)
        guard access.hostCheck.admits(head.headers, port: context.channel.localAddress?.port) else {
            return respond(context, status: .forbidden, type: "text/plain; charset=utf-8",
                           body: "403: this inspector answers only requests addressed to it (its own address and port in Host)\n", keepAlive: false)
        }
        guard access.admits(uri: head.uri) else {
            return respond(context, status: .forbidden, type: "text/plain; charset=utf-8",
                           body: "403: this inspector needs its token: open the URL it printed (…/?token=…)\n", keepAlive: false)
        }
        guard head.method == .GET || head.method == .HEAD else {
            return respond(context, status: .methodNotAllowed, type: "text/plain; charset=utf-8", body: "only GET\n", keepAlive: false)
        }
        switch path {
        case "/", "/index.html":
            respond(context, status: .ok, type: "text/html; charset=utf-8", body: InspectorPage.html,
                    keepAlive: head.isKeepAlive, headOnly: head.method == .HEAD)
        case "/stately.html":
            // Stately's inspector, embedded from stately.ai, fed from `/stately` (docs/inspector.md).
            let token = InspectorAccess.queryValue("token", in: head.uri) ?? ""
            let page = StatelyInspect.bridgePage(webSocketPath: "/stately?token=" + token)
            respond(context, status: .ok, type: "text/html; charset=utf-8", body: page, keepAlive: head.isKeepAlive,
                    headOnly: head.method == .HEAD, policy: "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; frame-src \(StatelyInspect.inspectorURL)")
        case "/ws", "/stately":
            respond(context, status: .forbidden, type: "text/plain; charset=utf-8",
                    body: "403: a WebSocket here must come from the inspector's own page\n", keepAlive: false)
        default:
            respond(context, status: .notFound, type: "text/plain; charset=utf-8", body: "404: nothing at \(path)\n", keepAlive: head.isKeepAlive)
        }
    }

    private func respond(_ context: ChannelHandlerContext, status: HTTPResponseStatus, type: String, body: String,
                         keepAlive: Bool, headOnly: Bool = false, policy: String = InspectorHTTPHandler.pagePolicy) {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: type)
        headers.add(name: "Content-Length", value: String(body.utf8.count))
        headers.add(name: "Cache-Control", value: "no-store")
        headers.add(name: "Referrer-Policy", value: "no-referrer")
        headers.add(name: "X-Content-Type-Options", value: "nosniff")
        headers.add(name: "Content-Security-Policy", value: policy)
        if !keepAlive { headers.add(name: "Connection", value: "close") }
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
        if !headOnly {
            context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(string: body)))), promise: nil)
        }
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
            if !keepAlive { channel.close(promise: nil) }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A refused WebSocket upgrade is reported as an error, then the request itself follows:
        // it is answered (403) rather than cut off.
        if error is NIOWebSocketUpgradeError { return }
        context.close(promise: nil)
    }
}
