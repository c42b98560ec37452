import Foundation
import NIOCore
import NIOPosix
import Statecharts
import StatechartsHTTP
import StatechartsSCXML
import Testing

/// When a send through the processor returns: once answered (the default), so that what a session
/// sends itself over HTTP comes before what it queues next; or at once, in the background.
@Suite("Basic HTTP send completion")
struct BasicHTTPSendCompletionTests {
    /// A chart that sends `a` to itself over HTTP, `b` without a target, `c` over HTTP again, and
    /// records the order in which the three arrive in `order`.
    static let selfSender = """
        <datamodel><data id="order" expr="''"/></datamodel>
        <state id="collecting">
          <onentry>
            <send type="basichttp" targetexpr="_ioprocessors['basichttp'].location" event="a"/>
            <send event="b"/>
            <send type="http://www.w3.org/TR/scxml/#BasicHTTPEventProcessor"
                  targetexpr="_ioprocessors['basichttp'].location" event="c"/>
          </onentry>
          <transition event="a b c" cond="order.length &lt; 2"><assign location="order" expr="order + _event.name"/></transition>
          <transition event="a b c" target="done"><assign location="order" expr="order + _event.name"/></transition>
          <transition event="error" target="failed"/>
        </state>
        <final id="done"/>
        <final id="failed"/>
        """

    @Test("by default an event a session sends itself over HTTP comes before what it sends next")
    func acknowledgedOrder() async throws {
        let http = try await BasicHTTPEventProcessor.start()
        let chart = try HTTPFixture.chart(Self.selfSender, initial: "collecting")
        // The sends complete within start: no driver is needed to see the HTTP events.
        let instance = try chart.start(ioProcessors: [http])
        #expect(instance.activeLeaves == ["done"])
        #expect(HTTPFixture.string("order", chart, instance) == "abc")
        #expect(http.sendsInFlight(forSession: instance.context.session.sessionID) == 0)
        await http.shutdown()
    }

    @Test("the events received for the session before a send are queued with it, oldest first")
    func receivedBeforeTheSend() async throws {
        let http = try await BasicHTTPEventProcessor.start()
        let chart = try HTTPFixture.chart("""
            <datamodel><data id="order" expr="''"/></datamodel>
            <state id="idle">
              <transition event="go" target="sending"/>
            </state>
            <state id="sending">
              <onentry>
                <send type="basichttp" targetexpr="_ioprocessors['basichttp'].location" event="own"/>
                <send event="next"/>
              </onentry>
              <transition event="posted own next" cond="order.length &lt; 40"><assign location="order" expr="order + _event.name + ' '"/></transition>
              <transition event="*" target="failed"/>
            </state>
            <final id="failed"/>
            """, initial: "idle")
        var instance = try chart.start(ioProcessors: [http])
        let location = http.location(forSession: instance.context.session.sessionID)
        // Posted by someone else while the session is idle: waits in the processor until the send.
        let answer = try await HTTPFixture.request(location, body: "_scxmleventname=posted")
        #expect(answer.status == 200)
        instance.send(SCXMLEvent("go"))
        #expect(instance.activeLeaves == ["sending"])
        #expect(HTTPFixture.string("order", chart, instance) == "posted own next ")
        await http.shutdown()
    }

