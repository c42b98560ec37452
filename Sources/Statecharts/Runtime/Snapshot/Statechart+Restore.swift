extension Statechart {
    /// An instance in the state `snapshot` describes, with `context`. No action runs.
    ///
    /// A snapshot may come from storage or from another process, so everything in it is checked
    /// before it is trusted, and every problem is reported at once.
    ///
    /// - Parameters:
    ///   - snapshot: the instance's state, as ``StatechartInstance/snapshot()`` captured it.
    ///   - context: the context the restored instance starts with.
    ///   - verifyingFingerprint: whether the snapshot's ``StatechartSnapshot/chartFingerprint``
    ///     must equal this chart's ``fingerprint`` (and be present). Pass `false` only to migrate a
    ///     snapshot to a chart whose state tree changed, or to restore one built by hand; the
    ///     structural checks below still apply.
    /// - Throws: ``SnapshotRestoreError`` when the snapshot comes from another chart, names states
    ///   this chart does not have, or describes something this chart cannot be in: a compound
    ///   state without exactly one active child, a parallel state without all its regions, a state
    ///   whose parent is not active, a finished instance whose configuration holds no top-level
    ///   final state, a finished or stopped one with pending or queued events, a history memory
    ///   that is not a configuration its parent could have had, a time outside the clock's range
    ///   (negative, or beyond `Int64.max` seconds), or a delayed event due before the clock's time.
    public func restore(
        _ snapshot: StatechartSnapshot<StateID, Event>, context: Context, verifyingFingerprint: Bool = true
    ) throws(SnapshotRestoreError) -> StatechartInstance<StateID, Event, Context> {
        var problems: [String] = []
        func index(_ state: StateID, _ role: String) -> _StateIndex? {
            if let s = stateIndex[state] { return s }
            problems.append("\(role) '\(state)' is not a state of this chart")
            return nil
        }
        if verifyingFingerprint {
            if let fingerprint = snapshot.chartFingerprint {
                if fingerprint != self.fingerprint {
                    problems.append("the snapshot was taken from another chart (fingerprint \(Self.hex(fingerprint)), "
                        + "this chart's is \(Self.hex(self.fingerprint))); restore with verifyingFingerprint: false to migrate it")
                }
            } else {
                problems.append("the snapshot carries no chart fingerprint; restore with verifyingFingerprint: false "
                    + "if it was built by hand or taken by an older version")
            }
        }
        problems += Self.clockProblems(snapshot)
        if let running = snapshot.runningInvocations, !running.isEmpty {
            problems.append("the snapshot was taken while invoked charts ran or had events on their way (\(running.joined(separator: ", "))); "
                + "a snapshot does not hold child sessions: take it when no child chart runs")
        }

        var instance = makeInstance(context: context)
        guard snapshot.status != .notStarted else {
            if !snapshot.configuration.isEmpty { problems.append("a snapshot of an instance that has not started has no configuration") }
            if !snapshot.history.isEmpty || !snapshot.pendingEvents.isEmpty || !snapshot.externalQueue.isEmpty {
                problems.append("a snapshot of an instance that has not started has no history, pending or queued events")
            }
            if !problems.isEmpty { throw SnapshotRestoreError(problems: problems) }
            return instance
        }
        var active = _Bitset(capacity: tables.stateCount)
        active.insert(.root)
        for state in snapshot.configuration {
            if let s = index(state, "active state") { active.insert(s) }
        }
        problems += tables.tree.configurationProblems(active).map { "\(path($0.0)): \($0.1)" }
        if snapshot.status == .finished && !tables.tree.children(of: .root).contains(where: { tables.tree.isFinal($0) && active.contains($0) }) {
            problems.append("a finished instance's configuration holds a top-level final state, and this one holds none")
        }
        // Finishing and stopping drop the queues: such an instance never delivers anything again.
        if snapshot.status != .running && (!snapshot.pendingEvents.isEmpty || !snapshot.externalQueue.isEmpty) {
            problems.append("a \(snapshot.status.rawValue) instance has no pending or queued events")
        }

        var memory = _HistoryMemory.empty(size: tables.states.historyMemorySize)
        for (historyState, remembered) in snapshot.history {
            guard let h = index(historyState, "history state") else { continue }
            guard tables.tree.isHistory(h) else {
                problems.append("'\(historyState)' is not a history state")
                continue
            }
            var values: [_StateIndex] = []
            for state in remembered {
                guard let s = index(state, "remembered state") else { continue }
                if values.contains(s) {
                    problems.append("history '\(historyState)' remembers '\(state)' more than once")
                } else {
                    values.append(s)
                }
            }
            guard values.count == remembered.count else { continue }
            let historyProblems = historyMemoryProblems(h, values)
            problems += historyProblems.map { "history '\(historyState)' \($0)" }
            guard historyProblems.isEmpty else { continue }
            guard let slot = tables.states.historySlot[h], values.count <= nextSlot(after: h) - slot - 1 else {
                problems.append("history '\(historyState)' remembers more states than its parent can have active")
                continue
            }
            _HistoryMemory.record(values.sorted(), at: slot, in: &memory)
        }
        if !problems.isEmpty { throw SnapshotRestoreError(problems: problems) }

        // The memory before the leaf: a direct row takes its history fields from it.
        if !snapshot.history.isEmpty { instance.restoreHistory(memory) }
        switch snapshot.status {
        case .notStarted: break
        case .running: instance.status = .running
        case .finished: instance.status = .finished
        case .stopped: instance.status = .stopped
        }
        instance.activeSet = active
        // The leaf, or the set's row (a joint row holds the configuration's slot).
        instance.leaf = tables.isSinglePath(active) ? active.last ?? .none : .none
        if snapshot.now > .zero || !snapshot.pendingEvents.isEmpty || !snapshot.externalQueue.isEmpty {
            instance.withExtras { extras in
                extras.now = snapshot.now
                extras.externalQueue = _EventQueue(snapshot.externalQueue)
                extras.timers = _TimerQueue(snapshot.pendingEvents.enumerated().map {
                    _Timer(due: $0.element.due, sequence: UInt64($0.offset), event: $0.element.event, id: $0.element.id)
                })
                extras.nextSequence = UInt64(snapshot.pendingEvents.count)
            }
        }
        return instance
    }

    /// Times outside the clock's range: `0...Duration.clockMaximum`.
    static func clockProblems(_ snapshot: StatechartSnapshot<StateID, Event>) -> [String] {
        var problems: [String] = []
        let range = Duration.zero...Duration.clockMaximum
        if !range.contains(snapshot.now) { problems.append("the clock's time \(snapshot.now) is outside 0...Int64.max seconds") }
        for (i, pending) in snapshot.pendingEvents.enumerated() {
            // A delayed event is always due after the clock's time: the clock stops at each one it
            // delivers. One due earlier would move the clock back when delivered, and a chart that
            // reschedules on delivery would then never catch up with its target time.
            if !range.contains(pending.due) {
                problems.append("pending event \(i) is due at \(pending.due), outside 0...Int64.max seconds")
            } else if pending.due < snapshot.now {
                problems.append("pending event \(i) is due at \(pending.due), before the clock's time \(snapshot.now)")
            }
            if problems.count >= 10 { break }
        }
        return problems
    }

    /// What makes `remembered` an impossible memory for history state `h`, as phrases that follow
    /// the history's name. A memory is what recording it on an exit could have produced
    /// (SCXML 3.10): for shallow history, the active children of its parent (one child of a
    /// compound state, every region of a parallel one); for deep history, the active atomic
    /// descendants of a legal configuration below its parent.
    func historyMemoryProblems(_ h: _StateIndex, _ remembered: [_StateIndex]) -> [String] {
        let parent = tables.tree.parent[h]
        guard parent != .none else { return ["has no parent"] }
        guard !remembered.isEmpty else { return ["remembers no state"] }
        let deep = tables.tree.stateKind(h) == .deepHistory
        var problems: [String] = []
        var below = _Bitset(capacity: tables.stateCount)
        // The path from the root to the parent, so that only the parent's subtree is judged.
        var a = parent
        while a != .none {
            below.insert(a)
            a = tables.tree.parent[a]
        }
        for s in remembered {
            if deep {
                guard tables.tree.isDescendant(s, of: parent) && tables.tree.isAtomic(s) else {
                    problems.append("remembers '\(path(s))', which is not an atomic state inside its parent")
                    continue
                }
                var up = s
                while up != parent {
                    below.insert(up)
                    up = tables.tree.parent[up]
                }
            } else {
                guard tables.tree.parent[s] == parent && !tables.tree.isHistory(s) else {
                    problems.append("remembers '\(path(s))', which is not a child of its parent")
                    continue
                }
                below.insert(s)
            }
        }
        guard problems.isEmpty else { return problems }
        // Shallow history judges the parent's children only; deep history the whole subtree.
        for (s, problem) in tables.tree.configurationProblems(below) where s == parent || (deep && tables.tree.isDescendant(s, of: parent)) {
            problems.append("remembers an impossible configuration: \(path(s)): \(problem)")
        }
        return problems
    }

    /// The start of the history slot that follows history state `h`'s, or the memory's end.
    func nextSlot(after h: _StateIndex) -> Int {
        for s in h.next..<_StateIndex(tables.stateCount) {
            if let slot = tables.states.historySlot[s] { return slot }
        }
        return tables.states.historyMemorySize
    }

    /// A state's path for messages (`root/on/idle`).
    func path(_ s: _StateIndex) -> String { s > .root ? paths[s] : "root" }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 16 - digits.count)) + digits
    }
}

extension _StateTree {
    /// What makes `configuration` illegal, by state: the root must be active, an active compound
    /// state has exactly one active child, an active parallel state has all its regions active,
    /// every active state's parent is active, no history state is active.
    func configurationProblems(_ configuration: _Bitset) -> [(_StateIndex, String)] {
        var problems: [(_StateIndex, String)] = []
        for s in configuration.ascending {
            if isHistory(s) { problems.append((s, "a history state cannot be active")); continue }
            if s > .root && !configuration.contains(parent[s]) { problems.append((s, "active, but its parent is not")) }
            let children = children(of: s).filter { !isHistory($0) }
            let activeChildren = children.filter { configuration.contains($0) }
            if isCompound(s) && activeChildren.count != 1 {
                problems.append((s, "an active compound state needs exactly one active child, not \(activeChildren.count)"))
            }
            if isParallel(s) && activeChildren.count != children.count {
                problems.append((s, "an active parallel state needs all its regions active"))
            }
        }
        return problems
    }
}
