import Foundation
import SQLiteNIO
import StatechartsDurable

/// The reads and writes of one transaction, as SQL on the storage's connection.
struct SQLiteDurableTransaction: DurableTransaction {
    let connection: SQLiteConnection

    @discardableResult
    func run(_ sql: String, _ binds: [SQLiteData] = []) async throws -> [SQLiteRow] {
        try await connection.rows(sql, binds)
    }

    private static let instanceColumns = "id, fingerprint, version, status, snapshot, context, origin_ms, updated_ms, quarantine"

    func instance(_ id: String) async throws -> DurableInstanceRecord? {
        let rows = try await run("SELECT \(Self.instanceColumns) FROM durable_instances WHERE id = ?", [.text(id)])
        return try rows.first.map(Self.instanceRecord)
    }

    func insertInstance(_ r: DurableInstanceRecord) async throws {
        try await run("INSERT INTO durable_instances (\(Self.instanceColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", [
            .text(r.id), .fingerprint(r.fingerprint), .int64(r.version), .text(r.status), .blob(r.snapshot), .blob(r.context),
            .int64(r.originMillis), .int64(r.updatedMillis), r.quarantine.map(SQLiteData.text) ?? .null,
        ])
    }

    func updateInstance(_ r: DurableInstanceRecord, expectedVersion: Int64) async throws -> Bool {
        let rows = try await run("""
            UPDATE durable_instances SET fingerprint = ?, version = ?, status = ?, snapshot = ?, context = ?, origin_ms = ?,
                updated_ms = ? WHERE id = ? AND version = ? RETURNING id
            """, [
                .fingerprint(r.fingerprint), .int64(r.version), .text(r.status), .blob(r.snapshot), .blob(r.context),
                .int64(r.originMillis), .int64(r.updatedMillis), .text(r.id), .int64(expectedVersion),
            ])
        return !rows.isEmpty
    }

    func deleteInstance(_ id: String) async throws {
        for table in ["durable_instances WHERE id", "durable_timers WHERE instance_id", "durable_active_states WHERE instance_id",
                      "durable_keys WHERE instance_id", "durable_event_log WHERE instance_id"] {
            try await run("DELETE FROM \(table) = ?", [.text(id)])
        }
    }

    func quarantineInstance(_ id: String, reason: String) async throws {
        try await run("UPDATE durable_instances SET quarantine = ? WHERE id = ?", [.text(reason), .text(id)])
    }

    func releaseQuarantine(_ id: String) async throws -> Bool {
        let instances = try await run("UPDATE durable_instances SET quarantine = NULL WHERE id = ? AND quarantine IS NOT NULL RETURNING id",
                                      [.text(id)])
        let messages = try await run("UPDATE durable_outbox SET quarantine = NULL WHERE id = ? AND quarantine IS NOT NULL RETURNING id",
                                     [.text(id)])
        return !instances.isEmpty || !messages.isEmpty
    }

    func appliedResult(instanceID: String, key: String) async throws -> (version: Int64, result: Data)? {
        let rows = try await run("SELECT version, result FROM durable_keys WHERE instance_id = ? AND key = ?", [.text(instanceID), .text(key)])
        guard let row = rows.first else { return nil }
        return (try Self.int64(row, "version"), try Self.data(row, "result"))
    }

    func recordKey(instanceID: String, key: String, version: Int64, result: Data) async throws {
        try await run("INSERT INTO durable_keys (instance_id, key, version, result) VALUES (?, ?, ?, ?)",
                      [.text(instanceID), .text(key), .int64(version), .blob(result)])
    }

    func replaceTimers(instanceID: String, with timers: [DurableTimerRecord]) async throws {
        try await run("DELETE FROM durable_timers WHERE instance_id = ?", [.text(instanceID)])
        for t in timers {
            try await run("INSERT INTO durable_timers (instance_id, ordinal, due_ms, timer_id) VALUES (?, ?, ?, ?)",
                          [.text(t.instanceID), .integer(t.ordinal), .int64(t.dueMillis), t.timerID.map(SQLiteData.text) ?? .null])
        }
    }

    func replaceActiveStates(instanceID: String, with states: [String]) async throws {
        try await run("DELETE FROM durable_active_states WHERE instance_id = ?", [.text(instanceID)])
        for state in Set(states) {
            try await run("INSERT INTO durable_active_states (state, instance_id) VALUES (?, ?)", [.text(state), .text(instanceID)])
        }
    }

    func insertOutbox(_ messages: [DurableOutboxRecord]) async throws {
        for m in messages {
            try await run("""
                INSERT INTO durable_outbox (id, instance_id, version, ordinal, event, created_ms, attempts, last_error)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, [.text(m.id), .text(m.instanceID), .int64(m.version), .integer(m.ordinal), .blob(m.event),
                      .int64(m.createdMillis), .integer(m.failedAttempts), m.lastError.map(SQLiteData.text) ?? .null])
        }
    }

    func appendLog(_ records: [DurableLogRecord]) async throws {
        for (position, r) in records.enumerated() {
            try await run("""
                INSERT INTO durable_event_log (instance_id, version, position, kind, event, idempotency_key, result, at_ms, late_ms)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, [.text(r.instanceID), .int64(r.version), .integer(position), .text(r.kind.rawValue),
                      r.event.map(SQLiteData.blob) ?? .null, r.idempotencyKey.map(SQLiteData.text) ?? .null,
                      r.result.map(SQLiteData.blob) ?? .null, .int64(r.atMillis), r.lateMillis.map(SQLiteData.int64) ?? .null])
        }
    }

