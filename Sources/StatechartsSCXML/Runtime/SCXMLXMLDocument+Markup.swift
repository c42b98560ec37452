/// Reading and writing the markup of ``SCXMLXMLDocument``.
extension SCXMLXMLDocument {
    /// Why markup could not be read as XML.
    public struct ParseError: Error, Sendable, CustomStringConvertible {
        /// What is wrong.
        public var message: String
        /// Where, in the markup.
        public var position: SCXMLSourcePosition
        /// `message at line:column`.
        public var description: String { "\(message) at \(position)" }
    }

    /// Parses an XML document (one root element, with an optional XML declaration and DOCTYPE),
    /// with the package's own XML reader: nothing outside the text is loaded.
    public init(parsing markup: String) throws(ParseError) {
        do {
            let root = try XMLTreeParser.parse(Array(markup.utf8))
            self.init(nodes: [.element(SCXMLXMLElement(root))])
        } catch {
            throw ParseError(message: error.message, position: error.position)
        }
    }

    /// Parses markup that may hold several top-level nodes (element and text siblings), as
    /// inline content does. Whitespace-only text between top-level elements is dropped.
    init(fragment markup: String) throws(ParseError) {
        // The fragment goes inside a wrapper element without a namespace, whose children it becomes.
        let wrapped = "<scxml-fragment>" + markup + "</scxml-fragment>"
        do {
            let root = try XMLTreeParser.parse(Array(wrapped.utf8))
            self.init(children: root.children)
        } catch {
            throw ParseError(message: error.message, position: error.position)
        }
    }

    /// The document of an element's children, as the reader found them (inline content).
    init(children: [XMLChildNode]) {
        let nodes = children.map(SCXMLXMLNode.init)
        let hasElement = nodes.contains { if case .element = $0 { return true } else { return false } }
        self.init(nodes: hasElement ? nodes.filter { if case .text(let t) = $0 { return !t.allSatisfy(\.isWhitespace) } else { return true } } : nodes)
    }

    /// The markup of the nodes. Each top-level element declares the namespaces it and its
    /// descendants use, so the markup stands on its own wherever it goes.
    public var markup: String {
        var out = ""
        for node in nodes { node.write(to: &out, scope: [:]) }
        return out
    }
}

extension SCXMLXMLNode {
    init(_ child: XMLChildNode) {
        switch child {
        case .text(let text): self = .text(text)
        case .element(let element): self = .element(SCXMLXMLElement(element))
        }
    }

    /// Writes the node; `scope` maps each declared prefix (`""` for the default namespace) to
    /// its URI (`""` for none).
    func write(to out: inout String, scope: [String: String]) {
        switch self {
        case .text(let text): out += XMLEscaping.text(text)
        case .element(let element): element.write(to: &out, scope: scope)
        }
    }
}

extension SCXMLXMLElement {
    init(_ node: XMLElementNode) {
        self.init(qualifiedName: node.qualifiedName, namespaceURI: node.namespaceURI,
                  attributes: node.attributes.map { SCXMLXMLAttribute(qualifiedName: $0.qualifiedName, namespaceURI: $0.namespaceURI, value: $0.value) },
                  children: node.children.map(SCXMLXMLNode.init))
    }

    func write(to out: inout String, scope: [String: String]) {
        var scope = scope
        var declarations: [(prefix: String, uri: String)] = []
        func need(_ prefix: String, _ uri: String) {
            guard prefix != "xml", (scope[prefix] ?? "") != uri else { return }
            scope[prefix] = uri
            declarations.append((prefix, uri))
        }
        need(prefix ?? "", namespaceURI ?? "")
        for attribute in attributes {
            if let prefix = attribute.prefix, let uri = attribute.namespaceURI { need(prefix, uri) }
        }
        out += "<" + qualifiedName
        for declaration in declarations {
            let name = declaration.prefix.isEmpty ? "xmlns" : "xmlns:" + declaration.prefix
            out += " \(name)=\"\(XMLEscaping.attribute(declaration.uri))\""
        }
        for attribute in attributes {
            out += " \(attribute.qualifiedName)=\"\(XMLEscaping.attribute(attribute.value))\""
        }
        guard !children.isEmpty else {
            out += "/>"
            return
        }
        out += ">"
        for child in children { child.write(to: &out, scope: scope) }
        out += "</\(qualifiedName)>"
    }
}
