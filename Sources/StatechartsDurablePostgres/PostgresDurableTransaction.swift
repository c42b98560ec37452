import Foundation
import PostgresNIO
import StatechartsDurable

/// The reads and writes of one transaction, as SQL on a connection of the pool. Table names are
/// the schema's (a checked identifier, interpolated `unescaped:`); every value is a bound parameter.
struct PostgresDurableTransaction: DurableTransaction {
    let connection: PostgresConnection
    let tables: PostgresDurableSchema
    let logger: Logger
    /// Whether this is a write transaction.
    let writes: Bool
    let locking: PostgresDurableStorage.Locking
    /// The storage's count of failed version checks.
    let conflicts: ConflictCounter

    @discardableResult
    func run(_ query: PostgresQuery) async throws -> [PostgresRow] {
        try await connection.statement(query, logger: logger)
    }

    private static let instanceColumns = "id, fingerprint, version, status, snapshot, context, origin_ms, updated_ms, quarantine"

    func instance(_ id: String) async throws -> DurableInstanceRecord? {
        // With `.rowLock`, a write transaction locks the row at its first read: another send to
        // the instance waits here until this transaction ends, then reads what it committed.
        let lock = writes && locking == .rowLock ? " FOR UPDATE" : ""
        let select: PostgresQuery = "SELECT \(unescaped: Self.instanceColumns) FROM \(unescaped: tables.instances) WHERE id = \(id)\(unescaped: lock)"
        if let row = try await run(select).first { return try Self.instanceRecord(row) }
        guard writes else { return nil }
        // No row: a write transaction may be about to create it. Creators of one id take turns
        // on an advisory lock (held to the end of the transaction), and the second one reads the
        // row the first committed rather than fail on the primary key.
        try await run("SELECT pg_advisory_xact_lock(hashtextextended(\(tables.name + "/" + id), 0))")
        return try await run(select).first.map(Self.instanceRecord)
    }

    func insertInstance(_ r: DurableInstanceRecord) async throws {
        try await run("""
            INSERT INTO \(unescaped: tables.instances) (\(unescaped: Self.instanceColumns))
            VALUES (\(r.id), \(Int64(bitPattern: r.fingerprint)), \(r.version), \(r.status), \(r.snapshot), \(r.context),
                    \(r.originMillis), \(r.updatedMillis), \(r.quarantine))
            """)
    }

    func updateInstance(_ r: DurableInstanceRecord, expectedVersion: Int64) async throws -> Bool {
        // Under `.optimistic` this is the check: at READ COMMITTED an UPDATE that waited for
        // another writer re-reads the row it committed, so a changed version matches no row.
        let rows = try await run("""
            UPDATE \(unescaped: tables.instances) SET fingerprint = \(Int64(bitPattern: r.fingerprint)), version = \(r.version),
                status = \(r.status), snapshot = \(r.snapshot), context = \(r.context), origin_ms = \(r.originMillis),
                updated_ms = \(r.updatedMillis)
            WHERE id = \(r.id) AND version = \(expectedVersion) RETURNING id
            """)
        if rows.isEmpty { conflicts.increment() }
        return !rows.isEmpty
    }

    func deleteInstance(_ id: String) async throws {
        // The instance's row first, as a send locks it first: a send and a delete never hold one
        // lock each while waiting for the other's.
        try await run("DELETE FROM \(unescaped: tables.instances) WHERE id = \(id)")
        for table in [tables.timers, tables.activeStates, tables.keys, tables.eventLog] {
            try await run("DELETE FROM \(unescaped: table) WHERE instance_id = \(id)")
        }
    }

    func quarantineInstance(_ id: String, reason: String) async throws {
        try await run("UPDATE \(unescaped: tables.instances) SET quarantine = \(reason) WHERE id = \(id)")
    }

    func releaseQuarantine(_ id: String) async throws -> Bool {
        let instances = try await run(
            "UPDATE \(unescaped: tables.instances) SET quarantine = NULL WHERE id = \(id) AND quarantine IS NOT NULL RETURNING id")
        let messages = try await run(
            "UPDATE \(unescaped: tables.outbox) SET quarantine = NULL WHERE id = \(id) AND quarantine IS NOT NULL RETURNING id")
        return !instances.isEmpty || !messages.isEmpty
    }

    func appliedResult(instanceID: String, key: String) async throws -> (version: Int64, result: Data)? {
        let rows = try await run("SELECT version, result FROM \(unescaped: tables.keys) WHERE instance_id = \(instanceID) AND key = \(key)")
        guard let row = rows.first else { return nil }
        let (version, result) = try row.decode((Int64, Data).self)
        return (version, result)
    }

