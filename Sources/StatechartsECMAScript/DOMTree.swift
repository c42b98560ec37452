import StatechartsSCXML

/// How XML content crosses between ``SCXMLValue/xml(_:)`` and the DOM of ``DuktapeDOM``: as JSON
/// of its tree. A document is an array of its top-level nodes; a text node is a string; an
/// element is `[qualifiedName, namespaceURI or null, [name, namespaceURI or null, value, ...],
/// [children]]`. The tree keeps every namespace URI, so nothing is lost either way.
enum DOMTree {
    /// The JSON of `document`'s tree.
    static func json(of document: SCXMLXMLDocument) -> String {
        SCXMLValue.array(document.nodes.map(value(of:))).json ?? "[]"
    }

    private static func value(of node: SCXMLXMLNode) -> SCXMLValue {
        switch node {
        case .text(let text):
            return .string(text)
        case .element(let element):
            var attributes: [SCXMLValue] = []
            for attribute in element.attributes {
                attributes += [.string(attribute.qualifiedName), attribute.namespaceURI.map(SCXMLValue.string) ?? .null, .string(attribute.value)]
            }
            return .array([.string(element.qualifiedName), element.namespaceURI.map(SCXMLValue.string) ?? .null,
                           .array(attributes), .array(element.children.map(value(of:)))])
        }
    }

    /// The document of a tree that the DOM gave as JSON.
    static func document(json: String) throws(SCXMLExecutionError) -> SCXMLXMLDocument {
        let tree: SCXMLValue
        do { tree = try SCXMLValue(json: json) } catch { throw SCXMLExecutionError("cannot convert a DOM value: \(error)") }
        guard case .array(let nodes) = tree else { throw malformed }
        var result: [SCXMLXMLNode] = []
        for node in nodes { result.append(try self.node(node)) }
        return SCXMLXMLDocument(nodes: result)
    }

    private static var malformed: SCXMLExecutionError { SCXMLExecutionError("cannot convert a DOM value: its tree is malformed") }

    private static func node(_ value: SCXMLValue) throws(SCXMLExecutionError) -> SCXMLXMLNode {
        if case .string(let text) = value { return .text(text) }
        guard case .array(let parts) = value, parts.count == 4, case .string(let name) = parts[0],
              case .array(let flat) = parts[2], flat.count % 3 == 0, case .array(let children) = parts[3] else { throw malformed }
        var attributes: [SCXMLXMLAttribute] = []
        for i in stride(from: 0, to: flat.count, by: 3) {
            guard case .string(let attributeName) = flat[i], case .string(let attributeValue) = flat[i + 2] else { throw malformed }
            attributes.append(SCXMLXMLAttribute(qualifiedName: attributeName, namespaceURI: uri(flat[i + 1]), value: attributeValue))
        }
        var nodes: [SCXMLXMLNode] = []
        for child in children { nodes.append(try node(child)) }
        return .element(SCXMLXMLElement(qualifiedName: name, namespaceURI: uri(parts[1]), attributes: attributes, children: nodes))
    }

    private static func uri(_ value: SCXMLValue) -> String? {
        if case .string(let uri) = value { return uri }
        return nil
    }
}
