/// An output format of the renderer.
public enum DiagramFormat: String, Sendable, Hashable, CaseIterable {
    /// Scalable Vector Graphics (text).
    case svg
    /// Portable Network Graphics, through cairo.
    case png
    /// Portable Document Format, through cairo.
    case pdf
    /// The DOT text itself, not laid out.
    case dot

    /// The format a file name's extension names (`chart.svg` → `.svg`), if any.
    public init?(pathExtension path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }
}

/// A Graphviz layout engine.
public enum LayoutEngine: String, Sendable, Hashable, CaseIterable {
    /// Hierarchical layout, the one statecharts read best in (and the only one that clips edges
    /// at cluster borders).
    case dot
    /// Spring model.
    case neato
    /// Force-directed.
    case fdp
    /// Force-directed for large graphs.
    case sfdp
    /// Circular.
    case circo
    /// Radial.
    case twopi
    /// Array-based, for clusters.
    case osage
    /// Squarified tree map.
    case patchwork
}
