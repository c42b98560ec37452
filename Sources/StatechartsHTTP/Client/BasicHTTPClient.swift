import Statecharts
import NIOCore
import NIOHTTP1
import NIOPosix

/// A POST of a form body to an `http://` URL on NIO's HTTP/1.1 client pipeline, with a bounded
/// connect time and a bounded time for the whole exchange. The outcome is reported exactly once:
/// `nil` for a 2xx answer, otherwise why the send failed.
enum BasicHTTPClient {
    /// Where a POST goes, from an `http://host[:port]/path[?query]` URL.
    struct Target: Equatable {
        var host: String
        var port: Int
        /// The path and query, `/` at least.
        var uri: String

        /// The target of `url`, or why it is not one.
        static func parse(_ url: String) -> Result<Target, BasicHTTPClientError> {
            let scheme = "http://"
            guard url.lowercased().hasPrefix(scheme) else {
                return .failure(BasicHTTPClientError("'\(url)' is not an http:// URL"))
            }
            let rest = url.dropFirst(scheme.count)
            let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
            var uri = String(rest.dropFirst(authority.count).prefix { $0 != "#" })
            if uri.isEmpty || uri.hasPrefix("?") { uri = "/" + uri }
            guard !authority.contains("@") else {
                return .failure(BasicHTTPClientError("'\(url)': user information in the URL is not supported"))
            }
            var host = Substring(authority)
            var port = 80
            if host.hasPrefix("[") {   // an IPv6 literal: [::1]:8080
                guard let close = host.firstIndex(of: "]") else { return .failure(BasicHTTPClientError("'\(url)': bad IPv6 address")) }
                let after = host[host.index(after: close)...]
                if after.hasPrefix(":") {
                    guard let parsed = Int(after.dropFirst()) else { return .failure(BasicHTTPClientError("'\(url)': bad port")) }
                    port = parsed
                }
                host = host[host.index(after: host.startIndex)..<close]
            } else if let colon = host.lastIndex(of: ":") {
                guard let parsed = Int(host[host.index(after: colon)...]) else {
                    return .failure(BasicHTTPClientError("'\(url)': bad port"))
                }
                port = parsed
                host = host[..<colon]
            }
            guard !host.isEmpty else { return .failure(BasicHTTPClientError("'\(url)' names no host")) }
            guard (1...65_535).contains(port) else { return .failure(BasicHTTPClientError("'\(url)': port \(port) is out of range")) }
            return .success(Target(host: String(host), port: port, uri: uri))
        }

        /// The `Host` header's value.
        var hostHeader: String {
            let name = host.contains(":") ? "[\(host)]" : host
            return port == 80 ? name : "\(name):\(port)"
        }
    }

    /// Posts `body` to `target`; `completion` is called once, on an event loop thread.
    static func post(
        _ body: String, to target: Target, policy: BasicHTTPSendPolicy, group: any EventLoopGroup,
        connectTimeout: Duration, timeout: Duration,
        completion: @escaping @Sendable (BasicHTTPClientError?) -> Void
    ) {
        let once = Once(completion)
        let request = Request(target: target, body: body)
        // One bootstrap per connection attempt (a bootstrap cannot cross threads).
        let bootstrap: @Sendable () -> ClientBootstrap = {
            ClientBootstrap(group: group)
                .connectTimeout(TimeAmount(connectTimeout))
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHTTPClientHandlers()
                        try channel.pipeline.syncOperations.addHandler(BasicHTTPClientHandler(request: request, once: once))
                    }
                }
        }
        BasicHTTPClient.connect(bootstrap, to: target, policy: policy, eventLoop: group.next()).whenComplete { result in
            switch result {
            case .failure(let error as BasicHTTPClientError):
                once.finish(error)
            case .failure(let error):
                once.finish(BasicHTTPClientError("cannot connect to \(target.host):\(target.port): \(describe(error))"))
            case .success(let channel):
                // The whole exchange is bounded: the answer must be complete within `timeout`.
                let timer = channel.eventLoop.scheduleTask(in: TimeAmount(timeout)) {
                    once.finish(BasicHTTPClientError("no answer from \(target.host):\(target.port) within \(timeout)"))
                    channel.close(promise: nil)
                }
                channel.closeFuture.whenComplete { _ in timer.cancel() }
            }
        }
    }

    /// A short description of a connection error (`connection refused`, `connect timeout`).
    static func describe(_ error: any Error) -> String {
        if let channelError = error as? ChannelError, case .connectTimeout = channelError { return "connect timed out" }
        return String(describing: error)
    }

    /// What the handler sends.
    struct Request: Sendable {
        var target: Target
        var body: String
    }

    /// Calls a completion at most once, from whichever thread gets there first.
    final class Once: Sendable {
        private let completion: Locked<(@Sendable (BasicHTTPClientError?) -> Void)?>

        init(_ completion: @escaping @Sendable (BasicHTTPClientError?) -> Void) {
            self.completion = Locked(completion)
        }

        func finish(_ error: BasicHTTPClientError?) {
            let call = completion.withLock { stored -> (@Sendable (BasicHTTPClientError?) -> Void)? in
                defer { stored = nil }
                return stored
            }
            call?(error)
        }
    }
}

/// Why a send through the Basic HTTP Event I/O Processor failed.
struct BasicHTTPClientError: Error, Equatable, Sendable {
    let message: String
    init(_ message: String) { self.message = message }
}

/// Writes the request once connected, and reports the answer's status when it is complete.
final class BasicHTTPClientHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundOut = HTTPClientRequestPart

    private let request: BasicHTTPClient.Request
    private let once: BasicHTTPClient.Once
    private var status: HTTPResponseStatus?

    init(request: BasicHTTPClient.Request, once: BasicHTTPClient.Once) {
        self.request = request
        self.once = once
    }

    func channelActive(context: ChannelHandlerContext) {
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: request.target.hostHeader)
        headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        headers.add(name: "Content-Length", value: String(request.body.utf8.count))
        headers.add(name: "Connection", value: "close")
        let head = HTTPRequestHead(version: .http1_1, method: .POST, uri: request.target.uri, headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(string: request.body)))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            status = head.status
        case .body:
            break
        case .end:
            if let status, (200..<300).contains(status.code) {
                once.finish(nil)
            } else {
                let code = status.map { "\($0.code) \($0.reasonPhrase)" } ?? "no status"
                once.finish(BasicHTTPClientError("\(request.target.hostHeader) answered \(code)"))
            }
            context.close(promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        once.finish(BasicHTTPClientError("\(request.target.hostHeader) closed the connection without an answer"))
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        once.finish(BasicHTTPClientError("\(request.target.hostHeader): \(BasicHTTPClient.describe(error))"))
        context.close(promise: nil)
    }
}

extension TimeAmount {
    /// The amount of a `Duration`, in nanoseconds (saturating).
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let (nanos, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        self = .nanoseconds(overflow ? Int64.max : nanos.addingReportingOverflow(attoseconds / 1_000_000_000).partialValue)
    }
}
