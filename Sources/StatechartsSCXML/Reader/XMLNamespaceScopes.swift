/// Namespaces in XML 1.0: the `xmlns` and `xmlns:prefix` declarations in scope, one scope per
/// open element, and the resolution of element and attribute names against them.
struct XMLNamespaceScopes {
    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"
    static let xmlnsNamespace = "http://www.w3.org/2000/xmlns/"

    /// The declarations of each open element, outermost first.
    private var scopes: [[(prefix: String, uri: String)]] = []

    /// The URI `prefix` stands for ("" for the default namespace), or `nil` when undeclared.
    /// An empty URI means the default namespace was undeclared (`xmlns=""`).
    func resolve(_ prefix: String) -> String? {
        if prefix == "xml" { return Self.xmlNamespace }
        for scope in scopes.reversed() {
            if let declaration = scope.last(where: { $0.prefix == prefix }) { return declaration.uri }
        }
        return nil
    }

    /// Opens the scope of `tag` and returns its element node, without children; `position` is
    /// where its start tag begins.
    mutating func open(_ tag: XMLStartTag, at position: SCXMLSourcePosition) throws(XMLSyntaxError) -> XMLElementNode {
        var declarations: [(prefix: String, uri: String)] = []
        for attribute in tag.attributes where Self.isDeclaration(attribute.qualifiedName) {
            let name = attribute.qualifiedName
            if name == "xmlns" {
                try checkDeclaration(prefix: "", uri: attribute.value, at: attribute.offset)
                declarations.append(("", attribute.value))
            } else {
                let prefix = String(name.dropFirst("xmlns:".count))
                try checkQualifiedName(name, at: attribute.offset)
                try checkDeclaration(prefix: prefix, uri: attribute.value, at: attribute.offset)
                // `xml` is always declared; declaring it again (to its own URI) changes nothing.
                if prefix != "xml" { declarations.append((prefix, attribute.value)) }
            }
        }
        scopes.append(declarations)

        let (prefix, localName) = try parts(of: tag.qualifiedName, at: tag.offset)
        let namespaceURI: String?
        if let prefix {
            guard let uri = resolve(prefix) else {
                throw XMLSyntaxError("undeclared namespace prefix '\(prefix)' in <\(tag.qualifiedName)> (declare it with xmlns:\(prefix)=\"...\")",
                                     at: tag.offset)
            }
            namespaceURI = uri
        } else {
            namespaceURI = resolve("") ?? ""
        }

        var attributes: [XMLAttributeNode] = []
        attributes.reserveCapacity(tag.attributes.count)
        var expandedNames: [String: String] = [:]
        for attribute in tag.attributes where !Self.isDeclaration(attribute.qualifiedName) {
            let (prefix, localName) = try parts(of: attribute.qualifiedName, at: attribute.offset)
            guard let prefix else {
                // Unprefixed attributes are in no namespace, whatever the default namespace is.
                attributes.append(XMLAttributeNode(name: localName, prefix: nil, namespaceURI: nil, value: attribute.value))
                continue
            }
            guard let uri = resolve(prefix) else {
                throw XMLSyntaxError("undeclared namespace prefix '\(prefix)' in the attribute '\(attribute.qualifiedName)' (declare it with xmlns:\(prefix)=\"...\")",
                                     at: attribute.offset)
            }
            // Two prefixes for the same namespace make the same attribute twice (Namespaces §6.3).
            if let other = expandedNames.updateValue(attribute.qualifiedName, forKey: uri + " " + localName) {
                throw XMLSyntaxError("the attributes '\(other)' and '\(attribute.qualifiedName)' are the same attribute (their prefixes both stand for \(uri))",
                                     at: attribute.offset)
            }
            attributes.append(XMLAttributeNode(name: localName, prefix: prefix, namespaceURI: uri, value: attribute.value))
        }
        attributes.sort { $0.qualifiedName < $1.qualifiedName }
        return XMLElementNode(name: localName, qualifiedName: tag.qualifiedName, namespaceURI: namespaceURI, attributes: attributes,
                              namespaceDeclarations: declarations, children: [], position: position)
    }

