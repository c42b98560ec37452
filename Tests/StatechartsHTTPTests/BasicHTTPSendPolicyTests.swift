import Statecharts
import StatechartsHTTP
import StatechartsSCXML
import Testing

/// `Configuration.sendPolicy`: sends confined to loopback or an allow-list, checked after the
/// target's host is resolved. Every address here is a loopback one.
@Suite("Basic HTTP send policy")
struct BasicHTTPSendPolicyTests {
    /// A receiver on 127.0.0.1 with a session waiting for `greeting.hello`.
    struct Receiver {
        let http: BasicHTTPEventProcessor
        let chart: SCXMLChart
        var instance: StatechartInstance<String, SCXMLEvent, SCXMLContext>
        var sessionID: String { instance.context.session.sessionID }
        /// The session's location, with `host` in place of 127.0.0.1.
        func location(host: String = "127.0.0.1") -> String {
            "http://\(host):\(http.port)/scxml/\(sessionID)"
        }

        static func start() async throws -> Receiver {
            let http = try await BasicHTTPEventProcessor.start()
            let chart = try HTTPFixture.chart("""
                <state id="waiting"><transition event="greeting.hello" target="greeted"/></state>
                <final id="greeted"/>
                """, initial: "waiting")
            let instance = try chart.start(ioProcessors: [http])
            return Receiver(http: http, chart: chart, instance: instance)
        }
    }

    /// A sender under `policy` that sends once to `target`: its session, and the reason of its
    /// `error.communication` if any.
    static func send(to target: String, policy: BasicHTTPSendPolicy,
                     completion: BasicHTTPEventProcessor.SendCompletion = .acknowledged) async throws -> (leaves: Set<String>, reason: String?) {
        var configuration = BasicHTTPEventProcessor.Configuration(sendCompletion: completion)
        configuration.sendPolicy = policy
        let http = try await BasicHTTPEventProcessor.start(configuration)
        let chart = try HTTPFixture.chart(BasicHTTPClientTests.sender(target: target), initial: "sending")
        var instance = try chart.start(ioProcessors: [http])
        await instance.runUntilIdle(with: http)
        await http.shutdown()
        return (Set(instance.activeLeaves), HTTPFixture.string("reason", chart, instance))
    }

    @Test("a literal 127.0.0.2 against an allow-list of 127.0.0.1 is refused, naming the policy")
    func literalOutsideTheList() async throws {
        let policy = BasicHTTPSendPolicy.allowing([.init(host: "127.0.0.1")])
        let sent = try await Self.send(to: "http://127.0.0.2:1/scxml/x", policy: policy)
        #expect(sent.leaves == ["failed"])
        let reason = try #require(sent.reason)
        #expect(reason.contains("the send policy (127.0.0.1) refuses 127.0.0.2:1"), "\(reason)")
        #expect(reason.contains("no connection was opened"), "\(reason)")
    }

    @Test("a name that resolves outside the list is refused, and the server it names receives nothing")
    func nameResolvingOutsideTheList() async throws {
        var receiver = try await Receiver.start()
        var policy = BasicHTTPSendPolicy.allowing([.init(host: "127.0.0.2")])
        policy.refusalAdvice = "Allow it with --my-option"
        let sent = try await Self.send(to: receiver.location(host: "localhost"), policy: policy)
        #expect(sent.leaves == ["failed"])
        let reason = try #require(sent.reason)
        #expect(reason.contains("refuses localhost:\(receiver.http.port) ("), "\(reason)")
        #expect(reason.hasSuffix("Allow it with --my-option"), "\(reason)")
        // The send waited for its outcome: had it connected, the event would be there by now.
        await receiver.instance.runUntilIdle(with: receiver.http)
        #expect(receiver.instance.activeLeaves == ["waiting"])
        await receiver.http.shutdown()
    }

