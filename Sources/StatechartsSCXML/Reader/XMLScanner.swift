/// A cursor over a document's UTF-8 bytes with the primitives the XML readers share. Every read
/// is bounds-checked: past the end, a byte is `nil`.
struct XMLScanner {
    let bytes: [UInt8]
    /// The offset of the next byte to read.
    var index: Int

    init(_ bytes: [UInt8], at index: Int = 0) {
        self.bytes = bytes
        self.index = index
    }

    var atEnd: Bool { index >= bytes.count }

    /// The byte at `offset`, or `nil` outside the document.
    func byte(at offset: Int) -> UInt8? {
        offset >= 0 && offset < bytes.count ? bytes[offset] : nil
    }

    /// The next byte, or `nil` at the end.
    var current: UInt8? { byte(at: index) }

    /// Whether the bytes at the cursor spell `text` (ASCII).
    @inline(__always)
    func looksAt(_ text: StaticString) -> Bool {
        text.withUTF8Buffer { pattern in
            guard index >= 0, pattern.count <= bytes.count - index else { return false }
            for offset in pattern.indices where bytes[index + offset] != pattern[offset] { return false }
            return true
        }
    }

    /// Skips `text` if the cursor is on it.
    @discardableResult
    mutating func skip(_ text: StaticString) -> Bool {
        guard looksAt(text) else { return false }
        index += text.utf8CodeUnitCount
        return true
    }

    /// Skips whitespace (`S`, §2.3); whether there was any.
    @discardableResult
    mutating func skipWhitespace() -> Bool {
        let start = index
        while let byte = current, XMLCharacters.isWhitespace(byte) { index += 1 }
        return index > start
    }

    /// Moves past the next `terminator`; `false` (at the end) when there is none.
    mutating func skip(past terminator: StaticString) -> Bool {
        let length = terminator.utf8CodeUnitCount
        guard length > 0 else { return true }
        let first = terminator.withUTF8Buffer { $0[0] }
        while index < bytes.count {
            if bytes[index] == first, looksAt(terminator) {
                index += length
                return true
            }
            index += 1
        }
        return false
    }

    /// Reads a `Name` (§2.3) at the cursor, or returns `nil` without moving.
    mutating func name() -> String? {
        guard let end = XMLCharacters.nameEnd(in: bytes, from: index) else { return nil }
        defer { index = end }
        return text(index..<end)
    }

    /// Reads a `Name`, or throws "a name is expected" explaining `context`.
    mutating func requireName(_ context: String) throws(XMLSyntaxError) -> String {
        guard let name = name() else { throw invalidName(context) }
        return name
    }

    /// The error for a missing or invalid name at the cursor.
    func invalidName(_ context: String) -> XMLSyntaxError {
        if let found = XMLCharacters.scalar(in: bytes, at: index) {
            return XMLSyntaxError("\(context): a name cannot start with \(XMLCharacters.describe(found.value))", at: index)
        }
        return XMLSyntaxError("\(context): the document ends where a name is expected", at: index)
    }

    /// Reads the literal opened by the quote at the cursor, up to the same quote, which it
    /// skips: `each` is given every other byte (the cursor on it) and appends what it stands for,
    /// moving the cursor past what it read. `nil` when the literal is not closed.
    @inline(__always)
    mutating func quotedLiteral(
        _ each: (inout XMLScanner, UInt8, inout [UInt8]) throws(XMLSyntaxError) -> Void
    ) throws(XMLSyntaxError) -> [UInt8]? {
        guard let quote = current else { return nil }
        index += 1
        var value: [UInt8] = []
        while let byte = current {
            if byte == quote {
                index += 1
                return value
            }
            try each(&self, byte, &value)
        }
        return nil
    }

    /// Reads a literal in single or double quotes without interpreting it (a system or public
    /// identifier, a pseudo-attribute of the XML declaration), and returns its text.
    mutating func quotedASCII(what: String) throws(XMLSyntaxError) -> String {
        guard let quote = current, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw XMLSyntaxError("\(what) must be quoted", at: index)
        }
        let start = index + 1
        var end = start
        while end < bytes.count, bytes[end] != quote { end += 1 }
        guard end < bytes.count else { throw XMLSyntaxError("\(what) is not closed (the quote is missing)", at: index) }
        index = end + 1
        return text(start..<end)
    }

    /// The bytes in `range` as text.
    func text(_ range: Range<Int>) -> String {
        let clamped = range.clamped(to: 0..<bytes.count)
        return String(decoding: bytes[clamped], as: UTF8.self)
    }
}
