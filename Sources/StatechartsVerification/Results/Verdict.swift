import Statecharts

/// What verification says about one property.
public enum Verdict<StateID: Hashable & Sendable, Event: StatechartEvent, Context> {
    /// The property holds in every situation the chart can reach with the events given.
    case holds
    /// A run breaks the property: the shortest one found.
    case violated(Counterexample<StateID, Event, Context>)
    /// No violation in what was explored, but a bound stopped the exploration first.
    case notProved(VerificationBound)

    /// Whether the property holds.
    public var holds: Bool {
        if case .holds = self { return true }
        return false
    }

    /// The counterexample, when the property is violated.
    public var counterexample: Counterexample<StateID, Event, Context>? {
        if case .violated(let counterexample) = self { return counterexample }
        return nil
    }
}

extension Verdict: Sendable where Context: Sendable {}

/// One property and its verdict.
public struct PropertyResult<StateID: Hashable & Sendable, Event: StatechartEvent, Context> {
    /// The property.
    public let property: Property<StateID, Context>
    /// Its verdict.
    public let verdict: Verdict<StateID, Event, Context>
    /// How much was explored to reach it.
    public let exploration: ExplorationStatistics
}

extension PropertyResult: Sendable where Context: Sendable {}

/// The verdicts of a verification, one per property in the order given, and how much was
/// explored.
public struct VerificationReport<StateID: Hashable & Sendable, Event: StatechartEvent, Context> {
    /// One result per property, in the order given.
    public let results: [PropertyResult<StateID, Event, Context>]
    /// How much was explored.
    public let exploration: ExplorationStatistics

    /// Whether every property holds.
    public var allHold: Bool { results.allSatisfy { $0.verdict.holds } }

    /// The verdicts, in the order of the properties.
    public var verdicts: [Verdict<StateID, Event, Context>] { results.map(\.verdict) }
}

extension VerificationReport: Sendable where Context: Sendable {}

/// Why a verification could not start: a property names a state the chart does not have, or
/// the chart runs something exploration cannot copy.
public struct VerificationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, one sentence each.
    public let problems: [String]

    /// Creates an error.
    public init(_ problems: [String]) { self.problems = problems }

    /// The problems, one per line.
    public var description: String { problems.joined(separator: "\n") }
}
