/// Builds an ``SCXMLDocument`` while its XML is parsed: each top-level element of `<scxml>` is
/// read into the document as soon as it is complete, and released, so that reading a document
/// never holds its whole element tree (a large document's tree takes several times the memory
/// of the document it becomes).
struct SCXMLDocumentStream: XMLRootChildSink {
    static var streamsRootChildren: Bool { true }

    /// What reads each element, and the problems found so far.
    private(set) var builder: SCXMLDocumentBuilder
    /// The root element, without its children.
    private var root: XMLElementNode?
    /// The document read so far; `nil` before the root, or when the root is not `<scxml>`.
    private var document: SCXMLDocument?

    init(sources: SCXMLSourceLoader) { builder = SCXMLDocumentBuilder(sources: sources) }

    mutating func rootStarted(_ root: XMLElementNode) {
        self.root = root
        document = builder.begin(root)
    }

    mutating func take(_ child: XMLChildNode) {
        // `document` is moved out while the child is added, so that its arrays are not copied.
        guard let root, var current = document.take() else { return }
        builder.add(child, of: root, to: &current)
        document = current
    }

    /// The document, completed; `nil` when the root was not `<scxml>` (a problem says so).
    mutating func finish() -> SCXMLDocument? {
        guard var current = document.take() else { return nil }
        builder.finish(&current)
        return current
    }
}
