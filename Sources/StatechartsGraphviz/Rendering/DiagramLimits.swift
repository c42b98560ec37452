/// The largest chart the renderer lays out.
///
/// Graphviz's layout cannot be interrupted once it starts, and dot's time grows much faster than
/// the chart: a few thousand states in clusters with transitions between them can keep it busy
/// for many minutes and a gigabyte of memory. So before laying out, the rendering APIs measure
/// the chart (``DiagramSize``) and throw a ``GraphvizError`` with stage
/// ``GraphvizError/Stage/limits`` when it has more states or more transitions than allowed.
///
/// The ``default`` limits keep a render within a few seconds. Raise them to try a larger chart
/// anyway, or write DOT (`Statechart.dot(options:)`, never limited) and lay it out elsewhere.
public struct DiagramLimits: Sendable, Hashable {
    /// The most states a chart may have (``DiagramSize/states``).
    public var maximumStates: Int
    /// The most transition arrows a chart may have (``DiagramSize/transitions``).
    public var maximumTransitions: Int

    /// Creates limits.
    public init(maximumStates: Int, maximumTransitions: Int) {
        self.maximumStates = maximumStates
        self.maximumTransitions = maximumTransitions
    }

    /// 1,000 states and 250 transitions. Transitions drive dot's time: measured on two cores,
    /// 250 transitions among 40–100 states with random targets (the worst shape found) lay out and
    /// render in at most about 5 seconds, 300 take up to 13, and 400 more than a minute; states alone cost
    /// little (1,000 states in 20 clusters with 300 transitions between clusters take 0.4 s).
    public static let `default` = DiagramLimits(maximumStates: 1_000, maximumTransitions: 250)

    /// No limit at all.
    public static let unlimited = DiagramLimits(maximumStates: .max, maximumTransitions: .max)

    /// Whether a diagram of `size` is within the limits.
    public func admits(_ size: DiagramSize) -> Bool {
        size.states <= maximumStates && size.transitions <= maximumTransitions
    }

    /// Throws a ``GraphvizError`` with stage ``GraphvizError/Stage/limits`` and a message saying
    /// by how much, unless a diagram of `size` is within the limits.
    public func check(_ size: DiagramSize) throws(GraphvizError) {
        guard let message = exceededMessage(for: size) else { return }
        throw GraphvizError(stage: .limits, messages: [message])
    }

    /// The sentence saying how a diagram of `size` exceeds these limits, or `nil` when it does
    /// not: `SUBJECT has 2,000 states and 1,960 transitions, more than the renderer's limit of
    /// 1,000 states / 250 transitions; raise NAMES to try anyway, or ALTERNATIVE`, where NAMES
    /// are `stateLimitName`, `transitionLimitName` or both, whichever limits are exceeded. The
    /// defaults name this type's properties; a tool names its own options.
    public func exceededMessage(
        for size: DiagramSize, subject: String = "the chart",
        stateLimitName: String = "DiagramLimits.maximumStates",
        transitionLimitName: String = "DiagramLimits.maximumTransitions",
        alternative: String = "render DOT and lay it out elsewhere"
    ) -> String? {
        guard !admits(size) else { return nil }
        var names: [String] = []
        if size.states > maximumStates { names.append(stateLimitName) }
        if size.transitions > maximumTransitions { names.append(transitionLimitName) }
        return "\(subject) has \(grouped(size.states)) states and \(grouped(size.transitions)) transitions, "
            + "more than the renderer's limit of \(grouped(maximumStates)) states / \(grouped(maximumTransitions)) transitions; "
            + "raise \(names.joined(separator: " and ")) to try anyway, or \(alternative)"
    }
}

/// `n` with thousands separated by commas (`1,960`); `unlimited` for `Int.max`.
func grouped(_ n: Int) -> String {
    if n == .max { return "unlimited" }
    let digits = String(n.magnitude)
    var out = ""
    for (i, digit) in digits.enumerated() {
        if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
        out.append(digit)
    }
    return n < 0 ? "-" + out : out
}
