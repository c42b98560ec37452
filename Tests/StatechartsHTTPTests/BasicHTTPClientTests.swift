import Foundation
import NIOCore
import NIOPosix
import Statecharts
import StatechartsHTTP
import StatechartsSCXML
import Testing

/// The client side: `<send type="basichttp">` POSTs to a URL; failures become error.communication.
@Suite("Basic HTTP client")
struct BasicHTTPClientTests {
    /// A chart that sends one event to `target` and waits: `failed` on error.communication.
    static func sender(target: String, extra: String = "") -> String {
        """
        <datamodel><data id="reason"/><data id="failedSendID"/></datamodel>
        <state id="sending">
          <onentry>
            <send id="hello" type="basichttp" target="\(target)" event="greeting.hello">
              <param name="count" expr="3"/><param name="who" expr="'the sender'"/>
            </send>
            \(extra)
          </onentry>
          <transition event="error.communication" target="failed">
            <assign location="reason" expr="_event.data"/><assign location="failedSendID" expr="_event.sendid"/>
          </transition>
          <transition event="error" target="wrongError"/>
          <transition event="first" target="wrongError"/>
        </state>
        <final id="failed"/>
        <final id="wrongError"/>
        """
    }

    @Test("a send reaches a session served by another processor, with its name and data")
    func sendToAnotherServer() async throws {
        let senderHTTP = try await BasicHTTPEventProcessor.start()
        let receiverHTTP = try await BasicHTTPEventProcessor.start()
        let receiverChart = try HTTPFixture.chart("""
            <datamodel><data id="count"/><data id="who"/></datamodel>
            <state id="waiting">
              <transition event="greeting.hello" target="greeted">
                <assign location="count" expr="_event.data.count"/><assign location="who" expr="_event.data.who"/>
              </transition>
            </state>
            <final id="greeted"/>
            """, initial: "waiting")
        var receiver = try receiverChart.start(ioProcessors: [receiverHTTP])
        let target = receiverHTTP.location(forSession: receiver.context.session.sessionID)

        var sender = try HTTPFixture.chart(Self.sender(target: target), initial: "sending").start(ioProcessors: [senderHTTP])
        await sender.runUntilIdle(with: senderHTTP)   // returns once the POST is answered
        #expect(sender.activeLeaves == ["sending"])
        #expect(senderHTTP.sendsInFlight(forSession: sender.context.session.sessionID) == 0)

        await receiver.runUntilIdle(with: receiverHTTP)
        #expect(receiver.activeLeaves == ["greeted"])
        #expect(HTTPFixture.string("count", receiverChart, receiver) == "3")
        #expect(HTTPFixture.string("who", receiverChart, receiver) == "the sender")
        await senderHTTP.shutdown()
        await receiverHTTP.shutdown()
    }

    @Test("a refused connection is error.communication for the sending session, naming its send")
    func refused() async throws {
        let closed = try await BasicHTTPEventProcessor.start()
        let port = closed.port
        await closed.shutdown()   // nothing listens on this port any more
        let http = try await BasicHTTPEventProcessor.start()
        let chart = try HTTPFixture.chart(Self.sender(target: "http://127.0.0.1:\(port)/scxml/x"), initial: "sending")
        // Timed around `start`, whose send waits for its answer: not across the `await` below,
        // whose resumption can wait behind other tests' tasks for a minute on a 2-core machine.
        let started = ContinuousClock.now
        var instance = try chart.start(ioProcessors: [http])
        let elapsed = ContinuousClock.now - started
        await instance.runUntilIdle(with: http)
        #expect(elapsed < .seconds(10), "\(elapsed)")
        #expect(instance.activeLeaves == ["failed"])
        #expect(HTTPFixture.string("failedSendID", chart, instance) == "hello")
        let reason = try #require(HTTPFixture.string("reason", chart, instance))
        #expect(reason.contains("cannot connect to 127.0.0.1:\(port)"), "\(reason)")
        await http.shutdown()
    }

    @Test("a server that never answers is error.communication after the request timeout")
    func timeout() async throws {
        // A listener that accepts connections and never writes a byte.
        let silent = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: "127.0.0.1", port: 0).get()
        let port = try #require(silent.localAddress?.port)
        let http = try await BasicHTTPEventProcessor.start(.init(requestTimeout: .milliseconds(300)))
        let chart = try HTTPFixture.chart(Self.sender(target: "http://127.0.0.1:\(port)/"), initial: "sending")
        // The send waits for its answer within `start`: timed around it, not across the
        // `await` below (see `refused`).
        let started = ContinuousClock.now
        var instance = try chart.start(ioProcessors: [http])
        let elapsed = ContinuousClock.now - started
        await instance.runUntilIdle(with: http)
        #expect(elapsed >= .milliseconds(250) && elapsed < .seconds(10), "\(elapsed)")
        #expect(instance.activeLeaves == ["failed"])
        #expect(HTTPFixture.string("reason", chart, instance)?.contains("no answer") == true)
        await http.shutdown()
        try await silent.close()
    }

    @Test("an answer other than 2xx is error.communication")
    func errorStatus() async throws {
        let http = try await BasicHTTPEventProcessor.start()
        // A path on a live server that is no session's location: 404.
        let chart = try HTTPFixture.chart(Self.sender(target: http.baseURL + "/scxml/nobody"), initial: "sending")
        var instance = try chart.start(ioProcessors: [http])
        await instance.runUntilIdle(with: http)
        #expect(instance.activeLeaves == ["failed"])
        #expect(HTTPFixture.string("reason", chart, instance)?.contains("404") == true)
        await http.shutdown()
    }

    @Test("no target, or one that is not http://, raises error.communication on the internal queue at once",
          arguments: ["", "ftp://example.org/x", "http://:80/x"])
    func unusableTarget(target: String) async throws {
        let http = try await BasicHTTPEventProcessor.start()
        // `first` is sent before the failed send: an internal error still comes before it.
        let chart = try HTTPFixture.chart(Self.sender(target: target, extra: "<send event=\"first\"/>")
            .replacingOccurrences(of: "target=\"\"", with: ""), initial: "sending")
        var instance = try chart.start(ioProcessors: [http])
        #expect(instance.activeLeaves == ["failed"])
        #expect(http.sendsInFlight(forSession: instance.context.session.sessionID) == 0)
        await instance.runUntilIdle(with: http)
        #expect(instance.activeLeaves == ["failed"])
        await http.shutdown()
    }

    @Test("a delayed send through the processor is error.execution")
    func delayed() async throws {
        let http = try await BasicHTTPEventProcessor.start()
        let chart = try HTTPFixture.chart("""
            <state id="s">
              <onentry><send type="basichttp" targetexpr="_ioprocessors['basichttp'].location" event="later" delay="1s"/></onentry>
              <transition event="error.execution" target="refused"/>
            </state>
            <final id="refused"/>
            """, initial: "s")
        var instance = try chart.start(ioProcessors: [http])
        await instance.runUntilIdle(with: http)
        #expect(instance.activeLeaves == ["refused"])
        #expect(instance.context.session.errorRecords.first?.message.contains("cannot be delayed") == true)
        await http.shutdown()
    }

    @Test("without the processor, a basichttp send is still an unsupported type")
    func notGiven() throws {
        let chart = try HTTPFixture.chart("""
            <state id="s">
              <onentry><send type="basichttp" target="http://127.0.0.1:1/" event="x"/></onentry>
              <transition event="error.execution" target="refused"/>
            </state>
            <final id="refused"/>
            """, initial: "s")
        let instance = try chart.start()
        #expect(instance.activeLeaves == ["refused"])
    }
}
