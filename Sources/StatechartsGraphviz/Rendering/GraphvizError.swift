/// A failure reported by Graphviz, with the messages it gave, or a chart too large to lay out
/// (stage ``Stage/limits``, reported before Graphviz is called).
public struct GraphvizError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What failed.
    public enum Stage: String, Sendable, Hashable {
        /// The DOT text could not be parsed.
        case parse
        /// The layout engine failed or is unknown.
        case layout
        /// The renderer failed or the format is unknown.
        case render
        /// The chart is larger than the ``DiagramLimits`` allow; nothing was laid out. The one
        /// message says how large it is and which limit to raise.
        case limits
    }

    /// What failed.
    public let stage: Stage
    /// Graphviz's own messages (errors and warnings), each trimmed; for ``Stage/limits``, the
    /// renderer's message.
    public let messages: [String]

    /// Creates an error.
    public init(stage: Stage, messages: [String]) {
        self.stage = stage
        self.messages = messages
    }

    /// The stage and Graphviz's messages; for ``Stage/limits``, the message alone.
    public var description: String {
        if stage == .limits { return messages.joined(separator: "; ") }
        let detail = messages.isEmpty ? "no message from Graphviz" : messages.joined(separator: "; ")
        return "Graphviz \(stage.rawValue) failed: \(detail)"
    }
}
