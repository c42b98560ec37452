import Statecharts

extension ChartStructure {
    /// Reachable atomic states that nothing leaves, in a chart with final states.
    func deadEndStates(_ reachable: Set<StateID>) -> [ChartFinding<StateID>] {
        guard states.contains(where: { kind($0) == .final }) else { return [] }
        return states.filter { kind($0) == .atomic && reachable.contains($0) && !canLeave($0) }.map { state in
            ChartFinding(kind: .deadEndState, state: state, statePath: chart.path(of: state),
                         message: "state '\(state)' is a dead end: no transition leaves it or any state around it, and it is not final")
        }
    }

    /// Whether some transition with a target can exit `state`: one of its own or of an ancestor,
    /// or one from inside an enclosing parallel state that leads out of it.
    func canLeave(_ state: StateID) -> Bool {
        let around = [state] + ancestors(of: state)
        for transition in transitions where !transition.targets.isEmpty {
            guard let source = transition.source else { continue }
            if around.contains(source) { return true }
            for parallel in around where kind(parallel) == .parallel && isInside(source, parallel) {
                if transition.targets.contains(where: { $0 != parallel && !isInside($0, parallel) }) { return true }
            }
        }
        return false
    }
}
