import PostgresNIO

/// The store's tables in one schema: the same tables and columns as the SQLite storage's, with
/// PostgreSQL's types (`BYTEA` blobs, `BIGINT` integers), and a row with the schema's version.
struct PostgresDurableSchema: Sendable {
    /// The version of the tables this code writes; a database with a higher one was written by a
    /// newer release and is refused.
    static let version: Int64 = 1

    /// The schema's name (a plain identifier: checked when the URL was read).
    let name: String

    var instances: String { "\(name).durable_instances" }
    var activeStates: String { "\(name).durable_active_states" }
    var timers: String { "\(name).durable_timers" }
    var outbox: String { "\(name).durable_outbox" }
    var keys: String { "\(name).durable_keys" }
    var eventLog: String { "\(name).durable_event_log" }
    var schemaVersion: String { "\(name).durable_schema_version" }

    var statements: [String] {
        [
            "CREATE SCHEMA IF NOT EXISTS \(name)",
            """
            CREATE TABLE IF NOT EXISTS \(instances) (
                id TEXT PRIMARY KEY, fingerprint BIGINT NOT NULL, version BIGINT NOT NULL, status TEXT NOT NULL,
                snapshot BYTEA NOT NULL, context BYTEA NOT NULL, origin_ms BIGINT NOT NULL, updated_ms BIGINT NOT NULL,
                quarantine TEXT)
            """,
            "CREATE INDEX IF NOT EXISTS durable_instances_fingerprint ON \(instances) (fingerprint)",
            // The index of active states: which instances are in a state.
            """
            CREATE TABLE IF NOT EXISTS \(activeStates) (
                state TEXT NOT NULL, instance_id TEXT NOT NULL, PRIMARY KEY (state, instance_id))
            """,
            "CREATE INDEX IF NOT EXISTS durable_active_states_instance ON \(activeStates) (instance_id)",
            // Pending delayed events by due time; the events themselves are in the snapshot.
            """
            CREATE TABLE IF NOT EXISTS \(timers) (
                instance_id TEXT NOT NULL, ordinal BIGINT NOT NULL, due_ms BIGINT NOT NULL, timer_id TEXT,
                PRIMARY KEY (instance_id, ordinal))
            """,
            "CREATE INDEX IF NOT EXISTS durable_timers_due ON \(timers) (due_ms)",
            """
            CREATE TABLE IF NOT EXISTS \(outbox) (
                id TEXT PRIMARY KEY, instance_id TEXT NOT NULL, version BIGINT NOT NULL, ordinal BIGINT NOT NULL,
                event BYTEA NOT NULL, created_ms BIGINT NOT NULL, attempts BIGINT NOT NULL DEFAULT 0, last_error TEXT,
                delivered_ms BIGINT, quarantine TEXT, claimed_until_ms BIGINT)
            """,
            """
            CREATE INDEX IF NOT EXISTS durable_outbox_pending ON \(outbox) (created_ms, instance_id, version, ordinal)
                WHERE delivered_ms IS NULL AND quarantine IS NULL
            """,
            "CREATE INDEX IF NOT EXISTS durable_outbox_instance ON \(outbox) (instance_id, version, ordinal)",
            """
            CREATE TABLE IF NOT EXISTS \(keys) (
                instance_id TEXT NOT NULL, key TEXT NOT NULL, version BIGINT NOT NULL, result BYTEA NOT NULL,
                PRIMARY KEY (instance_id, key))
            """,
            """
            CREATE TABLE IF NOT EXISTS \(eventLog) (
                instance_id TEXT NOT NULL, version BIGINT NOT NULL, position BIGINT NOT NULL, kind TEXT NOT NULL,
                event BYTEA, idempotency_key TEXT, result BYTEA, at_ms BIGINT NOT NULL, late_ms BIGINT,
                PRIMARY KEY (instance_id, version, position))
            """,
            "CREATE TABLE IF NOT EXISTS \(schemaVersion) (version BIGINT NOT NULL)",
        ]
    }

    /// Columns added since the tables were first created (table, column, type).
    var addedColumns: [(table: String, column: String, type: String)] {
        // The end of an outbox message's lease (DurableTransaction.claimOutbox).
        [("durable_outbox", "claimed_until_ms", "BIGINT")]
    }

    /// Adds the ``addedColumns`` that a table created before them lacks. An `ALTER TABLE` takes
    /// the table's exclusive lock, so it runs only when the column is missing, and before any
    /// other statement locks the table: it then waits for the running transactions rather than
    /// deadlock with them.
    private func addMissingColumns(on connection: PostgresConnection, logger: Logger) async throws {
        for added in addedColumns {
            let rows = try await connection.statement("""
                SELECT column_name FROM information_schema.columns WHERE table_schema = \(name) AND table_name = \(added.table)
                """, logger: logger)
            let columns = try rows.map { try $0.decode(String.self) }
            guard !columns.isEmpty, !columns.contains(added.column) else { continue }
            let alter = "ALTER TABLE \(name).\(added.table) ADD COLUMN IF NOT EXISTS \(added.column) \(added.type)"
            try await connection.statement(PostgresQuery(unsafeSQL: alter), logger: logger)
        }
    }

    /// Creates the schema and the tables that are missing, and checks the version row (writing
    /// it in a new database), in one transaction on `connection`. Storages opening at the same
    /// time take turns (an advisory lock), so `CREATE ... IF NOT EXISTS` never races.
    func create(on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.statement("BEGIN", logger: logger)
        do {
            try await connection.statement("SELECT pg_advisory_xact_lock(hashtextextended(\("statecharts-durable-schema:" + name), 0))",
                                       logger: logger)
            try await addMissingColumns(on: connection, logger: logger)
            for statement in statements { try await connection.statement(PostgresQuery(unsafeSQL: statement), logger: logger) }
            let rows = try await connection.statement("SELECT version FROM \(unescaped: schemaVersion)", logger: logger)
            let versions = try rows.map { try $0.decode(Int64.self) }
            if versions.isEmpty {
                try await connection.statement("INSERT INTO \(unescaped: schemaVersion) (version) VALUES (\(Self.version))", logger: logger)
            } else if let found = versions.max(), found > Self.version {
                throw PostgresDurableStorageError(message: "the tables in schema '\(name)' are version \(found), written by a newer "
                    + "release of StatechartsDurablePostgres; this one reads version \(Self.version)")
            }
            try await connection.statement("COMMIT", logger: logger)
        } catch {
            _ = try? await connection.statement("ROLLBACK", logger: logger)
            throw error
        }
    }
}