    func instancesWithDueTimers(atOrBefore millis: Int64, limit: Int) async throws -> [String] {
        let rows = try await run("""
            SELECT t.instance_id AS id, MIN(t.due_ms) AS due FROM durable_timers t
            JOIN durable_instances i ON i.id = t.instance_id
            WHERE t.due_ms <= ? AND i.quarantine IS NULL
            GROUP BY t.instance_id ORDER BY due, id LIMIT ?
            """, [.int64(millis), .integer(limit)])
        return try rows.map { try Self.string($0, "id") }
    }

    /// The write transaction holds the database's write lock (`BEGIN IMMEDIATE`): no other
    /// writer can hold the instance, so the claim is the plain query.
    func claimInstanceWithDueTimer(atOrBefore millis: Int64, excluding: Set<String>) async throws -> String? {
        try await instancesWithDueTimers(atOrBefore: millis, limit: excluding.count + 1).first { !excluding.contains($0) }
    }

    func pendingOutbox(limit: Int) async throws -> [DurableOutboxRecord] {
        let rows = try await run("""
            SELECT id, instance_id, version, ordinal, event, created_ms, attempts, last_error FROM durable_outbox
            WHERE delivered_ms IS NULL AND quarantine IS NULL ORDER BY created_ms, instance_id, version, ordinal LIMIT ?
            """, [.integer(limit)])
        return try rows.map(Self.outboxRecord)
    }

    func markOutboxDelivered(_ id: String, atMillis millis: Int64) async throws {
        try await run("UPDATE durable_outbox SET delivered_ms = ? WHERE id = ? AND delivered_ms IS NULL", [.int64(millis), .text(id)])
    }

    func recordOutboxFailure(_ id: String, error: String) async throws {
        try await run("UPDATE durable_outbox SET attempts = attempts + 1, last_error = ? WHERE id = ?", [.text(error), .text(id)])
    }

    func quarantineOutbox(_ id: String, reason: String) async throws {
        try await run("UPDATE durable_outbox SET quarantine = ? WHERE id = ?", [.text(reason), .text(id)])
    }

    func instanceIDs(matching query: DurableInstanceQuery) async throws -> [String] {
        let rows: [SQLiteRow]
        switch query {
        case .inState(let state):
            rows = try await run("""
                SELECT s.instance_id AS id FROM durable_active_states s JOIN durable_instances i ON i.id = s.instance_id
                WHERE s.state = ? AND i.quarantine IS NULL ORDER BY id
                """, [.text(state)])
        case .withPendingTimers:
            rows = try await run("""
                SELECT DISTINCT t.instance_id AS id FROM durable_timers t JOIN durable_instances i ON i.id = t.instance_id
                WHERE i.quarantine IS NULL ORDER BY id
                """)
        case .fingerprint(let fingerprint):
            rows = try await run("SELECT id FROM durable_instances WHERE fingerprint = ? AND quarantine IS NULL ORDER BY id",
                                 [.fingerprint(fingerprint)])
        case .all:
            rows = try await run("SELECT id FROM durable_instances WHERE quarantine IS NULL ORDER BY id")
        case .quarantined:
            rows = try await run("SELECT id FROM durable_instances WHERE quarantine IS NOT NULL ORDER BY id")
        }
        return try rows.map { try Self.string($0, "id") }
    }

    func log(of instanceID: String) async throws -> [DurableLogRecord] {
        let rows = try await run("""
            SELECT instance_id, version, kind, event, idempotency_key, result, at_ms, late_ms FROM durable_event_log
            WHERE instance_id = ? ORDER BY version, position
            """, [.text(instanceID)])
        return try rows.map { row in
            guard let kind = DurableLogRecord.Kind(rawValue: try Self.string(row, "kind")) else {
                throw SQLiteDurableStorageError(message: "an event-log row of '\(instanceID)' has an unknown kind")
            }
            return DurableLogRecord(
                instanceID: try Self.string(row, "instance_id"), version: try Self.int64(row, "version"), kind: kind,
                event: Self.optionalData(row, "event"), idempotencyKey: row.column("idempotency_key")?.string,
                result: Self.optionalData(row, "result"), atMillis: try Self.int64(row, "at_ms"),
                lateMillis: row.column("late_ms")?.integer.map(Int64.init))
        }
    }

    func outbox(of instanceID: String?) async throws -> [(record: DurableOutboxRecord, delivered: Bool)] {
        let columns = "id, instance_id, version, ordinal, event, created_ms, attempts, last_error, delivered_ms"
        let rows = if let instanceID {
            try await run("SELECT \(columns) FROM durable_outbox WHERE instance_id = ? ORDER BY version, ordinal", [.text(instanceID)])
        } else {
            try await run("SELECT \(columns) FROM durable_outbox ORDER BY created_ms, instance_id, version, ordinal")
        }
        return try rows.map { (try Self.outboxRecord($0), !($0.column("delivered_ms")?.isNull ?? true)) }
    }

    func quarantined() async throws -> [DurableQuarantineRecord] {
        let rows = try await run("""
            SELECT id, quarantine FROM durable_instances WHERE quarantine IS NOT NULL
            UNION ALL SELECT id, quarantine FROM durable_outbox WHERE quarantine IS NOT NULL ORDER BY id
            """)
        return try rows.map { DurableQuarantineRecord(id: try Self.string($0, "id"), reason: try Self.string($0, "quarantine")) }
    }
}
