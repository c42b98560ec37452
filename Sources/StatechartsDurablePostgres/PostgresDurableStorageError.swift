import PostgresNIO

/// Why the PostgreSQL storage could not connect, or what the server refused.
public struct PostgresDurableStorageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, in one sentence.
    public let message: String
    /// The server's SQLSTATE code when the server refused a statement (`40P01` for a deadlock,
    /// say), otherwise `nil`.
    public let sqlState: String?

    /// An error with a message and, when the server reported one, its SQLSTATE.
    public init(message: String, sqlState: String? = nil) {
        self.message = message
        self.sqlState = sqlState
    }

    /// The message, with the SQLSTATE when there is one.
    public var description: String { sqlState.map { "\(message) (SQLSTATE \($0))" } ?? message }
}

extension PostgresDurableStorageError {
    /// A postgres-nio error in words. `PSQLError`'s own description hides everything (it could
    /// leak data into logs); the server's message, the SQLSTATE and the connection problem are
    /// what a user needs, and hold no bound values.
    static func from(_ error: any Error, doing what: String) -> any Error {
        if error is PostgresDurableStorageError || error is CancellationError { return error }
        guard let psql = error as? PSQLError else { return error }
        if let server = psql.serverInfo {
            let text = [server[.message], server[.detail]].compactMap { $0 }.joined(separator: ": ")
            return PostgresDurableStorageError(message: "the server refused \(what): \(text)", sqlState: server[.sqlState])
        }
        let cause = psql.underlying.map { " (\($0))" } ?? ""
        return PostgresDurableStorageError(message: "\(what) failed: \(psql.code)\(cause)")
    }
}
