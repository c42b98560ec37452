/// A data value that crosses the data model's boundary: event data (`_event.data`), `<param>`
/// and `<content>` values, inline `<data>` content. It is JSON's model plus `undefined`, and
/// XML content (``xml(_:)``), which the `ecmascript` data model turns into a DOM.
public enum SCXMLValue: Sendable, Hashable, CustomStringConvertible {
    /// No value (ECMAScript `undefined`).
    case undefined
    /// `null`.
    case null
    /// A boolean.
    case bool(Bool)
    /// A number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([SCXMLValue])
    /// An object: its members in order.
    case object([Member])
    /// XML content: the children of `<data>`, `<content>` or `<assign>` when they include
    /// elements, or an XML file loaded by `<data src>`. As JSON, and inside arrays and objects
    /// passed to a data model, it is the string of its markup.
    case xml(SCXMLXMLDocument)

    /// One member of an object.
    public struct Member: Sendable, Hashable {
        /// The key.
        public var key: String
        /// The value.
        public var value: SCXMLValue

        /// Creates a member.
        public init(_ key: String, _ value: SCXMLValue) {
            self.key = key
            self.value = value
        }
    }

    /// The member `key` of an object (the last one when a key repeats), `nil` otherwise.
    public subscript(key: String) -> SCXMLValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// The value for a log line: strings as they are, everything else as JSON.
    public var description: String {
        switch self {
        case .undefined: return "undefined"
        case .string(let string): return string
        case .xml(let document): return document.markup
        default: return json ?? "undefined"
        }
    }

    /// The value of inline content (`<data>`, `<content>`, `<assign>` children, or a loaded
    /// `src` file): JSON when the text is JSON, otherwise the text with its whitespace
    /// normalized (runs of whitespace become one space, trimmed at both ends).
    public static func fromInlineText(_ text: String) -> SCXMLValue {
        if let value = try? SCXMLValue(json: text) { return value }
        return .string(normalizeWhitespace(text))
    }

    /// Collapses runs of whitespace to one space and trims both ends.
    public static func normalizeWhitespace(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).joined(separator: " ")
    }
}
