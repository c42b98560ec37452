/// Where the Basic HTTP Event I/O Processor may send events: anywhere, only to this machine
/// (loopback), or only to listed destinations.
///
/// The processor checks a send's target after resolving its host name, and connects only to
/// resolved addresses the policy permits, never resolving the name again. So a name that resolves
/// outside the policy is refused, and a name that resolves to both permitted and refused addresses
/// is connected to through the permitted ones only. A refused send opens no connection; it fails
/// as any failed send does, with `error.communication` (its message says why, followed by
/// ``refusalAdvice`` when set).
///
/// ```swift
/// var configuration = BasicHTTPEventProcessor.Configuration()
/// configuration.sendPolicy = .loopbackOnly
/// configuration.sendPolicy = .allowing([.init(host: "127.0.0.1", port: 8080)])
/// configuration.sendPolicy = .allowing([.init(host: "127.0.0.1", port: 8080)], includingLoopback: true)
/// ```
public struct BasicHTTPSendPolicy: Sendable, Equatable, CustomStringConvertible {
    /// Whether every destination is permitted (no check at all).
    public let permitsAnyDestination: Bool
    /// Whether every loopback address (`127.0.0.0/8`, `::1`) is permitted.
    public let permitsLoopback: Bool
    /// The destinations permitted besides loopback (when ``permitsLoopback``).
    public let destinations: [Destination]
    /// A sentence added to the message of a refused send, saying how to permit its destination
    /// (the `statechart` tool names its `--allow-send-to` option); `nil` adds nothing.
    public var refusalAdvice: String?

    private init(permitsAnyDestination: Bool, permitsLoopback: Bool, destinations: [Destination]) {
        self.permitsAnyDestination = permitsAnyDestination
        self.permitsLoopback = permitsLoopback
        self.destinations = destinations
    }

    /// Every destination: no check (the default of ``BasicHTTPEventProcessor/Configuration``).
    public static let anyDestination = BasicHTTPSendPolicy(permitsAnyDestination: true, permitsLoopback: true, destinations: [])

    /// Only addresses of this machine: a target whose host resolves to no loopback address is
    /// refused.
    public static let loopbackOnly = BasicHTTPSendPolicy(permitsAnyDestination: false, permitsLoopback: true, destinations: [])

    /// Only `destinations`, and every loopback address too when `includingLoopback` is true.
    public static func allowing(_ destinations: [Destination], includingLoopback: Bool = false) -> BasicHTTPSendPolicy {
        BasicHTTPSendPolicy(permitsAnyDestination: false, permitsLoopback: includingLoopback, destinations: destinations)
    }

    /// Whether a send to `host` (as the target URL names it) and `port` may connect to
    /// `address`, one of the IP addresses `host` resolved to (as text: `127.0.0.1`, `::1`).
    public func permits(host: String, port: Int, address: String) -> Bool {
        if permitsAnyDestination { return true }
        if permitsLoopback, IPAddressBytes.isLoopback(address) { return true }
        return destinations.contains { $0.matches(host: host, port: port, address: address) }
    }

    /// `any destination`, `loopback only`, or the list (`loopback, 127.0.0.1:8080`).
    public var description: String {
        if permitsAnyDestination { return "any destination" }
        let listed = destinations.map(\.description)
        if listed.isEmpty { return permitsLoopback ? "loopback only" : "no destination" }
        return ((permitsLoopback ? ["loopback"] : []) + listed).joined(separator: ", ")
    }
}
