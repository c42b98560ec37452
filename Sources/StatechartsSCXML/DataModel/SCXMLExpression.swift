/// An expression, location or script of a chart, as the data model receives it: the text as
/// written, what it is used for, and a number that is unique in its chart, so that an engine
/// can compile it once per instance and find it again.
public struct SCXMLExpression: Sendable, Hashable {
    /// What the text is used as.
    public enum Kind: Sendable, Hashable {
        /// A value expression (`expr`, `eventexpr`, `array`, `namelist` entries, …).
        case value
        /// A boolean condition (`cond`).
        case condition
        /// A location to assign to (`location`, `idlocation`).
        case location
        /// A `<script>`'s code.
        case script
    }

    /// The number of this expression in its chart, from 0.
    public let id: Int
    /// What the text is used as.
    public let kind: Kind
    /// The text as written.
    public let source: String
    /// Where it was written.
    public let position: SCXMLSourcePosition

    /// Creates an expression.
    public init(id: Int, kind: Kind, source: String, position: SCXMLSourcePosition) {
        self.id = id
        self.kind = kind
        self.source = source
        self.position = position
    }
}

/// Why executable content, a condition or a data binding failed; it becomes `error.execution`.
public struct SCXMLExecutionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public var message: String
    /// The send id, when a `<send>` failed (it becomes the error event's `sendid`).
    public var sendid: String?
    /// Where the element that failed starts, once the session knows it.
    public var position: SCXMLSourcePosition?

    /// Creates an error.
    public init(_ message: String, sendid: String? = nil, position: SCXMLSourcePosition? = nil) {
        self.message = message
        self.sendid = sendid
        self.position = position
    }

    /// This error, placed at `position` unless it already has a position (an inner element's).
    func placed(at position: SCXMLSourcePosition?) -> SCXMLExecutionError {
        var placed = self
        if placed.position == nil { placed.position = position }
        return placed
    }

    /// The message.
    public var description: String { message }
}
