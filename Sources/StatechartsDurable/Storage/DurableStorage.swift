import Foundation

/// Where a ``DurableStore`` keeps its rows: a database with transactions.
///
/// The store's engine is written against this protocol and nothing else, so each database is one
/// implementation of it (`SQLiteDurableStorage` in StatechartsDurableSQLite,
/// `PostgresDurableStorage` in StatechartsDurablePostgres). Everything the
/// store guarantees rests on ``withTransaction(_:_:)``: the body's reads and writes commit
/// together or not at all, and two write transactions that touch the same instance never
/// interleave.
public protocol DurableStorage: Sendable {
    /// Runs `body` in one transaction, committing when it returns and rolling back when it throws.
    ///
    /// A `.write` transaction must hold, from its first read, whatever lock keeps another write
    /// transaction from changing the instances it reads (SQLite: `BEGIN IMMEDIATE`, the database
    /// write lock; a server database: `SELECT ... FOR UPDATE` of the instance's row), or check at
    /// the write that the instance's version is still the one read
    /// (``DurableTransaction/updateInstance(_:expectedVersion:)`` returns `false`, and the store
    /// runs the step again), so that a read-modify-write of an instance is never lost.
    func withTransaction<T: Sendable>(
        _ kind: DurableTransactionKind, _ body: (any DurableTransaction) async throws -> T
    ) async throws -> T
}

/// Whether a transaction writes.
public enum DurableTransactionKind: Sendable, Hashable {
    /// Only reads: sees one consistent state of the database.
    case read
    /// Reads and writes; serialized with the other write transactions on the same instances.
    case write
}

/// The reads and writes of one transaction (see ``DurableStorage``). Ids are instance ids unless
/// said otherwise.
public protocol DurableTransaction: Sendable {
    /// The instance's row, or `nil` when there is none. In a write transaction, the row stays
    /// locked until the transaction ends.
    func instance(_ id: String) async throws -> DurableInstanceRecord?
    /// Inserts a new instance row (its id must be new).
    func insertInstance(_ record: DurableInstanceRecord) async throws
    /// Replaces the row of `record.id` if its version is still `expectedVersion`; returns whether
    /// it did.
    func updateInstance(_ record: DurableInstanceRecord, expectedVersion: Int64) async throws -> Bool
    /// Deletes the instance's row, its timers, active states, idempotency keys and event log.
    /// Its outbox messages stay: they were committed and are still delivered.
    func deleteInstance(_ id: String) async throws
    /// Marks the instance's row as quarantined, with the reason.
    func quarantineInstance(_ id: String, reason: String) async throws
    /// Clears the quarantine of the instance, or of the outbox message, with this id; returns
    /// whether there was one.
    func releaseQuarantine(_ id: String) async throws -> Bool

    /// The result recorded for an idempotency key of the instance, or `nil` if the key is new.
    func appliedResult(instanceID: String, key: String) async throws -> (version: Int64, result: Data)?
    /// Records that `key` was applied to the instance with `result`, by the step that wrote `version`.
    func recordKey(instanceID: String, key: String, version: Int64, result: Data) async throws

    /// Replaces the instance's pending timers with `timers`.
    func replaceTimers(instanceID: String, with timers: [DurableTimerRecord]) async throws
    /// Replaces the instance's active states (their names) with `states`.
    func replaceActiveStates(instanceID: String, with states: [String]) async throws
    /// Appends messages to the outbox.
    func insertOutbox(_ messages: [DurableOutboxRecord]) async throws
    /// Appends rows to the event log.
    func appendLog(_ records: [DurableLogRecord]) async throws