    /// Closes the innermost scope.
    mutating func close() {
        if !scopes.isEmpty { scopes.removeLast() }
    }

    /// Whether an attribute named `name` declares a namespace: `xmlns` or `xmlns:prefix`.
    static func isDeclaration(_ name: String) -> Bool {
        // On the UTF-8 view, as this runs for every attribute.
        let utf8 = name.utf8
        guard utf8.first == UInt8(ascii: "x"), utf8.starts(with: "xmlns".utf8) else { return false }
        return utf8.count == 5 || utf8.dropFirst(5).first == UInt8(ascii: ":")
    }

    /// `prefix:local` or `local` (Namespaces §4), checked. A name without a colon was read as an
    /// XML `Name`, so it is a valid local name already: only a prefixed name is checked further.
    private func parts(of qualifiedName: String, at offset: Int) throws(XMLSyntaxError) -> (prefix: String?, localName: String) {
        guard let colonOffset = Self.colonOffset(in: qualifiedName) else { return (nil, qualifiedName) }
        try checkQualifiedName(qualifiedName, at: offset)
        let utf8 = qualifiedName.utf8
        let colon = utf8.index(utf8.startIndex, offsetBy: colonOffset)
        return (String(qualifiedName[..<colon]), String(qualifiedName[utf8.index(after: colon)...]))
    }

    /// The byte offset of the first `:` in `name`, searched in its contiguous UTF-8 (a name is
    /// looked at for every element and attribute).
    static func colonOffset(in name: String) -> Int? {
        let colon = UInt8(ascii: ":")
        if let found = name.utf8.withContiguousStorageIfAvailable({ $0.firstIndex(of: colon) }) { return found }
        let utf8 = name.utf8
        return utf8.firstIndex(of: colon).map { utf8.distance(from: utf8.startIndex, to: $0) }
    }

    /// A `QName`: at most one colon, with a name on each side (Namespaces §4).
    private func checkQualifiedName(_ name: String, at offset: Int) throws(XMLSyntaxError) {
        // On the UTF-8 view (`:` is ASCII), as this runs for every element and attribute.
        let utf8 = name.utf8
        var colon: String.Index?
        for index in utf8.indices where utf8[index] == UInt8(ascii: ":") {
            guard colon == nil else {
                throw XMLSyntaxError("'\(name)' is not a valid name with namespaces (at most one ':', between a prefix and a local name)", at: offset)
            }
            colon = index
        }
        // The prefix (or the whole name) and the local name each start with a name-start character.
        let scalars = name.unicodeScalars
        func startsPart(_ index: String.Index) -> Bool {
            index < scalars.endIndex && scalars[index] != ":" && XMLCharacters.isNameStart(scalars[index].value)
        }
        guard startsPart(name.startIndex), colon.map({ startsPart(utf8.index(after: $0)) }) ?? true else {
            throw XMLSyntaxError("'\(name)' is not a valid name with namespaces (a prefix and a local name, each starting with a letter or '_')",
                                 at: offset)
        }
    }

    /// The constraints on declarations (Namespaces §3): `xml` and `xmlns` are reserved, and a
    /// prefix cannot be undeclared.
    private func checkDeclaration(prefix: String, uri: String, at offset: Int) throws(XMLSyntaxError) {
        if prefix == "xmlns" {
            throw XMLSyntaxError("the prefix 'xmlns' cannot be declared", at: offset)
        }
        if prefix == "xml" {
            if uri != Self.xmlNamespace {
                throw XMLSyntaxError("the prefix 'xml' stands for \(Self.xmlNamespace) and cannot be bound to another namespace", at: offset)
            }
            return
        }
        if uri == Self.xmlNamespace || uri == Self.xmlnsNamespace {
            throw XMLSyntaxError("the namespace \(uri) is reserved and cannot be declared", at: offset)
        }
        if !prefix.isEmpty, uri.isEmpty {
            throw XMLSyntaxError("the prefix '\(prefix)' cannot be undeclared (xmlns:\(prefix)=\"\" is not allowed)", at: offset)
        }
    }
}
