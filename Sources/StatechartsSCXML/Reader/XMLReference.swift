/// A character reference (`&#60;`, `&#x3C;`) or an entity reference (`&lt;`, `&name;`), XML 1.0
/// §4.1.
enum XMLReference: Equatable {
    case character(UInt32)
    case entity(String)

    /// The five entities every document has (§4.6), and the byte each stands for.
    static let predefined: [String: UInt8] = [
        "lt": UInt8(ascii: "<"), "gt": UInt8(ascii: ">"), "amp": UInt8(ascii: "&"),
        "apos": UInt8(ascii: "'"), "quot": UInt8(ascii: "\""),
    ]

    /// Reads the reference whose `&` is at `index`; returns it and the offset after its `;`.
    static func read(_ bytes: [UInt8], at index: Int) throws(XMLSyntaxError) -> (reference: XMLReference, end: Int) {
        var scanner = XMLScanner(bytes, at: index + 1)
        if scanner.skip("#") {
            let hexadecimal = scanner.skip("x")
            let radix: UInt32 = hexadecimal ? 16 : 10
            var value: UInt32 = 0
            var digits = 0
            while let byte = scanner.current, let digit = digitValue(byte, radix: radix) {
                // Past U+10FFFF the value is invalid however many digits follow; stop growing it.
                value = min(value * radix + digit, 0x110000)
                digits += 1
                scanner.index += 1
            }
            guard digits > 0, scanner.skip(";") else {
                throw XMLSyntaxError("malformed character reference (expected &#NNN; or &#xHHH;)", at: index)
            }
            guard XMLCharacters.isChar(value) else {
                let written = scanner.text(index..<scanner.index)
                throw XMLSyntaxError("the character reference \(written) is not a character XML allows", at: index)
            }
            return (.character(value), scanner.index)
        }
        guard let name = scanner.name(), scanner.skip(";") else {
            throw XMLSyntaxError("malformed entity reference (use &amp; for a literal '&')", at: index)
        }
        return (.entity(name), scanner.index)
    }

    private static func digitValue(_ byte: UInt8, radix: UInt32) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}
