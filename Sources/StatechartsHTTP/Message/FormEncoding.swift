/// `application/x-www-form-urlencoded`, as HTML forms and the Basic HTTP Event I/O Processor use
/// it: `key=value` pairs joined by `&`, bytes outside the unreserved set as `%XX` of their UTF-8.
/// Encoding writes a space as `%20` (which also fits a URL path); decoding reads `+` as a space too.
enum FormEncoding {
    /// Why a form body cannot be decoded.
    struct DecodingError: Error, Equatable {
        let message: String
    }

    /// `text` encoded.
    static func encode(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "*"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + hexDigit(byte >> 4) + hexDigit(byte & 0x0F)
            }
        }
        return out
    }

    /// `text` decoded: `+` is a space, `%XX` a byte; the bytes must be UTF-8.
    static func decode(_ text: Substring) throws(DecodingError) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"):
                bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    throw DecodingError(message: "a '%' not followed by two hexadecimal digits in '\(text.prefix(64))'")
                }
                bytes.append(high << 4 | low)
            default:
                bytes.append(byte)
            }
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else {
            throw DecodingError(message: "the decoded text is not UTF-8")
        }
        return decoded
    }

    /// One part of a form body: a `key=value` field, or text without `=` (content sent as is).
    enum Part: Equatable {
        case field(String, String)
        case text(String)
    }

    /// The parts of a form body, in order; empty parts (`a=1&&b=2`) are skipped.
    static func parts(of body: String) throws(DecodingError) -> [Part] {
        var parts: [Part] = []
        for segment in body.split(separator: "&", omittingEmptySubsequences: true) {
            if let equals = segment.firstIndex(of: "=") {
                parts.append(.field(try decode(segment[..<equals]), try decode(segment[segment.index(after: equals)...])))
            } else {
                parts.append(.text(try decode(segment)))
            }
        }
        return parts
    }

    private static func hexDigit(_ nibble: UInt8) -> String {
        String(UnicodeScalar(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10))
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
