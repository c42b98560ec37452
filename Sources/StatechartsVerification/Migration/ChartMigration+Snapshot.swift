import Statecharts

extension ChartMigration {
    /// `snapshot`, taken from the old chart, as a snapshot of the new chart: its configuration
    /// and history memories mapped, stamped with the new chart's `fingerprint`,
    /// its status, clock, pending delayed events and queued events carried over. Restore it with
    /// the new chart's `restore(_:context:)`.
    ///
    /// - Throws: ``MigrationError`` naming every state at fault, when the snapshot comes from
    ///   another chart, or its configuration or one of its history memories maps to something
    ///   the new chart cannot be in. Nothing is returned then: the snapshot you hold is unchanged.
    public func migrate(_ snapshot: StatechartSnapshot<StateID, Event>) throws(MigrationError<StateID>) -> StatechartSnapshot<StateID, Event> {
        var problems: [MigrationProblem<StateID>] = []
        if let fingerprint = snapshot.chartFingerprint, fingerprint != old.fingerprint {
            problems.append(MigrationProblem(.otherChart, states: [],
                                             message: "the snapshot was taken from another chart than the old one (its fingerprint is \(Self.hex(fingerprint)), the old chart's \(Self.hex(old.fingerprint)))"))
        }
        let (configuration, configurationProblems) = mapConfiguration(snapshot.configuration, finished: snapshot.status == .finished)
        problems += configurationProblems
        var history: [StateID: [StateID]] = [:]
        var sources: [StateID: StateID] = [:]
        for (oldHistory, remembered) in snapshot.history.sorted(by: { oldShape.number[$0.key] ?? .max < oldShape.number[$1.key] ?? .max }) {
            guard let mapped = mapHistory(oldHistory, remembering: remembered) else { continue }
            problems += mapped.problems
            guard mapped.problems.isEmpty else { continue }
            if let earlier = history[mapped.history], earlier != mapped.memory, let source = sources[mapped.history] {
                problems.append(Self.conflict(mapped.history, source, oldHistory))
                continue
            }
            history[mapped.history] = mapped.memory
            sources[mapped.history] = oldHistory
        }
        if !problems.isEmpty { throw MigrationError(problems) }
        return StatechartSnapshot(
            status: snapshot.status, configuration: configuration, history: history, now: snapshot.now,
            pendingEvents: snapshot.pendingEvents, externalQueue: snapshot.externalQueue,
            chartFingerprint: new.fingerprint, runningInvocations: snapshot.runningInvocations)
    }

    static func conflict(_ history: StateID, _ first: StateID, _ second: StateID) -> MigrationProblem<StateID> {
        MigrationProblem(.conflictingHistory, states: [history],
                         message: "history states '\(first)' and '\(second)' both become '\(history)', and remember different states")
    }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 16 - digits.count)) + digits
    }
}

/// `snapshot`, taken from `old`, as a snapshot of `new`, its states mapped by `mapping`; see
/// ``ChartMigration/migrate(_:)``.
///
/// ```swift
/// let migrated = try migrate(snapshot, from: playerV1, to: playerV2, mapping: ["paused": "playing"])
/// let instance = try playerV2.restore(migrated, context: ())
/// ```
///
/// - Throws: ``MigrationError`` naming every state at fault when the mapping names states the
///   charts do not have, or the snapshot maps to something `new` cannot be in.
public func migrate<StateID: Hashable & Sendable, Event: StatechartEvent, OldContext, NewContext>(
    _ snapshot: StatechartSnapshot<StateID, Event>, from old: Statechart<StateID, Event, OldContext>,
    to new: Statechart<StateID, Event, NewContext>, mapping: StateMapping<StateID> = [:]
) throws(MigrationError<StateID>) -> StatechartSnapshot<StateID, Event> {
    try ChartMigration(from: old, to: new, mapping: mapping).migrate(snapshot)
}
