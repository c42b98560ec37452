import Foundation
import StatechartsSCXML

/// The Basic HTTP Event I/O Processor's messages (SCXML Appendix C.2): an event as a form body,
/// and a received POST as an event.
///
/// A form body carries the event's name as `_scxmleventname=NAME` and its data as fields: each
/// member of an object (namelist and `<param>` values), a string as it is, anything else as JSON.
/// `<content>` that is not an object is sent as a part without `=`, form-encoded.
enum BasicHTTPMessage {
    /// The parameter that names the event.
    static let eventNameParameter = "_scxmleventname"
    /// The key under which content sent beside fields appears in `_event.data`.
    static let contentKey = "_content"

    /// The form body that carries `event`.
    static func body(for event: SCXMLEvent) -> String {
        var parts: [String] = []
        let hasName = !event.name.isEmpty
        if hasName { parts.append(eventNameParameter + "=" + FormEncoding.encode(event.name)) }
        switch event.data {
        case .object(let members)?:
            for member in members where !(hasName && member.key == eventNameParameter) {
                parts.append(FormEncoding.encode(member.key) + "=" + FormEncoding.encode(text(of: member.value)))
            }
        case .undefined?, nil:
            break
        case let value?:
            parts.append(FormEncoding.encode(text(of: value)))
        }
        return parts.joined(separator: "&")
    }

    /// A field's text: a string as it is, XML as its markup, anything else as JSON.
    private static func text(of value: SCXMLValue) -> String {
        if case .string(let string) = value { return string }
        if case .xml(let document) = value { return document.markup }
        return value.json ?? ""
    }

    /// A request as the server received it.
    struct Request {
        var method: String
        var uri: String
        var version: String
        var headers: [(name: String, value: String)]
        var body: [UInt8]

        /// The request as text (`_event.raw`): request line, headers, blank line, body.
        var raw: String {
            var text = "\(method) \(uri) \(version)\r\n"
            for header in headers { text += "\(header.name): \(header.value)\r\n" }
            return text + "\r\n" + String(decoding: body, as: UTF8.self)
        }

        func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }
    }

    /// Why a request cannot become an event (answered with 400 Bad Request).
    struct MalformedRequest: Error, Equatable {
        let message: String
    }

    /// The event a POST makes: named by its single `_scxmleventname` parameter (in the query or a
    /// form body), otherwise `HTTP.<METHOD>`; its data the other fields, or the content.
    static func event(from request: Request, origintype: String) throws(MalformedRequest) -> SCXMLEvent {
        var fields: [(String, String)] = []
        var content: SCXMLValue?
        do {
            if let query = request.uri.split(separator: "?", maxSplits: 1).dropFirst().first {
                for case .field(let key, let value) in try FormEncoding.parts(of: String(query)) { fields.append((key, value)) }
            }
            let mediaType = (request.header("Content-Type") ?? "application/x-www-form-urlencoded")
                .split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
            let bodyText = try utf8(request.body)
            switch mediaType {
            case _ where request.body.isEmpty:
                break
            case "application/x-www-form-urlencoded":
                var texts: [String] = []
                for part in try FormEncoding.parts(of: bodyText) {
                    switch part {
                    case .field(let key, let value): fields.append((key, value))
                    case .text(let text): texts.append(text)
                    }
                }
                if !texts.isEmpty { content = SCXMLValue.fromInlineText(texts.joined(separator: "&")) }
            case "application/json":
                do { content = try SCXMLValue(json: bodyText) } catch {
                    throw MalformedRequest(message: "the JSON body does not parse: \(error)")
                }
            default:
                content = .string(bodyText)
            }
        } catch let error as FormEncoding.DecodingError {
            throw MalformedRequest(message: error.message)
        } catch let error as MalformedRequest {
            throw error
        } catch {
            throw MalformedRequest(message: "\(error)")
        }
        let names = fields.filter { $0.0 == eventNameParameter }.map(\.1)
        guard names.count <= 1 else { throw MalformedRequest(message: "more than one \(eventNameParameter) parameter") }
        if let name = names.first, !isEventName(name) {
            throw MalformedRequest(message: "'\(name)' is not an event name (dot-separated tokens without spaces)")
        }
        let members = fields.filter { $0.0 != eventNameParameter }.map { SCXMLValue.Member($0.0, .string($0.1)) }
        let data: SCXMLValue?
        switch (members.isEmpty, content) {
        case (true, let content): data = content
        case (false, nil): data = .object(members)
        case (false, let content?): data = .object(members + [SCXMLValue.Member(contentKey, content)])
        }
        return SCXMLEvent(names.first ?? "HTTP." + request.method.uppercased(), type: .external,
                          origintype: origintype, data: data, raw: request.raw)
    }

    private static func utf8(_ bytes: [UInt8]) throws(MalformedRequest) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw MalformedRequest(message: "the body is not UTF-8") }
        return text
    }

    /// An SCXML event name: one or more tokens separated by dots, no spaces.
    static func isEventName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains { $0.isWhitespace } && !name.split(separator: ".", omittingEmptySubsequences: false).contains { $0.isEmpty }
    }
}
