extension BasicHTTPSendPolicy {
    /// A destination a ``BasicHTTPSendPolicy`` permits: a host, on one port or on any.
    ///
    /// A host given as an IP address matches the sends whose target resolves to that address
    /// (`127.0.0.1` matches `http://localhost/` where `localhost` resolves to it). A host given
    /// as a name matches the targets that name it (letter case and a final dot aside), whatever
    /// it resolves to.
    public struct Destination: Sendable, Hashable, CustomStringConvertible {
        /// An IP address (`127.0.0.1`, `::1`, without brackets) or a host name.
        public var host: String
        /// The one port permitted, or `nil` for any.
        public var port: Int?

        /// A destination: `host` on `port`, or on any port when `port` is `nil`.
        public init(host: String, port: Int? = nil) {
            self.host = host
            self.port = port
        }

        /// Whether a send to `host` and `port`, connecting to `address`, goes to this destination.
        func matches(host targetHost: String, port targetPort: Int, address: String) -> Bool {
            if let port, port != targetPort { return false }
            if let own = IPAddressBytes.parse(host) {
                return IPAddressBytes.parse(address) == own
            }
            return Self.canonicalName(host) == Self.canonicalName(targetHost)
        }

        /// A host name in lower case, without its final dot.
        private static func canonicalName(_ name: String) -> String {
            let lowered = name.lowercased()
            return lowered.hasSuffix(".") ? String(lowered.dropLast()) : lowered
        }

        /// `HOST`, `HOST:PORT` or `[IPv6]:PORT`.
        public var description: String {
            let shown = host.contains(":") ? "[\(host)]" : host
            return port.map { "\(shown):\($0)" } ?? shown
        }
    }
}
