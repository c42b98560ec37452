/// Turns a document's bytes into validated UTF-8 (XML 1.0 §4.3.3, Appendix F): UTF-8 with or
/// without a byte order mark, UTF-16 with a byte order mark, and documents declared ISO-8859-1
/// or US-ASCII. Anything else is refused, never guessed at.
enum XMLByteDecoding {
    /// The decoded document.
    struct Decoded {
        /// The text as UTF-8, every character a legal XML `Char`.
        var bytes: [UInt8]
        /// Where the content after the XML declaration starts (0 without one).
        var contentStart: Int
    }

    /// A decoding error: its message, and the bytes its offset counts in (the input as given, or
    /// its UTF-8 transcoding).
    struct Failure: Error {
        var error: XMLSyntaxError
        var bytes: [UInt8]

        /// The error's line and column.
        var position: SCXMLSourcePosition { XMLLineTracker.position(of: error.offset, in: bytes) }
    }

    static func decode(_ input: [UInt8]) throws(Failure) -> Decoded {
        var bytes = input
        var isUTF16 = false
        if input.starts(with: [0xEF, 0xBB, 0xBF]) {
            bytes = Array(input.dropFirst(3))
        } else if let littleEndian = utf16ByteOrder(input) {
            isUTF16 = true
            bytes = try transcodeUTF16(input, littleEndian: littleEndian)
        } else if let family = unsupportedFamily(input) {
            throw Failure(error: XMLSyntaxError("unsupported encoding (\(family), judging by the first bytes): save the document as UTF-8",
                                                at: 0), bytes: [])
        }
        let declaration: XMLDeclaration?
        do { declaration = try XMLDeclaration.read(bytes) } catch { throw Failure(error: error, bytes: bytes) }
        let contentStart = declaration?.end ?? 0
        guard let declaration, let name = declaration.encoding else {
            try validate(bytes)
            return Decoded(bytes: bytes, contentStart: contentStart)
        }
        let encoding = name.uppercased()
        let at = declaration.encodingOffset
        if isUTF16 {
            guard encoding.hasPrefix("UTF-16") else {
                throw Failure(error: XMLSyntaxError("the document starts with a UTF-16 byte order mark but declares encoding '\(name)'",
                                                    at: at), bytes: bytes)
            }
        } else if ["UTF-8", "UTF8"].contains(encoding) {
            // The format itself.
        } else if ["ISO-8859-1", "ISO_8859-1", "LATIN1", "LATIN-1", "L1"].contains(encoding) {
            if input.starts(with: [0xEF, 0xBB, 0xBF]) {
                throw Failure(error: XMLSyntaxError("the document starts with a UTF-8 byte order mark but declares encoding '\(name)'",
                                                    at: at), bytes: bytes)
            }
            bytes = transcodeLatin1(bytes)
        } else if ["US-ASCII", "ASCII"].contains(encoding) {
            if let offset = bytes.firstIndex(where: { $0 >= 0x80 }) {
                throw Failure(error: XMLSyntaxError("the byte 0x\(hex(bytes[offset])) is not US-ASCII, the declared encoding: save the document as UTF-8",
                                                    at: offset), bytes: bytes)
            }
        } else if encoding.hasPrefix("UTF-16") {
            throw Failure(error: XMLSyntaxError("the document declares encoding '\(name)' but has no UTF-16 byte order mark: save it as UTF-8",
                                                at: at), bytes: bytes)
        } else {
            throw Failure(error: XMLSyntaxError("unsupported encoding '\(name)': save the document as UTF-8", at: at), bytes: bytes)
        }
        try validate(bytes)
        return Decoded(bytes: bytes, contentStart: contentStart)
    }

