/// Where ``XMLTreeBuilder`` puts the root element's children.
///
/// A sink that streams (``streamsRootChildren``) is handed the root element as soon as its start
/// tag is read, and then each of its children as soon as that child is complete, in document
/// order: only one top-level subtree is ever in memory. The root the parser returns then has no
/// children. ``XMLKeptRootChildren`` keeps them in the tree instead.
protocol XMLRootChildSink {
    /// Whether the root's children go to the sink rather than into the tree.
    static var streamsRootChildren: Bool { get }
    /// The root element, read up to its start tag (no children yet).
    mutating func rootStarted(_ root: XMLElementNode)
    /// The root's next child: a complete element, or a run of text.
    mutating func take(_ child: XMLChildNode)
}

/// The sink of a whole tree: the root keeps its children.
struct XMLKeptRootChildren: XMLRootChildSink {
    static var streamsRootChildren: Bool { false }
    mutating func rootStarted(_ root: XMLElementNode) {}
    mutating func take(_ child: XMLChildNode) {}
}
