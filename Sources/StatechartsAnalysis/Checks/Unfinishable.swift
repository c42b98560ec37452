import Statecharts

extension ChartStructure {
    /// Reachable compound states whose final children can never be entered, and reachable parallel
    /// states one of whose regions can never complete.
    func unfinishableStates(_ reachable: Set<StateID>) -> [ChartFinding<StateID>] {
        var findings: [ChartFinding<StateID>] = []
        for state in states where reachable.contains(state) {
            switch kind(state) {
            case .compound:
                let finals = chart.children(of: state).filter { kind($0) == .final }
                if !finals.isEmpty && !finals.contains(where: reachable.contains) {
                    findings.append(finding(state, "state '\(state)' can never complete: none of its final states (\(quoted(finals))) can be entered"))
                }
            case .parallel:
                let regions = chart.children(of: state).filter { !kind($0).isHistory }
                let finalsOf = regions.map { region in chart.children(of: region).filter { kind($0) == .final } }
                guard finalsOf.contains(where: { !$0.isEmpty }) else { continue }
                let stuck = zip(regions, finalsOf).filter { !$0.1.contains(where: reachable.contains) }.map(\.0)
                if !stuck.isEmpty {
                    findings.append(finding(state, "parallel state '\(state)' can never complete: region \(quoted(stuck)) can never reach a final state"))
                }
            default:
                continue
            }
        }
        return findings
    }

    private func finding(_ state: StateID, _ message: String) -> ChartFinding<StateID> {
        ChartFinding(kind: .unfinishable, state: state, statePath: chart.path(of: state), message: message)
    }

    func quoted(_ states: [StateID]) -> String { states.map { "'\($0)'" }.joined(separator: ", ") }
}
