import Statecharts

/// A chart definition's structure as text: states with their kinds, initial transitions,
/// entry and exit action names, transitions (trigger, targets, type, `whenIn`, guard and action
/// names) and done-event builders. Two definitions with the same summary have the same structure.
enum DefinitionSummary {
    static func of<StateID, Event, Context>(_ definition: StatechartDefinition<StateID, Event, Context>) -> String {
        var lines = ["chart \(definition.name)"]
        if let initial = definition.initial { lines.append("  initial \(initial.targets) \(initial.actions.map(\.name))") }
        for state in definition.states { describe(state, depth: 1, into: &lines) }
        return lines.joined(separator: "\n")
    }

    static func describe<StateID, Event, Context>(_ state: StateDefinition<StateID, Event, Context>, depth: Int, into lines: inout [String]) {
        let indent = String(repeating: "  ", count: depth)
        lines.append("\(indent)\(state.kind) \(state.id) done-builder:\(state.doneEvent != nil)")
        if let initial = state.initial { lines.append("\(indent)  initial \(initial.targets) \(initial.actions.map(\.name))") }
        if !state.onEntry.isEmpty { lines.append("\(indent)  entry \(state.onEntry.map(\.name))") }
        if !state.onExit.isEmpty { lines.append("\(indent)  exit \(state.onExit.map(\.name))") }
        for transition in state.transitions {
            lines.append("\(indent)  on \(transition.trigger) -> \(transition.targets) \(transition.kind) in:\(transition.requiredActiveStates) "
                         + "guard:\(transition.guardCondition.map { $0.name ?? "unnamed" } ?? "-") \(transition.actions.map(\.name))")
        }
        for child in state.children { describe(child, depth: depth + 1, into: &lines) }
    }
}
