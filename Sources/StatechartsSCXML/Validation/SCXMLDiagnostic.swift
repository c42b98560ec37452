/// One problem found in an SCXML document, with where it is.
public struct SCXMLDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// Where the problem is (the start of the element concerned).
    public var position: SCXMLSourcePosition
    /// What is wrong, in a sentence.
    public var message: String

    /// Creates a diagnostic.
    public init(_ message: String, at position: SCXMLSourcePosition) {
        self.message = message
        self.position = position
    }

    /// `line:column: message`.
    public var description: String { "\(position): \(message)" }

    /// `file:line:column: message`, the form compilers use.
    public func formatted(file: String) -> String { "\(file):\(position.line):\(position.column): \(message)" }
}

/// Why an SCXML document could not be read, validated or loaded: every problem found, in order.
public struct SCXMLError: Error, Sendable, CustomStringConvertible {
    /// The problems, sorted by position.
    public var diagnostics: [SCXMLDiagnostic]
    /// The file the document came from, when known.
    public var file: String?

    /// Creates an error from its problems.
    public init(_ diagnostics: [SCXMLDiagnostic], file: String? = nil) {
        self.diagnostics = diagnostics.sorted { $0.position < $1.position }
        self.file = file
    }

    /// Creates an error with one problem.
    public init(_ message: String, at position: SCXMLSourcePosition = .start, file: String? = nil) {
        self.init([SCXMLDiagnostic(message, at: position)], file: file)
    }

    /// One `file:line:column: message` line per problem (`line:column: message` without a file).
    public var lines: [String] {
        diagnostics.map { file.map($0.formatted(file:)) ?? $0.description }
    }

    /// The lines, joined.
    public var description: String { lines.joined(separator: "\n") }
}
