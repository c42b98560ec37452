/// How far an exploration may go. When one is reached before every situation was explored,
/// properties that were not violated in what was explored are reported
/// ``Verdict/notProved(_:)``, never as holding.
public struct VerificationBounds: Sendable, Hashable {
    /// The most distinct situations kept; memory grows with it (see docs/analysis.md for bytes
    /// per situation).
    public var maxStates: Int
    /// The most steps from the start explored.
    public var maxDepth: Int
    /// The longest the exploration may run (wall clock); `nil` for no limit.
    public var maxTime: Duration?

    /// Creates bounds: by default a million situations, 10,000 steps deep, no time limit.
    public init(maxStates: Int = 1_000_000, maxDepth: Int = 10_000, maxTime: Duration? = nil) {
        self.maxStates = max(1, maxStates)
        self.maxDepth = max(0, maxDepth)
        self.maxTime = maxTime
    }
}

/// The bound that stopped an exploration.
public enum VerificationBound: String, Sendable, Hashable, CustomStringConvertible {
    /// ``VerificationBounds/maxStates`` was reached.
    case states
    /// ``VerificationBounds/maxDepth`` was reached.
    case depth
    /// ``VerificationBounds/maxTime`` ran out.
    case time

    /// `the state bound`, `the depth bound`, `the time bound`.
    public var description: String { "the \(rawValue == "states" ? "state" : rawValue) bound" }
}

/// How far an exploration went, reported as it runs (see the `progress` parameter of
/// ``Statecharts/Statechart/verify(_:events:context:bounds:progress:)``) and when it ends.
public struct ExplorationStatistics: Sendable, Hashable, CustomStringConvertible {
    /// Distinct situations found.
    public var states: Int
    /// Steps between situations found (events that took a transition, and clock advances).
    public var transitions: Int
    /// The most steps from the start of any situation found.
    public var depth: Int
    /// Wall-clock time spent.
    public var elapsed: Duration
    /// Whether every situation found was explored; `false` when a bound stopped it.
    public var isComplete: Bool
    /// The bound that stopped the exploration, if one did.
    public var stoppedBy: VerificationBound?
    /// The memory the explored graph and its index took at the end, estimated from their sizes,
    /// in bytes.
    public var estimatedBytes: Int

    /// `12,345 states, 40,120 transitions, depth 17 in 0.42 s`.
    public var description: String {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        var text = "\(states) states, \(transitions) transitions, depth \(depth) in \(String(format: seconds))"
        if let stoppedBy { text += " (stopped by \(stoppedBy))" }
        return text
    }
}

extension String {
    /// Seconds with two decimals, without Foundation.
    init(format seconds: Double) {
        let hundredths = Int((seconds * 100).rounded())
        let fraction = hundredths % 100
        self = "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) s"
    }
}
