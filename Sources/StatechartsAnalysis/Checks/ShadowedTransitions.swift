import Statecharts

extension ChartStructure {
    /// Transitions that an earlier, unguarded transition of the same state always pre-empts.
    func shadowedTransitions() -> [ChartFinding<StateID>] {
        var findings: [ChartFinding<StateID>] = []
        for state in states {
            let own = transitions(of: state)
            for (j, later) in own.enumerated() {
                guard let earlier = own[..<j].first(where: { !isGuarded($0) && covers($0, later) }) else { continue }
                findings.append(ChartFinding(
                    kind: .shadowedTransition, state: state, statePath: chart.path(of: state),
                    transition: later.id, transitionPath: path(of: later),
                    message: "transition \(summary(of: later)) can never be taken: the earlier transition \(summary(of: earlier)) has no guard and matches every event it matches"))
            }
        }
        return findings
    }

    /// Whether `first` is triggered by every event that triggers `second`.
    func covers(_ first: Description, _ second: Description) -> Bool {
        if second.isEventless || first.isEventless { return first.isEventless && second.isEventless }
        if first.isAnyEvent { return second.doneOf == nil || first.doneOf == second.doneOf }
        if second.isAnyEvent { return false }
        if let done = second.doneOf { return first.doneOf == done }
        if first.doneOf != nil || second.events.isEmpty { return false }
        return second.events.allSatisfy { name in first.events.contains { Event.descriptor($0, matches: name) } }
    }
}
