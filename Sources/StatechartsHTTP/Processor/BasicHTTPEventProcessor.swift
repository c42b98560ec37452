import NIOCore
import NIOHTTP1
import NIOPosix
import StatechartsSCXML

/// The SCXML Basic HTTP Event I/O Processor (SCXML Appendix C.2): sessions receive events as
/// HTTP POSTs to their location, and `<send type="…#BasicHTTPEventProcessor">` POSTs events to a
/// URL.
///
/// ```swift
/// let http = try await BasicHTTPEventProcessor.start()          // 127.0.0.1, an ephemeral port
/// var instance = try chart.start(ioProcessors: [http])
/// await instance.runUntilIdle(with: http)   // HTTP events in, delayed sends on the virtual clock
/// await http.shutdown()
/// ```
///
/// One processor serves any number of sessions, each at `http://127.0.0.1:PORT/scxml/SESSIONID`
/// (its `_ioprocessors` location under ``typeURI`` and `basichttp`). A POST there becomes an
/// external event for that session, named by its `_scxmleventname` parameter or `HTTP.POST`, its
/// form fields in `_event.data`, the request's text in `_event.raw`; it is answered 200 once
/// queued. Received events wait in the processor until the session's driver takes them
/// (``takeEvents(forSession:)``, or ``Statecharts/StatechartInstance/runUntilIdle(with:limit:wait:)``).
///
/// A send POSTs a form body (`_scxmleventname=NAME&field=value…`). A missing or non-`http://`
/// target raises `error.communication` at once; a refused connection, a timeout or an answer
/// other than 2xx is an `error.communication` event queued for the sending session, like a
/// received event (the macrostep that sent it is over by then).
public final class BasicHTTPEventProcessor: SCXMLEventIOProcessor {
    /// The processor's type URI.
    public static let typeURI = "http://www.w3.org/TR/scxml/#BasicHTTPEventProcessor"
    /// Its short name, which the W3C tests use (`_ioprocessors['basichttp']`).
    public static let alias = "basichttp"

    /// Where the server listens, and the limits of the server and the client.
    public struct Configuration: Sendable {
        /// The address the server binds (a loopback address by default: nothing outside the
        /// machine can post events).
        public var host: String
        /// The port; 0 (the default) lets the system pick a free one.
        public var port: Int
        /// How long a send may take to connect.
        public var connectTimeout: Duration
        /// How long a send may take in all, from connecting to the complete answer.
        public var requestTimeout: Duration
        /// The largest request body the server accepts (413 beyond).
        public var maximumBodySize: Int
        /// The most received events one session holds before its driver takes them (503 beyond).
        public var mailboxCapacity: Int
        /// How long the server keeps a connection that sends nothing.
        public var idleTimeout: Duration

        /// A configuration; by default `127.0.0.1` on an ephemeral port, 2 s to connect, 5 s per
        /// send, 1 MiB bodies, 10,000 waiting events per session, and idle connections closed
        /// after 10 s.
        public init(
            host: String = "127.0.0.1", port: Int = 0, connectTimeout: Duration = .seconds(2),
            requestTimeout: Duration = .seconds(5), maximumBodySize: Int = 1 << 20, mailboxCapacity: Int = 10_000,
            idleTimeout: Duration = .seconds(10)
        ) {
            self.host = host
            self.port = port
            self.connectTimeout = connectTimeout
            self.requestTimeout = requestTimeout
            self.maximumBodySize = maximumBodySize
            self.mailboxCapacity = mailboxCapacity
            self.idleTimeout = idleTimeout
        }
    }

    /// The configuration it was started with.
    public let configuration: Configuration
    /// The port the server listens on.
    public let port: Int
    /// `http://HOST:PORT`, the start of every location.
    public let baseURL: String
    let mailboxes: BasicHTTPMailboxes
    private let group: any EventLoopGroup
    private let channel: any Channel

    private init(configuration: Configuration, port: Int, group: any EventLoopGroup, channel: any Channel, mailboxes: BasicHTTPMailboxes) {
        self.configuration = configuration
        self.port = port
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        baseURL = "http://\(host):\(port)"
        self.group = group
        self.channel = channel
        self.mailboxes = mailboxes
    }

