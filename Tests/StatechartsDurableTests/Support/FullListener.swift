#if canImport(Glibc)
import Glibc
private let streamSocket = Int32(SOCK_STREAM.rawValue)
private func closeSocket(_ fd: Int32) { _ = Glibc.close(fd) }
#elseif canImport(Darwin)
import Darwin
private let streamSocket = SOCK_STREAM
private func closeSocket(_ fd: Int32) { _ = Darwin.close(fd) }
#endif

/// A TCP port on 127.0.0.1 where a connection can be started but never completes: a listening
/// socket whose accept queue (backlog 0) is already held by one connection that is never
/// accepted, so the kernel drops the next connections' SYNs and their `connect` waits until the
/// client's own timeout. For tests of connect timeouts; closed with ``close()``.
struct FullListener {
    let port: Int
    private let listener: Int32
    private let filler: Int32

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init() throws {
        let listener = socket(AF_INET, streamSocket, 0)
        guard listener >= 0 else { throw Failure(description: "socket() failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) }
        }
        guard bound == 0, listen(listener, 0) == 0 else {
            closeSocket(listener)
            throw Failure(description: "bind() or listen() failed")
        }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        // The one connection the queue holds.
        let filler = named == 0 ? socket(AF_INET, streamSocket, 0) : -1
        let connected = filler < 0 ? -1 : withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(filler, $0, length) }
        }
        guard connected == 0 else {
            if filler >= 0 { closeSocket(filler) }
            closeSocket(listener)
            throw Failure(description: "could not fill the listener's queue")
        }
        self.listener = listener
        self.filler = filler
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    func close() {
        closeSocket(filler)
        closeSocket(listener)
    }
}
