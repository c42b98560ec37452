import Statecharts

/// A chart's state tree read once through its public introspection, by number (document order),
/// and what the chart's semantics can produce on it: legal configurations and legal history
/// memories (SCXML 3.10), as the core's snapshot restore judges them. Sets of active states are
/// sorted arrays of numbers: the check maps every reachable configuration, so no hashing here.
struct ChartShape<StateID: Hashable & Sendable>: Sendable {
    /// Every state in document order.
    let states: [StateID]
    /// A state's number: its position in document order.
    let number: [StateID: Int]
    let kinds: [StateKind]
    /// -1 for top-level states.
    let parents: [Int]
    /// The children that are not history states, in document order.
    let regions: [[Int]]
    /// The top-level states that are not history states.
    let topLevel: [Int]

    init<Event, Context>(_ chart: Statechart<StateID, Event, Context>) {
        states = chart.states
        var number: [StateID: Int] = [:]
        for (i, state) in states.enumerated() { number[state] = i }
        self.number = number
        kinds = states.map { chart.kind(of: $0) ?? .atomic }
        parents = states.map { chart.parent(of: $0).flatMap { number[$0] } ?? -1 }
        let kinds = self.kinds
        func substates(_ state: StateID?) -> [Int] {
            chart.children(of: state).compactMap { number[$0] }.filter { !kinds[$0].isHistory }
        }
        regions = states.map(substates)
        topLevel = substates(nil)
    }

    func contains(_ state: StateID) -> Bool { number[state] != nil }

    func kind(of state: StateID) -> StateKind? { number[state].map { kinds[$0] } }

    /// The ids of sorted numbers.
    func ids(_ numbers: [Int]) -> [StateID] { numbers.map { states[$0] } }

    /// `state` and its ancestors added to the sorted `active`.
    func addWithAncestors(_ state: Int, to active: inout [Int]) {
        var s = state
        while s >= 0 {
            let (found, at) = Self.search(active, s)
            if found { return }
            active.insert(s, at: at)
            s = parents[s]
        }
    }

    /// Whether the sorted `numbers` hold `value`, and where it is or would go.
    static func search(_ numbers: [Int], _ value: Int) -> (found: Bool, at: Int) {
        var low = 0, high = numbers.count
        while low < high {
            let middle = (low + high) / 2
            if numbers[middle] < value { low = middle + 1 } else { high = middle }
        }
        return (low < numbers.count && numbers[low] == value, low)
    }

    /// What makes the sorted active states `active` (ancestors included) an impossible
    /// configuration: a history state active, an active compound state (or the chart) without
    /// exactly one active child, an active parallel state without all its regions, and, for a
    /// finished instance, no top-level final state.
    func configurationProblems(_ active: [Int], finished: Bool) -> [MigrationProblem<StateID>] {
        guard !active.isEmpty else { return [] }
        var problems = childProblems(of: -1, active: active)
        for s in active {
            if kinds[s].isHistory {
                problems.append(MigrationProblem(.historyStateActive, states: [states[s]], message: "'\(states[s])' is a history state and cannot be active"))
                continue
            }
            problems += childProblems(of: s, active: active)
        }
        if finished && !topLevel.contains(where: { kinds[$0] == .final && Self.search(active, $0).found }) {
            problems.append(MigrationProblem(.finishedWithoutFinalState, states: [],
                                             message: "the instance has finished, and no top-level final state would be active"))
        }
        return problems
    }

