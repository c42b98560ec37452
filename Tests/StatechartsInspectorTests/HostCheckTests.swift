import Foundation
import StatechartsInspector
import Testing

/// The inspector answers only requests addressed to it (`Host`), against DNS rebinding: a page
/// whose name comes to resolve to 127.0.0.1 still sends its own name as `Host`.
@Suite("Inspector Host check")
struct HostCheckTests {
    @Test("a request for another host is 403, even with the token", arguments: [
        "evil.example", "evil.example:PORT", "127.0.0.1", "127.0.0.1:1", "127.0.0.1.evil.example:PORT", "",
    ])
    func foreignHostRefused(host: String) async throws {
        try await withInspector { inspector in
            let port = inspector.port
            let response = try testHTTPRequest(port: port, path: "/?token=\(inspector.token)",
                                               host: host.replacingOccurrences(of: "PORT", with: String(port)))
            #expect(response.status == 403)
            #expect(response.body.contains("addressed to it"), "\(response.body)")
        }
    }

    @Test("the loopback names of the inspector's address and port are answered", arguments: [
        "127.0.0.1:PORT", "localhost:PORT", "LOCALHOST:PORT", "[::1]:PORT",
    ])
    func ownHostAnswered(host: String) async throws {
        try await withInspector { inspector in
            let port = inspector.port
            let response = try testHTTPRequest(port: port, path: "/?token=\(inspector.token)",
                                               host: host.replacingOccurrences(of: "PORT", with: String(port)))
            #expect(response.status == 200)
        }
    }

    @Test("a WebSocket upgrade from a rebound name is refused, though its Origin matches its Host")
    func reboundUpgradeRefused() async throws {
        try await withInspector { inspector in
            let port = inspector.port
            let upgrade = try WebSocketTestClient.upgrade(port: port, path: "/ws?token=\(inspector.token)",
                                                          origin: "http://evil.example:\(port)", host: "evil.example:\(port)")
            #expect(upgrade.status == 403)
        }
    }
}
