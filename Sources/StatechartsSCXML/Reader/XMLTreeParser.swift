import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Parses XML bytes into an ``XMLElementNode`` tree with FoundationXML's `XMLParser`, reporting
/// the first well-formedness error with its line and column.
enum XMLTreeParser {
    /// How deeply elements may nest: far beyond any real chart, and shallow enough that reading
    /// and compiling, which recurse over the tree, stay well within a thread's stack.
    static let maximumDepth = 100

    /// A well-formedness error.
    struct Failure: Error {
        var message: String
        var position: SCXMLSourcePosition
    }

    /// Parses `data`; `source` is the same text, used to find where start tags begin.
    static func parse(_ data: Data, source: SourceText) throws(Failure) -> XMLElementNode {
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        parser.shouldReportNamespacePrefixes = true
        parser.shouldResolveExternalEntities = false
        let builder = TreeBuilder(source: source)
        parser.delegate = builder
        let finished = parser.parse()
        if let failure = builder.failure { throw failure }
        if !finished || parser.parserError != nil {
            let code = (parser.parserError as NSError?)?.code ?? 1
            throw Failure(message: XMLParserErrorMessages.message(forCode: code),
                          position: SCXMLSourcePosition(line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1)))
        }
        guard let root = builder.root else {
            throw Failure(message: "the document has no root element", position: .start)
        }
        return root
    }
}

/// The `XMLParserDelegate` that assembles the tree.
private final class TreeBuilder: NSObject, XMLParserDelegate {
    let source: SourceText
    var stack: [XMLElementNode] = []
    var root: XMLElementNode?
    var failure: XMLTreeParser.Failure?
    /// Namespace declarations reported before the start tag that makes them.
    var pendingDeclarations: [(prefix: String, uri: String)] = []
    /// Prefix to URI, innermost scope last.
    var scopes: [[String: String]] = [["xml": "http://www.w3.org/XML/1998/namespace"]]

    init(source: SourceText) { self.source = source }

    func resolve(prefix: String) -> String? {
        for scope in scopes.reversed() { if let uri = scope[prefix] { return uri } }
        return nil
    }

    func parser(_ parser: XMLParser, didStartMappingPrefix prefix: String, toURI namespaceURI: String) {
        pendingDeclarations.append((prefix, namespaceURI))
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        guard failure == nil else { return }
        if stack.count >= XMLTreeParser.maximumDepth {
            failure = XMLTreeParser.Failure(
                message: "elements are nested more than \(XMLTreeParser.maximumDepth) levels deep",
                position: SCXMLSourcePosition(line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1)))
            parser.abortParsing()
            return
        }
        var scope: [String: String] = [:]
        for declaration in pendingDeclarations { scope[declaration.prefix] = declaration.uri }
        scopes.append(scope)
        let qualified = qName ?? elementName
        let end = SCXMLSourcePosition(line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1))
        var attributes: [XMLAttributeNode] = []
        for (key, value) in attributeDict {
            if key == "xmlns" || key.hasPrefix("xmlns:") { continue }
            if let colon = key.firstIndex(of: ":") {
                let prefix = String(key[..<colon])
                attributes.append(XMLAttributeNode(name: String(key[key.index(after: colon)...]), prefix: prefix,
                                                   namespaceURI: resolve(prefix: prefix), value: value))
            } else {
                attributes.append(XMLAttributeNode(name: key, prefix: nil, namespaceURI: nil, value: value))
            }
        }
        attributes.sort { $0.qualifiedName < $1.qualifiedName }
        let node = XMLElementNode(
            name: elementName, qualifiedName: qualified, namespaceURI: namespaceURI, attributes: attributes,
            namespaceDeclarations: pendingDeclarations, children: [],
            position: source.startOfTag(qualified, endingAt: end))
        pendingDeclarations = []
        stack.append(node)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        guard failure == nil else { return }
        if scopes.count > 1 { scopes.removeLast() }
        guard let node = stack.popLast() else { return }
        if stack.isEmpty {
            if root == nil { root = node }
        } else {
            stack[stack.count - 1].children.append(.element(node))
        }
    }

    func appendText(_ text: String) {
        guard !stack.isEmpty else { return }
        let last = stack.count - 1
        if case .text(let previous)? = stack[last].children.last {
            stack[last].children[stack[last].children.count - 1] = .text(previous + text)
        } else {
            stack[last].children.append(.text(text))
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { appendText(string) }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        appendText(String(decoding: CDATABlock, as: UTF8.self))
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        guard failure == nil else { return }
        let code = (parseError as NSError).code
        failure = XMLTreeParser.Failure(
            message: XMLParserErrorMessages.message(forCode: code),
            position: SCXMLSourcePosition(line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1)))
        parser.abortParsing()
    }
}
