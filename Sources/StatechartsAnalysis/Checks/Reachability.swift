import Statecharts

extension ChartStructure {
    /// The states some sequence of transitions can enter from the initial configuration, guards
    /// taken as satisfiable; `excluded` transitions (shadowed ones) never fire.
    func reachableStates(excluding excluded: Set<TransitionID>) -> Set<StateID> {
        var reachable = entered(by: chart.defaultTargets(of: nil))
        var pending = transitions.filter { !excluded.contains($0.id) && !$0.targets.isEmpty }
        var changed = true
        while changed {
            changed = false
            pending.removeAll { transition in
                guard let source = transition.source, reachable.contains(source) else { return false }
                let before = reachable.count
                reachable.formUnion(entered(by: transition.targets))
                if reachable.count != before { changed = true }
                return true
            }
        }
        return reachable
    }

    /// States no sequence of transitions can enter (history pseudo-states are not states one is in,
    /// and are left out).
    func unreachableStates(_ reachable: Set<StateID>) -> [ChartFinding<StateID>] {
        states.filter { !reachable.contains($0) && !kind($0).isHistory }.map { state in
            ChartFinding(kind: .unreachableState, state: state, statePath: chart.path(of: state),
                         message: "state '\(state)' can never be entered: no transition, initial state or history default leads to it")
        }
    }
}
