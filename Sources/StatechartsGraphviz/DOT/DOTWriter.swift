import Statecharts

/// Writes a chart as a Graphviz DOT document: compound states as rounded clusters, parallel
/// states as clusters of dashed region clusters, initial pseudo-states as black points, final
/// states as rounded boxes with a double border, history as circled `H`/`H*`, transitions
/// labelled `event [guard] / action`, targetless reactions inside their state's label, and edges
/// to or from compound states clipped at the cluster border.
///
/// The output is deterministic: the same chart and options always give the same text. Node ids
/// are `s<N>`, `N` being the state's position in document order; with
/// ``DiagramOptions/elementClasses``, states and transitions also carry the classes
/// `Statechart.diagramClass(of:)` names.
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

    /// The node an edge uses for a state: itself, or one of the two invisible points of its
    /// cluster, to and from which edges are clipped at the border (`lhead`/`ltail`). The `start`
    /// point is kept before everything in the cluster (above it, top-down), the `end` point after:
    /// edges to and from states earlier in document order use `start`, the others `end`, so that
    /// they leave and enter on the side facing the other state and their labels stay outside.
    func anchor(_ state: StateID, towards other: StateID?) -> String {
        guard isCluster(state) else { return id(state) }
        guard let other, (index[other] ?? 0) > (index[state] ?? 0) else { return startPoint(state) }
        return endPoint(state)
    }

    func startPoint(_ state: StateID) -> String { id(state) + "_start" }
    func endPoint(_ state: StateID) -> String { id(state) + "_end" }

    /// The initial-state dot inside a compound state's cluster: only its initial edge uses it.
    func initialDot(_ state: StateID) -> String { id(state) + "_initial" }

    /// The small open circle inside a cluster from which its transitions to its own descendants
    /// (internal transitions, or external ones to a child) start: they cannot be clipped at the
    /// border they never cross.
    func innerPort(_ state: StateID) -> String { id(state) + "_port" }

    /// `, class="sc-s<N>"` when the options ask for element classes.
    func classAttribute(_ state: StateID) -> String {
        options.elementClasses ? ", class=\"\(DiagramClass.state(position: index[state] ?? 0))\"" : ""
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

    /// Action names as the diagram shows them: summarized, and cut when `cut` is true and the
    /// options ask for ``DiagramOptions/ActionLabels/short``.
    func actionText(_ names: [String], cut: Bool) -> String {
        let text = names.map(ActionSummary.summary).joined(separator: ", ")
        guard cut, options.actions == .short else { return text }
        return ActionSummary.shortened(text, limit: DiagramOptions.shortActionLength)
    }

    /// `event [guard] / actions`, with the actions cut to length when `cut` is true.
    func triggerText(_ t: TransitionDescription<StateID, Event.Name>, cut: Bool = true) -> String {
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
            text += (text.isEmpty ? "/ " : " / ") + actionText(t.actionNames, cut: cut)
        }
        return text
    }

    /// The lines listed under a state's name: what it invokes, entry and exit actions, targetless
    /// reactions.
    func innerLines(_ state: StateID, cut: Bool = true) -> [String] {
        var result: [String] = chart.invocationNames(of: state).map { "invoke / " + (cut ? ActionSummary.shortened($0, limit: 40) : $0) }
        if options.showsActions {
            let entry = chart.entryActionNames(of: state)
            if !entry.isEmpty { result.append("entry / " + actionText(entry, cut: cut)) }
            let exit = chart.exitActionNames(of: state)
            if !exit.isEmpty { result.append("exit / " + actionText(exit, cut: cut)) }
        }
        for t in chart.transitions(of: state) {
            guard let description = chart.transition(t), description.targets.isEmpty else { continue }
            result.append([triggerText(description, cut: cut), countText(uses(t))].compactMap { $0 }.joined(separator: " "))
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

    /// `, tooltip="…"` with a state's name and its full inner lines, when some were cut.
    func tooltipAttribute(_ state: StateID) -> String {
        let full = innerLines(state, cut: false)
        guard full != innerLines(state) else { return "" }
        return ", tooltip=" + DOTEscaping.quoted(([name(state)] + full).joined(separator: "\n"))
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
        case .atomic, .final:
            // A final state is a box with a double border, which fits its name and lines as other
            // states' boxes do: a double circle grows around a long name, and around entry and exit
            // actions to the size of a compound state.
            let border = kind(state) == .final ? ", peripheries=2" : ""
            var fill = highlighted ? ", fillcolor=\"#cfe3ff\"" : ""
            if !highlighted && covered { fill = ", fillcolor=\(Self.visitedFill)" }
            let style = (["rounded"] + (fill.isEmpty ? [] : ["filled"]) + coverage.styles).joined(separator: ",")
            let extra = coverage.attributes.map { ", " + $0 }.joined()
            lines.append("\(pad)\(id(state)) [shape=box, style=\"\(style)\"\(border)\(fill)\(extra), label=\(label(state))\(tooltipAttribute(state))\(classAttribute(state))];")
        case .shallowHistory, .deepHistory:
            let text = kind(state) == .deepHistory ? "H*" : "H"
            lines.append("\(pad)\(id(state)) [shape=circle, width=0.3, fixedsize=true, label=\"\(text)\", tooltip=\(DOTEscaping.quoted(name(state)))\(classAttribute(state))];")
        case .compound, .parallel:
            let isParallel = kind(state) == .parallel
            var styles = ["rounded"]
            if isRegion { styles.append("dashed") }
            if isParallel { styles.append("bold") }
            if highlighted { styles.append("filled") }
            styles += coverage.styles.filter { !styles.contains($0) }
            lines.append("\(pad)subgraph \(clusterID(state)) {")
            lines.append("\(pad)  label=\(label(state));")
            let tooltip = tooltipAttribute(state)
            if !tooltip.isEmpty { lines.append("\(pad)  \(tooltip.dropFirst(2));") }
            lines.append("\(pad)  style=\"\(styles.joined(separator: ","))\";")
            for attribute in coverage.attributes { lines.append("\(pad)  \(attribute);") }
            if highlighted { lines.append("\(pad)  fillcolor=\"#eaf2ff\";") }
            if options.elementClasses { lines.append("\(pad)  class=\"\(DiagramClass.state(position: index[state] ?? 0))\";") }
            lines.append("\(pad)  \(startPoint(state)) [shape=point, style=invis, width=0.01, label=\"\"];")
            lines.append("\(pad)  \(endPoint(state)) [shape=point, style=invis, width=0.01, label=\"\"];")
            if !isParallel {
                lines.append("\(pad)  \(initialDot(state)) [shape=point, style=filled, fillcolor=black, width=0.12, label=\"\"];")
            }
            if hasInnerTransitions(state) {
                lines.append("\(pad)  \(innerPort(state)) [shape=circle, style=filled, fillcolor=white, width=0.1, fixedsize=true, label=\"\", tooltip=\(DOTEscaping.quoted(name(state) + ": transitions to its own states"))];")
            }
            for child in chart.children(of: state) { emitState(child, depth: depth + 1, isRegion: isParallel) }
            // Keep the start and end points before and after everything else in the cluster.
            var inner = chart.children(of: state).map { isCluster($0) ? (startPoint($0), endPoint($0)) : (id($0), id($0)) }
            if !isParallel { inner.insert((initialDot(state), initialDot(state)), at: 0) }
            for (first, last) in inner {
                lines.append("\(pad)  \(startPoint(state)) -> \(first) [style=invis];")
                lines.append("\(pad)  \(last) -> \(endPoint(state)) [style=invis];")
            }
            lines.append("\(pad)}")
            if !isParallel {
                for target in chart.defaultTargets(of: state) {
                    emitEdge(from: initialDot(state), fromState: nil, to: target, attributes: [], indent: pad)
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
            let text = triggerText(description)
            let label = [text, countText(uses(t))].compactMap { $0 }.joined(separator: " ")
            // A space either side keeps labels of neighbouring edges (`upgrade`, `downgrade`
            // between the same two states) from touching.
            var attributes = ["label=\(DOTEscaping.quoted(" " + label + " "))"]
            let fullText = triggerText(description, cut: false)
            if fullText != text { attributes.append("tooltip=\(DOTEscaping.quoted(fullText))") }
            let coverage = coverageAttributes(t)
            if (description.isEventless || description.isInternal) && !coverage.contains("style=dashed") {
                attributes.append("style=dashed")
            }
            attributes += coverage
            if options.highlightedTransitions.contains(t) {
                attributes += ["color=\"#d62728\"", "fontcolor=\"#d62728\"", "penwidth=2.5"]
            }
            if options.elementClasses { attributes.append("class=\"\(DiagramClass.transition(t))\"") }
            for target in description.targets {
                let staysInside = isCluster(state) && (target == state || isInside(target, state))
                let tail = staysInside ? innerPort(state) : anchor(state, towards: target)
                if staysInside && target == state {
                    let suffix = " [" + attributes.joined(separator: ", ") + "]"
                    lines.append("  \(tail) -> \(tail)\(suffix);")
                } else {
                    emitEdge(from: tail, fromState: staysInside ? nil : state, to: target, attributes: attributes)
                }
            }
        }
    }

    /// Whether a compound or parallel state has a transition to itself or its descendants.
    func hasInnerTransitions(_ state: StateID) -> Bool {
        chart.transitions(of: state).contains { t in
            guard let description = chart.transition(t) else { return false }
            return description.targets.contains { $0 == state || isInside($0, state) }
        }
    }

    /// An edge, clipped at cluster borders (`ltail`/`lhead`) unless one end lies inside the
    /// other's cluster, where Graphviz cannot clip.
    mutating func emitEdge(from tail: String, fromState: StateID?, to target: StateID, attributes: [String], indent: String = "  ") {
        var attributes = attributes
        let head = anchor(target, towards: fromState.flatMap { isInside($0, target) ? nil : $0 })
        // Edges leave a compound or parallel state at its border (`ltail`), and enter one at its
        // border (`lhead`), unless one end lies inside the other's cluster, where Graphviz cannot
        // clip.
        var tailCluster: String?
        var headCluster: String?
        if let source = fromState, source != target, isCluster(source), !isInside(target, source) {
            tailCluster = clusterID(source)
        }
        if isCluster(target), fromState != target, !(fromState.map { isInside($0, target) } ?? false),
           tail != innerPort(target), tail != initialDot(target) {
            headCluster = clusterID(target)
        }
        // dot turns an edge to an earlier state around to rank it, and then clips the wrong end
        // at the cluster border: the arrowhead lands on the border it leaves. Such an edge is
        // written the way dot ranks it, with its arrowhead at the tail (`dir=back`).
        let backwards = (tailCluster != nil || headCluster != nil)
            && (fromState.flatMap { index[$0] } ?? 0) > (index[target] ?? 0)
        let (from, to) = backwards ? (head, tail) : (tail, head)
        if backwards {
            attributes.append("dir=back")
            (tailCluster, headCluster) = (headCluster, tailCluster)
        }
        if let tailCluster { attributes.append("ltail=\(tailCluster)") }
        if let headCluster { attributes.append("lhead=\(headCluster)") }
        let suffix = attributes.isEmpty ? "" : " [" + attributes.joined(separator: ", ") + "]"
        lines.append("\(indent)\(from) -> \(to)\(suffix);")
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
    /// (for example `SendResult.transitions`) drawn bold.
    public func dot(options: DiagramOptions = DiagramOptions(), lastTransitions: [TransitionID] = []) -> String {
        var options = options
        options.highlightedStates = Set(configuration.map { String(describing: $0) })
        options.highlightedTransitions.formUnion(lastTransitions)
        return chart.dot(options: options)
    }
}
