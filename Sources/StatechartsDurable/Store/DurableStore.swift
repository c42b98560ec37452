import Foundation
import Statecharts

/// Instances of one chart that survive crashes and restarts: each step is one transaction of a
/// ``DurableStorage`` (SQLite: `SQLiteDurableStorage` of StatechartsDurableSQLite).
///
/// ```swift
/// let storage = try await SQLiteDurableStorage.open(path: path)
/// let store = DurableStore(chart: orders, storage: storage)
/// try await store.create("order-1", context: Order(total: 30))
/// try await store.send(.pay, to: "order-1", idempotencyKey: "payment-77")
/// ```
///
/// What each operation guarantees:
/// - ``send(_:to:idempotencyKey:)`` is one transaction: it loads the instance's snapshot and
///   version, delivers the delayed events that fell due since (in due order, each at its due
///   time on the instance's clock), runs the event's macrostep, and writes the new snapshot with
///   version + 1, the pending timers, the active states, the events the step sent out (the
///   outbox), the event-log rows and the idempotency key, together. Concurrent sends to one
///   instance are serialized by the storage.
/// - A key already applied to the instance returns the first result and changes nothing.
/// - ``deliverDueTimers(limit:)`` delivers each timer exactly once, also one that fell due while
///   no process ran; ``deliverOutbox(limit:lease:to:)`` delivers what instances sent out, after commit,
///   at least once, each message with a stable id.
/// - A row that cannot be read (written by another chart, or corrupt) is refused with a
///   ``DurableStoreError``, quarantined, and skipped by the workers.
///
/// The instance's clock follows the wall clock: it reads zero when the instance is created, and
/// each step first advances it to the wall time elapsed since then.
public final class DurableStore<StateID: Hashable & Sendable & Codable, Event: StatechartEvent & Codable, Context: Sendable>: Sendable {
    /// The chart every instance of the store runs.
    public let chart: Statechart<StateID, Event, Context>
    /// Where the rows are.
    public let storage: any DurableStorage
    /// The wall clock that instances' clocks follow.
    public let clock: WallClock
    /// How many times a step is retried when a storage with optimistic version checks reports
    /// that another writer changed the instance first.
    public let conflictRetries: Int
    /// The migrations from older charts, by the fingerprint they read (see ``DurableMigration``).
    public let migrations: [UInt64: DurableMigration<StateID, Event, Context>]
    let codec = DurableCodec()

    /// How contexts are written into rows and read back.
    public let contextCoding: DurableContextCoding<Context>