    /// The children `container` (-1: the chart) would need and not have among the sorted
    /// `active`; `history` names the history state whose memory `active` stands for.
    func childProblems(of container: Int, active: [Int], history: StateID? = nil) -> [MigrationProblem<StateID>] {
        let kind = container >= 0 ? kinds[container] : .compound
        guard kind == .compound || kind == .parallel else { return [] }
        let children = container >= 0 ? regions[container] : topLevel
        let activeCount = children.reduce(0) { $0 + (Self.search(active, $1).found ? 1 : 0) }
        guard kind == .parallel ? activeCount != children.count : activeCount != 1 else { return [] }
        // A problem: now the names.
        let activeChildren = children.filter { Self.search(active, $0).found }
        let name = container >= 0 ? "'\(states[container])'" : "the chart"
        let holder = container >= 0 ? [states[container]] : []
        let subject = history.map { "history '\($0)' would remember " } ?? ""
        if kind == .parallel {
            let missing = ids(children.filter { !Self.search(active, $0).found })
            let regions = "region\(missing.count == 1 ? "" : "s") \(Self.list(missing))"
            return [MigrationProblem(.missingRegions, states: holder + missing,
                                     message: history == nil ? "parallel state \(name) would be active without its \(regions)"
                                        : "\(subject)parallel state \(name) without its \(regions)")]
        }
        let count = activeChildren.isEmpty ? "no" : "\(activeChildren.count)"
        let detail = activeChildren.isEmpty ? "" : ": \(Self.list(ids(activeChildren)))"
        let plural = activeChildren.count > 1 ? "ren" : ""
        return [MigrationProblem(.compoundChildren, states: holder + ids(activeChildren),
                                 message: history == nil ? "\(name) would be active with \(count) active child\(plural)\(detail)"
                                    : "\(subject)\(count) child\(plural) of \(name)\(detail)")]
    }

    /// The memory history state `history` would hold for the new states `remembered`, and what
    /// makes it one the history state could not have recorded. Shallow history remembers the
    /// active children of its parent: each state inside the parent stands for the child that
    /// holds it. Deep history remembers the active atomic states below its parent, which must
    /// form a configuration of the parent.
    func memory(of history: Int, remembering remembered: [Int]) -> (memory: [StateID], problems: [MigrationProblem<StateID>]) {
        let historyID = states[history]
        let kind = kinds[history]
        guard kind.isHistory else {
            return (ids(remembered), [MigrationProblem(.notAHistoryState, states: [historyID], message: "'\(historyID)' is not a history state of the new chart")])
        }
        let parent = parents[history]
        let parentName = parent >= 0 ? "'\(states[parent])'" : "the chart"
        var members: [Int] = []
        var problems: [MigrationProblem<StateID>] = []
        for state in remembered {
            // The child of the parent that holds `state` (what a shallow history records), if any.
            var child = state
            while child >= 0 && parents[child] != parent { child = parents[child] }
            guard child >= 0 else {
                problems.append(MigrationProblem(.outsideHistoryParent, states: [historyID, states[state]],
                                                 message: "history '\(historyID)' cannot remember '\(states[state])': it is not inside \(parentName)"))
                continue
            }
            if kind == .deepHistory && !(kinds[state] == .atomic || kinds[state] == .final) {
                problems.append(MigrationProblem(.outsideHistoryParent, states: [historyID, states[state]],
                                                 message: "deep history '\(historyID)' cannot remember '\(states[state])': it is not an atomic state"))
                continue
            }
            let member = kind == .deepHistory ? state : child
            let (found, at) = Self.search(members, member)
            if !found { members.insert(member, at: at) }
        }
        guard problems.isEmpty else { return (ids(members), problems) }
        guard !members.isEmpty else {
            return ([], [MigrationProblem(.compoundChildren, states: [historyID], message: "history '\(historyID)' would remember no state")])
        }
        // The configuration below the parent that the memory stands for.
        var below: [Int] = []
        for state in members {
            var s = state
            while s >= 0 && s != parent && !Self.search(below, s).found {
                below.insert(s, at: Self.search(below, s).at)
                s = parents[s]
            }
        }
        problems += childProblems(of: parent, active: below, history: historyID)
        if kind == .deepHistory {
            for s in below { problems += childProblems(of: s, active: below, history: historyID) }
        }
        return (ids(members), problems)
    }

    /// `'a', 'b'`.
    static func list(_ states: [StateID]) -> String { states.map { "'\($0)'" }.joined(separator: ", ") }
}
