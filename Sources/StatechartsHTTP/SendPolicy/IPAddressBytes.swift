#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// IP addresses as text, read into their bytes (so `::1` and `0:0:0:0:0:0:0:1` are one address).
enum IPAddressBytes {
    /// The 4 bytes of an IPv4 address or the 16 of an IPv6 address, or `nil` when `text` is
    /// neither (a host name).
    static func parse(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            return withUnsafeBytes(of: &v4) { Array($0) }
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 {
            return withUnsafeBytes(of: &v6) { Array($0) }
        }
        return nil
    }

    /// Whether `text` is a loopback address: `127.0.0.0/8`, `::1`, or an IPv4-mapped
    /// `::ffff:127.x.y.z`.
    static func isLoopback(_ text: String) -> Bool {
        guard let bytes = parse(text) else { return false }
        if bytes.count == 4 { return bytes[0] == 127 }
        let isV6Loopback = bytes.prefix(15).allSatisfy { $0 == 0 } && bytes[15] == 1
        let isMappedV4Loopback = bytes.prefix(10).allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF && bytes[12] == 127
        return isV6Loopback || isMappedV4Loopback
    }
}
