import StatechartsSCXML

/// For the fuzz targets (`Fuzz/`) only, not an API: the Basic HTTP Event I/O Processor's
/// decoding of what a client sends, without a server.
@_spi(Fuzzing) public enum BasicHTTPFuzzing {
    /// The event the server makes of a request with these parts (the request line's method,
    /// target and version, the headers, the body), or the text of the 400 answer that refuses it.
    /// A request the server answers otherwise is refused too, with its reason: a method other
    /// than POST (405), a path that names no session (404).
    public static func event(
        method: String, uri: String, version: String, headers: [(name: String, value: String)], body: [UInt8]
    ) -> Result<(session: String, event: SCXMLEvent), BasicHTTPRefusal> {
        guard method == "POST" else { return .failure(BasicHTTPRefusal(message: "only POST delivers events")) }
        guard let session = BasicHTTPLocation.session(inPath: uri) else { return .failure(BasicHTTPRefusal(message: "no session at \(uri)")) }
        let request = BasicHTTPMessage.Request(method: method, uri: uri, version: version, headers: headers, body: body)
        do {
            return .success((session, try BasicHTTPMessage.event(from: request, origintype: BasicHTTPEventProcessor.typeURI)))
        } catch {
            return .failure(BasicHTTPRefusal(message: error.message))
        }
    }

    /// The form body the processor sends for `event`.
    public static func body(for event: SCXMLEvent) -> String { BasicHTTPMessage.body(for: event) }

    /// The path of a session's location (`/scxml/<id>`, the id percent-encoded).
    public static func path(of session: String) -> String { BasicHTTPLocation.path(of: session) }

    /// `text` form-encoded, as the processor writes field names and values.
    public static func formEncode(_ text: String) -> String { FormEncoding.encode(text) }

    /// `text` form-decoded (`+` a space, `%XX` a byte), or `nil` when it is malformed.
    public static func formDecode(_ text: String) -> String? { try? FormEncoding.decode(Substring(text)) }
}

/// For the fuzz targets only: why a request does not become an event.
@_spi(Fuzzing) public struct BasicHTTPRefusal: Error, Sendable {
    /// The answer's text.
    public let message: String
}
