import PostgresNIO

extension PostgresConnection {
    /// Runs one statement and returns its rows; every statement of the storage goes through here.
    ///
    /// postgres-nio's `query` writes the statement into the connection's channel without a write
    /// promise: once the channel has closed (a server that crashed or restarted between two
    /// statements of a transaction, which is when PostgreSQL's `quickdie` ends idle sessions),
    /// the write is dropped and the caller waits forever. Checking that the connection is open
    /// and writing happen here in one turn of the connection's event loop, where the channel
    /// closes: an open channel then hands the statement to the connection's handler, which
    /// fails it if the connection closes later, and a closed one fails at once.
    @discardableResult
    func statement(_ query: PostgresQuery, logger: Logger) async throws -> [PostgresRow] {
        let connection = self
        let result = try await eventLoop.flatSubmit { () -> EventLoopFuture<PostgresQueryResult> in
            guard !connection.isClosed else {
                return connection.eventLoop.makeFailedFuture(
                    PostgresDurableStorageError(message: "the connection to the server closed before the statement was sent"))
            }
            return connection.query(query, logger: logger)
        }.get()
        return result.rows
    }
}