    /// Ids of instances (not quarantined) with a timer due at or before `millis`, earliest due
    /// first, at most `limit`.
    func instancesWithDueTimers(atOrBefore millis: Int64, limit: Int) async throws -> [String]
    /// In a write transaction, claims the instance (not quarantined, not in `excluding`) whose
    /// timer is due first at or before `millis` and that no other transaction holds, and returns
    /// its id; `nil` when there is none. The instance stays held until the transaction ends, so
    /// workers that claim at the same time get different instances instead of queueing on one.
    ///
    /// A server database locks the instance's row and skips the rows other transactions hold
    /// (PostgreSQL: `FOR UPDATE SKIP LOCKED`). Where a write transaction already excludes every
    /// other writer (SQLite's database write lock), it is a plain query. The default
    /// implementation is that plain query, on ``instancesWithDueTimers(atOrBefore:limit:)``.
    func claimInstanceWithDueTimer(atOrBefore millis: Int64, excluding: Set<String>) async throws -> String?
    /// Outbox messages not yet delivered nor quarantined, oldest first, at most `limit`.
    func pendingOutbox(limit: Int) async throws -> [DurableOutboxRecord]
    /// In a write transaction, claims at most `limit` pending outbox messages for one delivery
    /// round, leasing each until `leaseUntilMillis`, and returns them in delivery order.
    ///
    /// A message is pending when it is neither delivered nor quarantined; its lease is active
    /// while `millis` is before the lease's end. The claim takes whole instances, oldest first by
    /// their earliest pending message: the pending messages of an instance in order (version,
    /// then ordinal; then creation time and id, for an instance deleted and created again), and
    /// only of instances none of whose pending messages has an active lease, so that a second
    /// round never delivers an instance's later messages while another round holds its earlier
    /// ones. A lease that ran out (a worker that crashed) makes the messages claimable again.
    ///
    /// A server database locks the earliest pending message of each instance it claims and
    /// skips those other transactions hold (PostgreSQL: `FOR UPDATE SKIP LOCKED`); where a write
    /// transaction excludes every other writer (SQLite) the claim is plain queries.
    ///
    /// The default implementation is ``pendingOutbox(limit:)`` and takes no lease: concurrent
    /// rounds then hand the same messages out at once (still at least once, but more often than
    /// needed). Implement it, with ``releaseOutbox(_:)``, to let rounds share the work.
    func claimOutbox(limit: Int, atMillis millis: Int64, leaseUntilMillis: Int64) async throws -> [DurableOutboxRecord]
    /// Ends the leases of these outbox messages (a failed delivery, or messages a round held
    /// back), so that the next round may claim them at once. The default implementation does
    /// nothing, for a storage whose ``claimOutbox(limit:atMillis:leaseUntilMillis:)`` takes no
    /// lease.
    func releaseOutbox(_ ids: [String]) async throws
    /// Marks an outbox message delivered at `millis`.
    func markOutboxDelivered(_ id: String, atMillis millis: Int64) async throws
    /// Counts a failed delivery attempt of an outbox message, with its error.
    func recordOutboxFailure(_ id: String, error: String) async throws
    /// Sets an outbox message aside.
    func quarantineOutbox(_ id: String, reason: String) async throws

    /// Ids (sorted) of the instances that match `query`.
    func instanceIDs(matching query: DurableInstanceQuery) async throws -> [String]
    /// The event log of an instance, in order.
    func log(of instanceID: String) async throws -> [DurableLogRecord]
    /// The outbox messages, delivered or not, of an instance (all instances when `nil`), in order,
    /// with whether each was delivered.
    func outbox(of instanceID: String?) async throws -> [(record: DurableOutboxRecord, delivered: Bool)]
    /// The quarantined instances and outbox messages.
    func quarantined() async throws -> [DurableQuarantineRecord]
}

extension DurableTransaction {
    /// The first instance with a due timer that is not in `excluding`, by a plain query: right
    /// for a storage whose write transactions exclude every other writer.
    public func claimInstanceWithDueTimer(atOrBefore millis: Int64, excluding: Set<String>) async throws -> String? {
        try await instancesWithDueTimers(atOrBefore: millis, limit: excluding.count + 1).first { !excluding.contains($0) }
    }

    /// The pending messages, by ``pendingOutbox(limit:)``, without a lease: concurrent rounds may
    /// hand out the same messages.
    public func claimOutbox(limit: Int, atMillis millis: Int64, leaseUntilMillis: Int64) async throws -> [DurableOutboxRecord] {
        try await pendingOutbox(limit: limit)
    }

    /// Nothing: the default ``claimOutbox(limit:atMillis:leaseUntilMillis:)`` takes no lease.
    public func releaseOutbox(_ ids: [String]) async throws {}
}

/// Which instances a query asks for; quarantined instances match only ``quarantined``.
public enum DurableInstanceQuery: Sendable, Hashable {
    /// Instances with this state active (its name: `String(describing:)` of the state).
    case inState(String)
    /// Instances with at least one pending delayed event.
    case withPendingTimers
    /// Instances whose row carries this chart fingerprint.
    case fingerprint(UInt64)
    /// Every instance that is not quarantined.
    case all
    /// Quarantined instances.
    case quarantined
}
