import StatechartsSCXML

/// The interpreter behind ``SinglePathModel``: the document's states as indices, and the SCXML
/// algorithm for a configuration that is one path from the root to an atomic state.
struct SinglePathReader {
    struct Transition {
        var events: [String]
        var condition: String?
        var target: Int?
        var isInternal: Bool
        var raises: [String]
    }

    var ids: [String] = []
    var parent: [Int] = []
    var children: [[Int]] = []
    var isFinal: [Bool] = []
    var initial: [Int?] = []
    var initialRaises: [[String]] = []
    var entryRaises: [[String]] = []
    var exitRaises: [[String]] = []
    var transitions: [[Transition]] = []
    var rootInitial: Int?
    var problems: [String] = []

    init(_ document: SCXMLDocument) {
        if document.effectiveDataModel != "null" {
            problems.append("\(document.position.line):\(document.position.column): only the null data model is exported (this chart uses '\(document.effectiveDataModel)')")
        }
        if !document.data.isEmpty || !document.scripts.isEmpty {
            problems.append("\(document.position.line):\(document.position.column): <datamodel> and <script> are not exported")
        }
        var index: [String: Int] = [:]
        func add(_ state: SCXMLState, parent p: Int) {
            let i = ids.count
            index[state.id] = i
            ids.append(state.id)
            parent.append(p)
            children.append([])
            if p >= 0 { children[p].append(i) }
            isFinal.append(state.kind == .final)
            initial.append(nil)
            initialRaises.append([])
            entryRaises.append([])
            exitRaises.append([])
            transitions.append([])
            let place = "\(state.position.line):\(state.position.column)"
            switch state.kind {
            case .state, .final: break
            case .parallel: problems.append("\(place): <parallel> '\(state.id)' is not exported (only single-path charts are)")
            case .history: problems.append("\(place): <history> '\(state.id)' is not exported")
            }
            if !state.invokes.isEmpty { problems.append("\(place): <invoke> in '\(state.id)' is not exported") }
            if !state.data.isEmpty { problems.append("\(place): <data> in '\(state.id)' is not exported") }
            for child in state.children { add(child, parent: i) }
        }
        for state in document.states { add(state, parent: -1) }
        func target(_ names: [String], at place: String) -> Int? {
            guard let name = names.first else { return nil }
            if names.count > 1 { problems.append("\(place): a transition with several targets is not exported") }
            guard let t = index[name] else {
                problems.append("\(place): unknown target '\(name)'")
                return nil
            }
            return t
        }
        for state in document.allStates {
            guard let i = index[state.id] else { continue }
            entryRaises[i] = raises(state.onEntry.flatMap { $0 })
            exitRaises[i] = raises(state.onExit.flatMap { $0 })
            let place = "\(state.position.line):\(state.position.column)"
            if let transition = state.initialTransition {
                initial[i] = target(transition.targets, at: place)
                initialRaises[i] = raises(transition.content)
            } else if !state.initial.isEmpty {
                initial[i] = target(state.initial, at: place)
            } else {
                initial[i] = children[i].first
            }
            for transition in state.transitions {
                let where_ = "\(transition.position.line):\(transition.position.column)"
                if let condition = transition.condition, SCXMLNullDataModel.inStateID(condition) == nil {
                    problems.append("\(where_): only In(id) conditions are exported")
                }
                transitions[i].append(Transition(
                    events: transition.events, condition: transition.condition.flatMap(SCXMLNullDataModel.inStateID),
                    target: transition.targets.isEmpty ? nil : target(transition.targets, at: where_),
                    isInternal: transition.type == .internal, raises: raises(transition.content)))
            }
        }
        rootInitial = document.initial.isEmpty ? (ids.isEmpty ? nil : 0) : target(document.initial, at: "\(document.position.line):\(document.position.column)")
        self.index = index
    }

    private var index: [String: Int] = [:]

    func isLeaf(_ s: Int) -> Bool { children[s].isEmpty }

    /// The events of `<raise>` elements; anything but `<raise>` and `<log>` is a problem.
    mutating func raises(_ content: [SCXMLExecutable]) -> [String] {
        var events: [String] = []
        for element in content {
            switch element {
            case .raise(let raise): events.append(raise.event)
            case .log(let log) where log.expression == nil: break
            default:
                problems.append("\(element.position.line):\(element.position.column): only <raise> and <log> without expr are exported as executable content")
            }
        }
        return events
    }

    // MARK: The algorithm, on one path

    func ancestors(_ s: Int) -> [Int] {
        var path: [Int] = []
        var node = s
        while node >= 0 { path.append(node); node = parent[node] }
        return path
    }

