/// Searches over an explored ``StateGraph``: strongly connected components, backward reachability
/// and shortest paths, all iterative (a million nodes deep does not overflow the stack).
struct GraphSearch {
    let graph: StateGraph
    /// Predecessors, in CSR form like the graph's successors.
    private(set) var predecessorStart: [Int32] = []
    private(set) var predecessors: [Int32] = []

    init(_ graph: StateGraph) {
        self.graph = graph
        var counts = [Int32](repeating: 0, count: graph.count + 1)
        for target in graph.edgeTarget { counts[Int(target) + 1] += 1 }
        for i in 0..<graph.count { counts[i + 1] += counts[i] }
        var fill = counts
        var sources = [Int32](repeating: 0, count: graph.edgeTarget.count)
        for n in 0..<graph.expandedCount {
            for e in graph.edges(of: n) {
                let t = Int(graph.edgeTarget[e])
                sources[Int(fill[t])] = Int32(n)
                fill[t] += 1
            }
        }
        predecessorStart = counts
        predecessors = sources
    }

    /// The nodes where a run can stay forever inside `inside`: those that stop there (terminal)
    /// and those on a cycle of steps between nodes of `inside` (Tarjan's algorithm on the
    /// subgraph).
    func doomed(inside: [Bool]) -> [Bool] {
        let count = graph.count
        var doomed = [Bool](repeating: false, count: count)
        var index = [Int32](repeating: -1, count: count)
        var low = [Int32](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var stack: [Int32] = []
        var calls: [(node: Int32, edge: Int)] = []
        var nextIndex: Int32 = 0
        for root in 0..<count where inside[root] && index[root] < 0 {
            calls.append((Int32(root), graph.edges(of: root).lowerBound))
            index[root] = nextIndex; low[root] = nextIndex; nextIndex += 1
            stack.append(Int32(root)); onStack[root] = true
            while let (node, edge) = calls.last {
                let n = Int(node)
                let range = graph.edges(of: n)
                if edge < range.upperBound {
                    calls[calls.count - 1].edge = edge + 1
                    let t = Int(graph.edgeTarget[edge])
                    guard inside[t] else { continue }
                    if t == n { doomed[n] = true; continue }
                    if index[t] < 0 {
                        index[t] = nextIndex; low[t] = nextIndex; nextIndex += 1
                        stack.append(Int32(t)); onStack[t] = true
                        calls.append((Int32(t), graph.edges(of: t).lowerBound))
                    } else if onStack[t] {
                        low[n] = min(low[n], index[t])
                    }
                    continue
                }
                calls.removeLast()
                if let parent = calls.last { low[Int(parent.node)] = min(low[Int(parent.node)], low[n]) }
                guard low[n] == index[n] else { continue }
                var members: [Int32] = []
                while let top = stack.popLast() {
                    onStack[Int(top)] = false
                    members.append(top)
                    if top == node { break }
                }
                if members.count > 1 { for m in members { doomed[Int(m)] = true } }
            }
        }
        for n in 0..<count where inside[n] && graph.isTerminal(n) { doomed[n] = true }
        return doomed
    }

    /// The nodes of `inside` from which a path inside `inside` reaches a node of `goal`.
    func canReach(_ goal: [Bool], inside: [Bool]) -> [Bool] {
        var reached = goal
        var queue: [Int32] = []
        for n in 0..<graph.count where goal[n] { queue.append(Int32(n)) }
        var head = 0
        while head < queue.count {
            let n = Int(queue[head]); head += 1
            for p in Int(predecessorStart[n])..<Int(predecessorStart[n + 1]) {
                let source = Int(predecessors[p])
                if !reached[source] && inside[source] {
                    reached[source] = true
                    queue.append(Int32(source))
                }
            }
        }
        return reached
    }

    /// The shortest path of steps from `from` to a node where `isGoal` holds, through nodes of
    /// `inside` only: the step codes and the node reached. `allowEmpty`: `from` itself counts.
    func shortestPath(from: Int, inside: [Bool], allowEmpty: Bool = true, to isGoal: (Int) -> Bool) -> (steps: [Int32], end: Int)? {
        if allowEmpty && isGoal(from) { return ([], from) }
        var parent = [Int32: (node: Int32, step: Int32)]()
        var queue: [Int32] = [Int32(from)]
        var head = 0
        var seen: Set<Int32> = [Int32(from)]
        while head < queue.count {
            let n = Int(queue[head]); head += 1
            for e in graph.edges(of: n) {
                let t = graph.edgeTarget[e]
                guard inside[Int(t)] else { continue }
                if isGoal(Int(t)) {
                    var steps: [Int32] = [graph.edgeVia[e]]
                    var node = Int32(n)
                    while node != Int32(from) {
                        guard let link = parent[node] else { break }
                        steps.append(link.step)
                        node = link.node
                    }
                    return (steps.reversed(), Int(t))
                }
                if seen.insert(t).inserted {
                    parent[t] = (Int32(n), graph.edgeVia[e])
                    queue.append(t)
                }
            }
        }
        return nil
    }
}
