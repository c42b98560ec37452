// libFuzzer target: the Basic HTTP Event I/O Processor's reading of requests (SCXML Appendix
// C.2): the session a path names, the query's and the form body's decoding (or a JSON or text
// body), and the event they make. Each input is a request as text: a request line
// (`POST /scxml/ID?QUERY`), header lines, a blank line and the body (the HTTP framing itself is
// SwiftNIO's, not fuzzed here). What becomes an event must survive the processor's own
// encoding: the form body it would send for that event reads back as an event of the same
// name, and every field name and value form-encodes and decodes back to itself. A crash, a
// hang or a round trip that fails is a finding.
import Foundation
import StatechartsSCXML
@_spi(Fuzzing) import StatechartsHTTP

/// The request's parts: the request line's method and target, the headers, the body.
func request(_ bytes: [UInt8]) -> (method: String, uri: String, headers: [(name: String, value: String)], body: [UInt8]) {
    var lines: [[UInt8]] = []
    var start = 0
    var bodyStart = bytes.count
    var i = 0
    while i < bytes.count {
        if bytes[i] == UInt8(ascii: "\n") {
            var line = Array(bytes[start..<i])
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            start = i + 1
            if line.isEmpty, !lines.isEmpty { bodyStart = start; break }
            lines.append(line)
        }
        i += 1
    }
    if bodyStart == bytes.count, start < bytes.count { lines.append(Array(bytes[start...])) }
    let requestLine = lines.first.map { String(decoding: $0, as: UTF8.self) } ?? ""
    let words = requestLine.split(separator: " ", maxSplits: 1)
    let method = words.first.map(String.init) ?? "POST"
    let uri = words.count > 1 ? String(words[1]) : "/scxml/s"
    var headers: [(name: String, value: String)] = []
    for line in lines.dropFirst() {
        let text = String(decoding: line, as: UTF8.self)
        guard let colon = text.firstIndex(of: ":") else { continue }
        headers.append((String(text[..<colon]), text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
    }
    return (method, uri, headers, bodyStart < bytes.count ? Array(bytes[bodyStart...]) : [])
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let (method, uri, headers, body) = request(bytes)
    _ = BasicHTTPFuzzing.formDecode(String(decoding: bytes, as: UTF8.self))
    guard case .success(let (session, event)) = BasicHTTPFuzzing.event(method: method, uri: uri, version: "HTTP/1.1", headers: headers, body: body) else {
        return 0
    }
    // The session's location names it again.
    let path = BasicHTTPFuzzing.path(of: session)
    guard case .success(let (again, _)) = BasicHTTPFuzzing.event(method: "POST", uri: path, version: "HTTP/1.1", headers: [], body: []),
          again == session else {
        fatalError("the location of session '\(session)' (\(path)) does not name it")
    }
    // Field names and values encode and decode back.
    if case .object(let members)? = event.data {
        for member in members {
            var texts = [member.key]
            if case .string(let value) = member.value { texts.append(value) }
            for text in texts {
                guard BasicHTTPFuzzing.formDecode(BasicHTTPFuzzing.formEncode(text)) == text else {
                    fatalError("'\(text)' does not form-encode and decode back")
                }
            }
        }
    }
    // The body the processor would send for the event reads as an event of the same name.
    let form = BasicHTTPFuzzing.body(for: event)
    switch BasicHTTPFuzzing.event(method: "POST", uri: path, version: "HTTP/1.1",
                                  headers: [("Content-Type", "application/x-www-form-urlencoded")], body: Array(form.utf8)) {
    case .success(let (_, resent)):
        guard resent.name == event.name else {
            fatalError("the event '\(event.name)' sent as a form reads back as '\(resent.name)'\n--- form:\n\(form)")
        }
    case .failure(let refusal):
        fatalError("the form the processor sends for '\(event.name)' is refused: \(refusal.message)\n--- form:\n\(form)")
    }
    return 0
}
