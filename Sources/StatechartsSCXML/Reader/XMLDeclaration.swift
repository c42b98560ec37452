/// The XML declaration `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` (XML 1.0 §2.8,
/// §4.3.3), read from the start of a document whose first bytes are ASCII-compatible.
struct XMLDeclaration {
    /// The declared version.
    var version: String
    /// The declared encoding name, as written.
    var encoding: String?
    /// Where the encoding name starts, for messages about it.
    var encodingOffset: Int
    /// The offset just after `?>`.
    var end: Int

    /// Whether `bytes` begin with an XML declaration (`<?xml` and whitespace or `?`).
    static func starts(_ bytes: [UInt8]) -> Bool {
        let prefix: [UInt8] = Array("<?xml".utf8)
        guard bytes.count > prefix.count, bytes.starts(with: prefix) else { return false }
        let next = bytes[prefix.count]
        return XMLCharacters.isWhitespace(next) || next == UInt8(ascii: "?")
    }

    /// Reads the declaration at the start of `bytes`, or `nil` when there is none.
    static func read(_ bytes: [UInt8]) throws(XMLSyntaxError) -> XMLDeclaration? {
        guard starts(bytes) else { return nil }
        var scanner = XMLScanner(bytes, at: 5)
        var declaration = XMLDeclaration(version: "", encoding: nil, encodingOffset: 0, end: 0)
        var seen: [String] = []
        let order = ["version", "encoding", "standalone"]
        while true {
            let spaced = scanner.skipWhitespace()
            if scanner.skip("?>") { break }
            if scanner.atEnd { throw XMLSyntaxError("the XML declaration is not closed ('?>' is missing)", at: scanner.index) }
            let nameStart = scanner.index
            guard spaced, let name = scanner.name() else {
                throw XMLSyntaxError("malformed XML declaration (expected version, encoding and standalone, in that order, then '?>')",
                                     at: nameStart)
            }
            guard let rank = order.firstIndex(of: name), rank >= (seen.last.flatMap { order.firstIndex(of: $0) }.map { $0 + 1 } ?? 0) else {
                throw XMLSyntaxError("malformed XML declaration: '\(name)' is not expected here (version, encoding and standalone, in that order)",
                                     at: nameStart)
            }
            seen.append(name)
            scanner.skipWhitespace()
            guard scanner.skip("=") else { throw XMLSyntaxError("'=' is expected after '\(name)' in the XML declaration", at: scanner.index) }
            scanner.skipWhitespace()
            let valueOffset = scanner.index + 1
            let value = try scanner.quotedASCII(what: "the XML declaration's \(name)")
            switch name {
            case "version":
                guard value.hasPrefix("1."), value.count > 2, value.dropFirst(2).allSatisfy(\.isASCIIDigit) else {
                    throw XMLSyntaxError("unsupported XML version '\(value)' (expected 1.0)", at: valueOffset)
                }
                declaration.version = value
            case "encoding":
                guard let first = value.first, first.isASCIILetter,
                      value.allSatisfy({ $0.isASCIILetter || $0.isASCIIDigit || $0 == "." || $0 == "_" || $0 == "-" }) else {
                    throw XMLSyntaxError("malformed encoding name '\(value)'", at: valueOffset)
                }
                declaration.encoding = value
                declaration.encodingOffset = valueOffset
            default:
                guard value == "yes" || value == "no" else {
                    throw XMLSyntaxError("standalone must be 'yes' or 'no', not '\(value)'", at: valueOffset)
                }
            }
        }
        guard seen.first == "version" else { throw XMLSyntaxError("the XML declaration needs a version (version=\"1.0\")", at: 0) }
        declaration.end = scanner.index
        return declaration
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
    var isASCIILetter: Bool { isASCII && isLetter }
}
