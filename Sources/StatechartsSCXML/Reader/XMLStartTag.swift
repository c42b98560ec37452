/// A start tag or empty-element tag as written (XML 1.0 §3.1): its name and its attributes with
/// their values normalized (§3.3.3), before namespaces are resolved.
struct XMLStartTag {
    /// An attribute as written.
    struct Attribute {
        var qualifiedName: String
        var value: String
        /// Where its name starts.
        var offset: Int
    }

    var qualifiedName: String
    /// In document order.
    var attributes: [Attribute]
    /// `<a/>`.
    var isEmptyElement: Bool
    /// Where its `<` is.
    var offset: Int

    /// Reads the tag at the cursor (on `<`, followed by a name).
    static func read(_ scanner: inout XMLScanner, expanding entities: inout XMLEntityExpander) throws(XMLSyntaxError) -> XMLStartTag {
        let offset = scanner.index
        scanner.index += 1
        let name = try scanner.requireName("a start tag needs a name")
        var tag = XMLStartTag(qualifiedName: name, attributes: [], isEmptyElement: false, offset: offset)
        var seen: Set<String> = []
        while true {
            let spaced = scanner.skipWhitespace()
            if scanner.skip("/>") {
                tag.isEmptyElement = true
                return tag
            }
            if scanner.skip(">") { return tag }
            if scanner.atEnd { throw XMLSyntaxError("the start tag <\(name)> is not closed ('>' is missing)", at: offset) }
            let attributeOffset = scanner.index
            guard let attribute = scanner.name() else {
                throw scanner.invalidName("unexpected character in the start tag <\(name)> (an attribute name, '>' or '/>' is expected)")
            }
            guard spaced else { throw XMLSyntaxError("whitespace is required between attributes", at: attributeOffset) }
            scanner.skipWhitespace()
            guard scanner.skip("=") else {
                throw XMLSyntaxError("the attribute '\(attribute)' has no value ('=' and a quoted value are expected after its name)",
                                     at: scanner.index)
            }
            scanner.skipWhitespace()
            let value = try readValue(&scanner, of: attribute, expanding: &entities)
            guard !isRepeated(attribute, in: tag.attributes, seen: &seen) else {
                throw XMLSyntaxError("the attribute '\(attribute)' is given twice", at: attributeOffset)
            }
            tag.attributes.append(Attribute(qualifiedName: attribute, value: value, offset: attributeOffset))
        }
    }

    /// Whether `name` is among `attributes`: a linear search over the few attributes an element
    /// usually has (no set to build for every tag), a set once there are many.
    private static func isRepeated(_ name: String, in attributes: [Attribute], seen: inout Set<String>) -> Bool {
        let linearLimit = 16
        guard attributes.count >= linearLimit else { return attributes.contains { $0.qualifiedName == name } }
        if seen.isEmpty { seen = Set(attributes.map(\.qualifiedName)) }
        return !seen.insert(name).inserted
    }

    /// A quoted attribute value, normalized (§3.3.3): references replaced, and each literal tab,
    /// line feed, carriage return or `\r\n` made one space. Characters written as character
    /// references are kept as they are.
    private static func readValue(_ scanner: inout XMLScanner, of attribute: String,
                                  expanding entities: inout XMLEntityExpander) throws(XMLSyntaxError) -> String {
        guard let quote = scanner.current, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw XMLSyntaxError("the value of the attribute '\(attribute)' must be quoted", at: scanner.index)
        }
        let start = scanner.index
        // Most values are plain text: up to the closing quote, no reference, no `<` and no tab,
        // line end or other byte below 0x20 (the ones that normalization replaces).
        var end = start + 1
        let bytes = scanner.bytes
        while end < bytes.count, bytes[end] != quote, bytes[end] != UInt8(ascii: "&"), bytes[end] != UInt8(ascii: "<"),
              bytes[end] >= 0x20 {
            end += 1
        }
        if end < bytes.count, bytes[end] == quote {
            scanner.index = end + 1
            return String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
        }
        let value = try scanner.quotedLiteral { (scanner, byte, value) throws(XMLSyntaxError) in
            switch byte {
            case UInt8(ascii: "<"):
                throw XMLSyntaxError("'<' is not allowed in an attribute value (write &lt;)", at: scanner.index)
            case UInt8(ascii: "&"):
                let (reference, end) = try XMLReference.read(scanner.bytes, at: scanner.index)
                switch reference {
                case .character(let character): XMLCharacters.appendUTF8(character, to: &value)
                case .entity(let name): try entities.expand(name, at: scanner.index, in: .attribute, into: &value)
                }
                scanner.index = end
            case 0x0D:
                value.append(0x20)
                scanner.index += 1
                if scanner.current == 0x0A { scanner.index += 1 }
            case 0x09, 0x0A:
                value.append(0x20)
                scanner.index += 1
            default:
                value.append(byte)
                scanner.index += 1
            }
        }
        if let value { return String(decoding: value, as: UTF8.self) }
        throw XMLSyntaxError("the value of the attribute '\(attribute)' is not closed (the quote is missing)", at: start)
    }
}
