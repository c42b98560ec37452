import NIOHTTP1

/// The `Host` headers the inspector answers, against DNS rebinding (as Jupyter checks them): a
/// page at `http://evil.example:PORT/` whose name comes to resolve to 127.0.0.1 sends
/// `Host: evil.example:PORT`, and is answered 403 whatever else it carries.
///
/// Listening on loopback, the inspector answers `127.0.0.1:PORT`, `localhost:PORT` and
/// `[::1]:PORT` (and the address it listens on, `127.0.0.2:PORT` say); listening on another
/// address, that address with its port; listening on every address (`0.0.0.0`, `::`), any host,
/// since it cannot know the names it is reached by (the token still guards it).
struct InspectorHostCheck: Sendable {
    /// The address the server listens on, as given (`127.0.0.1`, `::1`, `localhost`, `0.0.0.0`).
    let listenHost: String

    /// Whether a request with `headers`, on a connection to local port `port`, is addressed to
    /// the inspector. A request without `Host` is not.
    func admits(_ headers: HTTPHeaders, port: Int?) -> Bool {
        if Self.wildcards.contains(listenHost) { return true }
        guard let given = headers.first(name: "Host")?.lowercased(), let port else { return false }
        return acceptedNames.contains { name in
            given == "\(name):\(port)" || (port == 80 && given == name)
        }
    }

    /// The host names, bracketed when IPv6, that the inspector answers to.
    private var acceptedNames: [String] {
        let own = listenHost.contains(":") ? "[\(listenHost.lowercased())]" : listenHost.lowercased()
        guard InspectorServer.isLoopback(listenHost) else { return [own] }
        return [own, "127.0.0.1", "localhost", "[::1]"]
    }

    /// The addresses that mean "every interface".
    private static let wildcards: Set<String> = ["0.0.0.0", "::"]
}
