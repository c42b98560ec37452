import Foundation
import Statecharts

/// Why a chart cannot be written as SCXML: the guards and actions that have no SCXML form.
public struct SCXMLWriterError: Error, Sendable, CustomStringConvertible {
    /// One sentence per problem, naming the state path.
    public var problems: [String]

    /// One line per problem.
    public var description: String {
        (["The chart cannot be written as SCXML:"] + problems.map { "  " + $0 }).joined(separator: "\n")
    }
}

extension SCXMLWriter {
    /// The chart as SCXML text; see ``document(from:dataModel:)`` for what can be written.
    public static func write<StateID, Event, Context>(
        _ definition: StatechartDefinition<StateID, Event, Context>, dataModel: String? = nil
    ) throws(SCXMLWriterError) -> String {
        write(try document(from: definition, dataModel: dataModel))
    }

    /// The SCXML document of a chart definition. The structure (states, kinds, initial states,
    /// transitions with their events, targets and types, history) is always expressible; guards
    /// and actions are when they carry their SCXML source as their name, as the ones
    /// ``SCXMLChart`` builds do (see ``SCXMLActionNames``): a guard's name is written as its
    /// `cond`, an action's name must be executable content. `whenIn` states become `In('id')`
    /// conditions. `dataModel` sets the `datamodel` attribute of a chart that does not carry one.
    ///
    /// - Throws: ``SCXMLWriterError`` listing every guard, action and done-event builder that
    ///   has no SCXML form.
    public static func document<StateID, Event, Context>(
        from definition: StatechartDefinition<StateID, Event, Context>, dataModel: String? = nil
    ) throws(SCXMLWriterError) -> SCXMLDocument {
        var exporter = DefinitionExporter<StateID, Event, Context>()
        let document = exporter.document(definition, dataModel: dataModel)
        if !exporter.problems.isEmpty { throw SCXMLWriterError(problems: exporter.problems) }
        return document
    }
}

/// Converts a `StatechartDefinition` into an ``SCXMLDocument``, reading guards and
/// actions back from their names.
struct DefinitionExporter<StateID: Hashable & Sendable, Event: StatechartEvent, Context> {
    var problems: [String] = []

    static func name(_ id: StateID) -> String { String(describing: id) }

    mutating func document(_ definition: StatechartDefinition<StateID, Event, Context>, dataModel: String?) -> SCXMLDocument {
        var document = SCXMLDocument(name: definition.name == "statechart" ? nil : definition.name, dataModel: dataModel)
        if let initial = definition.initial {
            document.initial = initial.targets.map(Self.name)
            for (i, action) in initial.actions.enumerated() {
                if i == 0, let name = action.name, let header = SCXMLFragments.header(name) {
                    document.name = header.name
                    document.dataModel = header.dataModel
                    document.binding = header.binding
                    document.version = header.version
                    document.data = header.data
                    document.scripts = header.scripts
                } else {
                    problems.append("root: the chart's initial transition has an action ('\(action.name ?? "unnamed")'), which SCXML cannot express")
                }
            }
        }
        document.states = definition.states.map { state($0, path: "root") }
        return document
    }

    mutating func state(_ definition: StateDefinition<StateID, Event, Context>, path parentPath: String) -> SCXMLState {
        let id = Self.name(definition.id)
        let path = parentPath + "/" + id
        let kind: SCXMLState.Kind
        switch definition.kind {
        case .state: kind = .state
        case .parallel: kind = .parallel
        case .final: kind = .final
        case .history(let history): kind = .history(history)
        }
        var state = SCXMLState(kind: kind, id: id)
        if let initial = definition.initial {
            if initial.actions.isEmpty {
                state.initial = initial.targets.map(Self.name)
            } else {
                state.initialTransition = SCXMLTransition(targets: initial.targets.map(Self.name),
                                                          content: content(initial.actions, path: path, role: "initial transition"))
            }
        }
        for action in definition.onEntry {
            guard let name = action.name, name != SCXMLActionNames.activeStateTracking else {
                if action.name == nil { problems.append("\(path): an unnamed entry action has no SCXML form") }
                continue
            }
            if let data = SCXMLFragments.dataModel(name) {
                state.data += data
            } else if let doneData = SCXMLFragments.doneData(name) {
                state.doneData = doneData
            } else if let block = SCXMLFragments.executableContent(name) {
                state.onEntry.append(block)
            } else {
                problems.append("\(path): the entry action '\(name)' is not SCXML executable content")
            }
        }
        for action in definition.onExit where action.name != SCXMLActionNames.activeStateTracking {
            state.onExit.append(content([action], path: path, role: "exit action"))
        }
        if definition.doneEvent != nil && state.doneData == nil {
            problems.append("\(path): the done event builder has no SCXML form (a <donedata> action)")
        }
        state.transitions = definition.transitions.map { transition($0, source: id, path: path, history: state.isHistory) }
        state.children = definition.children.map { self.state($0, path: path) }
        return state
    }

    mutating func transition(
        _ definition: TransitionDefinition<StateID, Event, Context>, source: String, path: String, history: Bool
    ) -> SCXMLTransition {
        var transition = SCXMLTransition(targets: definition.targets.map(Self.name), type: definition.kind)
        switch definition.trigger {
        case .events(let names): transition.events = names.map { String(describing: $0) }
        case .anyEvent: transition.events = ["*"]
        case .eventless: transition.events = []
        case .done(let state): transition.events = ["done.state." + (state.map(Self.name) ?? source)]
        }
        var conditions = definition.requiredActiveStates.map { "In('\(Self.name($0))')" }
        if let guardCondition = definition.guardCondition {
            if let name = guardCondition.name {
                conditions.append(conditions.isEmpty ? name : "(\(name))")
            } else {
                problems.append("\(path): an unnamed guard has no SCXML form")
            }
        }
        if !conditions.isEmpty { transition.condition = conditions.joined(separator: " && ") }
        transition.content = content(definition.actions, path: path, role: history ? "history default action" : "transition action")
        return transition
    }

    /// The executable content of actions, reporting those whose names are not SCXML.
    mutating func content(_ actions: [Action<Event, Context>], path: String, role: String) -> [SCXMLExecutable] {
        var result: [SCXMLExecutable] = []
        for action in actions {
            if let name = action.name, let block = SCXMLFragments.executableContent(name) {
                result += block
            } else {
                problems.append("\(path): the \(role) '\(action.name ?? "unnamed")' is not SCXML executable content")
            }
        }
        return result
    }
}
