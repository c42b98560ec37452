/// The tables of a durable store, as SQL that SQLite and PostgreSQL both accept but for the
/// blob type (`BLOB` here, `BYTEA` there).
enum SQLiteDurableSchema {
    static let statements: [String] = [
        """
        CREATE TABLE IF NOT EXISTS durable_instances (
            id TEXT PRIMARY KEY, fingerprint INTEGER NOT NULL, version INTEGER NOT NULL, status TEXT NOT NULL,
            snapshot BLOB NOT NULL, context BLOB NOT NULL, origin_ms INTEGER NOT NULL, updated_ms INTEGER NOT NULL,
            quarantine TEXT)
        """,
        "CREATE INDEX IF NOT EXISTS durable_instances_fingerprint ON durable_instances (fingerprint)",
        // The index of active states: which instances are in a state.
        """
        CREATE TABLE IF NOT EXISTS durable_active_states (
            state TEXT NOT NULL, instance_id TEXT NOT NULL, PRIMARY KEY (state, instance_id))
        """,
        "CREATE INDEX IF NOT EXISTS durable_active_states_instance ON durable_active_states (instance_id)",
        // Pending delayed events by due time; the events themselves are in the snapshot.
        """
        CREATE TABLE IF NOT EXISTS durable_timers (
            instance_id TEXT NOT NULL, ordinal INTEGER NOT NULL, due_ms INTEGER NOT NULL, timer_id TEXT,
            PRIMARY KEY (instance_id, ordinal))
        """,
        "CREATE INDEX IF NOT EXISTS durable_timers_due ON durable_timers (due_ms)",
        """
        CREATE TABLE IF NOT EXISTS durable_outbox (
            id TEXT PRIMARY KEY, instance_id TEXT NOT NULL, version INTEGER NOT NULL, ordinal INTEGER NOT NULL,
            event BLOB NOT NULL, created_ms INTEGER NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, last_error TEXT,
            delivered_ms INTEGER, quarantine TEXT, claimed_until_ms INTEGER)
        """,
        """
        CREATE INDEX IF NOT EXISTS durable_outbox_pending ON durable_outbox (created_ms, instance_id, version, ordinal)
            WHERE delivered_ms IS NULL AND quarantine IS NULL
        """,
        // An instance's pending messages in order: what an outbox claim checks per instance.
        """
        CREATE INDEX IF NOT EXISTS durable_outbox_instance_pending ON durable_outbox (instance_id, version, ordinal)
            WHERE delivered_ms IS NULL AND quarantine IS NULL
        """,
        """
        CREATE TABLE IF NOT EXISTS durable_keys (
            instance_id TEXT NOT NULL, key TEXT NOT NULL, version INTEGER NOT NULL, result BLOB NOT NULL,
            PRIMARY KEY (instance_id, key))
        """,
        """
        CREATE TABLE IF NOT EXISTS durable_event_log (
            instance_id TEXT NOT NULL, version INTEGER NOT NULL, position INTEGER NOT NULL, kind TEXT NOT NULL,
            event BLOB, idempotency_key TEXT, result BLOB, at_ms INTEGER NOT NULL, late_ms INTEGER,
            PRIMARY KEY (instance_id, version, position))
        """,
    ]

    /// Columns added since the first release, with their types: a table created before them
    /// gets them with `ALTER TABLE` (SQLite has no `ADD COLUMN IF NOT EXISTS`).
    static let addedColumns: [(table: String, column: String, type: String)] = [
        // The end of an outbox message's lease (DurableTransaction.claimOutbox).
        ("durable_outbox", "claimed_until_ms", "INTEGER"),
    ]
}
