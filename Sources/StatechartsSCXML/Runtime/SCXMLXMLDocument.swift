/// XML content as a data value: the children of a `<data>`, `<content>` or `<assign>` element,
/// or an XML file loaded by `<data src>`. The `ecmascript` data model exposes it to scripts as a
/// DOM `Document`; everything else sees its markup (``markup``).
///
/// Each element keeps its namespace URI, so that the markup it writes back declares every
/// namespace it is in, including a default namespace it inherited from the enclosing document
/// (an inline `<scxml>` child of `<assign>` stays in the SCXML namespace).
public struct SCXMLXMLDocument: Sendable, Hashable, CustomStringConvertible {
    /// The top-level nodes in document order: normally one element.
    public var nodes: [SCXMLXMLNode]

    /// Creates a document from its top-level nodes.
    public init(nodes: [SCXMLXMLNode]) {
        self.nodes = nodes
    }

    /// The first top-level element, if any.
    public var documentElement: SCXMLXMLElement? {
        for node in nodes { if case .element(let element) = node { return element } }
        return nil
    }

    /// The markup.
    public var description: String { markup }
}

/// A node of an ``SCXMLXMLDocument``: an element or text.
public enum SCXMLXMLNode: Sendable, Hashable {
    /// An element.
    case element(SCXMLXMLElement)
    /// Character data (entities and CDATA sections resolved).
    case text(String)
}

/// An element of an ``SCXMLXMLDocument``.
public struct SCXMLXMLElement: Sendable, Hashable {
    /// The name as written, with its prefix (`conf:pass`, `book`).
    public var qualifiedName: String
    /// The namespace URI; `nil` for none.
    public var namespaceURI: String?
    /// The attributes in the order the reader reports them.
    public var attributes: [SCXMLXMLAttribute]
    /// The children in document order.
    public var children: [SCXMLXMLNode]

    /// Creates an element.
    public init(qualifiedName: String, namespaceURI: String? = nil, attributes: [SCXMLXMLAttribute] = [],
                children: [SCXMLXMLNode] = []) {
        self.qualifiedName = qualifiedName
        self.namespaceURI = namespaceURI?.isEmpty == true ? nil : namespaceURI
        self.attributes = attributes
        self.children = children
    }

    /// The prefix of ``qualifiedName``, `nil` when it has none.
    public var prefix: String? { SCXMLXMLNames.prefix(of: qualifiedName) }

    /// The name without its prefix.
    public var localName: String { SCXMLXMLNames.localName(of: qualifiedName) }

    /// The value of the attribute whose qualified name is `name`.
    public func attribute(_ name: String) -> String? {
        attributes.first { $0.qualifiedName == name }?.value
    }
}

/// An attribute of an ``SCXMLXMLElement`` (namespace declarations are not attributes here: the
/// markup declares what the names need).
public struct SCXMLXMLAttribute: Sendable, Hashable {
    /// The name as written, with its prefix.
    public var qualifiedName: String
    /// The namespace URI of a prefixed attribute; `nil` for an unprefixed one.
    public var namespaceURI: String?
    /// The value (entities resolved).
    public var value: String

    /// Creates an attribute.
    public init(qualifiedName: String, namespaceURI: String? = nil, value: String) {
        self.qualifiedName = qualifiedName
        self.namespaceURI = namespaceURI?.isEmpty == true ? nil : namespaceURI
        self.value = value
    }

    /// The prefix of ``qualifiedName``, `nil` when it has none.
    public var prefix: String? { SCXMLXMLNames.prefix(of: qualifiedName) }

    /// The name without its prefix.
    public var localName: String { SCXMLXMLNames.localName(of: qualifiedName) }
}

/// Splitting qualified names.
enum SCXMLXMLNames {
    static func prefix(of name: String) -> String? {
        name.firstIndex(of: ":").map { String(name[..<$0]) }
    }

    static func localName(of name: String) -> String {
        name.firstIndex(of: ":").map { String(name[name.index(after: $0)...]) } ?? name
    }
}
