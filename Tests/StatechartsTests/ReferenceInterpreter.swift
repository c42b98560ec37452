// A direct, unoptimized transcription of the W3C SCXML 1.0 "Algorithm for SCXML Interpretation"
// (Appendix D) over a `Model`, used as the oracle of the property test. It shares nothing with
// the library but `ActionSpec.perform`; names follow the specification.

struct ReferenceInterpreter {
    enum Event: Equatable {
        case named(PEvent)
        case done(Int)
    }

    struct EntrySet {
        var statesToEnter = Set<Int>()
        var statesForDefaultEntry = Set<Int>()
        /// Parent state -> the history state whose default transition's content runs after it.
        var defaultHistoryContent: [Int: Int] = [:]
        /// History states entered with a memory of one and of several states.
        var restored = 0
        var restoredSeveral = 0
    }

    let model: Model
    /// Whether done events are ordinary events (`String`: `done.state.ID`) or anonymous (`nil`).
    let doneEventsAreEvents: Bool
    var context: PContext
    var configuration: [Bool]
    var historyValue: [Int: [Int]] = [:]
    var internalQueue: [Event] = []
    var externalQueue: [PEvent] = []
    /// SCXML's `_event`.
    var current: Event?
    var running = false
    var finished = false
    var exited = false
    /// The declared transitions taken since the last `send`, by number.
    var taken: [Int] = []
    /// Declared transitions, numbered as the compiler numbers them: state by state in document
    /// order, each state's in order (field by field). -1 stands for the chart's initial transition.
    let sourceOf: [Int]
    let triggerOf: [ModelTransition.Trigger]
    let targetsOf: [[Int]]
    let internalOf: [Bool]
    let guardOf: [GuardSpec?]
    let whenInOf: [Int?]
    let actionOf: [ActionSpec]
    let transitionsOfState: [[Int]]
    /// Set when a macrostep did not settle (the model's fuel should make that impossible).
    var hung = false
    /// How often each interesting situation arose, to check that random charts exercise them.
    var stats: [String: Int] = [:]
    /// `descendant[a][b]`: whether `a` is a proper descendant of `b`.
    let descendant: [[Bool]]
    // The model's nodes field by field (reading a field of an array element copies the element).
    let indices: Range<Int>
    let parents: [Int]
    let kinds: [ModelKind]
    let childrenOf: [[Int]]
    let childStatesOf: [[Int]]
    let initialTargetsOf: [[Int]]
    let historyDefaultOf: [[Int]]
    let entryOf: [ActionSpec?]
    let exitOf: [ActionSpec?]
    let initialActionOf: [ActionSpec?]
    let historyActionOf: [ActionSpec?]

    init(model: Model, doneEventsAreEvents: Bool, context: PContext) {
        self.model = model
        self.doneEventsAreEvents = doneEventsAreEvents
        self.context = context
        configuration = Array(repeating: false, count: model.nodes.count)
        var all: [(source: Int, spec: ModelTransition)] = []
        var byState: [[Int]] = []
        for s in model.indices {
            var own: [Int] = []
            for t in model.nodes[s].transitions {
                own.append(all.count)
                all.append((s, t))
            }
            byState.append(own)
        }
        transitionsOfState = byState
        sourceOf = all.map(\.source)
        triggerOf = all.map(\.spec.trigger)
        targetsOf = all.map(\.spec.targets)
        internalOf = all.map(\.spec.isInternal)
        guardOf = all.map(\.spec.guardSpec)
        whenInOf = all.map(\.spec.whenIn)
        actionOf = all.map(\.spec.action)
        descendant = model.indices.map { a in model.indices.map { b in model.isDescendant(a, of: b) } }
        indices = model.indices
        parents = model.nodes.map(\.parent)
        let kindList = model.nodes.map(\.kind)
        kinds = kindList
        childrenOf = model.nodes.map(\.children)
        let childStatesOf = model.nodes.map { $0.children.filter { !kindList[$0].isHistory } }
        self.childStatesOf = childStatesOf
        initialTargetsOf = model.indices.map { model.nodes[$0].initial ?? Array(childStatesOf[$0].prefix(1)) }
        historyDefaultOf = model.nodes.map(\.historyDefault)
        entryOf = model.nodes.map(\.entry)
        exitOf = model.nodes.map(\.exit)
        initialActionOf = model.nodes.map(\.initialAction)
        historyActionOf = model.nodes.map(\.historyAction)
    }

