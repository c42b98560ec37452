import Statecharts

// Coverage drawn on the diagram (``DiagramOptions/coverage``).

extension DOTWriter {
    static var unvisitedColor: String { "\"#9e9e9e\"" }
    static var visitedColor: String { "\"#2e7d32\"" }
    static var visitedFill: String { "\"#e3f2df\"" }

    /// How many times `state` was entered, or `nil` when no coverage is drawn.
    func visits(_ state: StateID) -> Int? {
        options.coverage.map { $0.stateCounts[name(state)] ?? 0 }
    }

    /// How many times `transition` was taken, or `nil` when no coverage is drawn.
    func uses(_ transition: TransitionID) -> Int? {
        options.coverage.map { $0.transitionCounts[transition] ?? 0 }
    }

    /// A pen width from 1 to 4, in proportion to `count` among `counts`.
    func penWidth(_ count: Int, among counts: some Collection<Int>) -> String {
        let most = max(1, counts.max() ?? 1)
        let tenths = 10 + 30 * min(count, most) / most
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// Styles and attributes of a state's node or cluster: grey and dashed when never entered,
    /// green and heavier the more often it was.
    func coverageStyle(_ state: StateID) -> (styles: [String], attributes: [String]) {
        guard let count = visits(state), let coverage = options.coverage else { return ([], []) }
        if count == 0 { return (["dashed"], ["color=\(Self.unvisitedColor)", "fontcolor=\(Self.unvisitedColor)"]) }
        return ([], ["color=\(Self.visitedColor)", "penwidth=\(penWidth(count, among: coverage.stateCounts.values))"])
    }

    /// Attributes of a transition's edges: grey and dashed when never taken, green and heavier the
    /// more often it was.
    func coverageAttributes(_ transition: TransitionID) -> [String] {
        guard let count = uses(transition), let coverage = options.coverage else { return [] }
        if count == 0 { return ["style=dashed", "color=\(Self.unvisitedColor)", "fontcolor=\(Self.unvisitedColor)"] }
        let declared = Set(chart.allTransitions)
        let counts = coverage.transitionCounts.filter { declared.contains($0.key) }.values
        return ["color=\(Self.visitedColor)", "penwidth=\(penWidth(count, among: counts))"]
    }

    /// `×N` after a visited state's or transition's label.
    func countText(_ count: Int?) -> String? {
        guard let count, count > 0 else { return nil }
        return "×\(count)"
    }

    /// The legend: the share of states entered and of transitions taken.
    mutating func emitCoverageLegend() {
        guard let coverage = options.coverage else { return }
        let states = chart.states.filter { !kind($0).isHistory }
        let visited = states.filter { (coverage.stateCounts[name($0)] ?? 0) > 0 }.count
        let transitions = chart.allTransitions
        let taken = transitions.filter { (coverage.transitionCounts[$0] ?? 0) > 0 }.count
        func percent(_ part: Int, _ whole: Int) -> String { whole == 0 ? "100%" : "\(part * 100 / whole)%" }
        var html = "<<TABLE BORDER=\"1\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"4\" COLOR=\"#9e9e9e\">"
        html += "<TR><TD ALIGN=\"LEFT\"><B>Coverage</B></TD></TR>"
        html += "<TR><TD ALIGN=\"LEFT\">states entered: \(visited) of \(states.count) (\(percent(visited, states.count)))</TD></TR>"
        html += "<TR><TD ALIGN=\"LEFT\">transitions taken: \(taken) of \(transitions.count) (\(percent(taken, transitions.count)))</TD></TR>"
        html += "<TR><TD ALIGN=\"LEFT\"><FONT COLOR=\"#9e9e9e\">grey, dashed: never used</FONT></TD></TR>"
        html += "<TR><TD ALIGN=\"LEFT\"><FONT COLOR=\"#2e7d32\">green: used, ×N times, heavier when more</FONT></TD></TR>"
        lines.append("  coverage_legend [shape=plaintext, label=\(html)</TABLE>>];")
    }
}
