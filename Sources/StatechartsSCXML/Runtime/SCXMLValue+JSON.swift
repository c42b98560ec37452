/// JSON text for ``SCXMLValue``: how values travel to and from a data model's engine.
extension SCXMLValue {
    /// A JSON syntax error.
    public struct JSONError: Error, Sendable, CustomStringConvertible {
        /// What is wrong.
        public var message: String
        /// The offset (in UTF-8 bytes) where it was found.
        public var offset: Int
        /// `message at offset N`.
        public var description: String { "\(message) at offset \(offset)" }
    }

    /// Parses JSON text.
    public init(json text: String) throws(JSONError) {
        var parser = JSONParser(bytes: Array(text.utf8))
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw JSONError(message: "extra text after the value", offset: parser.index) }
        self = value
    }

    /// The value as compact JSON; `nil` for `undefined`. Members whose value is `undefined`
    /// are left out, as in ECMAScript's `JSON.stringify`; `undefined` array items become `null`.
    public var json: String? {
        if case .undefined = self { return nil }
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .undefined, .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += Self.format(n)
        case .string(let s): Self.writeString(s, to: &out)
        case .xml(let document): Self.writeString(document.markup, to: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            var first = true
            for member in members {
                if case .undefined = member.value { continue }
                if !first { out += "," }
                first = false
                Self.writeString(member.key, to: &out)
                out += ":"
                member.value.write(to: &out)
            }
            out += "}"
        }
    }

    /// Numbers as ECMAScript prints them where it matters: integers without a fraction.
    static func format(_ n: Double) -> String {
        guard n.isFinite else { return "null" }
        if n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
        return "\(n)"
    }

    static func writeString(_ s: String, to out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 || scalar == "\u{2028}" || scalar == "\u{2029}" {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
