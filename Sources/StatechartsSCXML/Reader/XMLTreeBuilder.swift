/// Reads a decoded document from its first byte after the XML declaration to its end and builds
/// the element tree: the prolog (comments, processing instructions, one DOCTYPE), the root
/// element and its content, and what may follow it. Open elements are kept on an explicit stack.
/// The root's children go to `sink` (``XMLRootChildSink``): into the tree, or one at a time to a
/// reader that builds something else from them.
struct XMLTreeBuilder<Sink: XMLRootChildSink> {
    /// Where the root's children went.
    private(set) var sink: Sink
    private var scanner: XMLScanner
    private var lines: XMLLineTracker
    private let limits: XMLTreeParser.Limits
    private var entities: XMLEntityExpander
    private var namespaces = XMLNamespaceScopes()
    /// The open elements, outermost first, each with the children read so far.
    private var open: [XMLElementNode] = []
    /// The text read since the last tag: one buffer per run of text, whatever it is made of
    /// (characters, references, CDATA sections), turned into one text child when the run ends.
    private var text: [UInt8] = []
    private var root: XMLElementNode?
    private var sawMarkup = false
    private var sawDoctype = false

    init(_ bytes: [UInt8], from start: Int, limits: XMLTreeParser.Limits, sink: Sink) {
        self.sink = sink
        scanner = XMLScanner(bytes, at: start)
        lines = XMLLineTracker(bytes)
        self.limits = limits
        entities = XMLEntityExpander(limit: limits.maximumEntityExpansion)
    }

    mutating func build() throws(XMLSyntaxError) -> XMLElementNode {
        while true {
            if open.isEmpty {
                guard try readOutsideRoot() else { break }
            } else {
                try readContent()
            }
        }
        guard let root else { throw XMLSyntaxError("the document has no root element", at: scanner.index) }
        return root
    }

    // MARK: Prolog and epilog (§2.8)

    /// Reads one piece of markup before or after the root element; `false` at the end.
    private mutating func readOutsideRoot() throws(XMLSyntaxError) -> Bool {
        scanner.skipWhitespace()
        guard let byte = scanner.current else { return false }
        defer { sawMarkup = true }
        guard byte == UInt8(ascii: "<") else {
            if root != nil { throw XMLSyntaxError("extra content after the root element", at: scanner.index) }
            if !sawMarkup { throw XMLSyntaxError("no XML document found (the file is empty or not XML)", at: scanner.index) }
            throw XMLSyntaxError("text is not allowed before the root element", at: scanner.index)
        }
        if scanner.looksAt("<?") {
            try XMLSkippedMarkup.processingInstruction(&scanner)
        } else if scanner.looksAt("<!--") {
            try XMLSkippedMarkup.comment(&scanner)
        } else if root != nil {
            throw XMLSyntaxError("extra content after the root element", at: scanner.index)
        } else if scanner.looksAt("<!DOCTYPE") {
            guard !sawDoctype else { throw XMLSyntaxError("a document has at most one DOCTYPE declaration", at: scanner.index) }
            sawDoctype = true
            entities.entities = try XMLDoctype.read(&scanner)
        } else if scanner.looksAt("</") {
            throw XMLSyntaxError("an end tag without a start tag", at: scanner.index)
        } else if scanner.looksAt("<!") {
            throw XMLSyntaxError("unexpected markup before the root element (expected a comment, a DOCTYPE or the root element)", at: scanner.index)
        } else {
            try startElement()
        }
        return true
    }

    // MARK: Content (§3.1)

