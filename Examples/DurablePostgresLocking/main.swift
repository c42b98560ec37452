import Foundation
import Logging
import PostgresNIO
import Statecharts
import StatechartsDurable
import StatechartsDurablePostgres

// Row locks against optimistic version checks on PostgreSQL (docs/durable.md, "Which locking"):
// sends per second, p50/p99 latency, version conflicts (retries) and sends that gave up, for 1, 4
// and 16 concurrent clients, on a few hot instances and on many instances. Each cell runs in a
// schema of its own, dropped after.
//
//   swift run -c release DurablePostgresLocking postgres://user@host:port/db [seconds per cell]

enum CounterState: String, Hashable, Sendable, Codable { case counting }
enum CounterEvent: String, StatechartEvent, Hashable, Codable { case bump }
struct Count: Codable, Sendable { var value = 0 }

let counterChart = try! Statechart<CounterState, CounterEvent, Count> {
    State(.counting) { On(.bump, to: .counting) { $0.value += 1 } }
}

struct Cell {
    var locking: PostgresDurableStorage.Locking
    var clients: Int
    var instances: Int
}

struct Measured {
    var sends = 0
    var gaveUp = 0
    var latencies: [Duration] = []
}

func percentile(_ sorted: [Duration], _ p: Double) -> Duration {
    guard !sorted.isEmpty else { return .zero }
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
}

func millis(_ d: Duration) -> String {
    let ms = Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
    return String(format: "%.2f ms", ms)
}

func dropSchema(_ url: String, _ schema: String) async throws {
    guard let parts = URLComponents(string: url), let host = parts.host, let user = parts.user else { return }
    let configuration = PostgresConnection.Configuration(host: host, port: parts.port ?? 5432, username: user,
                                                         password: parts.password, database: String(parts.path.dropFirst()), tls: .disable)
    let logger = Logger(label: "bench", factory: { _ in SwiftLogNoOpLogHandler() })
    let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
    try await connection.query(PostgresQuery(unsafeSQL: "DROP SCHEMA IF EXISTS \(schema) CASCADE"), logger: logger)
    try await connection.close()
}

func run(_ cell: Cell, url: String, seconds: Int) async throws {
    let schema = "bench_locking_\(UUID().uuidString.prefix(8).lowercased())"
    let storage = try await PostgresDurableStorage.connect(url: url + "?schema=\(schema)", poolSize: 16, locking: cell.locking)
    let store = DurableStore(chart: counterChart, storage: storage)
    for i in 0..<cell.instances { try await store.create("c\(i)", context: Count()) }
    let deadline = ContinuousClock.now + .seconds(seconds)
    let started = ContinuousClock.now
    let results = try await withThrowingTaskGroup(of: Measured.self) { group in
        for client in 0..<cell.clients {
            group.addTask {
                var measured = Measured()
                var n = 0
                while ContinuousClock.now < deadline {
                    let id = "c\((client * 7919 + n * 104_729) % cell.instances)"
                    let start = ContinuousClock.now
                    do {
                        try await store.send(.bump, to: id, idempotencyKey: "k\(client)-\(n)")
                        measured.sends += 1
                        measured.latencies.append(ContinuousClock.now - start)
                    } catch DurableStoreError.tooManyConflicts {
                        measured.gaveUp += 1
                    }
                    n += 1
                }
                return measured
            }
        }
        return try await group.reduce(into: [Measured]()) { $0.append($1) }
    }
    let elapsed = ContinuousClock.now - started
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let sends = results.map(\.sends).reduce(0, +)
    let gaveUp = results.map(\.gaveUp).reduce(0, +)
    let latencies = results.flatMap(\.latencies).sorted()
    let conflicts = storage.versionConflicts
    print("| \(cell.locking == .rowLock ? "row lock" : "optimistic") | \(cell.clients) | \(cell.instances) | "
        + "\(Int(Double(sends) / seconds)) | \(millis(percentile(latencies, 0.5))) | \(millis(percentile(latencies, 0.99))) | "
        + "\(String(format: "%.2f", Double(conflicts) / Double(max(1, sends)))) | \(gaveUp) |")
    await storage.close()
    try await dropSchema(url, schema)
}

let arguments = CommandLine.arguments.dropFirst()
guard let url = arguments.first else {
    print("usage: DurablePostgresLocking postgres://user@host:port/db [seconds per cell]")
    exit(2)
}
let seconds = arguments.dropFirst().first.flatMap(Int.init) ?? 5
print("| locking | clients | instances | sends/s | p50 | p99 | retries per send | gave up |")
print("| --- | --- | --- | --- | --- | --- | --- | --- |")
do {
    for instances in [4, 1000] {
        for clients in [1, 4, 16] {
            for locking in [PostgresDurableStorage.Locking.rowLock, .optimistic] {
                try await run(Cell(locking: locking, clients: clients, instances: instances), url: url, seconds: seconds)
            }
        }
    }
} catch {
    FileHandle.standardError.write(Data("DurablePostgresLocking: \(error)\n".utf8))
    exit(1)
}
