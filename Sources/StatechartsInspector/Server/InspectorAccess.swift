import NIOHTTP1

/// Who may use the inspector: requests are addressed to it (`Host`, see ``InspectorHostCheck``),
/// carry the random token in their query (`?token=`), and WebSocket upgrades must come from the
/// inspector's own page (`Origin`).
struct InspectorAccess: Sendable {
    /// The token, 32 random bytes as hex.
    let token: String
    /// Origins besides the inspector's own that may open a WebSocket (`https://stately.ai`).
    let extraOrigins: [String]
    /// The `Host` headers the inspector answers.
    let hostCheck: InspectorHostCheck

    /// A fresh random token.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in
            let byte = UInt8.random(in: 0...255, using: &generator)
            return String(byte, radix: 16).count == 1 ? "0" + String(byte, radix: 16) : String(byte, radix: 16)
        }.joined()
    }

    /// Whether `uri`'s query carries the token (compared in constant time).
    func admits(uri: String) -> Bool {
        guard let given = Self.queryValue("token", in: uri) else { return false }
        return Self.constantTimeEqual(Array(given.utf8), Array(token.utf8))
    }

    /// Whether a WebSocket upgrade from a page at `Origin` may proceed: no Origin (a program, not
    /// a browser), the inspector's own address as the `Host` header names it, or an extra origin.
    func admitsOrigin(_ headers: HTTPHeaders) -> Bool {
        guard let origin = headers.first(name: "Origin") else { return true }
        if let host = headers.first(name: "Host"), origin == "http://" + host { return true }
        return extraOrigins.contains(origin)
    }

    /// Compares all of both arrays whatever they hold, so that the time taken tells nothing of
    /// where they differ.
    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for i in 0..<a.count { difference |= a[i] ^ b[i] }
        return difference == 0
    }

    /// The path of `uri`, without its query.
    static func path(of uri: String) -> Substring {
        uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    }

    /// The value of `name` in `uri`'s query (percent-decoded), if present.
    static func queryValue(_ name: String, in uri: String) -> String? {
        let parts = uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        for pair in parts[1].split(separator: "&") {
            let keyValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if keyValue.first.map(String.init) == name {
                return keyValue.count == 2 ? String(keyValue[1]).removingPercentEncodingLossless : ""
            }
        }
        return nil
    }
}

extension String {
    /// The string with `%XX` escapes decoded; malformed escapes are kept as they are.
    var removingPercentEncodingLossless: String {
        var bytes: [UInt8] = []
        var utf8 = Array(self.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
               let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
