/// Duktape keeps strings in CESU-8: UTF-8 in which a character outside the Basic Multilingual
/// Plane is written as its two UTF-16 surrogates, three bytes each. These convert at the boundary.
enum CESU8 {
    /// The CESU-8 bytes of `string`.
    static func encode(_ string: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(string.utf8.count)
        if string.utf8.allSatisfy({ $0 < 0x80 }) {
            bytes.append(contentsOf: string.utf8)
            return bytes
        }
        for unit in string.utf16 {
            switch unit {
            case 0..<0x80:
                bytes.append(UInt8(unit))
            case 0x80..<0x800:
                bytes.append(UInt8(0xC0 | (unit >> 6)))
                bytes.append(UInt8(0x80 | (unit & 0x3F)))
            default:
                bytes.append(UInt8(0xE0 | (unit >> 12)))
                bytes.append(UInt8(0x80 | ((unit >> 6) & 0x3F)))
                bytes.append(UInt8(0x80 | (unit & 0x3F)))
            }
        }
        return bytes
    }

    /// The string CESU-8 (or plain UTF-8) `bytes` encode; malformed bytes become U+FFFD.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count)
        var i = 0
        func continuation(_ k: Int) -> UInt32? {
            guard i + k < bytes.count, bytes[i + k] & 0xC0 == 0x80 else { return nil }
            return UInt32(bytes[i + k] & 0x3F)
        }
        while i < bytes.count {
            let b = bytes[i]
            if b < 0x80 {
                units.append(UInt16(b))
                i += 1
            } else if b & 0xE0 == 0xC0, let c1 = continuation(1) {
                units.append(UInt16((UInt32(b & 0x1F) << 6) | c1))
                i += 2
            } else if b & 0xF0 == 0xE0, let c1 = continuation(1), let c2 = continuation(2) {
                units.append(UInt16((UInt32(b & 0x0F) << 12) | (c1 << 6) | c2))
                i += 3
            } else if b & 0xF8 == 0xF0, let c1 = continuation(1), let c2 = continuation(2), let c3 = continuation(3) {
                let scalar = (UInt32(b & 0x07) << 18) | (c1 << 12) | (c2 << 6) | c3
                if let s = Unicode.Scalar(scalar) { units += Array(String(Character(s)).utf16) } else { units.append(0xFFFD) }
                i += 4
            } else {
                units.append(0xFFFD)
                i += 1
            }
        }
        return String(decoding: units, as: UTF16.self)
    }
}
