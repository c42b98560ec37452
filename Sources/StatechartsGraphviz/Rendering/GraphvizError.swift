/// A failure reported by Graphviz, with the messages it gave.
public struct GraphvizError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What failed.
    public enum Stage: String, Sendable, Hashable {
        /// The DOT text could not be parsed.
        case parse
        /// The layout engine failed or is unknown.
        case layout
        /// The renderer failed or the format is unknown.
        case render
    }

    /// What failed.
    public let stage: Stage
    /// Graphviz's own messages (errors and warnings), each trimmed.
    public let messages: [String]

    /// Creates an error.
    public init(stage: Stage, messages: [String]) {
        self.stage = stage
        self.messages = messages
    }

    /// The stage and Graphviz's messages.
    public var description: String {
        let detail = messages.isEmpty ? "no message from Graphviz" : messages.joined(separator: "; ")
        return "Graphviz \(stage.rawValue) failed: \(detail)"
    }
}
