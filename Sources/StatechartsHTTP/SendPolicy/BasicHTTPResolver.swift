#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A host name resolved to its IP addresses with `getaddrinfo` (blocking: run it off the event
/// loops).
enum BasicHTTPResolver {
    /// The IP addresses of `host` (as text, in the resolver's order, without repeats), or why
    /// there are none.
    static func addresses(of host: String) -> Result<[String], BasicHTTPClientError> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var first: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, nil, &hints, &first)
        guard status == 0 else {
            return .failure(BasicHTTPClientError("cannot resolve \(host): \(String(cString: gai_strerror(status)))"))
        }
        defer { freeaddrinfo(first) }
        var found: [String] = []
        var next = first
        while let entry = next?.pointee {
            if let text = numericHost(of: entry), !found.contains(text) { found.append(text) }
            next = entry.ai_next
        }
        return found.isEmpty ? .failure(BasicHTTPClientError("\(host) resolves to no address")) : .success(found)
    }

    /// The address of one `getaddrinfo` entry as text (`127.0.0.1`, `::1`).
    private static func numericHost(of entry: addrinfo) -> String? {
        guard let address = entry.ai_addr else { return nil }
        var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        let status = getnameinfo(address, entry.ai_addrlen, &text, socklen_t(text.count), nil, 0, NI_NUMERICHOST)
        guard status == 0 else { return nil }
        let name = String(decoding: text.prefix { $0 != 0 }.map { UInt8(truncatingIfNeeded: $0) }, as: UTF8.self)
        return name.isEmpty ? nil : name
    }
}
