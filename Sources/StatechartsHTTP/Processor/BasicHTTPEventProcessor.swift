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
/// A send POSTs a form body (`_scxmleventname=NAME&field=value…`) and, by default
/// (``SendCompletion/acknowledged``), returns once the receiver has answered: the events received
/// for the sending session by then (its own event, when it sent one to itself) are queued at once,
/// before anything the session sends next. A missing or non-`http://` target, a refused
/// connection, a timeout or an answer other than 2xx raises `error.communication` on the session's
/// internal queue. With ``SendCompletion/background`` a send only starts the POST, and a failure
/// learnt later is an `error.communication` event queued for the session like a received event.
///
/// Sends go anywhere unless ``Configuration/sendPolicy`` confines them (to loopback, or to an
/// allow-list of hosts and ports): a target it refuses fails with `error.communication` too, and
/// no connection is opened.
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
        /// When a send returns to the sending session: once the receiver answered (the default),
        /// or as soon as the POST has started.
        public var sendCompletion: SendCompletion
        /// Where sends may go: ``BasicHTTPSendPolicy/anyDestination`` by default;
        /// ``BasicHTTPSendPolicy/loopbackOnly`` or an allow-list confine a chart's sends (checked
        /// after the target's host is resolved; a refused send opens no connection and fails with
        /// `error.communication`).
        public var sendPolicy: BasicHTTPSendPolicy = .anyDestination

        /// A configuration; by default `127.0.0.1` on an ephemeral port, 2 s to connect, 5 s per
        /// send, 1 MiB bodies, 10,000 waiting events per session, idle connections closed after
        /// 10 s, and sends that return once answered.
        public init(
            host: String = "127.0.0.1", port: Int = 0, connectTimeout: Duration = .seconds(2),
            requestTimeout: Duration = .seconds(5), maximumBodySize: Int = 1 << 20, mailboxCapacity: Int = 10_000,
            idleTimeout: Duration = .seconds(10), sendCompletion: SendCompletion = .acknowledged
        ) {
            self.host = host
            self.port = port
            self.connectTimeout = connectTimeout
            self.requestTimeout = requestTimeout
            self.maximumBodySize = maximumBodySize
            self.mailboxCapacity = mailboxCapacity
            self.idleTimeout = idleTimeout
            self.sendCompletion = sendCompletion
        }
    }

    /// When ``send(_:to:from:)`` returns to the sending session.
    public enum SendCompletion: Sendable, Equatable {
        /// Once the receiver has answered the POST, or the send has failed: at most
        /// ``Configuration/connectTimeout`` plus ``Configuration/requestTimeout`` (and a second's
        /// margin). The sending thread waits, blocked, for the answer (the exchange runs on
        /// SwiftNIO's event loops); the events received for the session by then are queued right
        /// after the send, and a failure raises `error.communication` on the internal queue. A send
        /// made on an event loop thread itself cannot wait and is sent as ``background``.
        case acknowledged
        /// As soon as the POST has started: the sending thread never waits, an event a session
        /// sends itself arrives after the events it queues next, and a failure learnt later is an
        /// `error.communication` event queued for the session like a received event.
        case background
    }

    /// The configuration it was started with.
    public let configuration: Configuration
    /// The port the server listens on.
    public let port: Int
    /// `http://HOST:PORT`, the start of every location.
    public let baseURL: String
    let mailboxes: BasicHTTPMailboxes
    let group: any EventLoopGroup
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

    /// POSTs `event` to `target` (an `http://` URL) and, with ``SendCompletion/acknowledged``,
    /// waits for the answer. Returns why the send failed: no target, not an `http://` URL, or (when
    /// it waited) a destination ``Configuration/sendPolicy`` refuses, a refused connection, a
    /// timeout or an answer other than 2xx. A failure learnt
    /// after it returned is queued for `sessionID` as `error.communication`.
    public func send(_ event: SCXMLEvent, to target: String?, from sessionID: String) -> String? {
        guard let target, !target.isEmpty else {
            return "a send through the Basic HTTP Event I/O Processor needs a target URL"
        }
        let parsed: BasicHTTPClient.Target
        switch BasicHTTPClient.Target.parse(target) {
        case .success(let value): parsed = value
        case .failure(let error): return "cannot send to \(error.message)"
        }
        let body = BasicHTTPMessage.body(for: event)
        // Waiting on an event loop thread would stop the loop that must carry the exchange.
        if configuration.sendCompletion == .acknowledged, MultiThreadedEventLoopGroup.currentEventLoop == nil {
            return postAndWait(body, to: parsed, url: target)
        }
        mailboxes.sendStarted(by: sessionID)
        let mailboxes = self.mailboxes
        let sendid = event.sendid
        BasicHTTPClient.post(
            body, to: parsed, policy: configuration.sendPolicy, group: group,
            connectTimeout: configuration.connectTimeout, timeout: configuration.requestTimeout
        ) { error in
            let failure = error.map { SCXMLEvent.communicationError("send to \(target) failed: \($0.message)", sendid: sendid) }
            mailboxes.sendFinished(by: sessionID, failure: failure)
        }
        return nil
    }

    /// Takes the events received for `sessionID` (and the `error.communication` events of its
    /// sends that failed in the background), oldest first. The session itself calls it after each
    /// send through the processor.
    public func takeEvents(forSession sessionID: String) -> [SCXMLEvent] {
        mailboxes.take(sessionID)
    }

    /// How many sends of `sessionID` are still on their way in the background (a send that waits
    /// for its answer is over when it returns).
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
