import Statecharts

extension Statechart {
    /// The chart as STWorkflow logs a workflow: an indented tree of its steps from the initial
    /// state, each followed by a letter for its kind, `!` for a final state, and `*` for a state
    /// already printed (whose steps are then not printed again, so cycles end).
    ///
    /// The kind of a step is read from the chart's structure (the transitions that lead
    /// somewhere, in document order):
    /// - `D` (dispatch): a parallel state. Each region's first step is printed under it with the
    ///   label `+`, then what follows the parallel state (its `OnDone` transition).
    /// - `S` (simple condition): two exits of which the second has no guard; labelled `Y` and `N`.
    /// - `M` (multiple condition): more exits, or two guarded ones; each labelled with its guard's
    ///   name (`else` for one without a guard).
    /// - `A` (action): at most one exit, printed unlabelled at the same indentation (a sequence).
    ///   A compound state is an action whose inner steps are printed under it with the label `+`.
    /// - `H`: a history state.
    ///
    /// A labelled step is printed as `label- Name (K)`, and what follows it one level deeper, each
    /// level adding `| `:
    ///
    /// ```
    /// Has account (S)
    /// Y- Load profile (A)
    /// | Home (A) !
    /// N- Offer signup (A)
    /// | Home (A) ! *
    /// ```
    ///
    /// - Parameter naming: the name printed for a state (its description by default).
    /// - Returns: the lines, separated by newlines.
    public func workflowTree(naming: (StateID) -> String = { String(describing: $0) }) -> String {
        let names = Dictionary(states.map { ($0, naming($0)) }, uniquingKeysWith: { first, _ in first })
        var printer = WorkflowTreePrinter(chart: self, names: names)
        printer.print(roots: defaultTargets(of: nil as StateID?))
        return printer.lines.joined(separator: "\n")
    }
}

/// Walks a chart depth first, printing each state once. The walk keeps its own stack, so a
/// workflow of any length prints without deep recursion.
private struct WorkflowTreePrinter<StateID: Hashable & Sendable, Event: StatechartEvent, Context> {
    let chart: Statechart<StateID, Event, Context>
    let names: [StateID: String]
    var printed: Set<StateID> = []
    var lines: [String] = []

    /// Where a step leads: a label (none for an action's single exit) and the targets.
    typealias Exit = (label: String?, targets: [StateID])
    /// A step still to print: the state, the indentation of its line, its label.
    typealias Visit = (state: StateID, base: String, label: String?)

    mutating func print(roots: [StateID]) {
        var pending: [Visit] = roots.reversed().map { ($0, "", nil) }
        while let next = pending.popLast() {
            pending += visit(next).reversed()
        }
    }

    /// Prints `step` and returns what to print under it, in order.
    mutating func visit(_ step: Visit) -> [Visit] {
        let (state, base, label) = step
        let kind = chart.kind(of: state)
        let (letter, exits) = classify(state)
        var line = base + (label.map { "\($0)- " } ?? "") + (names[state] ?? String(describing: state)) + " (\(letter))"
        if kind == .final { line += " !" }
        guard printed.insert(state).inserted else {
            lines.append(line + " *")
            return []
        }
        lines.append(line)
        let inner = base + (label == nil ? "" : "| ")
        var children: [Visit] = []
        switch kind {
        case .parallel?:
            for region in chart.children(of: state) where chart.kind(of: region)?.isHistory == false {
                let starts = chart.kind(of: region) == .compound ? chart.defaultTargets(of: region) : [region]
                children += starts.map { ($0, inner, "+") }
            }
        case .compound?:
            children += chart.defaultTargets(of: state).map { ($0, inner, "+") }
        default:
            break
        }
        for exit in exits {
            children += exit.targets.map { ($0, inner, exit.label) }
        }
        return children
    }

    /// The letter of `state` and its labelled exits.
    func classify(_ state: StateID) -> (Character, [Exit]) {
        let kind = chart.kind(of: state)
        if kind?.isHistory == true { return ("H", []) }
        let leading = chart.transitions(of: state).compactMap { chart.transition($0) }.filter { !$0.targets.isEmpty }
        let letter: Character
        let labels: [String?]
        switch leading.count {
        case 0, 1:
            letter = "A"
            labels = leading.map { _ in nil }
        case 2 where leading[1].guardName == nil:
            letter = "S"
            labels = ["Y", "N"]
        default:
            letter = "M"
            labels = leading.map { $0.guardName ?? "else" }
        }
        let exits = zip(labels, leading).map { Exit(label: $0, targets: $1.targets) }
        return (kind == .parallel ? "D" : letter, exits)
    }
}
