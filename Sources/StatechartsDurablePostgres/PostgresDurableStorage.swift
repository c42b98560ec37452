import Foundation
import Logging
import PostgresNIO
import Statecharts
import StatechartsDurable

/// A `DurableStorage` (StatechartsDurable) on a PostgreSQL server, through postgres-nio's
/// connection pool: workers in any number of processes, on any number of machines, share one
/// database and nothing else.
///
/// ```swift
/// let storage = try await PostgresDurableStorage.connect(url: "postgres://app@db.internal:5432/orders")
/// let store = DurableStore(chart: shipments, storage: storage)
/// ```
///
/// Transactions run at `READ COMMITTED`, PostgreSQL's default: each statement sees what was
/// committed before it began, so a transaction that waited for a row lock reads the row the
/// other writer committed, and never fails with a serialization error that `REPEATABLE READ`
/// or `SERIALIZABLE` would raise on a concurrent update. What keeps two sends to one instance
/// apart is ``Locking``: a row lock taken at the first read, or a version check at the write.
/// Read transactions run at `REPEATABLE READ READ ONLY`, so that they see one state of the
/// database. Due timers are claimed with `FOR UPDATE SKIP LOCKED`.
public final class PostgresDurableStorage: DurableStorage {
    /// How write transactions keep two sends to one instance from interleaving.
    public enum Locking: Sendable, Hashable {
        /// The first read of an instance in a write transaction locks its row
        /// (`SELECT ... FOR UPDATE`): another send to the instance waits for the commit, then
        /// reads what it wrote. No step runs twice.
        case rowLock
        /// Reads take no lock; the write checks that the version is still the one read
        /// (`UPDATE ... WHERE version = $n`). When another send committed first, nothing is
        /// written and `DurableStore` runs the step again (its `conflictRetries`).
        case optimistic
    }

    /// The locking the storage was opened with.
    public let locking: Locking
    /// The schema that holds the tables (`public` unless the URL says `?schema=`).
    public let schema: String
    /// Where the server is: host, port and database (never the password).
    public let endpoint: String
    let tables: PostgresDurableSchema
    let client: PostgresClient
    let logger: Logger
    private let runner: Task<Void, Never>
    private let isClosed = Locked(false)
    let conflictCount = ConflictCounter()

    /// How many writes found the instance's version changed by another writer since the storage
    /// connected (only with ``Locking/optimistic``); each made the store run its step again.
    public var versionConflicts: Int { conflictCount.value }

    private init(url: PostgresURL, locking: Locking, client: PostgresClient, logger: Logger) {
        self.locking = locking
        self.schema = url.schema
        self.endpoint = url.endpoint
        self.tables = PostgresDurableSchema(name: url.schema)
        self.client = client
        self.logger = logger
        // The pool works only while `run()` runs; cancelling it closes the pool's connections.
        runner = Task { await client.run() }
    }

    /// Connects to the server at `url`, creating the schema and the tables if they are missing.
    ///
    /// - Parameters:
    ///   - url: `postgres://user[:password]@host[:port]/database`, optionally with
    ///     `?schema=NAME` (the schema of the tables, `public` by default),
    ///     `&sslmode=disable|prefer|require|verify-full` (`prefer` by default, as libpq's) and
    ///     `&connect_timeout=SECONDS` (how long opening a connection may take, 10 by default, as
    ///     libpq's parameter of that name but never unlimited: 1 to 86,400).
    ///   - poolSize: the most connections the storage opens; concurrent transactions beyond it wait
    ///     for one.
    ///   - locking: how concurrent sends to one instance are kept apart (``Locking``).
    /// - Throws: ``PostgresDurableStorageError`` when the URL is malformed, the server cannot be
    ///   reached or refuses the login, or the tables were written by a newer release.
    public static func connect(url: String, poolSize: Int = 8, locking: Locking = .rowLock) async throws -> PostgresDurableStorage {
        try await connect(url: url, poolSize: poolSize, locking: locking,
                          logger: Logger(label: "statecharts.durable.postgres", factory: { _ in SwiftLogNoOpLogHandler() }))
    }

    /// Connects as ``connect(url:poolSize:locking:)`` does, logging to `logger` what postgres-nio
    /// logs: connections opened, closed and failing (at `debug` and `info`), and each statement
    /// and message of the protocol at `trace`. Bound values are never logged.
    public static func connect(url: String, poolSize: Int = 8, locking: Locking = .rowLock, logger: Logger) async throws
        -> PostgresDurableStorage {
        let parsed = try PostgresURL(url)
        // One connection of its own first: a server that cannot be reached fails here, at once
        // and with the reason, instead of leaving the pool retrying in the background.
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(configuration: try parsed.connectionConfiguration(), id: 0, logger: logger)
        } catch {
            throw PostgresDurableStorageError(message: "cannot connect to PostgreSQL at \(parsed.endpoint) as '\(parsed.user)': "
                + Self.connectionProblem(error))
        }
        do {
            try await PostgresDurableSchema(name: parsed.schema).create(on: connection, logger: logger)
            try await connection.close()
        } catch {
            try? await connection.close()
            throw PostgresDurableStorageError.from(error, doing: "creating the tables in schema '\(parsed.schema)'")
        }
        let client = PostgresClient(configuration: parsed.clientConfiguration(poolSize: poolSize), backgroundLogger: logger)
        return PostgresDurableStorage(url: parsed, locking: locking, client: client, logger: logger)
    }

    /// Closes the pool's connections and stops its task. The storage cannot be used afterwards;
    /// closing it again does nothing. A storage released without it closes itself.
    public func close() async {
        guard isClosed.withLock({ closed in defer { closed = true }; return !closed }) else { return }
        runner.cancel()
        await runner.value
    }

    deinit {
        runner.cancel()
    }

    /// Runs `body` in a transaction on a connection of the pool: a write at `READ COMMITTED`, a
    /// read at `REPEATABLE READ READ ONLY`; `COMMIT` when it returns, `ROLLBACK` when it throws.
    public func withTransaction<T: Sendable>(
        _ kind: DurableTransactionKind, _ body: (any DurableTransaction) async throws -> T
    ) async throws -> T {
        guard !isClosed.withLock({ $0 }) else {
            throw PostgresDurableStorageError(message: "the storage for \(endpoint) is closed")
        }
        do {
            return try await client.withConnection { connection in
                let begin: PostgresQuery = kind == .write ? "BEGIN ISOLATION LEVEL READ COMMITTED"
                                                          : "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"
                try await connection.statement(begin, logger: logger)
                do {
                    let transaction = PostgresDurableTransaction(
                        connection: connection, tables: tables, logger: logger, writes: kind == .write, locking: locking,
                        conflicts: conflictCount)
                    let value = try await body(transaction)
                    try await connection.statement("COMMIT", logger: logger)
                    return value
                } catch {
                    _ = try? await connection.statement("ROLLBACK", logger: logger)
                    throw error
                }
            }
        } catch {
            throw PostgresDurableStorageError.from(error, doing: "a statement of the durable store")
        }
    }

    /// Why a connection attempt failed, in words (the server's message for a refused login).
    private static func connectionProblem(_ error: any Error) -> String {
        guard let psql = error as? PSQLError else { return String(describing: error) }
        if let server = psql.serverInfo, let message = server[.message] { return "the server said: \(message)" }
        if let underlying = psql.underlying { return String(describing: underlying) }
        return "\(psql.code)"
    }
}

/// A count shared by the storage and its transactions.
final class ConflictCounter: Sendable {
    private let count = Locked(0)
    var value: Int { count.withLock { $0 } }
    func increment() { count.withLock { $0 += 1 } }
}
