import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StatechartsSCXML

// A tiny blocking HTTP and WebSocket client over plain sockets, for the server's tests. Every
// read has a deadline (the socket's SO_RCVTIMEO is short, and reads loop until the deadline),
// so a test can never hang on the server.

enum TestClientError: Error, CustomStringConvertible {
    case socket(String)
    case closed
    case timeout(String)
    case protocolViolation(String)

    var description: String {
        switch self {
        case .socket(let text): "socket: \(text)"
        case .closed: "the server closed the connection"
        case .timeout(let text): "timed out: \(text)"
        case .protocolViolation(let text): "protocol: \(text)"
        }
    }
}

/// A connected TCP socket to 127.0.0.1 with a read buffer.
final class TestSocket {
    let fd: Int32
    private(set) var buffer: [UInt8] = []
    private(set) var isClosedByPeer = false

    /// Connects to `127.0.0.1:port`; `receiveBuffer` (bytes) shrinks the kernel's receive buffer,
    /// set before connecting so that the window is small from the start.
    init(port: Int, receiveBuffer: Int? = nil) throws {
        #if canImport(Glibc)
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw TestClientError.socket("socket() failed: \(errno)") }
        var timeout = timeval(tv_sec: 0, tv_usec: 100_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var sendTimeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &sendTimeout, socklen_t(MemoryLayout<timeval>.size))
        if var size = receiveBuffer.map(Int32.init) {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr = in_addr(s_addr: inet_addr("127.0.0.1"))
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            close(fd)
            throw TestClientError.socket("connect() failed: \(code)")
        }
    }

    deinit { close(fd) }

    func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { raw in
                #if canImport(Glibc)
                send(fd, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL))
                #else
                send(fd, raw.baseAddress, raw.count, 0)
                #endif
            }
            guard sent > 0 else { throw TestClientError.socket("send() failed: \(errno)") }
            offset += sent
        }
    }

    func write(_ text: String) throws { try write(Array(text.utf8)) }

    /// Reads what is there into the buffer, waiting until `deadline`; false when the peer closed.
    @discardableResult
    func fill(until deadline: ContinuousClock.Instant) throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                buffer += chunk[..<count]
                return true
            }
            if count == 0 {
                isClosedByPeer = true
                return false
            }
            let code = errno
            if code == EAGAIN || code == EWOULDBLOCK || code == EINTR {
                if ContinuousClock.now >= deadline { throw TestClientError.timeout("no data from the server") }
                continue
            }
            if code == ECONNRESET {
                isClosedByPeer = true
                return false
            }
            throw TestClientError.socket("recv() failed: \(code)")
        }
    }

    /// Takes `count` bytes, reading until there are that many.
    func take(_ count: Int, deadline: ContinuousClock.Instant) throws -> [UInt8] {
        while buffer.count < count {
            guard try fill(until: deadline) else { throw TestClientError.closed }
        }
        let bytes = Array(buffer[..<count])
        buffer.removeFirst(count)
        return bytes
    }

    /// Takes the bytes up to and including `terminator`.
    func take(through terminator: [UInt8], deadline: ContinuousClock.Instant) throws -> [UInt8] {
        while true {
            if let range = Self.find(terminator, in: buffer) {
                let bytes = Array(buffer[..<range.upperBound])
                buffer.removeFirst(range.upperBound)
                return bytes
            }
            guard try fill(until: deadline) else { throw TestClientError.closed }
        }
    }

    /// Everything until the peer closes.
    func takeAll(deadline: ContinuousClock.Instant) throws -> [UInt8] {
        while try fill(until: deadline) {}
        defer { buffer = [] }
        return buffer
    }

    /// Whether the peer closes (or resets) the connection before `deadline`, discarding data.
    func waitForClose(deadline: ContinuousClock.Instant) -> Bool {
        while true {
            do {
                guard try fill(until: deadline) else { return true }
                buffer = []
            } catch TestClientError.timeout {
                return false
            } catch {
                return true
            }
        }
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Range<Int>? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start..<(start + needle.count)
        }
        return nil
    }
}

// MARK: - HTTP

struct TestHTTPResponse {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: String

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Parses a status line and headers.
    static func parseHead(_ bytes: [UInt8]) throws -> (status: Int, headers: [(name: String, value: String)]) {
        let text = String(decoding: bytes, as: UTF8.self)
        let lines = text.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        guard let statusLine = lines.first else { throw TestClientError.protocolViolation("no status line") }
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]) else {
            throw TestClientError.protocolViolation("bad status line '\(statusLine)'")
        }
        let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return (status, headers)
    }
}

