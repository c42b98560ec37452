import Statecharts

/// A change from one version of a chart to the next, with the mapping of their states: it
/// migrates snapshots (``migrate(_:)``) and checks, before any is migrated, that every
/// configuration and history memory the old chart can be in has a legal counterpart in the new
/// one (``check(events:context:bounds:progress:)``).
///
/// Both versions have the same state and event types; their contexts may differ (a snapshot does
/// not hold the context: restore the migrated snapshot with the context your new version needs).
public struct ChartMigration<StateID: Hashable & Sendable, Event: StatechartEvent, OldContext, NewContext>: Sendable {
    /// The version snapshots come from.
    public let old: Statechart<StateID, Event, OldContext>
    /// The version they go to.
    public let new: Statechart<StateID, Event, NewContext>
    /// Which new state each old state becomes.
    public let mapping: StateMapping<StateID>

    let oldShape: ChartShape<StateID>
    let newShape: ChartShape<StateID>
    /// For each old state by number, the number of the new state it becomes, or -1.
    let targets: [Int]

    /// Prepares a migration from `old` to `new`.
    ///
    /// - Throws: ``MigrationError`` when the mapping renames a state `old` does not have, to a
    ///   state `new` does not have, or forgets the memory of a state that is not a history state
    ///   of `old`; every such state is named.
    public init(from old: Statechart<StateID, Event, OldContext>, to new: Statechart<StateID, Event, NewContext>,
                mapping: StateMapping<StateID> = [:]) throws(MigrationError<StateID>) {
        self.old = old
        self.new = new
        self.mapping = mapping
        let oldShape = ChartShape(old), newShape = ChartShape(new)
        self.oldShape = oldShape
        self.newShape = newShape
        targets = oldShape.states.map { newShape.number[mapping.newState(for: $0)] ?? -1 }
        var problems: [MigrationProblem<StateID>] = []
        // Document order, then unknown states by name, so that messages come in a stable order.
        let renames = mapping.renames.sorted {
            (oldShape.number[$0.key] ?? .max, String(describing: $0.key)) < (oldShape.number[$1.key] ?? .max, String(describing: $1.key))
        }
        for (from, to) in renames {
            if !oldShape.contains(from) {
                problems.append(MigrationProblem(.unknownOldState, states: [from], message: "the old chart has no state '\(from)' (mapped to '\(to)')"))
            }
            if !newShape.contains(to) {
                problems.append(MigrationProblem(.unknownNewState, states: [to], message: "the new chart has no state '\(to)' (mapped from '\(from)')"))
            }
        }
        for history in mapping.forgottenHistory.sorted(by: { String(describing: $0) < String(describing: $1) })
        where oldShape.kind(of: history)?.isHistory != true {
            problems.append(MigrationProblem(.unknownOldState, states: [history],
                                             message: "the old chart has no history state '\(history)' whose memory could be forgotten"))
        }
        if !problems.isEmpty { throw MigrationError(problems) }
    }

    /// The new configuration for an old one (each state mapped, with its ancestors, in the new
    /// chart's document order), and what makes it illegal; `finished` for an instance that has
    /// reached a top-level final state.
    public func mapConfiguration(_ configuration: [StateID], finished: Bool = false) -> (configuration: [StateID], problems: [MigrationProblem<StateID>]) {
        var active: [Int] = []
        var problems: [MigrationProblem<StateID>] = []
        for state in configuration {
            guard let target = newState(for: state, &problems) else { continue }
            newShape.addWithAncestors(target, to: &active)
        }
        guard problems.isEmpty else { return (newShape.ids(active), problems) }
        return (newShape.ids(active), newShape.configurationProblems(active, finished: finished))
    }

    /// The new history state and memory for an old history state's memory, and what makes it
    /// illegal; `nil` when the mapping forgets that history state's memory.
    public func mapHistory(_ history: StateID, remembering remembered: [StateID]) -> (history: StateID, memory: [StateID], problems: [MigrationProblem<StateID>])? {
        guard !mapping.forgottenHistory.contains(history) else { return nil }
        var problems: [MigrationProblem<StateID>] = []
        guard let target = newState(for: history, &problems) else { return (history, [], problems) }
        var states: [Int] = []
        for state in remembered {
            guard let mapped = newState(for: state, &problems) else { continue }
            let (found, at) = ChartShape<StateID>.search(states, mapped)
            if !found { states.insert(mapped, at: at) }
        }
        guard problems.isEmpty else { return (newShape.states[target], newShape.ids(states), problems) }
        let (memory, memoryProblems) = newShape.memory(of: target, remembering: states)
        return (newShape.states[target], memory, memoryProblems)
    }

    /// The number of the new chart's state for an old one, or `nil` with the problem recorded.
    func newState(for state: StateID, _ problems: inout [MigrationProblem<StateID>]) -> Int? {
        guard let old = oldShape.number[state] else {
            problems.append(MigrationProblem(.unknownOldState, states: [state], message: "the old chart has no state '\(state)'"))
            return nil
        }
        guard targets[old] >= 0 else {
            problems.append(MigrationProblem(.unmappedState, states: [state],
                                             message: "'\(state)' is not mapped and the new chart has no state '\(state)'"))
            return nil
        }
        return targets[old]
    }
}
