import Statecharts

extension ChartStructure {
    /// Cycles of unguarded eventless transitions: each state in one always has a transition to
    /// take, and taking it activates another (or the same) such state, forever.
    func eventlessCycles() -> [ChartFinding<StateID>] {
        var always: [StateID: Description] = [:]
        for state in states {
            if let first = transitions(of: state).first(where: { $0.isEventless && !isGuarded($0) }) { always[state] = first }
        }
        var successors: [StateID: [StateID]] = [:]
        for state in states {
            guard let transition = always[state] else { continue }
            let active = transition.targets.isEmpty ? [state] : entered(by: transition.targets)
            successors[state] = states.filter { active.contains($0) && always[$0] != nil }
        }
        return StronglyConnected(nodes: states.filter { always[$0] != nil }, successors: { successors[$0] ?? [] })
            .cycles.compactMap { cycle in
                guard let first = cycle.first, let transition = always[first] else { return nil }
                let through = cycle.count == 1 ? "state '\(first)'" : "states \(quoted(cycle))"
                return ChartFinding(
                    kind: .eventlessCycle, state: first, statePath: chart.path(of: first),
                    transition: transition.id, transitionPath: path(of: transition),
                    message: "eventless transitions without guards loop forever through \(through): the chart never settles")
            }
    }
}

/// Tarjan's strongly connected components, keeping those that contain a cycle (several nodes, or
/// one node with an edge to itself), each in the nodes' order.
struct StronglyConnected<Node: Hashable> {
    let cycles: [[Node]]

    init(nodes: [Node], successors: (Node) -> [Node]) {
        var order: [Node: Int] = [:]
        for (i, node) in nodes.enumerated() { order[node] = i }
        var index: [Node: Int] = [:], low: [Node: Int] = [:], onStack: Set<Node> = []
        var stack: [Node] = [], components: [[Node]] = [], counter = 0
        // Iterative depth-first search: a frame is a node and the position of its next successor.
        for root in nodes where index[root] == nil {
            var frames: [(Node, [Node], Int)] = [(root, successors(root), 0)]
            index[root] = counter; low[root] = counter; counter += 1
            stack.append(root); onStack.insert(root)
            while let (node, next, position) = frames.last {
                if position < next.count {
                    frames[frames.count - 1].2 += 1
                    let successor = next[position]
                    if index[successor] == nil {
                        index[successor] = counter; low[successor] = counter; counter += 1
                        stack.append(successor); onStack.insert(successor)
                        frames.append((successor, successors(successor), 0))
                    } else if onStack.contains(successor) {
                        low[node] = min(low[node] ?? 0, index[successor] ?? 0)
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last?.0 { low[parent] = min(low[parent] ?? 0, low[node] ?? 0) }
                guard low[node] == index[node] else { continue }
                var component: [Node] = []
                while let top = stack.popLast() {
                    onStack.remove(top)
                    component.append(top)
                    if top == node { break }
                }
                if component.count > 1 || next.contains(node) {
                    components.append(component.sorted { (order[$0] ?? 0) < (order[$1] ?? 0) })
                }
            }
        }
        cycles = components.sorted { (order[$0[0]] ?? 0) < (order[$1[0]] ?? 0) }
    }
}
