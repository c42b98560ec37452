/// Why an inspector could not start.
public struct InspectorError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public let message: String

    init(_ message: String) { self.message = message }

    public var description: String { message }
}
