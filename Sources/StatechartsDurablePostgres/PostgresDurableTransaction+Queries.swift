import Foundation
import PostgresNIO
import StatechartsDurable

extension PostgresDurableTransaction {
    func instanceIDs(matching query: DurableInstanceQuery) async throws -> [String] {
        let rows: [PostgresRow]
        switch query {
        case .inState(let state):
            rows = try await run("""
                SELECT s.instance_id FROM \(unescaped: tables.activeStates) s JOIN \(unescaped: tables.instances) i ON i.id = s.instance_id
                WHERE s.state = \(state) AND i.quarantine IS NULL ORDER BY s.instance_id
                """)
        case .withPendingTimers:
            rows = try await run("""
                SELECT DISTINCT t.instance_id FROM \(unescaped: tables.timers) t JOIN \(unescaped: tables.instances) i ON i.id = t.instance_id
                WHERE i.quarantine IS NULL ORDER BY t.instance_id
                """)
        case .fingerprint(let fingerprint):
            rows = try await run("""
                SELECT id FROM \(unescaped: tables.instances) WHERE fingerprint = \(Int64(bitPattern: fingerprint)) AND quarantine IS NULL
                ORDER BY id
                """)
        case .all:
            rows = try await run("SELECT id FROM \(unescaped: tables.instances) WHERE quarantine IS NULL ORDER BY id")
        case .quarantined:
            rows = try await run("SELECT id FROM \(unescaped: tables.instances) WHERE quarantine IS NOT NULL ORDER BY id")
        }
        // Sorted here too: the server sorts by its collation, the protocol asks for Swift's order.
        return try rows.map { try $0.decode(String.self) }.sorted()
    }

    func log(of instanceID: String) async throws -> [DurableLogRecord] {
        let rows = try await run("""
            SELECT instance_id, version, kind, event, idempotency_key, result, at_ms, late_ms FROM \(unescaped: tables.eventLog)
            WHERE instance_id = \(instanceID) ORDER BY version, position
            """)
        return try rows.map { row in
            let (id, version, kind, event, key, result, at, late) =
                try row.decode((String, Int64, String, Data?, String?, Data?, Int64, Int64?).self)
            guard let kind = DurableLogRecord.Kind(rawValue: kind) else {
                throw PostgresDurableStorageError(message: "an event-log row of '\(instanceID)' has an unknown kind '\(kind)'")
            }
            return DurableLogRecord(instanceID: id, version: version, kind: kind, event: event, idempotencyKey: key, result: result,
                                    atMillis: at, lateMillis: late)
        }
    }

    func outbox(of instanceID: String?) async throws -> [(record: DurableOutboxRecord, delivered: Bool)] {
        let columns = "id, instance_id, version, ordinal, event, created_ms, attempts, last_error, delivered_ms IS NOT NULL"
        let rows = if let instanceID {
            try await run("""
                SELECT \(unescaped: columns) FROM \(unescaped: tables.outbox) WHERE instance_id = \(instanceID) ORDER BY version, ordinal
                """)
        } else {
            try await run("SELECT \(unescaped: columns) FROM \(unescaped: tables.outbox) ORDER BY created_ms, instance_id, version, ordinal")
        }
        return try rows.map { row in
            (try Self.outboxRecord(row), try row.makeRandomAccess()[8].decode(Bool.self))
        }
    }

    func quarantined() async throws -> [DurableQuarantineRecord] {
        let rows = try await run("""
            SELECT id, quarantine FROM \(unescaped: tables.instances) WHERE quarantine IS NOT NULL
            UNION ALL SELECT id, quarantine FROM \(unescaped: tables.outbox) WHERE quarantine IS NOT NULL
            """)
        return try rows.map { row in
            let (id, reason) = try row.decode((String, String).self)
            return DurableQuarantineRecord(id: id, reason: reason)
        }.sorted { $0.id < $1.id }
    }

    static func instanceRecord(_ row: PostgresRow) throws -> DurableInstanceRecord {
        let (id, fingerprint, version, status, snapshot, context, origin, updated, quarantine) =
            try row.decode((String, Int64, Int64, String, Data, Data, Int64, Int64, String?).self)
        return DurableInstanceRecord(
            id: id, fingerprint: UInt64(bitPattern: fingerprint), version: version, status: status, snapshot: snapshot,
            context: context, originMillis: origin, updatedMillis: updated, quarantine: quarantine)
    }

    static func outboxRecord(_ row: PostgresRow) throws -> DurableOutboxRecord {
        let columns = row.makeRandomAccess()
        return DurableOutboxRecord(
            id: try columns[0].decode(String.self), instanceID: try columns[1].decode(String.self),
            version: try columns[2].decode(Int64.self), ordinal: Int(try columns[3].decode(Int64.self)),
            event: try columns[4].decode(Data.self), createdMillis: try columns[5].decode(Int64.self),
            failedAttempts: Int(try columns[6].decode(Int64.self)), lastError: try columns[7].decode(String?.self))
    }
}
