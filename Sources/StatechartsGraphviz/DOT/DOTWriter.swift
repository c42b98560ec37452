import Statecharts

/// Writes a chart as a Graphviz DOT document: compound states as rounded clusters, parallel
/// states as clusters of dashed region clusters, initial pseudo-states as black points, final
/// states as double circles, history as circled `H`/`H*`, transitions labelled
/// `event [guard] / action`, targetless reactions inside their state's label, and edges to or
/// from compound states clipped at the cluster border.
///
/// The output is deterministic: the same chart and options always give the same text. Node ids
/// are `s<N>`, `N` being the state's position in document order.
public struct DOTWriter<StateID: Hashable & Sendable, Event: StatechartEvent, Context> {
    let chart: Statechart<StateID, Event, Context>
    let options: DiagramOptions
    let index: [StateID: Int]
    var lines: [String] = []

    /// Creates a writer for `chart`.
    public init(chart: Statechart<StateID, Event, Context>, options: DiagramOptions = DiagramOptions()) {
        self.chart = chart
        self.options = options
        var index: [StateID: Int] = [:]
        for (i, state) in chart.states.enumerated() { index[state] = i + 1 }
        self.index = index
    }

    /// The DOT document.
    public func write() -> String {
        var writer = self
        writer.lines = []
        writer.emitDocument()
        return writer.lines.joined(separator: "\n") + "\n"
    }

    // MARK: Naming

    func name(_ state: StateID) -> String { String(describing: state) }
    func id(_ state: StateID) -> String { "s\(index[state] ?? 0)" }
    func clusterID(_ state: StateID) -> String { "cluster_" + id(state) }
    func kind(_ state: StateID) -> StateKind { chart.kind(of: state) ?? .atomic }
    func isCluster(_ state: StateID) -> Bool { kind(state) == .compound || kind(state) == .parallel }

    /// The node an edge uses for a state: itself, or the point inside its cluster.
    func anchor(_ state: StateID) -> String {
        switch kind(state) {
        case .compound: return id(state) + "_initial"
        case .parallel: return id(state) + "_anchor"
        default: return id(state)
        }
    }

    func isHighlighted(_ state: StateID) -> Bool { options.highlightedStates.contains(name(state)) }

    func isInside(_ state: StateID, _ ancestor: StateID) -> Bool {
        var current = chart.parent(of: state)
        while let p = current {
            if p == ancestor { return true }
            current = chart.parent(of: p)
        }
        return false
    }

    // MARK: Labels

    func triggerText(_ t: TransitionDescription<StateID, Event.Name>) -> String {
        var parts: [String] = []
        if t.isAnyEvent {
            parts.append("*")
        } else if let done = t.doneOf {
            parts.append("done(\(name(done)))")
        } else if !t.events.isEmpty {
            parts.append(t.events.map { String(describing: $0) }.joined(separator: ", "))
        }
        if let guardName = t.guardName { parts.append("[\(guardName)]") }
        if !t.requiredActiveStates.isEmpty {
            parts.append("[in \(t.requiredActiveStates.map(name).joined(separator: ", "))]")
        }
        var text = parts.joined(separator: " ")
        if options.showsActions && !t.actionNames.isEmpty {
            text += (text.isEmpty ? "/ " : " / ") + t.actionNames.joined(separator: ", ")
        }
        return text
    }

    /// The lines listed under a state's name: entry and exit actions, targetless reactions.
    func innerLines(_ state: StateID) -> [String] {
        var result: [String] = []
        if options.showsActions {
            let entry = chart.entryActionNames(of: state)
            if !entry.isEmpty { result.append("entry / " + entry.joined(separator: ", ")) }
            let exit = chart.exitActionNames(of: state)
            if !exit.isEmpty { result.append("exit / " + exit.joined(separator: ", ")) }
        }
        for t in chart.transitions(of: state) {
            guard let description = chart.transition(t), description.targets.isEmpty else { continue }
            result.append([triggerText(description), countText(uses(t))].compactMap { $0 }.joined(separator: " "))
        }
        if let count = countText(visits(state)) { result.append(count) }
        return result
    }

    func label(_ state: StateID) -> String {
        let inner = innerLines(state)
        if inner.isEmpty { return DOTEscaping.quoted(name(state)) }
        var html = "<<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"1\">"
        html += "<TR><TD><B>\(DOTEscaping.html(name(state)))</B></TD></TR>"
        for line in inner { html += "<TR><TD ALIGN=\"LEFT\">\(DOTEscaping.html(line))</TD></TR>" }
        return html + "</TABLE>>"
    }

    // MARK: Document

    mutating func emitDocument() {
        lines.append("digraph \(DOTEscaping.quoted(chart.name)) {")
        lines.append("  compound=true;")
        lines.append("  rankdir=\(options.direction.rawValue);")
        lines.append("  newrank=true;")
        lines.append("  fontname=\"Helvetica\";")
        lines.append("  node [fontname=\"Helvetica\", fontsize=11];")
        lines.append("  edge [fontname=\"Helvetica\", fontsize=10];")
        lines.append("  initial [shape=point, style=filled, fillcolor=black, width=0.15, label=\"\"];")
        for state in chart.children(of: nil) { emitState(state, depth: 1, isRegion: false) }
        for target in chart.defaultTargets(of: nil) { emitEdge(from: "initial", fromState: nil, to: target, attributes: []) }
        for state in chart.states { emitTransitions(of: state) }
        emitCoverageLegend()
        lines.append("}")
    }

