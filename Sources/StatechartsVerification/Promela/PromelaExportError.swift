import StatechartsSCXML

/// Why a chart cannot be exported to Promela: what it uses outside the exported subset (see
/// ``SinglePathModel``), with where.
public struct PromelaExportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is outside the subset, one line each: `LINE:COLUMN: message`.
    public let problems: [String]

    init(_ problems: [String]) { self.problems = problems }

    /// The problems, one per line.
    public var description: String { problems.joined(separator: "\n") }
}
