/// Expands references to declared entities into text, iteratively (an explicit stack of the
/// replacement texts being read), refusing recursion, markup in replacement texts, and expansion
/// beyond a per-document budget (the "billion laughs" attack).
struct XMLEntityExpander {
    /// Where a reference is expanded, which decides how its replacement text is read.
    enum Context {
        /// Element content: the text is kept as is.
        case content
        /// An attribute value: whitespace becomes a space (§3.3.3) and `<` is an error.
        case attribute
    }

    var entities = XMLEntityTable()
    /// The most characters that declared entities may produce in one document; each reference
    /// expanded counts as one more, so that entities expanding to nothing are bounded too.
    let limit: Int
    private var expanded = 0

    init(limit: Int) { self.limit = limit }

    /// A replacement text being read.
    private struct Frame {
        var name: String
        var bytes: [UInt8]
        var index = 0
    }

    /// Appends what the reference `&name;` at `offset` stands for to `buffer`. Errors are
    /// reported at `offset`: the reference in the document that started the expansion.
    mutating func expand(_ name: String, at offset: Int, in context: Context, into buffer: inout [UInt8]) throws(XMLSyntaxError) {
        if let byte = XMLReference.predefined[name] {
            buffer.append(byte)
            return
        }
        var frames = [Frame(name: name, bytes: try replacement(of: name, at: offset, within: nil))]
        try count(1, at: offset)
        while let top = frames.indices.last {
            let bytes = frames[top].bytes
            let index = frames[top].index
            guard index < bytes.count else {
                frames.removeLast()
                continue
            }
            switch bytes[index] {
            case UInt8(ascii: "&"):
                let reference: XMLReference
                do {
                    (reference, frames[top].index) = try XMLReference.read(bytes, at: index)
                } catch {
                    throw XMLSyntaxError("\(error.message), in the replacement text of the entity '\(frames[top].name)'", at: offset)
                }
                switch reference {
                case .character(let value):
                    XMLCharacters.appendUTF8(value, to: &buffer)
                    try count(1, at: offset)
                case .entity(let inner):
                    if let byte = XMLReference.predefined[inner] {
                        buffer.append(byte)
                        try count(1, at: offset)
                    } else {
                        if let loop = frames.firstIndex(where: { $0.name == inner }) {
                            let cycle = (frames[loop...].map(\.name) + [inner]).map { "&\($0);" }.joined(separator: " → ")
                            throw XMLSyntaxError("the entity '\(inner)' refers to itself (\(cycle))", at: offset)
                        }
                        frames.append(Frame(name: inner, bytes: try replacement(of: inner, at: offset, within: frames[top].name)))
                        try count(1, at: offset)
                    }
                }
            case UInt8(ascii: "<"):
                switch context {
                case .content:
                    throw XMLSyntaxError("the entity '\(frames[top].name)' contains markup ('<'), which is not supported (write &lt; for a literal '<')",
                                         at: offset)
                case .attribute:
                    throw XMLSyntaxError("'<' is not allowed in an attribute value (the entity '\(frames[top].name)' contains one)", at: offset)
                }
            default:
                var end = index
                var characters = 0
                while end < bytes.count, bytes[end] != UInt8(ascii: "&"), bytes[end] != UInt8(ascii: "<") {
                    let byte = bytes[end]
                    if byte & 0xC0 != 0x80 { characters += 1 }
                    if context == .attribute, XMLCharacters.isWhitespace(byte) {
                        buffer.append(0x20)
                    } else {
                        buffer.append(byte)
                    }
                    end += 1
                }
                frames[top].index = end
                try count(characters, at: offset)
            }
        }
    }

    /// The replacement text of the declared internal entity `name`.
    private func replacement(of name: String, at offset: Int, within outer: String?) throws(XMLSyntaxError) -> [UInt8] {
        let place = outer.map { ", in the replacement text of the entity '\($0)'" } ?? ""
        switch entities[name] {
        case .internal(let bytes)?:
            return bytes
        case .external?:
            throw XMLSyntaxError("external entities are not supported (&\(name);\(place))", at: offset)
        case nil:
            throw XMLSyntaxError("undeclared entity '\(name)'\(place) (use &amp; for a literal '&')", at: offset)
        }
    }

    private mutating func count(_ characters: Int, at offset: Int) throws(XMLSyntaxError) {
        expanded += characters
        if expanded > limit {
            throw XMLSyntaxError("entity references expand to more than \(limit) characters (the document's limit; a 'billion laughs' document?)",
                                 at: offset)
        }
    }
}
