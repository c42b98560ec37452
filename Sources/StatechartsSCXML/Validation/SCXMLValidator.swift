/// Checks the cross-references and structure of an ``SCXMLDocument``: unique state and data ids, targets that
/// exist, `initial` states that are descendants, history and `<initial>` rules, and what each
/// kind of state may contain.
public enum SCXMLValidator {
    /// Every problem, in document order; empty for a valid document.
    public static func validate(_ document: SCXMLDocument) -> [SCXMLDiagnostic] {
        var checker = Checker()
        checker.index(document)
        checker.check(document)
        return checker.diagnostics.sorted { $0.position < $1.position }
    }

    struct Checker {
        var diagnostics: [SCXMLDiagnostic] = []
        /// State id → its position and its parent's id (`nil` at the top level).
        var states: [String: (position: SCXMLSourcePosition, parent: String?)] = [:]

        mutating func problem(_ message: String, _ position: SCXMLSourcePosition) {
            diagnostics.append(SCXMLDiagnostic(message, at: position))
        }

        mutating func index(_ document: SCXMLDocument) {
            var count = 0
            document.forEachState { _ in count += 1 }
            states.reserveCapacity(count)
            func visit(_ state: SCXMLState, parent: String?) {
                if let existing = states[state.id] {
                    problem("duplicate state id '\(state.id)' (first defined at \(existing.position))", state.position)
                } else {
                    states[state.id] = (state.position, parent)
                }
                // By index: iterating would copy each state (and retain its fields) in large documents.
                for index in state.children.indices { visit(state.children[index], parent: state.id) }
            }
            for index in document.states.indices { visit(document.states[index], parent: nil) }
        }

        func isDescendant(_ id: String, of ancestor: String) -> Bool {
            // A duplicate id keeps its first definition's parent, as the ancestors of that one
            // are the ones checked; the walk ends at the top (ids are unique along one chain
            // unless duplicated, and a chain has at most the document's depth).
            var current = states[id]?.parent
            var steps = 0
            while let parent = current, steps <= states.count {
                if parent == ancestor { return true }
                current = states[parent]?.parent
                steps += 1
            }
            return false
        }

        mutating func checkTargets(_ targets: [String], at position: SCXMLSourcePosition, role: String = "target") {
            for target in targets where states[target] == nil {
                problem("unknown \(role) '\(target)'", position)
            }
        }

        mutating func check(_ document: SCXMLDocument) {
            if !document.states.contains(where: { !$0.isHistory }) {
                problem("the document has no states", document.position)
            }
            checkTargets(document.initial, at: document.position, role: "initial state")
            var dataIDs: [String: SCXMLSourcePosition] = [:]
            func record(_ data: SCXMLData) {
                if let first = dataIDs[data.id] {
                    problem("duplicate data id '\(data.id)' (first defined at \(first))", data.position)
                } else {
                    dataIDs[data.id] = data.position
                }
            }
            document.data.forEach(record)
            document.forEachState { $0.data.forEach(record) }
            for index in document.states.indices {
                let position = document.states[index].position
                if document.states[index].isHistory { problem("a history state must be inside a <state> or <parallel>", position) }
                check(document.states[index])
            }
        }

        mutating func check(_ state: SCXMLState) {
            let hasRealChildren = state.children.contains { !$0.isHistory }
            switch state.kind {
            case .state:
                if !hasRealChildren {
                    if !state.initial.isEmpty { problem("'initial' on a state without child states", state.position) }
                    if state.initialTransition != nil { problem("<initial> in a state without child states", state.position) }
                    if !state.children.isEmpty { problem("a state whose only children are history states", state.position) }
                }
                if !state.initial.isEmpty && state.initialTransition != nil {
                    problem("a state takes an 'initial' attribute or an <initial> element, not both", state.position)
                }
                checkTargets(state.initial, at: state.position, role: "initial state")
                for target in state.initial where states[target] != nil && !isDescendant(target, of: state.id) {
                    problem("the initial state '\(target)' is not a descendant of '\(state.id)'", state.position)
                }
                if let initial = state.initialTransition {
                    checkTargets(initial.targets, at: initial.position)
                    for target in initial.targets where states[target] != nil && !isDescendant(target, of: state.id) {
                        problem("the initial state '\(target)' is not a descendant of '\(state.id)'", initial.position)
                    }
                }
            case .parallel:
                if !hasRealChildren { problem("a parallel state without child states", state.position) }
            case .final:
                break
            case .history:
                if state.transitions.count > 1 { problem("a history state has at most one <transition>", state.position) }
                if let transition = state.transitions.first {
                    if !transition.events.isEmpty || transition.condition != nil {
                        problem("the default transition of a history state has no event and no cond", transition.position)
                    }
                    if transition.targets.isEmpty { problem("the default transition of a history state needs a target", transition.position) }
                }
            }
            for transition in state.transitions { checkTargets(transition.targets, at: transition.position) }
            for index in state.children.indices { check(state.children[index]) }
        }
    }
}