    // MARK: The tree

    func parent(_ s: Int) -> Int { parents[s] }
    func kind(_ s: Int) -> ModelKind { kinds[s] }
    func isCompound(_ s: Int) -> Bool { s == 0 || kind(s) == .compound }
    func isParallel(_ s: Int) -> Bool { kind(s) == .parallel }
    func isFinal(_ s: Int) -> Bool { kind(s) == .final }
    func isHistory(_ s: Int) -> Bool { kind(s).isHistory }
    func isAtomic(_ s: Int) -> Bool { kind(s) == .atomic || kind(s) == .final }
    func isDescendant(_ a: Int, of b: Int) -> Bool { descendant[a][b] }
    func childStates(_ s: Int) -> [Int] { childStatesOf[s] }

    func initialTargets(_ s: Int) -> [Int] {
        initialTargetsOf[s]
    }

    func source(_ t: Int) -> Int { t < 0 ? 0 : sourceOf[t] }
    func targets(_ t: Int) -> [Int] { t < 0 ? initialTargets(0) : targetsOf[t] }
    func isInternal(_ t: Int) -> Bool { t < 0 ? true : internalOf[t] }
    func content(_ t: Int) -> ActionSpec? { t < 0 ? initialActionOf[0] : actionOf[t] }

    var activeStates: [Int] { indices.filter { $0 > 0 && configuration[$0] } }

    // MARK: Executable content

    func describe(_ event: Event?) -> String {
        switch event {
        case nil: return "nil"
        case .named(let e)?: return e.rawValue
        case .done(let s)?: return doneEventsAreEvents ? "done.state.\(s)" : "nil"
        }
    }

    mutating func execute(_ spec: ActionSpec?) {
        guard let spec else { return }
        let (raised, sent) = spec.perform(&context, event: describe(current))
        if let raised { internalQueue.append(.named(raised)) }
        if let sent { externalQueue.append(sent) }
    }

    // MARK: The interpreter

    mutating func start() {
        running = true
        configuration[0] = true
        current = nil
        microstep([-1])
        macrostep()
        drainExternalQueue()
    }

    /// Sends an external event; returns false when the interpreter is not running.
    @discardableResult
    mutating func send(_ event: PEvent) -> Bool {
        taken = []
        guard running else { return false }
        process(event)
        drainExternalQueue()
        return true
    }

    mutating func process(_ event: PEvent) {
        current = .named(event)
        let enabled = select(.named(event))
        if !enabled.isEmpty { microstep(enabled) }
        macrostep()
    }

    mutating func drainExternalQueue() {
        while running, !externalQueue.isEmpty {
            process(externalQueue.removeFirst())
        }
        if finished && !exited { exitInterpreter() }
    }

    /// The inner loop of `mainEventLoop`: eventless transitions, then internal events.
    mutating func macrostep() {
        var steps = 0
        while running {
            var enabled = select(nil)
            if enabled.isEmpty {
                guard !internalQueue.isEmpty else { break }
                let event = internalQueue.removeFirst()
                current = event
                if case .done = event { stats["done event", default: 0] += 1 }
                enabled = select(event)
            }
            if !enabled.isEmpty { microstep(enabled) }
            if configuration.indices.contains(where: { configuration[$0] && isParallel($0) }) {
                stats["parallel configuration", default: 0] += 1
            }
            steps += 1
            if steps > 5_000 {
                hung = true
                running = false
            }
        }
    }

    mutating func exitInterpreter() {
        for s in indices.reversed() where s > 0 && configuration[s] {
            execute(exitOf[s])
        }
        internalQueue = []
        externalQueue = []
        exited = true
    }

    // MARK: Selection

    func matches(_ t: Int, _ event: Event?) -> Bool {
        switch (triggerOf[t], event) {
        case (.eventless, nil): return true
        case (.any, .some): return true
        case (.events(let names), .named(let e)?): return names.contains(e)
        case (.done(let s), .done(let d)?): return s == d
        default: return false
        }
    }