    /// Starts the server (on SwiftNIO's shared event loops).
    /// - Throws: ``BasicHTTPError`` when the address cannot be bound (a port in use, say).
    public static func start(_ configuration: Configuration = Configuration()) async throws(BasicHTTPError) -> BasicHTTPEventProcessor {
        guard configuration.maximumBodySize >= 0, configuration.mailboxCapacity > 0 else {
            throw BasicHTTPError("the body size limit and the mailbox capacity must be positive")
        }
        let group = MultiThreadedEventLoopGroup.singleton
        let mailboxes = BasicHTTPMailboxes(capacity: configuration.mailboxCapacity)
        let maximumBodySize = configuration.maximumBodySize
        let idleTimeout = TimeAmount(configuration.idleTimeout)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(IdleStateHandler(readTimeout: idleTimeout))
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    try channel.pipeline.syncOperations.addHandler(
                        BasicHTTPServerHandler(mailboxes: mailboxes, maximumBodySize: maximumBodySize))
                }
            }
        let channel: any Channel
        do {
            channel = try await bootstrap.bind(host: configuration.host, port: configuration.port).get()
        } catch {
            throw BasicHTTPError("cannot listen on \(configuration.host):\(configuration.port): \(error)")
        }
        guard let port = channel.localAddress?.port else {
            try? await channel.close()
            throw BasicHTTPError("the server on \(configuration.host) has no port")
        }
        return BasicHTTPEventProcessor(configuration: configuration, port: port, group: group, channel: channel, mailboxes: mailboxes)
    }

    /// Stops listening. Sends still on their way finish (or fail) on their own.
    public func shutdown() async {
        try? await channel.close()
    }

    /// ``typeURI``.
    public var type: String { Self.typeURI }

    /// `["basichttp"]`.
    public var aliases: [String] { [Self.alias] }

    /// `http://HOST:PORT/scxml/SESSIONID`; from now on the server accepts events for the session.
    public func location(forSession sessionID: String) -> String {
        mailboxes.open(sessionID)
        return baseURL + BasicHTTPLocation.path(of: sessionID)
    }

    /// POSTs `event` to `target` (an `http://` URL). Returns why when there is no target or it is
    /// not an `http://` URL; a later failure is queued for `sessionID` as `error.communication`.
    public func send(_ event: SCXMLEvent, to target: String?, from sessionID: String) -> String? {
        guard let target, !target.isEmpty else {
            return "a send through the Basic HTTP Event I/O Processor needs a target URL"
        }
        let parsed: BasicHTTPClient.Target
        switch BasicHTTPClient.Target.parse(target) {
        case .success(let value): parsed = value
        case .failure(let error): return "cannot send to \(error.message)"
        }
        mailboxes.sendStarted(by: sessionID)
        let mailboxes = self.mailboxes
        let sendid = event.sendid
        BasicHTTPClient.post(
            BasicHTTPMessage.body(for: event), to: parsed, group: group,
            connectTimeout: configuration.connectTimeout, timeout: configuration.requestTimeout
        ) { error in
            let failure = error.map { SCXMLEvent.communicationError("send to \(target) failed: \($0.message)", sendid: sendid) }
            mailboxes.sendFinished(by: sessionID, failure: failure)
        }
        return nil
    }

    /// Takes the events received for `sessionID` (and the `error.communication` events of its
    /// failed sends), oldest first.
    public func takeEvents(forSession sessionID: String) -> [SCXMLEvent] {
        mailboxes.take(sessionID)
    }

    /// How many sends of `sessionID` are still on their way.
    public func sendsInFlight(forSession sessionID: String) -> Int {
        mailboxes.sendsInFlight(sessionID)
    }

    /// Forgets `sessionID`: its waiting events are dropped and posts to its location answered 404.
    public func closeSession(_ sessionID: String) {
        mailboxes.close(sessionID)
    }

    /// Waits until `sessionID` has an event to take or no send in flight, or until `deadline`.
    public func waitForEvents(forSession sessionID: String, until deadline: ContinuousClock.Instant) async {
        await mailboxes.waitForChange(sessionID, until: deadline)
    }
}

/// A Basic HTTP Event I/O Processor that cannot start.
public struct BasicHTTPError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public let message: String

    /// Creates an error.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
