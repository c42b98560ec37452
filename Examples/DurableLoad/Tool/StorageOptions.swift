import ArgumentParser
import Foundation
import StatechartsDurable
import StatechartsDurableLoadKit
import StatechartsDurableSQLite

/// Which database: `--sqlite PATH` or `--postgres URL`.
struct StorageOptions: ParsableArguments {
    @Option(help: "The SQLite database file (several processes share it).")
    var sqlite: String?

    @Option(help: "The PostgreSQL server's URL (postgres://user@host:port/database).")
    var postgres: String?

    @Option(help: "SQLite only: 'process' (survives kill -9; the default) or 'machine' (waits for the disk at each commit).")
    var durability: String = "process"

    @Option(help: "PostgreSQL only: 'row' (SELECT ... FOR UPDATE; the default) or 'optimistic' (a version check, steps retried).")
    var locking: String = "row"

    func validate() throws {
        guard (sqlite == nil) != (postgres == nil) else { throw ValidationError("give exactly one of --sqlite PATH and --postgres URL") }
        guard ["process", "machine"].contains(durability) else { throw ValidationError("--durability is 'process' or 'machine'") }
        guard ["row", "optimistic"].contains(locking) else { throw ValidationError("--locking is 'row' or 'optimistic'") }
    }

    /// The backend's name for reports.
    var backend: String { sqlite != nil ? "sqlite" : "postgres" }

    /// The options again, for a child process.
    var arguments: [String] {
        if let sqlite { return ["--sqlite", sqlite, "--durability", durability] }
        return ["--postgres", postgres ?? "", "--locking", locking]
    }

    /// Opens the storage; `close` closes it. `forSetup` opens SQLite with process-crash
    /// durability whatever was asked (the bench's untimed setup). `logsConnections`: PostgreSQL's
    /// connection events go to standard error.
    func open(poolSize: Int = 4, forSetup: Bool = false, logsConnections: Bool = false) async throws -> OpenedStorage {
        if let sqlite {
            let storage = try await SQLiteDurableStorage.open(
                path: URL(fileURLWithPath: sqlite).path,
                durability: durability == "machine" && !forSetup ? .machineCrash : .processCrash)
            return OpenedStorage(storage: storage, close: { try await storage.close() })
        }
        return try await openPostgres(url: postgres ?? "", poolSize: poolSize, locking: locking, logsConnections: logsConnections)
    }
}

/// An open storage and how to close it.
struct OpenedStorage: Sendable {
    let storage: any DurableStorage
    let close: @Sendable () async throws -> Void

    /// A store of the load test's chart on it.
    var store: DurableStore<LoadState, LoadEvent, LoadOrder> { DurableStore(chart: loadChart, storage: storage) }
}
