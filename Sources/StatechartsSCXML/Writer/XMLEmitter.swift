/// Writes XML elements, pretty-printed with two-space indentation or compact on one line.
struct XMLEmitter {
    private(set) var output = ""
    let pretty: Bool
    private var depth = 0

    init(pretty: Bool) { self.pretty = pretty }

    private mutating func indent() {
        if pretty {
            if !output.isEmpty { output += "\n" }
            output += String(repeating: "  ", count: depth)
        }
    }

    private mutating func startTag(_ name: String, _ attributes: [(String, String?)]) {
        indent()
        output += "<" + name
        for (key, value) in attributes {
            if let value { output += " \(key)=\"\(XMLEscaping.attribute(value))\"" }
        }
    }

    /// An element without children.
    mutating func empty(_ name: String, _ attributes: [(String, String?)] = []) {
        startTag(name, attributes)
        output += "/>"
    }

    /// An element whose children `body` writes; written empty when `body` writes nothing.
    mutating func element(_ name: String, _ attributes: [(String, String?)] = [], _ body: (inout XMLEmitter) -> Void) {
        startTag(name, attributes)
        output += ">"
        let mark = output.utf8.count
        depth += 1
        body(&self)
        depth -= 1
        if output.utf8.count == mark {
            output.removeLast()
            output += "/>"
        } else {
            indent()
            output += "</\(name)>"
        }
    }

    /// An element with inline content written exactly as given (`raw` is already XML).
    mutating func inline(_ name: String, _ attributes: [(String, String?)] = [], raw: String) {
        startTag(name, attributes)
        if raw.isEmpty {
            output += "/>"
        } else {
            output += ">" + raw + "</\(name)>"
        }
    }
}
