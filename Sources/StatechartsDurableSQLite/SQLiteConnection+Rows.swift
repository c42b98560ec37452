import SQLiteNIO
import Statecharts

extension SQLiteConnection {
    /// The rows of `sql`. sqlite-nio's own `query(_:_:) -> [SQLiteRow]` appends on its thread pool
    /// to an array it reads on the caller's task without a lock ThreadSanitizer can see, and
    /// `make tsan-short` reports it; here the rows are collected under ``Locked``.
    func rows(_ sql: String, _ binds: [SQLiteData] = []) async throws -> [SQLiteRow] {
        let collector = RowCollector()
        try await query(sql, binds) { row in collector.rows.withLock { $0.append(row) } }
        return collector.rows.withLock { $0 }
    }
}

/// Rows appended on sqlite-nio's thread and read on the caller's.
private final class RowCollector: Sendable {
    let rows = Locked<[SQLiteRow]>([])
}