    func conditionMatch(_ t: Int) -> Bool {
        if let state = whenInOf[t], !configuration[state] { return false }
        return guardOf[t]?.holds(context, event: describe(current)) ?? true
    }

    /// `selectTransitions` (`event` non-nil) and `selectEventlessTransitions` (`event` nil).
    func selectTransitions(_ event: Event?) -> [Int] {
        removeConflictingTransitions(enabledTransitions(event))
    }

    /// Selects transitions, counting the situations the property test should meet.
    mutating func select(_ event: Event?) -> [Int] {
        let enabled = enabledTransitions(event)
        let selected = removeConflictingTransitions(enabled)
        if selected.count < enabled.count { stats["conflict", default: 0] += 1 }
        if selected.count > 1 { stats["several transitions", default: 0] += 1 }
        if event == nil && !selected.isEmpty { stats["eventless", default: 0] += 1 }
        for t in selected {
            if targets(t).isEmpty { stats["targetless", default: 0] += 1 }
            if let domain = getTransitionDomain(t), domain == source(t) { stats["internal domain", default: 0] += 1 }
        }
        return selected
    }

    /// For each active atomic state in document order, the first enabled transition of it or its
    /// nearest ancestor.
    func enabledTransitions(_ event: Event?) -> [Int] {
        var enabled: [Int] = []
        for state in indices where configuration[state] && isAtomic(state) {
            var s = state
            search: while s >= 0 {
                for t in transitionsOfState[s] where matches(t, event) && conditionMatch(t) {
                    if !enabled.contains(t) { enabled.append(t) }
                    break search
                }
                s = parent(s)
            }
        }
        return enabled
    }

    func removeConflictingTransitions(_ enabled: [Int]) -> [Int] {
        var filtered: [Int] = []
        for t1 in enabled {
            var t1Preempted = false
            var transitionsToRemove: [Int] = []
            let exit1 = computeExitSet([t1])
            for t2 in filtered where !exit1.isDisjoint(with: computeExitSet([t2])) {
                if isDescendant(source(t1), of: source(t2)) {
                    transitionsToRemove.append(t2)
                } else {
                    t1Preempted = true
                    break
                }
            }
            if !t1Preempted {
                filtered.removeAll { transitionsToRemove.contains($0) }
                filtered.append(t1)
            }
        }
        return filtered
    }

    // MARK: Microsteps

    mutating func microstep(_ enabled: [Int]) {
        exitStates(enabled)
        executeTransitionContent(enabled)
        enterStates(enabled)
    }

    func computeExitSet(_ enabled: [Int]) -> Set<Int> {
        var statesToExit = Set<Int>()
        for t in enabled where !targets(t).isEmpty {
            guard let domain = getTransitionDomain(t) else { continue }
            for s in indices where configuration[s] && isDescendant(s, of: domain) {
                statesToExit.insert(s)
            }
        }
        return statesToExit
    }

    mutating func exitStates(_ enabled: [Int]) {
        let statesToExit = computeExitSet(enabled).sorted(by: >)
        for s in statesToExit {
            for h in childrenOf[s] where isHistory(h) {
                stats["history recorded", default: 0] += 1
                if kind(h) == .deepHistory {
                    historyValue[h] = indices.filter { configuration[$0] && isAtomic($0) && isDescendant($0, of: s) }
                } else {
                    historyValue[h] = indices.filter { configuration[$0] && parent($0) == s }
                }
            }
        }
        for s in statesToExit {
            execute(exitOf[s])
            configuration[s] = false
        }
    }

    mutating func executeTransitionContent(_ enabled: [Int]) {
        for t in enabled {
            if t >= 0 { taken.append(t) }
            execute(content(t))
        }
    }

