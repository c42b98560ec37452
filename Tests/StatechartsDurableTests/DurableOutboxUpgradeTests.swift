import Foundation
import SQLiteNIO
import Statecharts
import StatechartsDurable
import Testing

/// A database whose outbox table was created before leases: opening it adds the lease column,
/// and its pending messages are delivered and leased like new ones.
@Suite("Durable store: an outbox table from before leases")
struct DurableOutboxUpgradeTests {
    @Test("the lease column is added to an outbox table created without it", arguments: storageKinds)
    func leaseColumnAdded(_ kind: StorageKind) async throws {
        try await withDatabase(kind) { database in
            try await Self.createOldOutbox(database)
            let clock = ManualClock()
            let (store, storage) = try await openStore(database, clock: clock)
            #expect(try await Self.hasLeaseColumn(database) || kind == .postgres)
            // The old pending message is claimed with a lease (stored in the new column): while
            // the lease lasts, another round finds nothing.
            let now = clock.millis
            let claimed = try await store.storage.withTransaction(.write) {
                try await $0.claimOutbox(limit: 10, atMillis: now, leaseUntilMillis: now + 1_000)
            }
            #expect(claimed.map(\.id) == ["old/2/0"])
            let received = Received()
            #expect(await store.deliverOutbox { received.append($0.id) }.delivered == 0)
            clock.advance(by: .seconds(1))
            #expect(await store.deliverOutbox { received.append($0.id) }.delivered == 1)
            #expect(received.all == ["old/2/0"])
            try await storage.close()
            // Opening it again leaves the column as it is.
            let (_, again) = try await openStore(database, clock: clock)
            try await again.close()
            #expect(try await Self.hasLeaseColumn(database) || kind == .postgres)
        }
    }

    /// The outbox table as the first release created it, with one pending message.
    static func createOldOutbox(_ database: TestDatabase) async throws {
        switch database.kind {
        case .sqlite:
            let connection = try await SQLiteConnection.open(storage: .file(path: database.location))
            do {
                _ = try await rows(of: connection, """
                    CREATE TABLE durable_outbox (
                        id TEXT PRIMARY KEY, instance_id TEXT NOT NULL, version INTEGER NOT NULL, ordinal INTEGER NOT NULL,
                        event BLOB NOT NULL, created_ms INTEGER NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, last_error TEXT,
                        delivered_ms INTEGER, quarantine TEXT)
                    """, [])
                _ = try await rows(of: connection, """
                    INSERT INTO durable_outbox (id, instance_id, version, ordinal, event, created_ms)
                    VALUES ('old/2/0', 'old', 2, 0, CAST('"paidNotice"' AS BLOB), 1)
                    """, [])
                try await connection.close()
            } catch {
                try? await connection.close()
                throw error
            }
        case .postgres:
            #if canImport(StatechartsDurablePostgres)
            let schema = try #require(database.schema)
            try await PostgresTestServer.execute("CREATE SCHEMA \(schema)")
            try await PostgresTestServer.execute("""
                CREATE TABLE \(schema).durable_outbox (
                    id TEXT PRIMARY KEY, instance_id TEXT NOT NULL, version BIGINT NOT NULL, ordinal BIGINT NOT NULL,
                    event BYTEA NOT NULL, created_ms BIGINT NOT NULL, attempts BIGINT NOT NULL DEFAULT 0, last_error TEXT,
                    delivered_ms BIGINT, quarantine TEXT)
                """)
            try await PostgresTestServer.execute("""
                INSERT INTO \(schema).durable_outbox (id, instance_id, version, ordinal, event, created_ms)
                VALUES ('old/2/0', 'old', 2, 0, convert_to('"paidNotice"', 'UTF8'), 1)
                """)
            #else
            throw PostgresTestServer.Missing()
            #endif
        }
    }

    /// Whether the SQLite file's outbox table has the lease column (PostgreSQL: `false`; its
    /// test shows the column through the lease it stores).
    static func hasLeaseColumn(_ database: TestDatabase) async throws -> Bool {
        guard database.kind == .sqlite else { return false }
        let connection = try await SQLiteConnection.open(storage: .file(path: database.location))
        let columns = try await rows(of: connection, "SELECT name FROM pragma_table_info('durable_outbox')", [])
        try await connection.close()
        return columns.contains { $0.column("name")?.string == "claimed_until_ms" }
    }
}

/// The rows of `sql`, collected under a lock (sqlite-nio's array-returning `query` gives
/// ThreadSanitizer reports: see StatechartsDurableSQLite's `SQLiteConnection.rows`).
func rows(of connection: SQLiteConnection, _ sql: String, _ binds: [SQLiteData]) async throws -> [SQLiteRow] {
    let collected = LockedRows()
    try await connection.query(sql, binds) { row in collected.append(row) }
    return collected.all
}

/// Rows appended on sqlite-nio's thread and read on the test's.
final class LockedRows: @unchecked Sendable {
    // @unchecked: `rows` is touched only under `lock`.
    private let lock = NSLock()
    private var rows: [SQLiteRow] = []
    func append(_ row: SQLiteRow) { lock.withLock { rows.append(row) } }
    var all: [SQLiteRow] { lock.withLock { rows } }
}
