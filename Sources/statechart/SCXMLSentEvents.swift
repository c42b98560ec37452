import StatechartsSCXML

/// The events an SCXML document sends to itself or raises, with where each is first named:
/// `<raise event>`, and `<send event>` without a target or to `#_internal`. Events named by
/// expressions (`eventexpr`) cannot be known without running the chart and are left out.
struct SCXMLSentEvents {
    /// Event names in document order, each once.
    private(set) var names: [String] = []
    /// Where each name first appears.
    private(set) var positions: [String: SCXMLSourcePosition] = [:]

    init(_ document: SCXMLDocument) {
        for state in document.allStates {
            state.onEntry.forEach { collect($0) }
            state.onExit.forEach { collect($0) }
            if let initial = state.initialTransition { collect(initial.content) }
            state.transitions.forEach { collect($0.content) }
        }
    }

    private mutating func collect(_ content: [SCXMLExecutable]) {
        for element in content {
            switch element {
            case .raise(let raise): add(raise.event, at: raise.position)
            case .send(let send):
                guard let event = send.event, send.targetExpression == nil,
                      send.target == nil || send.target == "#_internal" else { continue }
                add(event, at: send.position)
            case .if(let branches): branches.branches.forEach { collect($0.content) }
            case .foreach(let loop): collect(loop.content)
            case .cancel, .log, .assign, .script: continue
            }
        }
    }

    private mutating func add(_ name: String, at position: SCXMLSourcePosition) {
        guard positions[name] == nil else { return }
        names.append(name)
        positions[name] = position
    }
}
