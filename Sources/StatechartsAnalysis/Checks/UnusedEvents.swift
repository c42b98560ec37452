import Statecharts

extension ChartStructure {
    /// Events the chart sends or raises (`sent`) that no transition matches.
    func unusedEvents(_ sent: [Event.Name]) -> [ChartFinding<StateID>] {
        if transitions.contains(where: \.isAnyEvent) { return [] }
        var seen: Set<Event.Name> = []
        return sent.filter { seen.insert($0).inserted }.filter { name in
            !transitions.contains { $0.events.contains { Event.descriptor($0, matches: name) } }
        }.map { name in
            ChartFinding(kind: .unusedEvent, state: nil, statePath: nil, event: String(describing: name),
                         message: "event '\(name)' is sent but no transition matches it")
        }
    }
}
