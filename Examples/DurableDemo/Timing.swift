import Foundation
import Statecharts
import StatechartsDurable
import StatechartsDurableSQLite

/// A counter: the smallest chart whose every send transitions and writes.
enum CounterState: String, Hashable, Sendable, Codable { case counting }
enum CounterEvent: String, StatechartEvent, Hashable, Codable { case bump }
struct Count: Codable, Sendable { var value = 0 }

let counterChart = try! Statechart<CounterState, CounterEvent, Count> {
    State(.counting) { On(.bump, to: .counting) { $0.value += 1 } }
}

/// `timing DB`: sends per second and latency of durable sends on SQLite, for 1 and 4 concurrent
/// clients on one store object and 4 clients on two store objects (two connections), with each
/// durability.
func runTiming(path: String, sends: Int, durability: SQLiteDurableStorage.Durability) async throws {
    let first = try await SQLiteDurableStorage.open(path: path, durability: durability)
    let second = try await SQLiteDurableStorage.open(path: path, durability: durability)
    let stores = [DurableStore(chart: counterChart, storage: first), DurableStore(chart: counterChart, storage: second)]
    let instances = 100
    for i in 0..<instances { try await stores[0].create("counter-\(i)", context: Count()) }
    print("\(sends) sends per run, \(instances) instances, each send with an idempotency key; SQLite WAL, durability \(durability)")
    for (clients, storeCount) in [(1, 1), (4, 1), (4, 2)] {
        let started = ContinuousClock.now
        let latencies = try await withThrowingTaskGroup(of: [Duration].self) { group in
            for client in 0..<clients {
                let store = stores[client % storeCount]
                group.addTask {
                    var own: [Duration] = []
                    for n in stride(from: client, to: sends, by: clients) {
                        let t = ContinuousClock.now
                        try await store.send(.bump, to: "counter-\(n % instances)", idempotencyKey: "run\(clients)-\(storeCount)-\(n)")
                        own.append(ContinuousClock.now - t)
                    }
                    return own
                }
            }
            return try await group.reduce(into: [Duration]()) { $0 += $1 }.sorted()
        }
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        func ms(_ d: Duration) -> String {
            String(format: "%.2f ms", Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15)
        }
        let p50 = latencies[latencies.count / 2], p99 = latencies[min(latencies.count - 1, latencies.count * 99 / 100)]
        print("\(clients) client(s), \(storeCount) store object(s): \(Int(Double(sends) / seconds)) sends/s, "
              + "p50 \(ms(p50)), p99 \(ms(p99))")
    }
    try await first.close()
    try await second.close()
}
