import Foundation
import Logging
import StatechartsDurable
import StatechartsDurableSQLite
import Testing
#if canImport(StatechartsDurablePostgres)
import PostgresNIO
import StatechartsDurablePostgres

/// PostgreSQL's locking strategy, for the tests that choose one.
typealias TestLocking = PostgresDurableStorage.Locking
#else
/// Built without PostgreSQL (`STATECHARTS_WITHOUT_POSTGRES`, or `STATECHARTS_THREADED_SUITES_ONLY`
/// as `make tsan-short` builds): the tests run on SQLite only, where the choice means nothing.
enum TestLocking: Sendable { case rowLock, optimistic }
#endif

/// The storages the contract tests run on.
enum StorageKind: String, Sendable, CustomTestStringConvertible {
    case sqlite, postgres
    var testDescription: String { self == .sqlite ? "SQLite" : "PostgreSQL" }
}

/// SQLite always; PostgreSQL when a server is given (and always in CI, where a missing server fails).
let storageKinds: [StorageKind] = PostgresTestServer.shouldTest ? [.sqlite, .postgres] : [.sqlite]

/// The PostgreSQL server the tests use: `STATECHARTS_POSTGRES_URL`
/// (`scripts/postgres-test-server.sh start` prints one).
enum PostgresTestServer {
    static let url: String? = ProcessInfo.processInfo.environment["STATECHARTS_POSTGRES_URL"]
        .flatMap { $0.isEmpty ? nil : withConnectTimeout($0) }

    /// How long the tests let a connection take to open. Under ThreadSanitizer (`make tsan`, built
    /// with STATECHARTS_TSAN) the whole suite runs several times slower, and on 2 busy cores
    /// opening a connection took more than the storage's default 10 s ("Connect timeout (10 s)"
    /// in the durable PostgreSQL suites); the storage's default everywhere else.
    #if STATECHARTS_TSAN
    static let connectTimeoutSeconds = 120
    #else
    static let connectTimeoutSeconds = 10
    #endif

    /// `base` with `connect_timeout` set to ``connectTimeoutSeconds`` under ThreadSanitizer,
    /// unless it sets one; elsewhere `base` as it is (the storage's default applies).
    static func withConnectTimeout(_ base: String) -> String {
        #if STATECHARTS_TSAN
        guard !base.contains("connect_timeout=") else { return base }
        return adding("connect_timeout=\(connectTimeoutSeconds)", to: base)
        #else
        return base
        #endif
    }

    /// `base` with one more query parameter (`name=value`), after `?` or `&`.
    static func adding(_ parameter: String, to base: String) -> String {
        base + (base.contains("?") ? "&" : "?") + parameter
    }
    static let inCI = !(ProcessInfo.processInfo.environment["CI"] ?? "").isEmpty
    /// Whether the PostgreSQL tests run: with a URL, or in CI (where they then fail without one);
    /// never in a build without PostgreSQL.
    #if canImport(StatechartsDurablePostgres)
    static let shouldTest = url != nil || inCI
    #else
    static let shouldTest = false
    #endif

    struct Missing: Error, CustomStringConvertible {
        var description: String {
            "CI is set but STATECHARTS_POSTGRES_URL is not: CI must test PostgreSQL (eval \"$(scripts/postgres-test-server.sh start)\")"
        }
    }

    static func requireURL() throws -> String {
        guard let url else { throw Missing() }
        return url
    }

    /// `url` with `?schema=NAME` (or `&schema=NAME`) added.
    static func url(_ base: String, schema: String) -> String {
        adding("schema=\(schema)", to: base)
    }

    #if canImport(StatechartsDurablePostgres)
    /// Runs one SQL statement on a connection of its own (the tests' schemas are created by the
    /// storage and dropped here).
    static func execute(_ sql: String) async throws {
        let base = try requireURL()
        guard let parts = URLComponents(string: base), let host = parts.host, let user = parts.user else {
            throw PostgresDurableStorageError(message: "STATECHARTS_POSTGRES_URL does not parse: \(base)")
        }
        let database = String(parts.path.dropFirst())
        var configuration = PostgresConnection.Configuration(host: host, port: parts.port ?? 5432, username: user,
                                                             password: parts.password, database: database, tls: .disable)
        configuration.options.connectTimeout = .seconds(Int64(connectTimeoutSeconds))
        let logger = Logger(label: "durable-tests", factory: { _ in SwiftLogNoOpLogHandler() })
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        do {
            try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
            try await connection.close()
        } catch {
            try? await connection.close()
            throw error
        }
    }
    #endif
}

/// A test's own database: a new SQLite file, or a new schema on the PostgreSQL server, so tests
/// run in parallel and leave nothing behind (`remove()`).
struct TestDatabase: Sendable {
    let kind: StorageKind
    /// The SQLite file, or the PostgreSQL URL with its schema.
    let location: String
    private let folder: URL?
    /// The PostgreSQL schema of the test (`nil` for SQLite).
    let schema: String?

    init(_ kind: StorageKind) throws {
        self.kind = kind
        switch kind {
        case .sqlite:
            let folder = try TemporaryFolder()
            self.folder = folder.url
            schema = nil
            location = folder.databasePath
        case .postgres:
            let name = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
            folder = nil
            schema = name
            location = PostgresTestServer.url(try PostgresTestServer.requireURL(), schema: name)
        }
    }

    /// Opens a storage on the database; `locking` is PostgreSQL's.
    func open(locking: TestLocking = .rowLock) async throws -> TestStorage {
        switch kind {
        case .sqlite:
            let storage = try await SQLiteDurableStorage.open(path: location)
            return TestStorage(storage: storage) { try await storage.close() }
        case .postgres:
            #if canImport(StatechartsDurablePostgres)
            let storage = try await PostgresDurableStorage.connect(url: location, poolSize: 4, locking: locking)
            return TestStorage(storage: storage) { await storage.close() }
            #else
            throw PostgresTestServer.Missing()
            #endif
        }
    }

    /// Deletes the file, or drops the schema.
    func remove() async {
        if let folder { try? FileManager.default.removeItem(at: folder) }
        #if canImport(StatechartsDurablePostgres)
        if let schema { try? await PostgresTestServer.execute("DROP SCHEMA IF EXISTS \(schema) CASCADE") }
        #endif
    }
}

/// A storage a test opened, and how to close it.
struct TestStorage: Sendable {
    let storage: any DurableStorage
    let closing: @Sendable () async throws -> Void
    func close() async throws { try await closing() }
}

/// Runs `body` with a new database of `kind`, removed after.
func withDatabase<T>(_ kind: StorageKind, _ body: (TestDatabase) async throws -> T) async throws -> T {
    let database = try TestDatabase(kind)
    do {
        let value = try await body(database)
        await database.remove()
        return value
    } catch {
        await database.remove()
        throw error
    }
}