    /// `true` for little-endian, `false` for big-endian, `nil` without a UTF-16 byte order mark.
    /// `FF FE 00 00` is UTF-32's little-endian mark, not UTF-16's.
    private static func utf16ByteOrder(_ bytes: [UInt8]) -> Bool? {
        if bytes.starts(with: [0xFE, 0xFF]) { return false }
        if bytes.starts(with: [0xFF, 0xFE]), !bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return true }
        return nil
    }

    /// The encoding family that the first bytes of a document announce when it is not one this
    /// reader decodes (Appendix F.1), or `nil` when they look ASCII-compatible.
    private static func unsupportedFamily(_ bytes: [UInt8]) -> String? {
        let first = Array(bytes.prefix(4))
        switch first {
        case [0x00, 0x00, 0xFE, 0xFF], [0xFF, 0xFE, 0x00, 0x00], [0x00, 0x00, 0x00, 0x3C], [0x3C, 0x00, 0x00, 0x00],
             [0x00, 0x00, 0x3C, 0x00], [0x00, 0x3C, 0x00, 0x00]:
            return "UTF-32 or UCS-4"
        case [0x00, 0x3C, 0x00, 0x3F], [0x3C, 0x00, 0x3F, 0x00]:
            return "UTF-16 without a byte order mark"
        case [0x4C, 0x6F, 0xA7, 0x94]:
            return "EBCDIC"
        default:
            return nil
        }
    }

    /// Decodes UTF-16 after its byte order mark into UTF-8.
    private static func transcodeUTF16(_ input: [UInt8], littleEndian: Bool) throws(Failure) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        var index = 2
        func unit(at offset: Int) -> UInt32? {
            guard offset + 1 < input.count else { return nil }
            let (a, b) = (UInt32(input[offset]), UInt32(input[offset + 1]))
            return littleEndian ? b << 8 | a : a << 8 | b
        }
        while index < input.count {
            guard let first = unit(at: index) else {
                throw Failure(error: XMLSyntaxError("the document ends in the middle of a UTF-16 character", at: output.count),
                              bytes: output)
            }
            index += 2
            var value = first
            if (0xD800...0xDBFF).contains(first) {
                guard let second = unit(at: index), (0xDC00...0xDFFF).contains(second) else {
                    throw Failure(error: XMLSyntaxError("invalid UTF-16: an unpaired surrogate", at: output.count), bytes: output)
                }
                index += 2
                value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(first) {
                throw Failure(error: XMLSyntaxError("invalid UTF-16: an unpaired surrogate", at: output.count), bytes: output)
            }
            XMLCharacters.appendUTF8(value, to: &output)
        }
        return output
    }

    /// ISO-8859-1 maps each byte to the code point of the same value.
    private static func transcodeLatin1(_ input: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        for byte in input { XMLCharacters.appendUTF8(UInt32(byte), to: &output) }
        return output
    }

    /// Checks that `bytes` are UTF-8 (no overlong forms, surrogates or values past U+10FFFF) and
    /// that every character is an XML `Char` (§2.2).
    static func validate(_ bytes: [UInt8]) throws(Failure) {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                guard lead >= 0x20 || lead == 0x09 || lead == 0x0A || lead == 0x0D else {
                    throw Failure(error: XMLSyntaxError("the character \(XMLCharacters.describe(UInt32(lead))) is not allowed in XML",
                                                        at: index), bytes: bytes)
                }
                index += 1
                continue
            }
            guard let (value, length) = strictScalar(bytes, at: index) else {
                throw Failure(error: XMLSyntaxError("invalid UTF-8 (the byte 0x\(hex(lead))): save the document as UTF-8, or declare its encoding",
                                                    at: index), bytes: bytes)
            }
            guard XMLCharacters.isChar(value) else {
                throw Failure(error: XMLSyntaxError("the character \(XMLCharacters.describe(value)) is not allowed in XML", at: index),
                              bytes: bytes)
            }
            index += length
        }
    }

    /// A multi-byte UTF-8 sequence by the table of well-formed sequences (Unicode §3.9, D92).
    private static func strictScalar(_ bytes: [UInt8], at index: Int) -> (UInt32, Int)? {
        let lead = bytes[index]
        func continuation(_ k: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> UInt32? {
            guard index + k < bytes.count, range.contains(bytes[index + k]) else { return nil }
            return UInt32(bytes[index + k] & 0x3F)
        }
        switch lead {
        case 0xC2...0xDF:
            guard let b1 = continuation(1) else { return nil }
            return (UInt32(lead & 0x1F) << 6 | b1, 2)
        case 0xE0...0xEF:
            let second: ClosedRange<UInt8> = lead == 0xE0 ? 0xA0...0xBF : lead == 0xED ? 0x80...0x9F : 0x80...0xBF
            guard let b1 = continuation(1, second), let b2 = continuation(2) else { return nil }
            return (UInt32(lead & 0x0F) << 12 | b1 << 6 | b2, 3)
        case 0xF0...0xF4:
            let second: ClosedRange<UInt8> = lead == 0xF0 ? 0x90...0xBF : lead == 0xF4 ? 0x80...0x8F : 0x80...0xBF
            guard let b1 = continuation(1, second), let b2 = continuation(2), let b3 = continuation(3) else { return nil }
            return (UInt32(lead & 0x07) << 18 | b1 << 12 | b2 << 6 | b3, 4)
        default:
            return nil
        }
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }
}
