/// The document type declaration (XML 1.0 §2.8): its internal subset's general entity
/// declarations are kept; element, attribute-list and notation declarations, comments and
/// processing instructions are skipped; an external DTD is never fetched. Parameter entities are
/// not supported: declaring one is harmless, referring to one (`%name;`) is an error.
enum XMLDoctype {
    /// Reads the DOCTYPE at the cursor (on `<!DOCTYPE`) and returns the entities it declares.
    static func read(_ scanner: inout XMLScanner) throws(XMLSyntaxError) -> XMLEntityTable {
        let start = scanner.index
        scanner.index += "<!DOCTYPE".utf8.count
        guard scanner.skipWhitespace() else { throw XMLSyntaxError("whitespace is required after <!DOCTYPE", at: scanner.index) }
        _ = try scanner.requireName("the DOCTYPE declaration needs the root element's name")
        let spaced = scanner.skipWhitespace()
        if spaced, scanner.looksAt("SYSTEM") || scanner.looksAt("PUBLIC") {
            try skipExternalID(&scanner)
            scanner.skipWhitespace()
        }
        var entities = XMLEntityTable()
        if scanner.skip("[") {
            try readInternalSubset(&scanner, into: &entities, doctypeStart: start)
            scanner.skipWhitespace()
        }
        guard scanner.skip(">") else {
            if scanner.atEnd { throw XMLSyntaxError("the DOCTYPE declaration is not closed", at: start) }
            throw XMLSyntaxError("'>' is expected to close the DOCTYPE declaration", at: scanner.index)
        }
        return entities
    }

    private static func readInternalSubset(_ scanner: inout XMLScanner, into entities: inout XMLEntityTable,
                                           doctypeStart: Int) throws(XMLSyntaxError) {
        while true {
            scanner.skipWhitespace()
            if scanner.atEnd { throw XMLSyntaxError("the DOCTYPE declaration is not closed (']' is missing)", at: doctypeStart) }
            if scanner.skip("]") { return }
            if scanner.looksAt("<!ENTITY") {
                try readEntityDeclaration(&scanner, into: &entities)
            } else if scanner.looksAt("<!--") {
                try XMLSkippedMarkup.comment(&scanner)
            } else if scanner.looksAt("<?") {
                try XMLSkippedMarkup.processingInstruction(&scanner)
            } else if scanner.looksAt("<!ELEMENT") || scanner.looksAt("<!ATTLIST") || scanner.looksAt("<!NOTATION") {
                try skipDeclaration(&scanner)
            } else if scanner.looksAt("%") {
                throw XMLSyntaxError("parameter entities are not supported (a %name; reference in the DOCTYPE)", at: scanner.index)
            } else {
                throw XMLSyntaxError("unexpected content in the DOCTYPE (expected <!ENTITY, <!ELEMENT, <!ATTLIST, <!NOTATION, a comment, a processing instruction or ']')",
                                     at: scanner.index)
            }
        }
    }