    @Test("in the background a send returns before it is answered")
    func backgroundReturnsAtOnce() async throws {
        // A listener that accepts connections and never writes a byte: the send cannot complete
        // while the test looks (the request timeout is far away).
        let silent = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: "127.0.0.1", port: 0).get()
        let port = try #require(silent.localAddress?.port)
        let http = try await BasicHTTPEventProcessor.start(.init(requestTimeout: .seconds(60), sendCompletion: .background))
        let chart = try HTTPFixture.chart(BasicHTTPClientTests.sender(target: "http://127.0.0.1:\(port)/"), initial: "sending")
        let instance = try chart.start(ioProcessors: [http])
        #expect(instance.activeLeaves == ["sending"])
        #expect(http.sendsInFlight(forSession: instance.context.session.sessionID) == 1)
        await http.shutdown()
        try await silent.close()
    }

    @Test("in the background the events a session sends itself over HTTP all arrive, with what it sent next")
    func backgroundOrder() async throws {
        let http = try await BasicHTTPEventProcessor.start(.init(sendCompletion: .background))
        let chart = try HTTPFixture.chart(Self.selfSender, initial: "collecting")
        var instance = try chart.start(ioProcessors: [http])
        await instance.runUntilIdle(with: http)
        #expect(instance.activeLeaves == ["done"])
        // The order of `a` and `c` against `b` depends on when their POSTs are answered: the
        // session takes what has arrived after each send through the processor.
        let order = try #require(HTTPFixture.string("order", chart, instance))
        #expect(order.sorted() == ["a", "b", "c"], "\(order)")
        await http.shutdown()
    }

    @Test("a receiver that never answers: the send returns after the request timeout with error.communication")
    func neverAnswers() async throws {
        // A listener that accepts connections and never writes a byte.
        let silent = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: "127.0.0.1", port: 0).get()
        let port = try #require(silent.localAddress?.port)
        let http = try await BasicHTTPEventProcessor.start(.init(requestTimeout: .milliseconds(300)))
        // `first` is sent after the failing send: the error, on the internal queue, comes first.
        let chart = try HTTPFixture.chart(
            BasicHTTPClientTests.sender(target: "http://127.0.0.1:\(port)/", extra: "<send event=\"first\"/>"),
            initial: "sending")
        let started = ContinuousClock.now
        let instance = try chart.start(ioProcessors: [http])
        let elapsed = ContinuousClock.now - started
        #expect(elapsed >= .milliseconds(250) && elapsed < .seconds(10), "\(elapsed)")
        #expect(instance.activeLeaves == ["failed"])
        #expect(HTTPFixture.string("failedSendID", chart, instance) == "hello")
        #expect(HTTPFixture.string("reason", chart, instance)?.contains("no answer") == true)
        #expect(instance.context.session.errorRecords.first?.event == "error.communication")
        await http.shutdown()
        try await silent.close()
    }

    @Test("a receiver that answers slowly, within the timeout: the send waits for it and succeeds")
    func slowReceiver() async throws {
        let slow = try await SlowServer.start(delay: .milliseconds(200))
        let http = try await BasicHTTPEventProcessor.start()
        let chart = try HTTPFixture.chart("""
            <state id="s">
              <onentry>
                <send type="basichttp" target="http://127.0.0.1:\(slow.port)/" event="hello"/>
                <send event="after"/>
              </onentry>
              <transition event="after" target="sent"/>
              <transition event="*" target="failed"/>
            </state>
            <final id="sent"/>
            <final id="failed"/>
            """, initial: "s")
        let started = ContinuousClock.now
        let instance = try chart.start(ioProcessors: [http])
        let elapsed = ContinuousClock.now - started
        #expect(elapsed >= .milliseconds(150), "\(elapsed)")
        #expect(instance.activeLeaves == ["sent"])
        await http.shutdown()
        try await slow.channel.close()
    }

    @Test("a send made on an event loop thread does not wait (it would stop the loop it waits for)")
    func onEventLoop() async throws {
        let http = try await BasicHTTPEventProcessor.start()
        let chart = try HTTPFixture.chart(Self.selfSender, initial: "collecting")
        // Timed on the loop itself: the hop back to the test's task is not the send's (on a busy
        // machine the test's threads may be taken by other tests).
        let (leaves, session, elapsed) = try await MultiThreadedEventLoopGroup.singleton.next().submit {
            let started = ContinuousClock.now
            let instance = try chart.start(ioProcessors: [http])
            return (instance.activeLeaves, instance.context.session.sessionID, ContinuousClock.now - started)
        }.get()
        // Waiting would take the default request timeout, 5 s.
        #expect(elapsed < .seconds(4))
        #expect(leaves == ["collecting"])
        // The two sends went on in the background and their events wait in the processor.
        await http.waitForEvents(forSession: session, until: .now + .seconds(5))
        await http.shutdown()
    }
}

/// A server that answers every request 200, `delay` after reading its head.
struct SlowServer {
    let channel: any Channel
    let port: Int

    static func start(delay: Duration) async throws -> SlowServer {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(SlowAnswer(delay: delay))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return SlowServer(channel: channel, port: try #require(channel.localAddress?.port))
    }
}

/// Answers a fixed 200 once, `delay` after the first bytes arrive.
final class SlowAnswer: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer
    private let delay: Duration
    private var isAnswering = false

    init(delay: Duration) { self.delay = delay }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !isAnswering else { return }
        isAnswering = true
        let channel = context.channel
        let (seconds, attoseconds) = delay.components
        let amount = TimeAmount.nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        context.eventLoop.scheduleTask(in: amount) {
            let answer = "HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
            channel.writeAndFlush(channel.allocator.buffer(string: answer)).whenComplete { _ in channel.close(promise: nil) }
        }
    }
}
