import Foundation
import SQLiteNIO
import Statecharts
import StatechartsDurable

/// A `DurableStorage` (StatechartsDurable) in one SQLite file, on sqlite-nio (SQLite is compiled
/// in; nothing to install).
///
/// Write transactions begin with `BEGIN IMMEDIATE`, which takes the file's write lock before the
/// first read: two sends to one instance, from this object, from another storage object on the
/// same file or from another process, never interleave. A writer that finds the lock taken waits
/// up to ``busyTimeout`` (SQLite's busy timeout). The file is in WAL mode, so reads do not wait
/// for writers. What a commit survives is ``Durability``: by default a crash of the machine too.
public final class SQLiteDurableStorage: DurableStorage {
    /// What a committed step survives.
    public enum Durability: Sendable, Hashable {
        /// A crash of the process or of the machine, or a power loss: each commit waits for the
        /// disk (`synchronous=FULL`).
        case machineCrash
        /// A crash of the process (`kill -9`), not of the machine: commits do not wait for the
        /// disk, and a power loss may lose the last ones (`synchronous=NORMAL` in WAL mode).
        /// Several times faster where the disk is slow to flush.
        case processCrash
    }

    /// The database file.
    public let path: String
    /// How long a write transaction waits for another connection's write lock before failing.
    public let busyTimeout: Duration
    /// What a committed step survives.
    public let durability: Durability
    /// The most bytes the database may take, or `nil` for as many as the disk holds.
    public let maximumSize: Int?
    let connection: SQLiteConnection
    private let threadPool: NIOThreadPool
    private let gate = TransactionGate()
    private let isClosed = Locked(false)

    private init(path: String, busyTimeout: Duration, durability: Durability, maximumSize: Int?,
                 connection: SQLiteConnection, threadPool: NIOThreadPool) {
        self.path = path
        self.busyTimeout = busyTimeout
        self.durability = durability
        self.maximumSize = maximumSize
        self.connection = connection
        self.threadPool = threadPool
    }

    /// Opens (creating it if needed) the database at `path` and its tables.
    /// - Parameters:
    ///   - path: the file; give an absolute path.
    ///   - busyTimeout: how long a write waits for another connection's write lock.
    ///   - durability: what a committed step survives.
    public static func open(path: String, busyTimeout: Duration = .seconds(10),
                            durability: Durability = .machineCrash) async throws -> SQLiteDurableStorage {
        try await open(path: path, busyTimeout: busyTimeout, durability: durability, maximumSize: nil)
    }

    /// Opens (creating it if needed) the database at `path` and its tables, and caps its size.
    /// - Parameters:
    ///   - path: the file; give an absolute path.
    ///   - busyTimeout: how long a write waits for another connection's write lock.
    ///   - durability: what a committed step survives.
    ///   - maximumSize: the most bytes the database may take (SQLite's `max_page_count`, in whole
    ///     pages; never less than it takes already), or `nil` for as many as the disk holds. A
    ///     step that would grow it beyond throws SQLite's "database or disk is full" and changes
    ///     nothing, as when the disk itself is full; the next one succeeds once there is room
    ///     again (rows deleted, or the storage opened again with a larger size).
    public static func open(path: String, busyTimeout: Duration = .seconds(10), durability: Durability = .machineCrash,
                            maximumSize: Int?) async throws -> SQLiteDurableStorage {
        // A thread of its own: a connection waiting for the write lock blocks its thread, and on
        // a shared pool it could block the thread that the lock's holder needs to commit.
        let threadPool = NIOThreadPool(numberOfThreads: 1)
        threadPool.start()
        do {
            let connection = try await SQLiteConnection.open(
                storage: .file(path: path), threadPool: threadPool, on: MultiThreadedEventLoopGroup.singleton.any())
            let storage = SQLiteDurableStorage(path: path, busyTimeout: busyTimeout, durability: durability,
                                               maximumSize: maximumSize, connection: connection, threadPool: threadPool)
            try await storage.prepare()
            return storage
        } catch {
            try? await threadPool.shutdownGracefully()
            throw error
        }
    }

    /// Closes the connection and stops its thread. The storage cannot be used afterwards; closing
    /// it again does nothing. A storage that is not closed closes itself when released.
    public func close() async throws {
        guard isClosed.withLock({ closed in defer { closed = true }; return !closed }) else { return }
        try await connection.close()
        try await threadPool.shutdownGracefully()
    }

    deinit {
        guard isClosed.withLock({ !$0 }) else { return }
        // sqlite-nio requires a connection to be closed before it is released. The close runs on
        // the storage's thread, which stops afterwards.
        let threadPool = self.threadPool
        connection.close().whenComplete { _ in threadPool.shutdownGracefully { _ in } }
    }

    private func prepare() async throws {
        // Replaces sqlite-nio's busy handler, which retries without sleeping.
        let millis = busyTimeout.components.seconds * 1000 + busyTimeout.components.attoseconds / 1_000_000_000_000_000
        _ = try await connection.rows("PRAGMA busy_timeout = \(max(0, millis))")
        _ = try await connection.rows("PRAGMA journal_mode = WAL")
        _ = try await connection.rows(durability == .machineCrash ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL")
        try await withTransaction(.write) { _ in
            for statement in SQLiteDurableSchema.statements { _ = try await self.connection.rows(statement) }
            for added in SQLiteDurableSchema.addedColumns {
                let columns = try await self.connection.rows("SELECT name FROM pragma_table_info(?)", [.text(added.table)])
                guard !columns.contains(where: { $0.column("name")?.string == added.column }) else { continue }
                _ = try await self.connection.rows("ALTER TABLE \(added.table) ADD COLUMN \(added.column) \(added.type)")
            }
        }
        if let maximumSize {
            // After the tables: a cap below their size becomes their size (SQLite's rule).
            let pageSize = try await connection.rows("PRAGMA page_size").first?.column("page_size")?.integer ?? 4096
            _ = try await connection.rows("PRAGMA max_page_count = \(max(1, maximumSize / max(1, pageSize)))")
        }
    }

    /// Runs `body` in a transaction: `BEGIN IMMEDIATE` for a write, `BEGIN` for a read; `COMMIT`
    /// when it returns, `ROLLBACK` when it throws.
    public func withTransaction<T: Sendable>(
        _ kind: DurableTransactionKind, _ body: (any DurableTransaction) async throws -> T
    ) async throws -> T {
        await gate.enter()
        do {
            _ = try await connection.rows(kind == .write ? "BEGIN IMMEDIATE" : "BEGIN")
        } catch {
            await gate.leave()
            throw error
        }
        do {
            let value = try await body(SQLiteDurableTransaction(connection: connection))
            _ = try await connection.rows("COMMIT")
            await gate.leave()
            return value
        } catch {
            _ = try? await connection.rows("ROLLBACK")
            await gate.leave()
            throw error
        }
    }
}