    func recordKey(instanceID: String, key: String, version: Int64, result: Data) async throws {
        try await run("INSERT INTO \(unescaped: tables.keys) (instance_id, key, version, result) VALUES (\(instanceID), \(key), \(version), \(result))")
    }

    func replaceTimers(instanceID: String, with timers: [DurableTimerRecord]) async throws {
        try await run("DELETE FROM \(unescaped: tables.timers) WHERE instance_id = \(instanceID)")
        for t in timers {
            try await run("""
                INSERT INTO \(unescaped: tables.timers) (instance_id, ordinal, due_ms, timer_id)
                VALUES (\(t.instanceID), \(Int64(t.ordinal)), \(t.dueMillis), \(t.timerID))
                """)
        }
    }

    func replaceActiveStates(instanceID: String, with states: [String]) async throws {
        try await run("DELETE FROM \(unescaped: tables.activeStates) WHERE instance_id = \(instanceID)")
        guard !states.isEmpty else { return }
        // One statement for all the states: an array parameter, unnested.
        let unique = Array(Set(states)).sorted()
        try await run("""
            INSERT INTO \(unescaped: tables.activeStates) (state, instance_id) SELECT s, \(instanceID) FROM unnest(\(unique)::text[]) AS s
            """)
    }

    func insertOutbox(_ messages: [DurableOutboxRecord]) async throws {
        for m in messages {
            try await run("""
                INSERT INTO \(unescaped: tables.outbox) (id, instance_id, version, ordinal, event, created_ms, attempts, last_error)
                VALUES (\(m.id), \(m.instanceID), \(m.version), \(Int64(m.ordinal)), \(m.event), \(m.createdMillis),
                        \(Int64(m.failedAttempts)), \(m.lastError))
                """)
        }
    }

    func appendLog(_ records: [DurableLogRecord]) async throws {
        for (position, r) in records.enumerated() {
            try await run("""
                INSERT INTO \(unescaped: tables.eventLog) (instance_id, version, position, kind, event, idempotency_key, result, at_ms, late_ms)
                VALUES (\(r.instanceID), \(r.version), \(Int64(position)), \(r.kind.rawValue), \(r.event), \(r.idempotencyKey),
                        \(r.result), \(r.atMillis), \(r.lateMillis))
                """)
        }
    }

    func instancesWithDueTimers(atOrBefore millis: Int64, limit: Int) async throws -> [String] {
        let rows = try await run("""
            SELECT t.instance_id, MIN(t.due_ms) AS due FROM \(unescaped: tables.timers) t
            JOIN \(unescaped: tables.instances) i ON i.id = t.instance_id
            WHERE t.due_ms <= \(millis) AND i.quarantine IS NULL
            GROUP BY t.instance_id ORDER BY due, t.instance_id LIMIT \(Int64(limit))
            """)
        return try rows.map { try $0.decode((String, Int64).self).0 }
    }

    func claimInstanceWithDueTimer(atOrBefore millis: Int64, excluding: Set<String>) async throws -> String? {
        // The row of the instance is locked; rows other workers hold are skipped, so concurrent
        // workers each get another instance instead of waiting for one.
        let rows = try await run("""
            SELECT i.id FROM \(unescaped: tables.timers) t JOIN \(unescaped: tables.instances) i ON i.id = t.instance_id
            WHERE t.due_ms <= \(millis) AND i.quarantine IS NULL AND NOT (i.id = ANY(\(Array(excluding))::text[]))
            ORDER BY t.due_ms, i.id LIMIT 1 FOR UPDATE OF i SKIP LOCKED
            """)
        return try rows.first?.decode(String.self)
    }

    func pendingOutbox(limit: Int) async throws -> [DurableOutboxRecord] {
        let rows = try await run("""
            SELECT id, instance_id, version, ordinal, event, created_ms, attempts, last_error FROM \(unescaped: tables.outbox)
            WHERE delivered_ms IS NULL AND quarantine IS NULL ORDER BY created_ms, instance_id, version, ordinal LIMIT \(Int64(limit))
            """)
        return try rows.map(Self.outboxRecord)
    }

    func markOutboxDelivered(_ id: String, atMillis millis: Int64) async throws {
        try await run("UPDATE \(unescaped: tables.outbox) SET delivered_ms = \(millis) WHERE id = \(id) AND delivered_ms IS NULL")
    }

    func recordOutboxFailure(_ id: String, error: String) async throws {
        try await run("UPDATE \(unescaped: tables.outbox) SET attempts = attempts + 1, last_error = \(error) WHERE id = \(id)")
    }

    func quarantineOutbox(_ id: String, reason: String) async throws {
        try await run("UPDATE \(unescaped: tables.outbox) SET quarantine = \(reason) WHERE id = \(id)")
    }
}
