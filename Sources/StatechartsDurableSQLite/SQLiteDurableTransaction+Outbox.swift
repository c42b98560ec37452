import Foundation
import SQLiteNIO
import StatechartsDurable

extension SQLiteDurableTransaction {
    /// The write transaction holds the database's write lock (`BEGIN IMMEDIATE`), so no other
    /// round claims at the same time: the claim is a query of the instances to take (those whose
    /// earliest pending message is not leased, and none of whose pending messages is), their
    /// pending messages in order, and an update of the leases.
    func claimOutbox(limit: Int, atMillis millis: Int64, leaseUntilMillis: Int64) async throws -> [DurableOutboxRecord] {
        let rows = try await run("""
            WITH heads AS (
                SELECT o.instance_id AS instance_id, o.created_ms AS head_ms FROM durable_outbox o
                WHERE o.delivered_ms IS NULL AND o.quarantine IS NULL AND (o.claimed_until_ms IS NULL OR o.claimed_until_ms <= ?)
                    AND NOT EXISTS (
                        SELECT 1 FROM durable_outbox e
                        WHERE e.instance_id = o.instance_id AND e.delivered_ms IS NULL AND e.quarantine IS NULL AND e.id <> o.id
                            AND ((e.version, e.ordinal, e.created_ms, e.id) < (o.version, o.ordinal, o.created_ms, o.id)
                                 OR e.claimed_until_ms > ?))
                ORDER BY o.created_ms, o.instance_id LIMIT ?)
            SELECT m.id, m.instance_id, m.version, m.ordinal, m.event, m.created_ms, m.attempts, m.last_error
            FROM durable_outbox m JOIN heads h ON h.instance_id = m.instance_id
            WHERE m.delivered_ms IS NULL AND m.quarantine IS NULL
            ORDER BY h.head_ms, m.instance_id, m.version, m.ordinal, m.created_ms, m.id LIMIT ?
            """, [.int64(millis), .int64(millis), .integer(limit), .integer(limit)])
        let claimed = try rows.map(Self.outboxRecord)
        try await setLease(of: claimed.map(\.id), to: .int64(leaseUntilMillis))
        return claimed
    }

    func releaseOutbox(_ ids: [String]) async throws {
        try await setLease(of: ids, to: .null)
    }

    /// Sets the lease end of the messages `ids`, a few hundred per statement (SQLite limits the
    /// parameters of one).
    private func setLease(of ids: [String], to value: SQLiteData) async throws {
        var start = ids.startIndex
        while start < ids.endIndex {
            let chunk = ids[start..<min(start + 500, ids.endIndex)]
            let marks = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
            try await run("UPDATE durable_outbox SET claimed_until_ms = ? WHERE id IN (\(marks))", [value] + chunk.map(SQLiteData.text))
            start = chunk.endIndex
        }
    }
}
