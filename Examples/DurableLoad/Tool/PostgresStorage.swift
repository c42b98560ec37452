import Logging
import StatechartsDurablePostgres

/// Opens the PostgreSQL storage: `locking` is `row` (`SELECT ... FOR UPDATE`) or `optimistic`.
/// With `logsConnections`, the pool's connection events (opened, closed, failing: postgres-nio's
/// `info` and `debug`) go to standard error, the worker's log.
func openPostgres(url: String, poolSize: Int, locking: String, logsConnections: Bool) async throws -> OpenedStorage {
    let mode: PostgresDurableStorage.Locking = locking == "optimistic" ? .optimistic : .rowLock
    let storage: PostgresDurableStorage
    if logsConnections {
        var logger = Logger(label: "postgres", factory: { StreamLogHandler.standardError(label: $0) })
        logger.logLevel = .debug
        storage = try await PostgresDurableStorage.connect(url: url, poolSize: poolSize, locking: mode, logger: logger)
    } else {
        storage = try await PostgresDurableStorage.connect(url: url, poolSize: poolSize, locking: mode)
    }
    return OpenedStorage(storage: storage, close: { await storage.close() })
}
