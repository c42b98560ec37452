/// Everything a running instance holds besides its context, as plain values: to persist an
/// instance (it is `Codable` when states and events are) and restore it later, perhaps in another
/// process, with ``Statechart/restore(_:context:verifyingFingerprint:)``.
///
/// A snapshot is taken between macrosteps, so the internal queue is always empty.
public struct StatechartSnapshot<StateID: Hashable & Sendable, Event: StatechartEvent>: Sendable {
    /// The life of the instance.
    public enum Status: String, Sendable, Hashable {
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
    /// The ``Statechart/fingerprint`` of the chart the snapshot was taken from, checked by
    /// ``Statechart/restore(_:context:verifyingFingerprint:)``; `nil` in a snapshot built by hand.
    public var chartFingerprint: UInt64?
    /// The ids of the child charts (``ChartInvocation``) that ran when the snapshot was taken,
    /// and of delayed events that were on their way to another session. A snapshot does not
    /// hold child sessions: ``Statechart/restore(_:context:verifyingFingerprint:)`` refuses one
    /// where this is not empty. `nil` (in older snapshots) counts as empty.
    public var runningInvocations: [String]?

    /// Creates a snapshot from its parts.
    public init(
        status: Status, configuration: [StateID], history: [StateID: [StateID]] = [:], now: Duration = .zero,
        pendingEvents: [PendingEvent] = [], externalQueue: [Event] = [], chartFingerprint: UInt64? = nil,
        runningInvocations: [String]? = nil
    ) {
        self.runningInvocations = runningInvocations
        self.status = status
        self.configuration = configuration
        self.history = history
        self.now = now
        self.pendingEvents = pendingEvents
        self.externalQueue = externalQueue
        self.chartFingerprint = chartFingerprint
    }
}

extension StatechartSnapshot.PendingEvent: Equatable where Event: Equatable {}
extension StatechartSnapshot: Equatable where Event: Equatable {}
#if !hasFeature(Embedded)  // Embedded Swift has no Codable
extension StatechartSnapshot.Status: Codable {}
extension StatechartSnapshot.PendingEvent: Codable where Event: Codable {}
extension StatechartSnapshot: Codable where StateID: Codable, Event: Codable {}
#endif

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
        let remembered = currentHistory
        if !remembered.isEmpty {
            let memory = _HistoryMemory(remembered)
            for s in _StateIndex.all(tables.stateCount) where tables.tree.isHistory(s) {
                if let value = memory.value(of: s, in: tables), let id = chart.stateIDs[s] {
                    history[id] = value.compactMap { chart.stateIDs[$0] }
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
            pendingEvents: (extras?.value.timers.inDeliveryOrder ?? []).filter { $0.destination == nil }
                .map { .init(due: $0.due, event: $0.event, id: $0.id) },
            externalQueue: extras?.value.externalQueue.elements ?? [],
            chartFingerprint: chart.fingerprint,
            runningInvocations: runningInvocationIDs)
    }
}

