import ArgumentParser
import Foundation
import StatechartsDurable
import StatechartsDurablePostgres
import StatechartsDurableSQLite

/// `--sqlite PATH` or `--postgres URL`: the database of `statechart durable`.
struct DurableStorageArguments: ParsableArguments {
    @Option(help: ArgumentHelp("The SQLite database file (created when missing).", valueName: "PATH"))
    var sqlite: String?

    @Option(help: ArgumentHelp("The PostgreSQL server: postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?schema=NAME&sslmode=disable|prefer|require|verify-full&connect_timeout=SECONDS].",
                               valueName: "URL"))
    var postgres: String?

    func validate() throws {
        switch (sqlite, postgres) {
        case (nil, nil): throw ValidationError("give the database: --sqlite PATH or --postgres URL")
        case (.some, .some): throw ValidationError("give one database: --sqlite PATH or --postgres URL, not both")
        default: break
        }
    }

    /// Opens the storage; a database that cannot be opened is the tool's usage failure (status 2).
    func open() async throws -> OpenedStorage {
        do {
            if let sqlite {
                let storage = try await SQLiteDurableStorage.open(path: sqlite)
                return OpenedStorage(storage: storage) { try? await storage.close() }
            }
            let storage = try await PostgresDurableStorage.connect(url: postgres ?? "")
            return OpenedStorage(storage: storage) { await storage.close() }
        } catch {
            throw DurableCommandFailure(status: 2, message: "statechart: cannot open the database: \(error)")
        }
    }
}

/// A storage and how to close it.
struct OpenedStorage: Sendable {
    let storage: any DurableStorage
    let close: @Sendable () async -> Void
}

/// Why a `statechart durable` command stopped: the message and the exit status.
struct DurableCommandFailure: Error {
    var status: Int32
    var message: String
}

/// Runs an asynchronous command body from the tool's synchronous entry point, and turns a
/// ``DurableCommandFailure`` (or any other error, status 1) into the message and exit status.
func runDurable(_ body: @escaping @Sendable () async throws -> Void) throws {
    let finished = BlockingValue<Result<Void, any Error>>()
    Task {
        do {
            try await body()
            finished.set(.success(()))
        } catch {
            finished.set(.failure(error))
        }
    }
    switch finished.wait() {
    case .success: return
    case .failure(let failure as DurableCommandFailure):
        Console.error(failure.message)
        throw ExitCode(failure.status)
    case .failure(let error as ExitCode):
        throw error
    case .failure(let error):
        Console.error("statechart: \(error)")
        throw ExitCode(1)
    }
}
