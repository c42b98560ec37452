/// A minimal element tree, built by ``XMLTreeParser``, that keeps what the SCXML
/// reader needs: names with namespaces, attributes, text, and where each element starts.
struct XMLElementNode: Sendable {
    /// The local name (`state`, `book`).
    var name: String
    /// The name as written, with its prefix (`conf:pass`).
    var qualifiedName: String
    /// The namespace URI; `nil` or empty for none.
    var namespaceURI: String?
    /// Attributes sorted by qualified name.
    var attributes: [XMLAttributeNode]
    /// Namespace declarations made on this element (prefix, URI), for writing inline XML back.
    var namespaceDeclarations: [(prefix: String, uri: String)]
    /// Children in document order.
    var children: [XMLChildNode]
    /// Where the start tag begins.
    var position: SCXMLSourcePosition

    /// The value of the attribute without prefix named `name`.
    func attribute(_ name: String) -> String? {
        attributes.first { $0.prefix == nil && $0.name == name }?.value
    }

    /// The element children.
    var elements: [XMLElementNode] {
        children.compactMap { if case .element(let e) = $0 { return e } else { return nil } }
    }

    /// The concatenated text children (entities resolved).
    var text: String {
        children.map { if case .text(let t) = $0 { return t } else { return "" } }.joined()
    }

    /// Whether any child is an element.
    var hasElementChildren: Bool {
        children.contains { if case .element = $0 { return true } else { return false } }
    }

    /// The children written back as XML text (markup for elements, escaped text). Prefixes that
    /// the children use but that were declared outside them are declared where first used, so
    /// that the markup stands on its own.
    var childrenMarkup: String {
        var out = ""
        for child in children { child.write(to: &out, declared: []) }
        return out
    }
}

/// An attribute of an ``XMLElementNode``: 40 bytes, as most attributes have no prefix (a large
/// document's tree holds one or more per element).
struct XMLAttributeNode: Sendable {
    /// The local name.
    var name: String
    /// The value (entities resolved).
    var value: String
    /// The prefix and its namespace, for a prefixed attribute.
    private let qualifier: XMLAttributeQualifier?

    init(name: String, prefix: String?, namespaceURI: String?, value: String) {
        self.name = name
        self.value = value
        qualifier = prefix.map { XMLAttributeQualifier(prefix: $0, namespaceURI: namespaceURI) }
    }

    /// The prefix as written, `nil` for an unprefixed attribute.
    var prefix: String? { qualifier?.prefix }
    /// The namespace URI the prefix resolves to.
    var namespaceURI: String? { qualifier?.namespaceURI }
    /// `prefix:name` or `name`.
    var qualifiedName: String { prefix.map { "\($0):\(name)" } ?? name }
}

/// The prefix of a prefixed attribute and the namespace it stands for.
final class XMLAttributeQualifier: Sendable {
    let prefix: String
    let namespaceURI: String?

    init(prefix: String, namespaceURI: String?) {
        self.prefix = prefix
        self.namespaceURI = namespaceURI
    }
}

/// A child of an element. An element child is boxed, so that a run of children costs a pointer
/// each and not a whole element (most children of large documents are elements and the
/// whitespace between them).
enum XMLChildNode: Sendable {
    indirect case element(XMLElementNode)
    case text(String)

    func write(to out: inout String, declared: Set<String>) {
        switch self {
        case .text(let text):
            out += XMLEscaping.text(text)
        case .element(let element):
            var declared = declared
            var declarations = element.namespaceDeclarations
            for declaration in declarations { declared.insert(declaration.prefix) }
            // Prefixes in use (the element's and its attributes') that no enclosing markup declares.
            var used: [(prefix: String, uri: String?)] = []
            if let colon = element.qualifiedName.firstIndex(of: ":") {
                used.append((String(element.qualifiedName[..<colon]), element.namespaceURI))
            }
            for attribute in element.attributes { if let prefix = attribute.prefix { used.append((prefix, attribute.namespaceURI)) } }
            for (prefix, uri) in used where prefix != "xml" && !declared.contains(prefix) {
                if let uri {
                    declarations.append((prefix, uri))
                    declared.insert(prefix)
                }
            }
            out += "<" + element.qualifiedName
            for declaration in declarations {
                let name = declaration.prefix.isEmpty ? "xmlns" : "xmlns:\(declaration.prefix)"
                out += " \(name)=\"\(XMLEscaping.attribute(declaration.uri))\""
            }
            for attribute in element.attributes {
                out += " \(attribute.qualifiedName)=\"\(XMLEscaping.attribute(attribute.value))\""
            }
            if element.children.isEmpty {
                out += "/>"
            } else {
                out += ">"
                for child in element.children { child.write(to: &out, declared: declared) }
                out += "</\(element.qualifiedName)>"
            }
        }
    }
}