    /// Reads one piece of the innermost open element's content.
    private mutating func readContent() throws(XMLSyntaxError) {
        guard let byte = scanner.current else {
            let element = open.last.map { "<\($0.qualifiedName)> (line \($0.position.line), column \($0.position.column))" } ?? "an element"
            throw XMLSyntaxError("the document ends before \(element) is closed", at: scanner.index)
        }
        switch byte {
        case UInt8(ascii: "<"):
            // A start tag is by far the most common markup: a name after `<` needs no other test.
            if let next = scanner.byte(at: scanner.index + 1), next != UInt8(ascii: "/"), next != UInt8(ascii: "!"),
               next != UInt8(ascii: "?"), XMLCharacters.nameEnd(in: scanner.bytes, from: scanner.index + 1) != nil {
                try startElement()
            } else if scanner.looksAt("</") {
                try endElement()
            } else if scanner.looksAt("<!--") {
                try XMLSkippedMarkup.comment(&scanner)
            } else if scanner.looksAt("<![CDATA[") {
                try readCDATA()
            } else if scanner.looksAt("<?") {
                try XMLSkippedMarkup.processingInstruction(&scanner)
            } else if scanner.looksAt("<!DOCTYPE") {
                throw XMLSyntaxError("a DOCTYPE declaration is only allowed before the root element", at: scanner.index)
            } else if scanner.looksAt("<!") {
                throw XMLSyntaxError("unexpected markup '<!' (expected a comment '<!--' or a CDATA section '<![CDATA[')", at: scanner.index)
            } else if XMLCharacters.nameEnd(in: scanner.bytes, from: scanner.index + 1) == nil {
                throw XMLSyntaxError("'<' does not start a tag here (write &lt; for a literal '<')", at: scanner.index)
            } else {
                try startElement()
            }
        case UInt8(ascii: "&"):
            let (reference, end) = try XMLReference.read(scanner.bytes, at: scanner.index)
            switch reference {
            case .character(let value): XMLCharacters.appendUTF8(value, to: &text)
            case .entity(let name): try entities.expand(name, at: scanner.index, in: .content, into: &text)
            }
            scanner.index = end
        case 0x0D:
            // Line ends become `\n` (§2.11).
            text.append(0x0A)
            scanner.index += 1
            if scanner.current == 0x0A { scanner.index += 1 }
        case UInt8(ascii: "]"):
            if scanner.looksAt("]]>") { throw XMLSyntaxError("']]>' is not allowed in text", at: scanner.index) }
            text.append(byte)
            scanner.index += 1
        default:
            readCharacters()
        }
    }

    /// Appends the run of plain characters at the cursor.
    private mutating func readCharacters() {
        let bytes = scanner.bytes
        let start = scanner.index
        var end = start
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") || byte == 0x0D || byte == UInt8(ascii: "]") { break }
            end += 1
        }
        text.append(contentsOf: bytes[start..<end])
        scanner.index = end
    }

    /// `<![CDATA[...]]>` (§2.7): its characters are text, with line ends normalized.
    private mutating func readCDATA() throws(XMLSyntaxError) {
        let start = scanner.index
        scanner.index += "<![CDATA[".utf8.count
        let bytes = scanner.bytes
        var index = scanner.index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "]"), scanner.byte(at: index + 1) == UInt8(ascii: "]"), scanner.byte(at: index + 2) == UInt8(ascii: ">") {
                scanner.index = index + 3
                return
            }
            if byte == 0x0D {
                text.append(0x0A)
                if scanner.byte(at: index + 1) == 0x0A { index += 1 }
            } else {
                text.append(byte)
            }
            index += 1
        }
        throw XMLSyntaxError("a CDATA section is not closed (']]>' is missing)", at: start)
    }

    // MARK: Elements

    private mutating func startElement() throws(XMLSyntaxError) {
        let offset = scanner.index
        if open.count >= limits.maximumDepth {
            throw XMLSyntaxError("elements are nested more than \(limits.maximumDepth) levels deep", at: offset)
        }
        let tag = try XMLStartTag.read(&scanner, expanding: &entities)
        let element = try namespaces.open(tag, at: lines.position(of: offset))
        flushText()
        if tag.isEmptyElement {
            if open.isEmpty { sink.rootStarted(element) }
            namespaces.close()
            close(element)
        } else {
            if open.isEmpty { sink.rootStarted(element) }
            open.append(element)
        }
    }

    private mutating func endElement() throws(XMLSyntaxError) {
        let offset = scanner.index
        scanner.index += 2
        let name = try scanner.requireName("an end tag needs a name")
        scanner.skipWhitespace()
        guard scanner.skip(">") else { throw XMLSyntaxError("'>' is expected to close the end tag </\(name)>", at: scanner.index) }
        guard let current = open.last else { throw XMLSyntaxError("an end tag without a start tag", at: offset) }
        guard current.qualifiedName == name else {
            throw XMLSyntaxError("the end tag </\(name)> does not match the open element <\(current.qualifiedName)> (line \(current.position.line), column \(current.position.column))",
                                 at: offset)
        }
        flushText()
        guard let element = open.popLast() else { return }
        namespaces.close()
        close(element)
    }

    /// Adds a finished element to its parent (the sink's, for the root's), or makes it the root.
    private mutating func close(_ element: XMLElementNode) {
        if Sink.streamsRootChildren, open.count == 1 {
            sink.take(.element(element))
        } else if let parent = open.indices.last {
            open[parent].children.append(.element(element))
        } else {
            root = element
        }
    }

    /// Ends the current run of text: it becomes a text child of the innermost open element.
    private mutating func flushText() {
        guard !text.isEmpty else { return }
        if Sink.streamsRootChildren, open.count == 1 {
            sink.take(.text(String(decoding: text, as: UTF8.self)))
        } else if let parent = open.indices.last {
            open[parent].children.append(.text(String(decoding: text, as: UTF8.self)))
        }
        text.removeAll(keepingCapacity: true)
    }
}