/// Sends one request with `Connection: close` and reads the whole response.
/// `host` is the `Host` header's value, `127.0.0.1:PORT` unless given.
func testHTTPRequest(port: Int, method: String = "GET", path: String, host: String? = nil, headers: [(String, String)] = [],
                     timeout: Duration = .seconds(10)) throws -> TestHTTPResponse {
    let socket = try TestSocket(port: port)
    var request = "\(method) \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n"
    for (name, value) in headers { request += "\(name): \(value)\r\n" }
    request += "\r\n"
    try socket.write(request)
    let deadline = ContinuousClock.now + timeout
    let head = try socket.take(through: Array("\r\n\r\n".utf8), deadline: deadline)
    let (status, parsedHeaders) = try TestHTTPResponse.parseHead(head)
    var response = TestHTTPResponse(status: status, headers: parsedHeaders, body: "")
    if method == "HEAD" {
        // No body, whatever Content-Length says.
    } else if let length = response.header("Content-Length").flatMap(Int.init) {
        response.body = String(decoding: try socket.take(length, deadline: deadline), as: UTF8.self)
    } else if method != "HEAD" {
        response.body = String(decoding: try socket.takeAll(deadline: deadline), as: UTF8.self)
    }
    return response
}

// MARK: - WebSocket

/// A WebSocket frame as read.
struct TestFrame {
    var fin: Bool
    var opcode: UInt8
    var payload: [UInt8]

    var text: String { String(decoding: payload, as: UTF8.self) }
}

/// A blocking WebSocket client (RFC 6455): masked frames out, unmasked frames in.
final class WebSocketTestClient {
    static let guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    let socket: TestSocket
    /// Messages read and not yet taken by `next(_:)`, oldest first.
    private(set) var unread: [SCXMLValue] = []

    private init(socket: TestSocket) { self.socket = socket }

    /// The result of an upgrade request: the status, the response's headers, and the client when
    /// the server switched protocols.
    struct Upgrade {
        var status: Int
        var headers: [(name: String, value: String)]
        var client: WebSocketTestClient?
        var acceptIsValid: Bool
    }

    /// Sends the upgrade request for `path` (with its query) and reads the response.
    static func upgrade(port: Int, path: String, origin: String?, host: String? = nil, receiveBuffer: Int? = nil,
                        timeout: Duration = .seconds(10)) throws -> Upgrade {
        let socket = try TestSocket(port: port, receiveBuffer: receiveBuffer)
        var nonce: [UInt8] = []
        for _ in 0..<16 { nonce.append(UInt8.random(in: 0...255)) }
        let key = Data(nonce).base64EncodedString()
        var request = "GET \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        request += "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n"
        if let origin { request += "Origin: \(origin)\r\n" }
        request += "\r\n"
        try socket.write(request)
        let head = try socket.take(through: Array("\r\n\r\n".utf8), deadline: ContinuousClock.now + timeout)
        let (status, headers) = try TestHTTPResponse.parseHead(head)
        let accept = headers.first { $0.name.lowercased() == "sec-websocket-accept" }?.value
        let valid = accept == acceptValue(forKey: key)
        return Upgrade(status: status, headers: headers, client: status == 101 ? WebSocketTestClient(socket: socket) : nil,
                       acceptIsValid: valid)
    }

    /// Connects to the inspector's `/ws` with its token from its own page's origin.
    static func connect(port: Int, token: String, receiveBuffer: Int? = nil) throws -> WebSocketTestClient {
        let upgrade = try upgrade(port: port, path: "/ws?token=\(token)", origin: "http://127.0.0.1:\(port)",
                                  receiveBuffer: receiveBuffer)
        guard let client = upgrade.client else { throw TestClientError.protocolViolation("upgrade refused: \(upgrade.status)") }
        guard upgrade.acceptIsValid else { throw TestClientError.protocolViolation("wrong Sec-WebSocket-Accept") }
        return client
    }

    /// `Sec-WebSocket-Accept` for a key.
    static func acceptValue(forKey key: String) -> String {
        Data(SHA1.hash(Array((key + guid).utf8))).base64EncodedString()
    }

    // MARK: Writing

    /// Writes one frame, masked as a client must.
    func sendFrame(opcode: UInt8, payload: [UInt8], fin: Bool = true) throws {
        var frame: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            frame.append(0x80 | 126)
            frame += [UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            frame.append(0x80 | 127)
            for shift in stride(from: 56, through: 0, by: -8) { frame.append(UInt8((UInt64(payload.count) >> UInt64(shift)) & 0xFF)) }
        }
        let mask = (0..<4).map { _ in UInt8.random(in: 0...255) }
        frame += mask
        frame.reserveCapacity(frame.count + payload.count)
        for (index, byte) in payload.enumerated() { frame.append(byte ^ mask[index % 4]) }
        try socket.write(frame)
    }

    func sendText(_ text: String) throws { try sendFrame(opcode: 0x1, payload: Array(text.utf8)) }

    /// Sends a JSON message.
    func send(_ message: SCXMLValue) throws {
        guard let text = message.json else { throw TestClientError.protocolViolation("not JSON: \(message)") }
        try sendText(text)
    }

    /// Sends `{"type": type, ...members}`.
    func send(_ type: String, _ members: [(String, SCXMLValue)] = []) throws {
        try send(.object([SCXMLValue.Member("type", .string(type))] + members.map { SCXMLValue.Member($0.0, $0.1) }))
    }

    // MARK: Reading