    func isDescendant(_ s: Int, of a: Int) -> Bool { s != a && ancestors(s).contains(a) }

    /// SCXML event matching: a descriptor matches the name itself and names that extend it by
    /// `.`-separated tokens; `*` matches every name.
    static func matches(_ descriptor: String, _ name: String) -> Bool {
        var d = Substring(descriptor)
        if d == "*" { return true }
        while d.hasSuffix(".*") { d = d.dropLast(2) }
        while d.hasSuffix(".") { d = d.dropLast() }
        return name == d || name.hasPrefix(d + ".")
    }

    /// The first enabled transition from `leaf` up, for `event` (`nil`: eventless ones).
    func select(leaf: Int, event: String?) -> (source: Int, transition: Transition)? {
        for s in ancestors(leaf) {
            for t in transitions[s] {
                if let event {
                    guard t.events.contains(where: { Self.matches($0, event) }) else { continue }
                } else {
                    guard t.events.isEmpty else { continue }
                }
                if let condition = t.condition {
                    guard let c = index[condition], ancestors(leaf).contains(c) else { continue }
                }
                return (s, t)
            }
        }
        return nil
    }

    /// One microstep: the new leaf, appending raised events to `queue`; sets `finished`.
    func microstep(leaf: Int, source: Int, _ t: Transition, queue: inout [String], finished: inout Bool) -> Int {
        guard let target = t.target else {
            queue += t.raises
            return leaf
        }
        // The transition's domain: the source for an internal transition into its descendants,
        // else the nearest compound ancestor holding source and target (-1: the root).
        var domain: Int
        if t.isInternal && !isLeaf(source) && isDescendant(target, of: source) {
            domain = source
        } else {
            domain = parent[source]
            while domain >= 0 && !(isDescendant(target, of: domain) && isDescendant(source, of: domain)) { domain = parent[domain] }
        }
        for s in ancestors(leaf) where s != domain && (domain < 0 || isDescendant(s, of: domain)) {
            queue += exitRaises[s]
        }
        queue += t.raises
        return enter(target, below: domain, queue: &queue, finished: &finished)
    }

    /// Enters `target` and the states between `domain` and it, then its default descendants:
    /// the new leaf.
    func enter(_ target: Int, below domain: Int, queue: inout [String], finished: inout Bool) -> Int {
        var path = ancestors(target).filter { domain < 0 || isDescendant($0, of: domain) }.reversed().map { $0 }
        var s = target
        while !isLeaf(s), let child = initial[s] {
            // An <initial> target may lie deeper: enter the states between.
            let between = ancestors(child).filter { isDescendant($0, of: s) }.reversed()
            path += between
            s = child
        }
        for (k, state) in path.enumerated() {
            queue += entryRaises[state]
            if k + 1 < path.count, initial[state] == path[k + 1] { queue += initialRaises[state] }
            if isFinal[state] {
                if parent[state] < 0 { finished = true } else { queue.append("done.state." + ids[parent[state]]) }
            }
        }
        return s
    }

    /// Eventless transitions, then internal events, until stable.
    mutating func settle(leaf: Int, queue: inout [String], finished: inout Bool) -> Int? {
        var leaf = leaf
        var work = 0
        while !finished {
            work += 1
            if work > 1_000 {
                problems.append("state '\(ids[leaf])': a macrostep takes more than 1000 microsteps (an eventless loop)")
                return nil
            }
            if let (source, t) = select(leaf: leaf, event: nil) {
                leaf = microstep(leaf: leaf, source: source, t, queue: &queue, finished: &finished)
                continue
            }
            guard !queue.isEmpty else { break }
            let event = queue.removeFirst()
            if let (source, t) = select(leaf: leaf, event: event) {
                leaf = microstep(leaf: leaf, source: source, t, queue: &queue, finished: &finished)
            }
        }
        return leaf
    }

    mutating func startStep() -> (Int, Bool)? {
        guard let first = rootInitial else {
            problems.append("the chart has no states")
            return nil
        }
        var queue: [String] = []
        var finished = false
        let leaf = enter(first, below: -1, queue: &queue, finished: &finished)
        return settle(leaf: leaf, queue: &queue, finished: &finished).map { ($0, finished) }
    }

    /// The macrostep of an external event: `nil` when no transition takes it.
    mutating func macrostep(leaf: Int, event: String) -> (Int, Bool)? {
        guard let (source, t) = select(leaf: leaf, event: event) else { return nil }
        var queue: [String] = []
        var finished = false
        let next = microstep(leaf: leaf, source: source, t, queue: &queue, finished: &finished)
        return settle(leaf: next, queue: &queue, finished: &finished).map { ($0, finished) }
    }
}
