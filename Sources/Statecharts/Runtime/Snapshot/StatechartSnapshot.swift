/// Everything a running instance holds besides its context, as plain values: to persist an
/// instance (it is `Codable` when states and events are) and restore it later, perhaps in another
/// process, with ``Statechart/restore(_:context:)``.
///
/// A snapshot is taken between macrosteps, so the internal queue is always empty.
public struct StatechartSnapshot<StateID: Hashable & Sendable, Event: StatechartEvent>: Sendable {
    /// The life of the instance.
    public enum Status: String, Sendable, Hashable, Codable {
        /// Created, not started.
        case notStarted
        /// Started, accepting events.
        case running
        /// Reached a top-level final state.
        case finished
        /// Stopped by a runtime error.
        case stopped
    }

    /// A delayed event waiting for the clock.
    public struct PendingEvent: Sendable {
        /// When it falls due, on the instance's clock.
        public var due: Duration
        /// The event.
        public var event: Event
        /// The id it was sent with, for `cancel`.
        public var id: String?

        /// Creates a pending event.
        public init(due: Duration, event: Event, id: String?) {
            self.due = due
            self.event = event
            self.id = id
        }
    }

    /// The life of the instance.
    public var status: Status
    /// Every active state, in document order.
    public var configuration: [StateID]
    /// For each history state with a memory: the states it remembers, in document order.
    public var history: [StateID: [StateID]]
    /// The instance's clock.
    public var now: Duration
    /// Delayed events still pending, in the order they will be delivered.
    public var pendingEvents: [PendingEvent]
    /// Events sent to the instance and not yet processed (always empty between sends, kept for
    /// completeness).
    public var externalQueue: [Event]

    /// Creates a snapshot from its parts.
    public init(
        status: Status, configuration: [StateID], history: [StateID: [StateID]] = [:], now: Duration = .zero,
        pendingEvents: [PendingEvent] = [], externalQueue: [Event] = []
    ) {
        self.status = status
        self.configuration = configuration
        self.history = history
        self.now = now
        self.pendingEvents = pendingEvents
        self.externalQueue = externalQueue
    }
}

extension StatechartSnapshot.PendingEvent: Equatable where Event: Equatable {}
extension StatechartSnapshot.PendingEvent: Codable where Event: Codable {}
extension StatechartSnapshot: Equatable where Event: Equatable {}
extension StatechartSnapshot: Codable where StateID: Codable, Event: Codable {}

/// Why a snapshot cannot be restored into a chart.
public struct SnapshotRestoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with the snapshot, one sentence each.
    public let problems: [String]

    /// One line per problem.
    public var description: String {
        (["The snapshot cannot be restored:"] + problems.map { "  " + $0 }).joined(separator: "\n")
    }
}

extension StatechartInstance {
    /// The instance's state as plain values; see ``StatechartSnapshot``.
    public func snapshot() -> StatechartSnapshot<StateID, Event> {
        let tables = chart.tables
        var history: [StateID: [StateID]] = [:]
        if !historyMemory.isEmpty {
            let memory = _HistoryMemory(historyMemory)
            for s in 0..<Int32(tables.stateCount) where tables.isHistory(s) {
                if let value = memory.value(of: s, in: tables), let id = chart.stateIDs[Int(s)] {
                    history[id] = value.compactMap { chart.stateIDs[Int($0)] }
                }
            }
        }
        let status: StatechartSnapshot<StateID, Event>.Status
        switch self.status {
        case .notStarted: status = .notStarted
        case .running: status = .running
        case .finishing, .finished: status = .finished
        case .stopped: status = .stopped
        }
        return StatechartSnapshot(
            status: status,
            configuration: configuration,
            history: history,
            now: now,
            pendingEvents: (extras?.value.timers ?? []).map { .init(due: $0.due, event: $0.event, id: $0.id) },
            externalQueue: extras?.value.externalQueue ?? [])
    }
}