    mutating func enterStates(_ enabled: [Int]) {
        var set = EntrySet()
        computeEntrySet(enabled, &set)
        stats["history restored", default: 0] += set.restored
        stats["history restored, several states", default: 0] += set.restoredSeveral
        if !set.defaultHistoryContent.isEmpty { stats["history default", default: 0] += 1 }
        for s in set.statesToEnter.sorted() {
            configuration[s] = true
            execute(entryOf[s])
            if set.statesForDefaultEntry.contains(s) { execute(initialActionOf[s]) }
            if let h = set.defaultHistoryContent[s] { execute(historyActionOf[h]) }
            if isFinal(s) {
                if parent(s) == 0 {
                    stats["finished", default: 0] += 1
                    running = false
                    finished = true
                } else {
                    let p = parent(s)
                    let grandparent = parent(p)
                    internalQueue.append(.done(p))
                    if grandparent >= 0 && isParallel(grandparent) && childStates(grandparent).allSatisfy(isInFinalState) {
                        stats["parallel done", default: 0] += 1
                        internalQueue.append(.done(grandparent))
                    }
                }
            }
        }
    }

    func isInFinalState(_ s: Int) -> Bool {
        if isCompound(s) { return childStates(s).contains { isFinal($0) && configuration[$0] } }
        if isParallel(s) { return childStates(s).allSatisfy(isInFinalState) }
        return false
    }

    func computeEntrySet(_ enabled: [Int], _ set: inout EntrySet) {
        for t in enabled {
            for s in targets(t) { addDescendantStatesToEnter(s, &set) }
            guard let ancestor = getTransitionDomain(t) else { continue }
            for s in getEffectiveTargetStates(t) { addAncestorStatesToEnter(s, ancestor, &set) }
        }
    }

    func addDescendantStatesToEnter(_ state: Int, _ set: inout EntrySet) {
        if isHistory(state) {
            if let value = historyValue[state] {
                set.restored += 1
                if value.count > 1 { set.restoredSeveral += 1 }
                for s in value { addDescendantStatesToEnter(s, &set) }
                for s in value { addAncestorStatesToEnter(s, parent(state), &set) }
            } else {
                set.defaultHistoryContent[parent(state)] = state
                for s in historyDefaultOf[state] { addDescendantStatesToEnter(s, &set) }
                for s in historyDefaultOf[state] { addAncestorStatesToEnter(s, parent(state), &set) }
            }
            return
        }
        set.statesToEnter.insert(state)
        if isCompound(state) {
            set.statesForDefaultEntry.insert(state)
            for s in initialTargets(state) { addDescendantStatesToEnter(s, &set) }
            for s in initialTargets(state) { addAncestorStatesToEnter(s, state, &set) }
        } else if isParallel(state) {
            for child in childStates(state) where !set.statesToEnter.contains(where: { isDescendant($0, of: child) }) {
                addDescendantStatesToEnter(child, &set)
            }
        }
    }

    func addAncestorStatesToEnter(_ state: Int, _ ancestor: Int, _ set: inout EntrySet) {
        var anc = parent(state)
        while anc >= 0 && anc != ancestor {
            set.statesToEnter.insert(anc)
            if isParallel(anc) {
                for child in childStates(anc) where !set.statesToEnter.contains(where: { isDescendant($0, of: child) }) {
                    addDescendantStatesToEnter(child, &set)
                }
            }
            anc = parent(anc)
        }
    }

    func getEffectiveTargetStates(_ t: Int) -> [Int] {
        var result: [Int] = []
        for s in targets(t) {
            let states = isHistory(s) ? (historyValue[s] ?? historyDefaultOf[s]) : [s]
            for state in states where !result.contains(state) { result.append(state) }
        }
        return result
    }

    func getTransitionDomain(_ t: Int) -> Int? {
        let tstates = getEffectiveTargetStates(t)
        if tstates.isEmpty { return nil }
        if isInternal(t) && isCompound(source(t)) && tstates.allSatisfy({ isDescendant($0, of: source(t)) }) {
            return source(t)
        }
        return findLCCA([source(t)] + tstates)
    }

    func findLCCA(_ states: [Int]) -> Int {
        var anc = parent(states[0])
        while anc >= 0 {
            if isCompound(anc) && states.dropFirst().allSatisfy({ isDescendant($0, of: anc) }) { return anc }
            anc = parent(anc)
        }
        return 0
    }
}
