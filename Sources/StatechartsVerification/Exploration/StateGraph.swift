/// The explored situations and the steps between them, as flat arrays: node `n` is the `n`th
/// situation found (breadth-first, so nodes come in order of depth), and nodes `0 ..<
/// expandedCount` have their successors in `edgeTarget[edgeStart[n] ..< edgeStart[n + 1]]`.
struct StateGraph {
    /// The node a node was first reached from (-1 for the start).
    var parent: [Int32] = []
    /// The step that first reached it: an index into the events, ``advanceStep``, or -2 for the start.
    var via: [Int32] = []
    /// Steps from the start.
    var depth: [Int32] = []
    /// Bit `i` is set when condition `i` holds there.
    var labels: [UInt64] = []
    /// ``SituationStatus`` raw values.
    var status: [UInt8] = []
    /// How many nodes, from the first, have their successors recorded.
    var expandedCount = 0
    var edgeStart: [Int32] = [0]
    var edgeTarget: [Int32] = []
    var edgeVia: [Int32] = []

    /// The step code of a clock advance to the next delayed event.
    static let advanceStep: Int32 = -1

    var count: Int { parent.count }

    func isExpanded(_ n: Int) -> Bool { n < expandedCount }

    /// The edges of node `n` (none when it was not expanded).
    func edges(of n: Int) -> Range<Int> {
        n < expandedCount ? Int(edgeStart[n])..<Int(edgeStart[n + 1]) : 0..<0
    }

    /// Expanded, and no step leaves it: finished, stopped, or stuck.
    func isTerminal(_ n: Int) -> Bool { n < expandedCount && edgeStart[n] == edgeStart[n + 1] }

    /// Stopped by a runtime error, or running with nothing that can happen.
    func isDeadlock(_ n: Int) -> Bool {
        guard n < expandedCount else { return false }
        return status[n] == SituationStatus.stopped.rawValue
            || (status[n] == SituationStatus.running.rawValue && edgeStart[n] == edgeStart[n + 1])
    }

    /// The steps from the start to node `n`, as step codes.
    func stepsTo(_ n: Int) -> [Int32] {
        var steps: [Int32] = []
        var node = n
        while node > 0 {
            steps.append(via[node])
            node = Int(parent[node])
        }
        return steps.reversed()
    }

    /// The memory the arrays take, in bytes.
    var bytes: Int {
        (parent.capacity + via.capacity + depth.capacity + edgeStart.capacity + edgeTarget.capacity + edgeVia.capacity) * 4
            + labels.capacity * 8 + status.capacity
    }
}
