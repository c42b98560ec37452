import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// The inspector's HTTP/1.1 and WebSocket server, on SwiftNIO: `GET /` serves the page,
/// `GET /ws` upgrades to the page's WebSocket and `GET /stately` to Stately Inspect's; every
/// request carries the token.
final class InspectorServer: Sendable {
    /// The largest WebSocket frame read at all (a larger one closes the connection, 1009);
    /// messages over ``PageConnectionHandler/maximumMessageSize`` are refused with an error.
    static let maximumFrameSize = 1 << 20

    private let channel: any Channel
    private let ticker: InspectorTicker
    /// The open connections, closed by ``stop()``.
    private let connections: InspectorConnections
    let port: Int

    private init(channel: any Channel, ticker: InspectorTicker, connections: InspectorConnections) {
        self.channel = channel
        self.ticker = ticker
        self.connections = connections
        self.port = channel.localAddress?.port ?? 0
    }

    static func start(host: String, port: Int, access: InspectorAccess, hub: InspectorHub) async throws(InspectorError) -> InspectorServer {
        let group = MultiThreadedEventLoopGroup.singleton
        let connections = InspectorConnections()
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                connections.add(channel)
                return channel.eventLoop.makeCompletedFuture {
                    let httpHandler = NIOLoopBound(InspectorHTTPHandler(access: access), eventLoop: channel.eventLoop)
                    let upgrader = NIOWebSocketServerUpgrader(
                        maxFrameSize: maximumFrameSize,
                        shouldUpgrade: { channel, head in
                            let path = InspectorAccess.path(of: head.uri)
                            let admitted = (path == "/ws" || path == "/stately")
                                && access.hostCheck.admits(head.headers, port: channel.localAddress?.port)
                                && access.admits(uri: head.uri) && access.admitsOrigin(head.headers)
                            // Refused upgrades reach the HTTP handler, which answers 403 or 404.
                            return channel.eventLoop.makeSucceededFuture(admitted ? HTTPHeaders() : nil)
                        },
                        upgradePipelineHandler: { channel, head in
                            channel.eventLoop.makeCompletedFuture {
                                if InspectorAccess.path(of: head.uri) == "/stately" {
                                    try channel.pipeline.syncOperations.addHandler(StatelyConnectionHandler(hub: hub))
                                } else {
                                    try channel.pipeline.syncOperations.addHandler(PageConnectionHandler(hub: hub))
                                }
                            }
                        })
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(
                        withServerUpgrade: (upgraders: [upgrader], completionHandler: { context in
                            context.pipeline.syncOperations.removeHandler(httpHandler.value, promise: nil)
                        }),
                        withErrorHandling: true)
                    try channel.pipeline.syncOperations.addHandler(httpHandler.value)
                }
            }
        let channel: any Channel
        do {
            channel = try await bootstrap.bind(host: host, port: port).get()
        } catch {
            throw InspectorError("cannot listen on \(host):\(port): \(error)")
        }
        let ticker = InspectorTicker(clock: hub.clock, registry: hub.registry)
        return InspectorServer(channel: channel, ticker: ticker, connections: connections)
    }

    /// The bytes written to the open connections that their sockets have not taken yet (NIO's
    /// outbound buffers, not the kernel's): what a stalled page makes the server hold.
    func bufferedBytes() async -> Int {
        var total = 0
        for connection in connections.all {
            total += (try? await connection.getOption(.bufferedWritableBytes).get()) ?? 0
        }
        return total
    }

    func stop() async {
        ticker.stop()
        try? await channel.close()
        for connection in connections.all { try? await connection.close() }
    }

    /// Whether `host` is a loopback address (or `localhost`).
    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}
