import Foundation

/// One line of the bench's table.
struct BenchRow: Sendable {
    let label: String
    let clients: Int
    let processes: Int
    let result: BenchResult
    let load: Double

    var line: String {
        String(format: "%@: %d sends, %.0f sends/s, p50 %.2f ms, p99 %.2f ms (load average %.2f)",
               label, result.latencies.count, result.sendsPerSecond, result.percentile(50), result.percentile(99), load)
    }

    var json: [String: Any] {
        ["label": label, "clients": clients, "processes": processes, "sends": result.latencies.count,
         "sends_per_second": (result.sendsPerSecond * 10).rounded() / 10, "p50_ms": (result.percentile(50) * 100).rounded() / 100,
         "p99_ms": (result.percentile(99) * 100).rounded() / 100, "load_average": load]
    }
}

/// The bench's results for one backend, merged into the JSON file (one entry per backend).
struct BenchReport {
    let backend: String
    let durability: String?
    let instances: Int
    let rows: [BenchRow]

    func merge(into path: String) throws {
        var all: [String: Any] = [:]
        if let data = FileManager.default.contents(atPath: path),
           let existing = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
            all = existing
        }
        var entry: [String: Any] = [
            "instances": instances, "measured": ISO8601DateFormatter().string(from: Date()),
            "cpus": ProcessInfo.processInfo.activeProcessorCount, "build": buildKind,
            "rows": rows.map(\.json),
        ]
        if let durability { entry["durability"] = durability }
        all[backend] = entry
        let data = try JSONSerialization.data(withJSONObject: all, options: [.prettyPrinted, .sortedKeys])
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: path))
        say("wrote \(path)")
    }
}

#if DEBUG
let buildKind = "debug"
#else
let buildKind = "release"
#endif