    mutating func emitState(_ state: StateID, depth: Int, isRegion: Bool) {
        let pad = String(repeating: "  ", count: depth)
        let highlighted = isHighlighted(state)
        let coverage = coverageStyle(state)
        let covered = (visits(state) ?? 0) > 0
        switch kind(state) {
        case .atomic:
            var fill = highlighted ? ", fillcolor=\"#cfe3ff\"" : ""
            if !highlighted && covered { fill = ", fillcolor=\(Self.visitedFill)" }
            let style = (["rounded"] + (fill.isEmpty ? [] : ["filled"]) + coverage.styles).joined(separator: ",")
            let extra = coverage.attributes.map { ", " + $0 }.joined()
            lines.append("\(pad)\(id(state)) [shape=box, style=\"\(style)\"\(fill)\(extra), label=\(label(state))];")
        case .final:
            var styles = highlighted || covered ? ["filled"] : []
            styles += coverage.styles
            var fill = styles.isEmpty ? "" : ", style=\(styles.count == 1 ? styles[0] : "\"" + styles.joined(separator: ",") + "\"")"
            if highlighted { fill += ", fillcolor=\"#cfe3ff\"" } else if covered { fill += ", fillcolor=\(Self.visitedFill)" }
            let extra = coverage.attributes.map { ", " + $0 }.joined()
            lines.append("\(pad)\(id(state)) [shape=doublecircle, width=0.3, label=\(label(state))\(fill)\(extra)];")
        case .shallowHistory, .deepHistory:
            let text = kind(state) == .deepHistory ? "H*" : "H"
            lines.append("\(pad)\(id(state)) [shape=circle, width=0.3, fixedsize=true, label=\"\(text)\", tooltip=\(DOTEscaping.quoted(name(state)))];")
        case .compound, .parallel:
            let isParallel = kind(state) == .parallel
            var styles = ["rounded"]
            if isRegion { styles.append("dashed") }
            if isParallel { styles.append("bold") }
            if highlighted { styles.append("filled") }
            styles += coverage.styles.filter { !styles.contains($0) }
            lines.append("\(pad)subgraph \(clusterID(state)) {")
            lines.append("\(pad)  label=\(label(state));")
            lines.append("\(pad)  style=\"\(styles.joined(separator: ","))\";")
            for attribute in coverage.attributes { lines.append("\(pad)  \(attribute);") }
            if highlighted { lines.append("\(pad)  fillcolor=\"#eaf2ff\";") }
            if isParallel {
                lines.append("\(pad)  \(anchor(state)) [shape=point, style=invis, width=0.01, label=\"\"];")
            } else {
                lines.append("\(pad)  \(anchor(state)) [shape=point, style=filled, fillcolor=black, width=0.12, label=\"\"];")
            }
            for child in chart.children(of: state) { emitState(child, depth: depth + 1, isRegion: isParallel) }
            lines.append("\(pad)}")
            if !isParallel {
                for target in chart.defaultTargets(of: state) {
                    emitEdge(from: anchor(state), fromState: state, to: target, attributes: [], indent: pad)
                }
            }
        }
    }

    mutating func emitTransitions(of state: StateID) {
        if kind(state).isHistory {
            for target in chart.defaultTargets(of: state) {
                emitEdge(from: id(state), fromState: nil, to: target, attributes: ["style=dashed"])
            }
            return
        }
        for t in chart.transitions(of: state) {
            guard let description = chart.transition(t), !description.targets.isEmpty else { continue }
            let text = [triggerText(description), countText(uses(t))].compactMap { $0 }.joined(separator: " ")
            var attributes = ["label=\(DOTEscaping.quoted(text))"]
            let coverage = coverageAttributes(t)
            if (description.isEventless || description.isInternal) && !coverage.contains("style=dashed") {
                attributes.append("style=dashed")
            }
            attributes += coverage
            if options.highlightedTransitions.contains(t) {
                attributes += ["color=\"#d62728\"", "fontcolor=\"#d62728\"", "penwidth=2.5"]
            }
            for target in description.targets {
                emitEdge(from: anchor(state), fromState: state, to: target, attributes: attributes)
            }
        }
    }

    /// An edge, clipped at cluster borders (`ltail`/`lhead`) unless one end lies inside the
    /// other's cluster, where Graphviz cannot clip.
    mutating func emitEdge(from tail: String, fromState: StateID?, to target: StateID, attributes: [String], indent: String = "  ") {
        var attributes = attributes
        let head = anchor(target)
        // Edges leave a compound state at its border (`ltail`). A parallel state's anchor is an
        // invisible point inside it; clipping there misplaces the arrowhead of back edges in dot,
        // so those edges simply start inside the cluster.
        if let source = fromState, source != target, kind(source) == .compound, !isInside(target, source) {
            attributes.append("ltail=\(clusterID(source))")
        }
        if isCluster(target), fromState != target, !(fromState.map { isInside($0, target) } ?? false), tail != anchor(target) {
            attributes.append("lhead=\(clusterID(target))")
        }
        let suffix = attributes.isEmpty ? "" : " [" + attributes.joined(separator: ", ") + "]"
        lines.append("\(indent)\(tail) -> \(head)\(suffix);")
    }
}

extension Statechart {
    /// The chart as a Graphviz DOT document; see ``DOTWriter``.
    public func dot(options: DiagramOptions = DiagramOptions()) -> String {
        DOTWriter(chart: self, options: options).write()
    }
}

extension StatechartInstance {
    /// The chart as DOT with this instance's configuration highlighted, and `lastTransitions`
    /// (for example ``SendResult/transitions``) drawn bold.
    public func dot(options: DiagramOptions = DiagramOptions(), lastTransitions: [TransitionID] = []) -> String {
        var options = options
        options.highlightedStates = Set(configuration.map { String(describing: $0) })
        options.highlightedTransitions.formUnion(lastTransitions)
        return chart.dot(options: options)
    }
}