    /// A store of instances of `chart` in `storage` whose contexts `contextCoding` writes and
    /// reads (a `Codable` context needs none: see the other initializers), reading rows written
    /// by older charts through `migrations` (see ``DurableMigration``).
    /// - Parameters:
    ///   - chart: the chart; every row it writes carries its `Statechart.fingerprint`.
    ///   - storage: the database.
    ///   - contextCoding: the context's bytes in a row.
    ///   - migrations: one per older chart whose rows may still be in the database; two with the
    ///     same ``DurableMigration/fromFingerprint`` keep the last.
    ///   - clock: the wall clock (the system's by default).
    ///   - conflictRetries: retries of a step whose version check failed (PostgreSQL's
    ///     `.optimistic` locking; never with SQLite, whose write transactions hold the database
    ///     lock).
    public init(chart: Statechart<StateID, Event, Context>, storage: any DurableStorage, contextCoding: DurableContextCoding<Context>,
                migrations: [DurableMigration<StateID, Event, Context>] = [], clock: WallClock = .system, conflictRetries: Int = 8) {
        self.chart = chart
        self.storage = storage
        self.contextCoding = contextCoding
        self.clock = clock
        self.conflictRetries = max(0, conflictRetries)
        self.migrations = Dictionary(migrations.map { ($0.fromFingerprint, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// Creates the instance `id` with `context` and starts it (its initial macrostep runs and
    /// commits like a send), or returns it when it already exists with this chart.
    ///
    /// - Throws: ``DurableStoreError/alreadyExists(id:fingerprint:expected:)`` when `id` belongs
    ///   to an instance of another chart; ``DurableStoreError/quarantined(id:reason:)`` when it is
    ///   quarantined; the storage's errors.
    @discardableResult
    public func create(_ id: String, context: Context) async throws -> DurableInstance<StateID, Event, Context> {
        try await writeStep(id) { tx, now in
            if let record = try await tx.instance(id) {
                if let reason = record.quarantine { return .failure(.quarantined(id: id, reason: reason)) }
                guard record.fingerprint == self.chart.fingerprint || self.migrations[record.fingerprint] != nil else {
                    return .failure(.alreadyExists(id: id, fingerprint: record.fingerprint, expected: self.chart.fingerprint))
                }
                switch self.restore(record) {
                case .success(let instance):
                    return .success(DurableInstance(id: id, version: record.version, instance: instance, originMillis: record.originMillis))
                case .failure(let error):
                    try await self.quarantine(error, in: tx)
                    return .failure(error)
                }
            }
            var instance = self.chart.start(context: context)
            let step = DurableStep(id: id, version: 1, originMillis: now, nowMillis: now,
                                   log: [DurableLogRecord(instanceID: id, version: 1, kind: .create, event: nil,
                                                          idempotencyKey: nil, result: nil, atMillis: now)])
            try await self.write(&instance, step, replacing: nil, in: tx)
            return .success(DurableInstance(id: id, version: 1, instance: instance, originMillis: now))
        }
    }

    /// The instance as last committed, or `nil` when there is none.
    /// - Throws: ``DurableStoreError`` when its row cannot be read (it is then quarantined) or is
    ///   quarantined.
    public func instance(_ id: String) async throws -> DurableInstance<StateID, Event, Context>? {
        let record = try await storage.withTransaction(.read) { try await $0.instance(id) }
        guard let record else { return nil }
        if let reason = record.quarantine { throw DurableStoreError.quarantined(id: id, reason: reason) }
        switch restore(record) {
        case .success(let instance):
            return DurableInstance(id: id, version: record.version, instance: instance, originMillis: record.originMillis)
        case .failure(let error):
            try await storage.withTransaction(.write) { tx in
                // Only the row that was read: a writer may have replaced it since.
                if let current = try await tx.instance(id), current.version == record.version, current.quarantine == nil {
                    try await self.quarantine(error, in: tx)
                }
            }
            throw error
        }
    }

    /// Deletes the instance: its row, timers, active states, idempotency keys and event log. The
    /// messages it sent stay in the outbox and are still delivered. Returns whether it existed.
    @discardableResult
    public func delete(_ id: String) async throws -> Bool {
        try await storage.withTransaction(.write) { tx in
            guard try await tx.instance(id) != nil else { return false }
            try await tx.deleteInstance(id)
            return true
        }
    }

    /// Ids of the instances, not quarantined, with `state` active, sorted.
    public func instances(inState state: StateID) async throws -> [String] {
        try await query(.inState(String(describing: state)))
    }

    /// Ids of the instances with at least one pending delayed event, sorted.
    public func instancesWithPendingTimers() async throws -> [String] {
        try await query(.withPendingTimers)
    }

    /// Ids of the instances whose rows carry `fingerprint` (this chart's by default), sorted.
    public func instances(withFingerprint fingerprint: UInt64? = nil) async throws -> [String] {
        try await query(.fingerprint(fingerprint ?? chart.fingerprint))
    }

    /// The quarantined instances and outbox messages, with the reasons.
    public func quarantined() async throws -> [DurableQuarantineRecord] {
        try await storage.withTransaction(.read) { try await $0.quarantined() }
    }

    /// Puts a quarantined instance or outbox message back to work, once its row was repaired or
    /// migrated (an instance still unreadable is quarantined again when next read). Returns
    /// whether it was quarantined.
    @discardableResult
    public func releaseFromQuarantine(_ id: String) async throws -> Bool {
        try await storage.withTransaction(.write) { try await $0.releaseQuarantine(id) }
    }

    /// The event log of an instance: every event it processed, in order.
    public func eventLog(of id: String) async throws -> [DurableLogRecord] {
        try await storage.withTransaction(.read) { try await $0.log(of: id) }
    }

    private func query(_ query: DurableInstanceQuery) async throws -> [String] {
        try await storage.withTransaction(.read) { try await $0.instanceIDs(matching: query) }
    }
}

extension DurableStore where Context: Codable {
    /// A store of instances of `chart` in `storage`; contexts are stored as JSON.
    /// - Parameters:
    ///   - chart: the chart; every row carries its `Statechart.fingerprint`.
    ///   - storage: the database.
    ///   - clock: the wall clock (the system's by default).
    ///   - conflictRetries: retries of a step whose version check failed (PostgreSQL's
    ///     `.optimistic` locking; never with SQLite, whose write transactions hold the database
    ///     lock).
    public convenience init(chart: Statechart<StateID, Event, Context>, storage: any DurableStorage, clock: WallClock = .system,
                            conflictRetries: Int = 8) {
        self.init(chart: chart, storage: storage, contextCoding: .json, clock: clock, conflictRetries: conflictRetries)
    }

    /// A store of instances of `chart` in `storage` that reads rows written by older charts
    /// through `migrations` (see ``DurableMigration``); rows of any other chart are quarantined.
    /// Contexts are stored as JSON.
    /// - Parameters:
    ///   - chart: the chart; every row it writes carries its `Statechart.fingerprint`.
    ///   - storage: the database.
    ///   - migrations: one per older chart whose rows may still be in the database; two with the
    ///     same ``DurableMigration/fromFingerprint`` keep the last.
    ///   - clock: the wall clock (the system's by default).
    ///   - conflictRetries: retries of a step whose version check failed.
    public convenience init(chart: Statechart<StateID, Event, Context>, storage: any DurableStorage,
                            migrations: [DurableMigration<StateID, Event, Context>], clock: WallClock = .system, conflictRetries: Int = 8) {
        self.init(chart: chart, storage: storage, contextCoding: .json, migrations: migrations, clock: clock,
                  conflictRetries: conflictRetries)
    }
}
