/// A position in an SCXML source text: 1-based line and column (columns count Unicode scalars).
public struct SCXMLSourcePosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1.
    public var column: Int

    /// Creates a position.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The start of a text, where problems without a better position are reported.
    public static let start = SCXMLSourcePosition(line: 1, column: 1)

    /// Earlier lines first, then earlier columns.
    public static func < (a: SCXMLSourcePosition, b: SCXMLSourcePosition) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }
}
