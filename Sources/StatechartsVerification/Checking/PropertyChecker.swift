/// Decides each property on an explored graph. A violation is given as the step codes of the
/// run that shows it; the caller replays them into a ``Counterexample``.
struct PropertyChecker {
    let graph: StateGraph
    let complete: Bool
    let stoppedBy: VerificationBound?
    /// Predecessor lists, built once for the liveness checks.
    private let search: GraphSearch?

    init(graph: StateGraph, complete: Bool, stoppedBy: VerificationBound?, needsSearch: Bool) {
        self.graph = graph
        self.complete = complete
        self.stoppedBy = stoppedBy
        search = needsSearch ? GraphSearch(graph) : nil
    }

    /// A decision before replay.
    enum Decision {
        case holds
        case violated(steps: [Int32], ending: CounterexampleEnding, triggerStep: Int?)
        case notProved(VerificationBound)
    }

    /// Which conditions a property reads: bits of the node labels.
    enum Check {
        case never(bit: Int)
        case always(bit: Int)
        case eventually(bit: Int)
        case respondsTo(trigger: Int, response: Int)
        case deadlockFree
        case canAlwaysReach(bit: Int)
    }

    private func holds(_ n: Int, _ bit: Int) -> Bool { graph.labels[n] & (1 << UInt64(bit)) != 0 }

    private var undecided: Decision { .notProved(stoppedBy ?? .states) }

    func decide(_ check: Check) -> Decision {
        switch check {
        case .never(let bit): return firstNode { holds($0, bit) }
        case .always(let bit): return firstNode { !holds($0, bit) }
        case .deadlockFree: return firstNode { graph.isDeadlock($0) }
        case .eventually(let bit): return avoidForever(bit: bit, triggers: [0] ) { _ in true }
        case .respondsTo(let trigger, let response):
            return avoidForever(bit: response, triggers: nil) { holds($0, trigger) }
        case .canAlwaysReach(let bit):
            guard complete else { return undecided }
            let all = [Bool](repeating: true, count: graph.count)
            let goal = (0..<graph.count).map { holds($0, bit) }
            let reach = searcher().canReach(goal, inside: all)
            guard let n = reach.firstIndex(of: false) else { return .holds }
            return .violated(steps: graph.stepsTo(n), ending: .cannotReach, triggerStep: nil)
        }
    }

    /// The first node, in breadth-first order (so the nearest), where `bad` holds.
    private func firstNode(where bad: (Int) -> Bool) -> Decision {
        for n in 0..<graph.count where bad(n) {
            return .violated(steps: graph.stepsTo(n), ending: .badSituation, triggerStep: nil)
        }
        return complete ? .holds : undecided
    }

    /// A run that, from a node where `isTrigger` holds (among `triggers`, or any node), never
    /// reaches condition `bit`: it stops, or loops, without it.
    private func avoidForever(bit: Int, triggers: [Int]?, isTrigger: (Int) -> Bool) -> Decision {
        let search = searcher()
        let avoiding = (0..<graph.count).map { !holds($0, bit) }
        let doomed = search.doomed(inside: avoiding)
        let canAvoid = search.canReach(doomed, inside: avoiding)
        let candidates = triggers ?? Array(0..<graph.count)
        guard let trigger = candidates.first(where: { canAvoid[$0] && isTrigger($0) }) else {
            return complete ? .holds : undecided
        }
        let prefix = triggers == nil ? graph.stepsTo(trigger) : []
        guard let (toDoom, end) = search.shortestPath(from: trigger, inside: canAvoid, to: { doomed[$0] }) else {
            return undecided
        }
        if graph.isTerminal(end) {
            return .violated(steps: prefix + toDoom, ending: .stops, triggerStep: triggers == nil ? prefix.count : nil)
        }
        guard let (loop, _) = search.shortestPath(from: end, inside: avoiding, allowEmpty: false, to: { $0 == end }) else {
            return undecided
        }
        return .violated(steps: prefix + toDoom + loop, ending: .loops(loopStart: prefix.count + toDoom.count),
                         triggerStep: triggers == nil ? prefix.count : nil)
    }

    private func searcher() -> GraphSearch { search ?? GraphSearch(graph) }
}
