import Foundation
import StatechartsHTTP
import Testing

/// `run --allow-send-to HOST[:PORT]`: the chart's HTTP sends reach loopback only unless the
/// option permits more. No test connects outside 127.0.0.0/8: the refused target is `0.0.0.0`,
/// the unspecified address, which is not loopback to the policy and which a connect would reach
/// on this host anyway, should the check ever let it through.
@Suite("statechart run --allow-send-to")
struct CLISendAccessTests {
    /// A chart that sends `hello` to `target` through the Basic HTTP processor and ends in
    /// `refused` on error.communication; it stays in `s` otherwise.
    static func sender(target: String) -> String {
        """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="s">
          <state id="s">
            <onentry><send type="http://www.w3.org/TR/scxml/#BasicHTTPEventProcessor" target="\(target)" event="hello"/></onentry>
            <transition event="error.communication" target="refused"/>
          </state>
          <final id="refused"/>
        </scxml>
        """
    }

    @Test("by default a send outside loopback raises error.communication naming --allow-send-to")
    func refusedByDefault() async throws {
        let (result, path) = try await CLIProcess.run(chart: Self.sender(target: "http://0.0.0.0:1/x"), ["run", "FILE"])
        #expect(result.status == 0)
        #expect(result.lines == ["[0] start -> refused (active: refused) (finished)"])
        #expect(result.stderr.contains("\(path):3:"), "\(result.stderr)")
        #expect(result.stderr.contains(": error.communication: "), "\(result.stderr)")
        #expect(result.stderr.contains("the send policy (loopback only) refuses 0.0.0.0:1; no connection was opened"), "\(result.stderr)")
        #expect(result.stderr.contains("Allow it with --allow-send-to HOST[:PORT]"), "\(result.stderr)")
    }

    @Test("--allow-send-to adds its host on its port only to the policy")
    func optionWidensThePolicy() async throws {
        // The option reaches the policy with its port: the same host on another port stays refused,
        // and the refusal lists what is permitted. Whether a listed destination is then connected
        // to is the policy's own test (BasicHTTPSendPolicyTests); this one never connects outside
        // 127.0.0.0/8.
        let target = Self.sender(target: "http://0.0.0.0:1/x")
        let (otherPort, _) = try await CLIProcess.run(chart: target, ["run", "FILE", "--allow-send-to", "0.0.0.0:2", "--allow-send-to", "[::1]:8080"])
        #expect(otherPort.lines == ["[0] start -> refused (active: refused) (finished)"])
        #expect(otherPort.stderr.contains("the send policy (loopback, 0.0.0.0:2, [::1]:8080) refuses 0.0.0.0:1; no connection was opened"), "\(otherPort.stderr)")
        #expect(otherPort.stderr.contains("Allow it with --allow-send-to HOST[:PORT]"), "\(otherPort.stderr)")
    }

    @Test("with --allow-send-to given, a send to loopback is still delivered")
    func loopbackDeliveredWithOption() async throws {
        let receiver = try await BasicHTTPEventProcessor.start()
        let location = receiver.location(forSession: "cli-receiver")
        let (result, _) = try await CLIProcess.run(chart: Self.sender(target: location), ["run", "FILE", "--allow-send-to", "127.0.0.9:1"])
        #expect(result.lines == ["[0] start -> s (active: s)"], "\(result.stderr)")
        #expect(receiver.takeEvents(forSession: "cli-receiver").map(\.name) == ["hello"])
        await receiver.shutdown()
    }

    @Test("a malformed --allow-send-to is a usage error", arguments: ["http://127.0.0.1/", "127.0.0.1:0", "127.0.0.1:port", "", "[::1", "a b"])
    func malformed(value: String) async throws {
        let (result, _) = try await CLIProcess.run(chart: Self.sender(target: "http://127.0.0.1:1/"), ["run", "FILE", "--allow-send-to", value])
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("--allow-send-to takes HOST[:PORT]"), "\(result.stderr)")
    }

    @Test("by default a send to loopback is delivered")
    func loopbackDelivered() async throws {
        let receiver = try await BasicHTTPEventProcessor.start()
        let location = receiver.location(forSession: "cli-receiver")
        let (result, _) = try await CLIProcess.run(chart: Self.sender(target: location), ["run", "FILE"])
        #expect(result.lines == ["[0] start -> s (active: s)"], "\(result.stderr)")
        #expect(receiver.takeEvents(forSession: "cli-receiver").map(\.name) == ["hello"])
        await receiver.shutdown()
    }
}
