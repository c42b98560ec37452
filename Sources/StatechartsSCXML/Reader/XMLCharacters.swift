/// Character classes of XML 1.0 (fifth edition) and UTF-8 decoding over a byte array, with every
/// access bounds-checked.
enum XMLCharacters {
    /// `S` (§2.3): space, tab, line feed, carriage return.
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// `Char` (§2.2): the characters a document may contain.
    static func isChar(_ value: UInt32) -> Bool {
        switch value {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }

    /// `NameStartChar` (§2.3).
    static func isNameStart(_ value: UInt32) -> Bool {
        switch value {
        case 0x3A, 0x41...0x5A, 0x5F, 0x61...0x7A, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D,
             0x37F...0x1FFF, 0x200C...0x200D, 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF,
             0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x10000...0xEFFFF:
            return true
        default:
            return false
        }
    }

    /// `NameChar` (§2.3) for an ASCII byte (`byte < 0x80`): one bit of a 128-bit mask, set for
    /// `-`, `.`, the digits, `:`, the letters and `_` (the names of a document are read byte by
    /// byte through this).
    @inline(__always)
    static func isASCIINameChar(_ byte: UInt8) -> Bool {
        let low: UInt64 = 0x07FF_6000_0000_0000  // `-` `.` `0`…`9` `:` (bytes 0x2D…0x3A)
        let high: UInt64 = 0x07FF_FFFE_87FF_FFFE // `A`…`Z` `_` `a`…`z` (bytes 0x41…0x7A)
        return byte < 64 ? (low >> UInt64(byte)) & 1 != 0 : (high >> UInt64(byte & 63)) & 1 != 0
    }

    /// `NameChar` (§2.3).
    static func isNameChar(_ value: UInt32) -> Bool {
        switch value {
        case 0x2D, 0x2E, 0x30...0x39, 0xB7, 0x300...0x36F, 0x203F...0x2040: return true
        default: return isNameStart(value)
        }
    }

    /// The scalar value encoded at `index` and its length in bytes, or `nil` at the end or on a
    /// malformed sequence (the decoder has validated the document, so only replacement texts
    /// built from character references reach here, and they are well-formed too).
    static func scalar(in bytes: [UInt8], at index: Int) -> (value: UInt32, length: Int)? {
        guard index >= 0, index < bytes.count else { return nil }
        let lead = bytes[index]
        if lead < 0x80 { return (UInt32(lead), 1) }
        let length: Int
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: length = 2; value = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; value = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; value = UInt32(lead & 0x07)
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        for k in 1..<length {
            let byte = bytes[index + k]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        return (value, length)
    }

    /// The end of the `Name` (§2.3) that starts at `index`, or `nil` when none does.
    static func nameEnd(in bytes: [UInt8], from index: Int) -> Int? {
        guard let first = scalar(in: bytes, at: index), isNameStart(first.value) else { return nil }
        var end = index + first.length
        while end < bytes.count {
            // ASCII name characters byte by byte (most names are ASCII); the rest decoded.
            let byte = bytes[end]
            if byte < 0x80 {
                guard isASCIINameChar(byte) else { break }
                end += 1
            } else {
                guard let next = scalar(in: bytes, at: end), isNameChar(next.value) else { break }
                end += next.length
            }
        }
        return end
    }

    /// Appends the UTF-8 encoding of `value` (a valid scalar value).
    static func appendUTF8(_ value: UInt32, to buffer: inout [UInt8]) {
        switch value {
        case 0..<0x80:
            buffer.append(UInt8(value))
        case 0x80..<0x800:
            buffer.append(UInt8(0xC0 | value >> 6))
            buffer.append(UInt8(0x80 | value & 0x3F))
        case 0x800..<0x10000:
            buffer.append(UInt8(0xE0 | value >> 12))
            buffer.append(UInt8(0x80 | value >> 6 & 0x3F))
            buffer.append(UInt8(0x80 | value & 0x3F))
        default:
            buffer.append(UInt8(0xF0 | value >> 18 & 0x07))
            buffer.append(UInt8(0x80 | value >> 12 & 0x3F))
            buffer.append(UInt8(0x80 | value >> 6 & 0x3F))
            buffer.append(UInt8(0x80 | value & 0x3F))
        }
    }

    /// How `value` is named in messages: `'a'`, or `U+0001` for one that does not print.
    static func describe(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        if value > 0x20, value != 0x7F, isChar(value), let scalar = Unicode.Scalar(value) {
            return "'\(Character(scalar))' (\(code))"
        }
        return code
    }
}