    @Test("an allowed host and port is delivered", arguments: [true, false])
    func allowedIsDelivered(withPort: Bool) async throws {
        var receiver = try await Receiver.start()
        let policy = BasicHTTPSendPolicy.allowing([.init(host: "127.0.0.1", port: withPort ? receiver.http.port : nil)])
        let sent = try await Self.send(to: receiver.location(), policy: policy)
        #expect(sent.leaves == ["sending"], "\(sent.reason ?? "")")
        await receiver.instance.runUntilIdle(with: receiver.http)
        #expect(receiver.instance.activeLeaves == ["greeted"])
        await receiver.http.shutdown()
    }

    @Test("an allowed host on another port is refused")
    func otherPortRefused() async throws {
        var receiver = try await Receiver.start()
        let policy = BasicHTTPSendPolicy.allowing([.init(host: "127.0.0.1", port: receiver.http.port == 1 ? 2 : 1)])
        let sent = try await Self.send(to: receiver.location(), policy: policy)
        #expect(sent.leaves == ["failed"])
        #expect(sent.reason?.contains("refuses 127.0.0.1:\(receiver.http.port)") == true, "\(sent.reason ?? "")")
        await receiver.instance.runUntilIdle(with: receiver.http)
        #expect(receiver.instance.activeLeaves == ["waiting"])
        await receiver.http.shutdown()
    }

    @Test("loopback only: a name that resolves to loopback is delivered (through its loopback addresses)")
    func loopbackNameDelivered() async throws {
        var receiver = try await Receiver.start()
        let sent = try await Self.send(to: receiver.location(host: "localhost"), policy: .loopbackOnly)
        #expect(sent.leaves == ["sending"], "\(sent.reason ?? "")")
        await receiver.instance.runUntilIdle(with: receiver.http)
        #expect(receiver.instance.activeLeaves == ["greeted"])
        await receiver.http.shutdown()
    }

    @Test("in the background, a refused send is an error.communication event for the session")
    func refusedInTheBackground() async throws {
        let policy = BasicHTTPSendPolicy.allowing([.init(host: "127.0.0.1")])
        let sent = try await Self.send(to: "http://127.0.0.2:1/scxml/x", policy: policy, completion: .background)
        #expect(sent.leaves == ["failed"])
        #expect(sent.reason?.contains("the send policy") == true, "\(sent.reason ?? "")")
    }

    @Test("loopback is 127.0.0.0/8 and ::1, in any spelling; other addresses are not")
    func loopbackAddresses() {
        for address in ["127.0.0.1", "127.0.0.2", "127.255.255.254", "::1", "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1"] {
            #expect(BasicHTTPSendPolicy.loopbackOnly.permits(host: "h", port: 80, address: address), "\(address)")
        }
        for address in ["0.0.0.0", "::", "128.0.0.1", "::2", "not an address"] {
            #expect(!BasicHTTPSendPolicy.loopbackOnly.permits(host: "h", port: 80, address: address), "\(address)")
        }
        #expect(BasicHTTPSendPolicy.anyDestination.permits(host: "h", port: 80, address: "0.0.0.0"))
    }

    @Test("a listed address matches its other spellings; a listed name matches the name, not its addresses")
    func destinationsMatch() {
        let byAddress = BasicHTTPSendPolicy.allowing([.init(host: "::1", port: 8080)])
        #expect(byAddress.permits(host: "localhost", port: 8080, address: "0:0:0:0:0:0:0:1"))
        #expect(!byAddress.permits(host: "localhost", port: 8081, address: "::1"))
        #expect(!byAddress.permits(host: "localhost", port: 8080, address: "127.0.0.1"))
        let byName = BasicHTTPSendPolicy.allowing([.init(host: "LocalHost.")])
        #expect(byName.permits(host: "localhost", port: 1, address: "127.0.0.1"))
        #expect(!byName.permits(host: "127.0.0.1", port: 1, address: "127.0.0.1"))
        #expect(BasicHTTPSendPolicy.allowing([.init(host: "::1", port: 80)], includingLoopback: true).description == "loopback, [::1]:80")
        #expect(BasicHTTPSendPolicy.loopbackOnly.description == "loopback only")
        #expect(BasicHTTPEventProcessor.Configuration().sendPolicy == .anyDestination)
    }
}

