/// Every problem the compiler found in a ``StatechartDefinition``, reported at once.
public struct StatechartDefinitionError: Error, Sendable, CustomStringConvertible {
    /// One problem: where it is, what kind it is, and what is wrong.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        /// The path of the state the problem is in, from the root: `root/checkout/payment`.
        public let path: String
        /// What is wrong, in a sentence.
        public let message: String
        /// What kind of problem it is: tools match on this, never on the message's text.
        public let kind: Kind
        /// The other state the problem names, as the message writes it (an ID such as `x` for an
        /// unknown target, a path such as `root/a/b` for states that cannot both be active); `nil`
        /// when the message names no other state.
        public let namedState: String?

        /// Creates a problem of kind ``Kind/other``.
        public init(path: String, message: String) {
            self.init(path: path, kind: .other, message: message)
        }

        /// Creates a problem of a kind.
        public init(path: String, kind: Kind, message: String, namedState: String? = nil) {
            self.path = path
            self.kind = kind
            self.message = message
            self.namedState = namedState
        }

        /// `path: message`.
        public var description: String { "\(path): \(message)" }

        /// Whether two problems have the same path and message (their kinds and named states
        /// follow from those).
        public static func == (a: Self, b: Self) -> Bool { a.path == b.path && a.message == b.message }

        /// Hashes the path and the message.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(path)
            hasher.combine(message)
        }
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

extension StatechartDefinitionError.Problem {
    /// The kind of a definition problem: a stable identifier (its ``rawValue``), so that tools
    /// (the `@CompiledStatechart` macro, an editor) tell problems apart without reading messages,
    /// which may be reworded. A struct rather than an enum, so that new kinds are not a breaking
    /// change.
    public struct Kind: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The identifier, such as `unknownState`.
        public let rawValue: String

        /// A kind with this identifier.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The identifier.
        public var description: String { rawValue }

        // The chart as a whole.

        /// The chart has no states.
        public static let noStates = Self(rawValue: "noStates")
        /// A transition, entry or exit action or invocation written at the top level of the chart.
        public static let topLevelContent = Self(rawValue: "topLevelContent")
        /// Two states with the same ID; reported at the later one, ``namedState`` is the path of
        /// the first.
        public static let duplicateState = Self(rawValue: "duplicateState")

        // References to states.

        /// A target, initial state, history default, `whenIn` state or done event names an ID
        /// that is no state of the chart (``namedState``: the ID).
        public static let unknownState = Self(rawValue: "unknownState")
        /// Several targets (or initial states, history defaults) of which one contains another
        /// (``namedState``: the first of them).
        public static let nestedTargets = Self(rawValue: "nestedTargets")
        /// Several targets not in different regions of one parallel state (``namedState``: the
        /// first of them).
        public static let targetsInSameRegion = Self(rawValue: "targetsInSameRegion")
        /// An initial state that is not a descendant of its state (``namedState``).
        public static let initialOutsideState = Self(rawValue: "initialOutsideState")
        /// A history default that is not a state inside the history's parent (``namedState``).
        public static let historyDefaultOutsideParent = Self(rawValue: "historyDefaultOutsideParent")
        /// A done event of an atomic, final or history state, which never completes
        /// (``namedState``).
        public static let doneEventNeverRaised = Self(rawValue: "doneEventNeverRaised")

        // Transitions.

        /// More than one initial transition for one state (or for the chart).
        public static let multipleInitialTransitions = Self(rawValue: "multipleInitialTransitions")
        /// An initial transition without a target.
        public static let initialWithoutTarget = Self(rawValue: "initialWithoutTarget")
        /// An initial transition on a state without child states, on a parallel, final or history
        /// state.
        public static let misplacedInitialTransition = Self(rawValue: "misplacedInitialTransition")
        /// A transition on an empty list of events.
        public static let emptyEventList = Self(rawValue: "emptyEventList")

        // The shape of a state.

        /// A compound state whose only children are history states, or a parallel state without
        /// regions.
        public static let emptyCompound = Self(rawValue: "emptyCompound")
        /// A final state with child states or transitions, or directly a region of a parallel
        /// state.
        public static let invalidFinalState = Self(rawValue: "invalidFinalState")
        /// A history state with children, entry or exit actions, invocations, more than one
        /// default transition, a default with an event or a guard, or at the top level.
        public static let invalidHistoryState = Self(rawValue: "invalidHistoryState")
        /// A done event built by a state that is not final.
        public static let doneDataOutsideFinalState = Self(rawValue: "doneDataOutsideFinalState")

        /// A problem made by ``StatechartDefinitionError/Problem/init(path:message:)``, of no
        /// kind above.
        public static let other = Self(rawValue: "other")
    }
}