    /// Reads one frame.
    func readFrame(timeout: Duration = .seconds(10)) throws -> TestFrame {
        let deadline = ContinuousClock.now + timeout
        let head = try socket.take(2, deadline: deadline)
        let fin = head[0] & 0x80 != 0
        let opcode = head[0] & 0x0F
        let masked = head[1] & 0x80 != 0
        var length = UInt64(head[1] & 0x7F)
        if length == 126 {
            let bytes = try socket.take(2, deadline: deadline)
            length = UInt64(bytes[0]) << 8 | UInt64(bytes[1])
        } else if length == 127 {
            let bytes = try socket.take(8, deadline: deadline)
            length = bytes.reduce(0) { $0 << 8 | UInt64($1) }
        }
        guard length < 64 << 20 else { throw TestClientError.protocolViolation("a frame of \(length) bytes") }
        let mask = masked ? try socket.take(4, deadline: deadline) : []
        var payload = try socket.take(Int(length), deadline: deadline)
        if masked { for index in payload.indices { payload[index] ^= mask[index % 4] } }
        return TestFrame(fin: fin, opcode: opcode, payload: payload)
    }

    /// Reads the next message (text frames, reassembled), answering pings; `nil` for a close frame.
    func readMessage(timeout: Duration = .seconds(10)) throws -> SCXMLValue? {
        let deadline = ContinuousClock.now + timeout
        var text: [UInt8] = []
        while true {
            let frame = try readFrame(timeout: max(.zero, deadline - ContinuousClock.now))
            switch frame.opcode {
            case 0x1, 0x0:
                text += frame.payload
                guard frame.fin else { continue }
                let message = try SCXMLValue(json: String(decoding: text, as: UTF8.self))
                return message
            case 0x8:
                return nil
            case 0x9:
                try sendFrame(opcode: 0xA, payload: frame.payload)
            default:
                continue
            }
        }
    }

    /// The next message of type `type` (earlier ones of other types are kept in `unread`).
    func next(_ type: String, timeout: Duration = .seconds(10)) throws -> SCXMLValue {
        try next(timeout: timeout) { $0["type"] == .string(type) }
    }

    /// The next message meeting `condition` (others are kept in `unread`, in order).
    func next(timeout: Duration = .seconds(10), where condition: (SCXMLValue) -> Bool) throws -> SCXMLValue {
        if let index = unread.firstIndex(where: condition) { return unread.remove(at: index) }
        let deadline = ContinuousClock.now + timeout
        while true {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { throw TestClientError.timeout("no matching message; unread: \(unread.map { $0["type"]?.description ?? "?" })") }
            guard let message = try readMessage(timeout: remaining) else { throw TestClientError.closed }
            if condition(message) { return message }
            unread.append(message)
        }
    }

    /// Forgets the messages not taken yet.
    func discardUnread() { unread = [] }

    func close() {
        try? sendFrame(opcode: 0x8, payload: [0x03, 0xE8])
    }
}

// MARK: - SHA-1 (for Sec-WebSocket-Accept)

enum SHA1 {
    static func hash(_ message: [UInt8]) -> [UInt8] {
        var h: (UInt32, UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0)
        var bytes = message
        let bitLength = UInt64(message.count) * 8
        bytes.append(0x80)
        while bytes.count % 64 != 56 { bytes.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8((bitLength >> UInt64(shift)) & 0xFF)) }
        func rotl(_ x: UInt32, _ n: UInt32) -> UInt32 { (x << n) | (x >> (32 - n)) }
        var w = [UInt32](repeating: 0, count: 80)
        for chunk in stride(from: 0, to: bytes.count, by: 64) {
            for i in 0..<16 {
                let j = chunk + 4 * i
                w[i] = UInt32(bytes[j]) << 24 | UInt32(bytes[j + 1]) << 16 | UInt32(bytes[j + 2]) << 8 | UInt32(bytes[j + 3])
            }
            for i in 16..<80 { w[i] = rotl(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1) }
            var (a, b, c, d, e) = h
            for i in 0..<80 {
                let f: UInt32, k: UInt32
                switch i {
                case 0..<20: f = (b & c) | (~b & d); k = 0x5A82_7999
                case 20..<40: f = b ^ c ^ d; k = 0x6ED9_EBA1
                case 40..<60: f = (b & c) | (b & d) | (c & d); k = 0x8F1B_BCDC
                default: f = b ^ c ^ d; k = 0xCA62_C1D6
                }
                let temp = rotl(a, 5) &+ f &+ e &+ k &+ w[i]
                e = d; d = c; c = rotl(b, 30); b = a; a = temp
            }
            h = (h.0 &+ a, h.1 &+ b, h.2 &+ c, h.3 &+ d, h.4 &+ e)
        }
        var digest: [UInt8] = []
        for word: UInt32 in [h.0, h.1, h.2, h.3, h.4] {
            for shift: UInt32 in [24, 16, 8, 0] { digest.append(UInt8(truncatingIfNeeded: word >> shift)) }
        }
        return digest
    }
}

/// The resident set size of this process, in bytes (Linux: /proc/self/statm).
func residentMemory() -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
    let fields = text.split(separator: " ")
    guard fields.count >= 2, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}
