import Foundation
import NIOCore
import NIOPosix
import Statecharts
import StatechartsHTTP
import StatechartsSCXML
import Testing

/// The server side: POSTs to a session's location become events in that session.
@Suite("Basic HTTP server")
struct BasicHTTPServerTests {
    static let receiver = """
        <datamodel>
          <data id="location" expr="_ioprocessors['basichttp'].location"/>
          <data id="fullLocation" expr="_ioprocessors['http://www.w3.org/TR/scxml/#BasicHTTPEventProcessor'].location"/>
          <data id="amount"/><data id="note"/><data id="origintype"/><data id="rawStart"/>
        </datamodel>
        <state id="waiting">
          <transition event="order.paid" target="paid">
            <assign location="amount" expr="_event.data.amount"/>
            <assign location="note" expr="_event.data.note"/>
            <assign location="origintype" expr="_event.origintype"/>
            <assign location="rawStart" expr="_event.raw.substring(0, 11)"/>
          </transition>
          <transition event="*" target="wrong"/>
        </state>
        <final id="paid"/>
        <final id="wrong"/>
        """

    @Test("the location in _ioprocessors is the processor's, on 127.0.0.1 and the bound port")
    func location() async throws {
        let http = try await BasicHTTPEventProcessor.start()
        let chart = try HTTPFixture.chart(Self.receiver, initial: "waiting")
        let instance = try chart.start(sessionID: "s-1", ioProcessors: [http])
        #expect(http.port > 0)
        #expect(HTTPFixture.string("location", chart, instance) == "http://127.0.0.1:\(http.port)/scxml/s-1")
        #expect(HTTPFixture.string("fullLocation", chart, instance) == http.location(forSession: "s-1"))
        await http.shutdown()
    }

    @Test("a POST reaches the session as an external event with its form fields as data")
    func receive() async throws {
        let http = try await BasicHTTPEventProcessor.start()
        let chart = try HTTPFixture.chart(Self.receiver, initial: "waiting")
        var instance = try chart.start(ioProcessors: [http])
        let location = http.location(forSession: instance.context.session.sessionID)

        let answer = try await HTTPFixture.request(location, body: "_scxmleventname=order.paid&amount=12&note=two+words%21")
        #expect(answer.status == 200)
        await instance.runUntilIdle(with: http)

        #expect(instance.activeLeaves == ["paid"])
        #expect(HTTPFixture.string("amount", chart, instance) == "12")
        #expect(HTTPFixture.string("note", chart, instance) == "two words!")
        #expect(HTTPFixture.string("origintype", chart, instance) == BasicHTTPEventProcessor.typeURI)
        #expect(HTTPFixture.string("rawStart", chart, instance) == "POST /scxml")
        await http.shutdown()
    }

    @Test("without _scxmleventname the event is HTTP.POST and its data the content")
    func unnamed() async throws {
        let http = try await BasicHTTPEventProcessor.start()
        let chart = try HTTPFixture.chart("""
            <datamodel><data id="content"/></datamodel>
            <state id="waiting">
              <transition event="HTTP.POST" target="got"><assign location="content" expr="_event.data"/></transition>
            </state>
            <final id="got"/>
            """, initial: "waiting")
        var instance = try chart.start(ioProcessors: [http])
        let location = http.location(forSession: instance.context.session.sessionID)
        #expect(try await HTTPFixture.request(location, body: "plain words", contentType: "text/plain").status == 200)
        await instance.runUntilIdle(with: http)
        #expect(instance.activeLeaves == ["got"])
        #expect(HTTPFixture.string("content", chart, instance) == "plain words")
        await http.shutdown()
    }

    @Test("a request that cannot become an event gets an error status, and no event",
          arguments: [
            ("POST", "_scxmleventname=a%zz", "application/x-www-form-urlencoded", "", 400),
            ("POST", "_scxmleventname=a&_scxmleventname=b", "application/x-www-form-urlencoded", "", 400),
            ("POST", "_scxmleventname=two+words", "application/x-www-form-urlencoded", "", 400),
            ("POST", "{\"open\": ", "application/json", "", 400),
            ("POST", "_scxmleventname=go", "application/x-www-form-urlencoded", "/scxml/nobody", 404),
            ("GET", "", "application/x-www-form-urlencoded", "", 405),
            ("POST", String(repeating: "x", count: 200), "text/plain", "", 413),
          ])
    func malformed(method: String, body: String, contentType: String, path: String, status: Int) async throws {
        let http = try await BasicHTTPEventProcessor.start(.init(maximumBodySize: 100))
        let session = "receiver"
        let location = http.location(forSession: session)
        let url = path.isEmpty ? location : http.baseURL + path
        let answer = try await HTTPFixture.request(url, method: method, body: body, contentType: contentType)
        #expect(answer.status == status, "\(answer.text)")
        #expect(http.takeEvents(forSession: session).isEmpty)
        await http.shutdown()
    }

    @Test("a closed session's location answers 404")
    func closedSession() async throws {
        let http = try await BasicHTTPEventProcessor.start()
        let location = http.location(forSession: "gone")
        http.closeSession("gone")
        #expect(try await HTTPFixture.request(location, body: "_scxmleventname=go").status == 404)
        await http.shutdown()
    }

    @Test("a connection that sends nothing is closed after the idle timeout")
    func idleConnection() async throws {
        let http = try await BasicHTTPEventProcessor.start(.init(idleTimeout: .milliseconds(200)))
        let started = ContinuousClock.now
        // The close is timed on the channel's event loop, where it happens, by a callback set up
        // before the connection exists: a task resuming after an await runs on Swift concurrency's
        // shared threads, which other tests can keep busy for minutes on a 2-core machine under
        // ThreadSanitizer, and a callback added after the close would time that wait instead.
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let closedAt = loop.makePromise(of: ContinuousClock.Instant.self)
        do {
            _ = try await ClientBootstrap(group: loop)
                .channelInitializer { channel in
                    channel.closeFuture.whenComplete { _ in closedAt.succeed(ContinuousClock.now) }
                    return channel.eventLoop.makeSucceededVoidFuture()
                }
                .connect(host: "127.0.0.1", port: http.port).get()
        } catch {
            closedAt.fail(error)  // a no-op when the channel was made and closed
            throw error
        }
        // If the server never closed it, this test would hang until the suite's own time limit.
        let elapsed = try await closedAt.futureResult.get() - started
        // Not at once (the server waited 200 ms for a request after accepting, and accepting
        // follows `started`), and well before "never"; the upper bound is loose because a loaded
        // 2-core CI machine can delay the event loop too.
        #expect(elapsed >= .milliseconds(150) && elapsed < .seconds(60), "\(elapsed)")
        await http.shutdown()
    }

    @Test("a port in use is a thrown error, not a hang")
    func bindFailure() async throws {
        let first = try await BasicHTTPEventProcessor.start()
        await #expect(throws: BasicHTTPError.self) {
            _ = try await BasicHTTPEventProcessor.start(.init(port: first.port))
        }
        do {
            _ = try await BasicHTTPEventProcessor.start(.init(port: first.port))
        } catch {
            #expect(error.message.contains("cannot listen on 127.0.0.1:\(first.port)"))
        }
        await first.shutdown()
    }
}
