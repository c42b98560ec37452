import Foundation
import StatechartsDurable
import StatechartsDurableLoadKit

/// The bench's instances (`bench-N`) and its timed sends.
enum BenchSetup {
    static func id(_ index: Int) -> String { "bench-\(index)" }

    /// Creates the instances the store lacks, 8 at a time; returns how many it created.
    static func ensureInstances(_ count: Int, in store: DurableStore<LoadState, LoadEvent, LoadOrder>) async throws -> Int {
        let existing = Set(try await store.instances(withFingerprint: nil).filter { $0.hasPrefix("bench-") })
        let missing = (0..<count).filter { !existing.contains(id($0)) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for lane in 0..<8 {
                group.addTask {
                    for index in stride(from: lane, to: missing.count, by: 8) {
                        try await store.create(id(missing[index]), context: LoadOrder(number: missing[index]))
                    }
                }
            }
            try await group.waitForAll()
        }
        return missing.count
    }

    /// `sends` sends from `clients` concurrent clients, each to a random instance with a new key:
    /// `add` or `remove`, which change the context and stay in the state (each send writes).
    static func measure(store: DurableStore<LoadState, LoadEvent, LoadOrder>, clients: Int, sends: Int, instances: Int,
                        seed: UInt64, keyPrefix: String) async throws -> BenchResult {
        let started = ContinuousClock.now
        let latencies = try await withThrowingTaskGroup(of: [Duration].self) { group in
            for client in 0..<clients {
                group.addTask {
                    var random = SeededGenerator(seed: seed &+ UInt64(client) &* 7919)
                    var own: [Duration] = []
                    for n in stride(from: client, to: sends, by: clients) {
                        let target = id(Int.random(in: 0..<instances, using: &random))
                        let event: LoadEvent = n % 3 == 2 ? .remove : .add
                        let begun = ContinuousClock.now
                        try await store.send(event, to: target, idempotencyKey: "\(keyPrefix)-\(n)")
                        own.append(ContinuousClock.now - begun)
                    }
                    return own
                }
            }
            return try await group.reduce(into: [Duration]()) { $0 += $1 }.sorted()
        }
        return BenchResult(latencies: latencies, elapsed: ContinuousClock.now - started)
    }
}

/// Latencies (sorted) and the wall time of a measurement.
struct BenchResult: Sendable {
    let latencies: [Duration]
    let elapsed: Duration

    var sendsPerSecond: Double {
        let secs = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return secs > 0 ? Double(latencies.count) / secs : 0
    }

    func percentile(_ p: Int) -> Double {
        guard !latencies.isEmpty else { return 0 }
        let d = latencies[min(latencies.count - 1, latencies.count * p / 100)]
        return Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
    }
}

/// The load average (1 minute) from /proc/loadavg, or -1 where there is none.
func loadAverage() -> Double {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return -1 }
    return Double(text.split(separator: " ").first ?? "") ?? -1
}