    /// `<!ENTITY name "value">`, `<!ENTITY name SYSTEM "uri" [NDATA n]>`, `<!ENTITY % name ...>` (§4.2).
    private static func readEntityDeclaration(_ scanner: inout XMLScanner, into entities: inout XMLEntityTable) throws(XMLSyntaxError) {
        let start = scanner.index
        scanner.index += "<!ENTITY".utf8.count
        guard scanner.skipWhitespace() else { throw XMLSyntaxError("whitespace is required after <!ENTITY", at: scanner.index) }
        var isParameter = false
        if scanner.looksAt("%") {
            scanner.index += 1
            guard scanner.skipWhitespace() else {
                throw XMLSyntaxError("parameter entities are not supported (a %name; reference in the DOCTYPE)", at: scanner.index - 1)
            }
            isParameter = true
        }
        let name = try scanner.requireName("an entity declaration needs a name")
        guard scanner.skipWhitespace() else { throw XMLSyntaxError("whitespace is required after the entity name '\(name)'", at: scanner.index) }
        let entity: XMLEntityTable.Entity
        if scanner.current == UInt8(ascii: "\"") || scanner.current == UInt8(ascii: "'") {
            entity = .internal(try readEntityValue(&scanner, name: name))
        } else if scanner.looksAt("SYSTEM") || scanner.looksAt("PUBLIC") {
            try skipExternalID(&scanner)
            if scanner.skipWhitespace(), !isParameter, scanner.skip("NDATA") {
                guard scanner.skipWhitespace() else { throw XMLSyntaxError("whitespace is required after NDATA", at: scanner.index) }
                _ = try scanner.requireName("NDATA needs a notation name")
            }
            entity = .external
        } else {
            throw XMLSyntaxError("the entity '\(name)' needs a quoted value, or SYSTEM or PUBLIC", at: scanner.index)
        }
        scanner.skipWhitespace()
        guard scanner.skip(">") else {
            if scanner.atEnd { throw XMLSyntaxError("the entity declaration is not closed", at: start) }
            throw XMLSyntaxError("'>' is expected to close the declaration of the entity '\(name)'", at: scanner.index)
        }
        if !isParameter { entities.declare(name, entity) }
    }

    /// An `EntityValue` (§2.3) made into replacement text (§4.5): character references are
    /// replaced, entity references kept for when the entity is used, line ends normalized (§2.11).
    private static func readEntityValue(_ scanner: inout XMLScanner, name: String) throws(XMLSyntaxError) -> [UInt8] {
        let start = scanner.index
        guard !scanner.atEnd else { return [] }
        let value = try scanner.quotedLiteral { (scanner, byte, value) throws(XMLSyntaxError) in
            switch byte {
            case UInt8(ascii: "%"):
                throw XMLSyntaxError("parameter entities are not supported (a %name; reference in the value of the entity '\(name)')",
                                     at: scanner.index)
            case UInt8(ascii: "&"):
                let (reference, end) = try XMLReference.read(scanner.bytes, at: scanner.index)
                switch reference {
                case .character(let character): XMLCharacters.appendUTF8(character, to: &value)
                case .entity: value.append(contentsOf: scanner.bytes[scanner.index..<end])
                }
                scanner.index = end
            case 0x0D:
                value.append(0x0A)
                scanner.index += 1
                if scanner.current == 0x0A { scanner.index += 1 }
            default:
                value.append(byte)
                scanner.index += 1
            }
        }
        guard let value else {
            throw XMLSyntaxError("the value of the entity '\(name)' is not closed (the quote is missing)", at: start)
        }
        return value
    }

    /// `SYSTEM "uri"` or `PUBLIC "id" "uri"` (§4.2.2): read, never fetched.
    private static func skipExternalID(_ scanner: inout XMLScanner) throws(XMLSyntaxError) {
        let isPublic = scanner.looksAt("PUBLIC")
        scanner.index += 6
        guard scanner.skipWhitespace() else { throw XMLSyntaxError("whitespace is required after \(isPublic ? "PUBLIC" : "SYSTEM")", at: scanner.index) }
        if isPublic {
            _ = try scanner.quotedASCII(what: "the public identifier")
            guard scanner.skipWhitespace() else { throw XMLSyntaxError("whitespace is required before the system identifier", at: scanner.index) }
        }
        _ = try scanner.quotedASCII(what: "the system identifier")
    }

    /// Skips `<!ELEMENT ...>`, `<!ATTLIST ...>` or `<!NOTATION ...>`, whose quoted parts may hold `>`.
    private static func skipDeclaration(_ scanner: inout XMLScanner) throws(XMLSyntaxError) {
        let start = scanner.index
        var quote: UInt8?
        while let byte = scanner.current {
            scanner.index += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return
            } else if byte == UInt8(ascii: "%") {
                throw XMLSyntaxError("parameter entities are not supported (a %name; reference in the DOCTYPE)", at: scanner.index - 1)
            }
        }
        throw XMLSyntaxError("a declaration in the DOCTYPE is not closed", at: start)
    }
}