extension Statechart {
    /// An instance in the state `snapshot` describes, with `context`. No action runs.
    ///
    /// - Throws: ``SnapshotRestoreError`` when the snapshot names states this chart does not have,
    ///   or describes a configuration the chart cannot be in (a compound state without exactly one
    ///   active child, a parallel state without all its regions, a state whose parent is not
    ///   active) or a history memory outside its parent.
    public func restore(
        _ snapshot: StatechartSnapshot<StateID, Event>, context: Context
    ) throws(SnapshotRestoreError) -> StatechartInstance<StateID, Event, Context> {
        var problems: [String] = []
        func index(_ state: StateID, _ role: String) -> Int32? {
            if let s = stateIndex[state] { return s }
            problems.append("\(role) '\(state)' is not a state of this chart")
            return nil
        }
        var instance = makeInstance(context: context)
        guard snapshot.status != .notStarted else {
            if !snapshot.configuration.isEmpty { problems.append("a snapshot of an instance that has not started has no configuration") }
            if !problems.isEmpty { throw SnapshotRestoreError(problems: problems) }
            return instance
        }
        var active = _Bitset(capacity: tables.stateCount)
        active.insert(0)
        for state in snapshot.configuration {
            if let s = index(state, "active state") { active.insert(s) }
        }
        problems += tables.configurationProblems(active).map { "\($0.0 > 0 ? paths[Int($0.0)] : "root"): \($0.1)" }

        var memory = Array(repeating: Int32(-1), count: max(tables.historyMemorySize, 1))
        for (historyState, remembered) in snapshot.history {
            guard let h = index(historyState, "history state") else { continue }
            guard tables.isHistory(h) else {
                problems.append("'\(historyState)' is not a history state")
                continue
            }
            let parent = tables.parent[h]
            let slot = Int(tables.historySlot[h])
            var values: [Int32] = []
            for state in remembered {
                guard let s = index(state, "remembered state") else { continue }
                if !tables.isDescendant(s, of: parent) {
                    problems.append("history '\(historyState)' remembers '\(state)', which is outside its parent")
                } else {
                    values.append(s)
                }
            }
            let capacity = nextSlot(after: h) - slot - 1
            guard values.count <= capacity else {
                problems.append("history '\(historyState)' remembers more states than its parent can have active")
                continue
            }
            memory[slot] = Int32(values.count)
            for (i, value) in values.enumerated() { memory[slot + 1 + i] = value }
        }
        if !problems.isEmpty { throw SnapshotRestoreError(problems: problems) }

        switch snapshot.status {
        case .notStarted: break
        case .running: instance.status = .running
        case .finished: instance.status = .finished
        case .stopped: instance.status = .stopped
        }
        instance.activeSet = active
        if tables.isSinglePath(active) { instance.leaf = active.last }
        if !snapshot.history.isEmpty { instance.historyMemory = memory }
        if snapshot.now > .zero || !snapshot.pendingEvents.isEmpty || !snapshot.externalQueue.isEmpty {
            instance.withExtras { extras in
                extras.now = snapshot.now
                extras.externalQueue = snapshot.externalQueue
                extras.timers = snapshot.pendingEvents.enumerated().map {
                    _Timer(due: $0.element.due, sequence: UInt64($0.offset), event: $0.element.event, id: $0.element.id)
                }.sorted { ($0.due, $0.sequence) < ($1.due, $1.sequence) }
                extras.nextSequence = UInt64(snapshot.pendingEvents.count)
            }
        }
        // The leaf was set before the external queue was restored.
        instance.refreshLeafRow()
        return instance
    }

    /// The start of the history slot that follows history state `h`'s, or the memory's end.
    func nextSlot(after h: Int32) -> Int {
        var s = h + 1
        while Int(s) < tables.stateCount {
            if tables.historySlot[s] >= 0 { return Int(tables.historySlot[s]) }
            s += 1
        }
        return tables.historyMemorySize
    }
}

extension _ChartTables {
    /// What makes `configuration` illegal, by state: the root must be active, an active compound
    /// state has exactly one active child, an active parallel state has all its regions active,
    /// every active state's parent is active, no history state is active.
    func configurationProblems(_ configuration: _Bitset) -> [(Int32, String)] {
        var problems: [(Int32, String)] = []
        for s in configuration.ascending {
            if isHistory(s) { problems.append((s, "a history state cannot be active")); continue }
            if s > 0 && !configuration.contains(parent[s]) { problems.append((s, "active, but its parent is not")) }
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
