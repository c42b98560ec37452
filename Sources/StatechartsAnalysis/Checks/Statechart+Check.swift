import Statecharts

extension Statechart {
    /// Checks the chart without running it and returns what looks wrong, in document order of
    /// the states concerned (findings about events last).
    ///
    /// ```swift
    /// for finding in chart.check() {
    ///     print("\(finding.kind.rawValue): \(finding.message)")
    /// }
    /// ```
    ///
    /// The checks read the chart's structure: guards are taken as satisfiable and actions are not
    /// run, so a finding is something no data can fix. See ``ChartFindingKind`` for each kind.
    ///
    /// - Parameters:
    ///   - sentEvents: the names of the events the chart's actions send or raise. Actions are
    ///     closures the checks cannot read, so ``ChartFindingKind/unusedEvent`` looks only at the
    ///     names given here (`statechart check` lists an SCXML document's `<send>` and `<raise>`).
    ///   - allowed: kinds to leave out.
    public func check(sentEvents: [Event.Name] = [], allowing allowed: Set<ChartFindingKind> = []) -> [ChartFinding<StateID>] {
        let structure = ChartStructure(self)
        var findings: [ChartFinding<StateID>] = []
        let shadowed = structure.shadowedTransitions()
        let reachable = structure.reachableStates(excluding: Set(shadowed.compactMap(\.transition)))
        findings += structure.unreachableStates(reachable)
        findings += shadowed
        findings += structure.deadEndStates(reachable)
        findings += structure.unfinishableStates(reachable)
        findings += structure.eventlessCycles()
        findings += structure.unusedEvents(sentEvents)
        var order: [StateID: Int] = [:]
        for (i, state) in states.enumerated() { order[state] = i }
        let kinds = ChartFindingKind.allCases
        return findings.filter { !allowed.contains($0.kind) }.enumerated().sorted { a, b in
            let left = a.element.state.flatMap { order[$0] } ?? Int.max
            let right = b.element.state.flatMap { order[$0] } ?? Int.max
            if left != right { return left < right }
            let leftKind = kinds.firstIndex(of: a.element.kind) ?? 0, rightKind = kinds.firstIndex(of: b.element.kind) ?? 0
            return leftKind != rightKind ? leftKind < rightKind : a.offset < b.offset
        }.map(\.element)
    }
}
