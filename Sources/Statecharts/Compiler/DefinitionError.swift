/// Every problem the compiler found in a ``StatechartDefinition``, reported at once.
public struct StatechartDefinitionError: Error, Sendable, CustomStringConvertible {
    /// One problem: where it is and what is wrong.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        /// The path of the state the problem is in, from the root: `root/checkout/payment`.
        public let path: String
        /// What is wrong, in a sentence.
        public let message: String

        /// Creates a problem.
        public init(path: String, message: String) {
            self.path = path
            self.message = message
        }

        /// `path: message`.
        public var description: String { "\(path): \(message)" }
    }

    /// The problems, in document order.
    public let problems: [Problem]

    /// Creates an error from its problems.
    public init(problems: [Problem]) {
        self.problems = problems
    }

    /// One line per problem.
    public var description: String {
        let header = problems.count == 1 ? "The statechart definition has 1 problem:" : "The statechart definition has \(problems.count) problems:"
        return ([header] + problems.map { "  " + $0.description }).joined(separator: "\n")
    }
}
