import Foundation
import PostgresNIO
import StatechartsDurable

extension PostgresDurableTransaction {
    /// One statement: the earliest pending message of each instance that can be taken (not
    /// leased, and no other pending message of its instance leased) is locked, skipping those
    /// other transactions hold (`FOR UPDATE SKIP LOCKED`): that lock is the claim on the
    /// instance, so two workers claiming at once take different instances. Then the pending
    /// messages of the locked instances, in order, get the lease.
    func claimOutbox(limit: Int, atMillis millis: Int64, leaseUntilMillis: Int64) async throws -> [DurableOutboxRecord] {
        let rows = try await run("""
            WITH heads AS MATERIALIZED (
                SELECT o.instance_id, o.created_ms FROM \(unescaped: tables.outbox) o
                WHERE o.delivered_ms IS NULL AND o.quarantine IS NULL AND (o.claimed_until_ms IS NULL OR o.claimed_until_ms <= \(millis))
                    AND NOT EXISTS (
                        SELECT 1 FROM \(unescaped: tables.outbox) e
                        WHERE e.instance_id = o.instance_id AND e.delivered_ms IS NULL AND e.quarantine IS NULL AND e.id <> o.id
                            AND ((e.version, e.ordinal, e.created_ms, e.id) < (o.version, o.ordinal, o.created_ms, o.id)
                                 OR e.claimed_until_ms > \(millis)))
                ORDER BY o.created_ms, o.instance_id LIMIT \(Int64(limit))
                FOR UPDATE OF o SKIP LOCKED),
            picked AS (
                SELECT m.id, h.created_ms AS head_ms FROM \(unescaped: tables.outbox) m JOIN heads h ON h.instance_id = m.instance_id
                WHERE m.delivered_ms IS NULL AND m.quarantine IS NULL
                ORDER BY h.created_ms, m.instance_id, m.version, m.ordinal, m.created_ms, m.id LIMIT \(Int64(limit)))
            UPDATE \(unescaped: tables.outbox) u SET claimed_until_ms = \(leaseUntilMillis) FROM picked
            WHERE u.id = picked.id AND u.delivered_ms IS NULL AND u.quarantine IS NULL
            RETURNING u.id, u.instance_id, u.version, u.ordinal, u.event, u.created_ms, u.attempts, u.last_error, picked.head_ms
            """)
        // RETURNING has no order: the claim's order is the heads' age, then each instance's order
        // (version and place; then creation, for an instance deleted and created again).
        let claimed = try rows.map { row in (record: try Self.outboxRecord(row), head: try row.makeRandomAccess()[8].decode(Int64.self)) }
        return claimed.sorted { a, b in
            (a.head, a.record.instanceID, a.record.version, a.record.ordinal, a.record.createdMillis, a.record.id)
                < (b.head, b.record.instanceID, b.record.version, b.record.ordinal, b.record.createdMillis, b.record.id)
        }.map(\.record)
    }

    func releaseOutbox(_ ids: [String]) async throws {
        guard !ids.isEmpty else { return }
        try await run("UPDATE \(unescaped: tables.outbox) SET claimed_until_ms = NULL WHERE id = ANY(\(ids)::text[])")
    }
}
