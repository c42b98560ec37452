/// A small, strict JSON parser (RFC 8259) over UTF-8 bytes.
struct JSONParser {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    func fail(_ message: String) -> SCXMLValue.JSONError { SCXMLValue.JSONError(message: message, offset: index) }

    mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    mutating func value(depth: Int) throws(SCXMLValue.JSONError) -> SCXMLValue {
        guard depth < 200 else { throw fail("nesting too deep") }
        guard index < bytes.count else { throw fail("a value is expected") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: return .number(try number())
        }
    }

    mutating func literal(_ word: String) throws(SCXMLValue.JSONError) {
        let w = Array(word.utf8)
        guard index + w.count <= bytes.count, Array(bytes[index..<index + w.count]) == w else { throw fail("invalid literal") }
        index += w.count
    }

    mutating func object(depth: Int) throws(SCXMLValue.JSONError) -> SCXMLValue {
        index += 1
        var members: [SCXMLValue.Member] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("a key is expected") }
            let key = try string()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("':' is expected") }
            index += 1
            skipWhitespace()
            members.append(SCXMLValue.Member(key, try value(depth: depth + 1)))
            skipWhitespace()
            guard index < bytes.count else { throw fail("'}' is expected") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            throw fail("',' or '}' is expected")
        }
    }

    mutating func array(depth: Int) throws(SCXMLValue.JSONError) -> SCXMLValue {
        index += 1
        var items: [SCXMLValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            skipWhitespace()
            items.append(try value(depth: depth + 1))
            skipWhitespace()
            guard index < bytes.count else { throw fail("']' is expected") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            throw fail("',' or ']' is expected")
        }
    }

    mutating func number() throws(SCXMLValue.JSONError) -> Double {
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let digitsStart = index
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
        guard index > digitsStart else { throw fail("a value is expected") }
        if index - digitsStart > 1, bytes[digitsStart] == 0x30 { throw fail("leading zeros are not allowed") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fraction = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            guard index > fraction else { throw fail("digits are expected after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            let exponent = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            guard index > exponent else { throw fail("digits are expected in the exponent") }
        }
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else { throw fail("invalid number") }
        return value
    }

    mutating func string() throws(SCXMLValue.JSONError) -> String {
        index += 1
        var units: [UInt16] = []
        var raw: [UInt8] = []
        func flushRaw() {
            if !raw.isEmpty { units += String(decoding: raw, as: UTF8.self).utf16; raw.removeAll() }
        }
        while index < bytes.count {
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                index += 1
                flushRaw()
                return String(decoding: units, as: UTF16.self)
            }
            if b < 0x20 { throw fail("a control character in a string") }
            if b != UInt8(ascii: "\\") { raw.append(b); index += 1; continue }
            flushRaw()
            index += 1
            guard index < bytes.count else { break }
            let e = bytes[index]
            index += 1
            switch e {
            case UInt8(ascii: "\""): units.append(0x22)
            case UInt8(ascii: "\\"): units.append(0x5C)
            case UInt8(ascii: "/"): units.append(0x2F)
            case UInt8(ascii: "b"): units.append(0x08)
            case UInt8(ascii: "f"): units.append(0x0C)
            case UInt8(ascii: "n"): units.append(0x0A)
            case UInt8(ascii: "r"): units.append(0x0D)
            case UInt8(ascii: "t"): units.append(0x09)
            case UInt8(ascii: "u"):
                guard index + 4 <= bytes.count, let unit = UInt16(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
                    throw fail("invalid \\u escape")
                }
                units.append(unit)
                index += 4
            default: throw fail("invalid escape")
            }
        }
        throw fail("a string is not closed")
    }
}
