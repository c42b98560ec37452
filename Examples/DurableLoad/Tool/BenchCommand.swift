import ArgumentParser
import Foundation
import StatechartsDurable
import StatechartsDurableLoadKit

/// Throughput: sends per second and latency for 1, 4 and 16 concurrent clients on a store of many
/// instances, then the same sends from 1, 2 and 4 processes.
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench", abstract: "Sends per second and p50/p99 latency; scaling with processes. Prints a table, writes JSON.")

    @OptionGroup var storage: StorageOptions

    @Option(help: "Instances in the store (created once, not timed; a second run on the same database reuses them).")
    var instances: Int = 100_000

    @Option(help: "Sends per measurement.")
    var sends: Int = 5_000

    @Option(help: "The seed of the instances each send goes to.")
    var seed: UInt64 = 1

    @Option(help: "The JSON file; the backend's entry is replaced, the other backend's kept.")
    var json: String?

    func run() async throws {
        let setupStarted = ContinuousClock.now
        let setup = try await storage.open(poolSize: 16, forSetup: true)
        let created = try await BenchSetup.ensureInstances(instances, in: setup.store)
        try await setup.close()
        let opened = try await storage.open(poolSize: 16)
        let store = opened.store
        say("\(storage.backend): \(instances) instances (\(created) created in \(seconds(ContinuousClock.now - setupStarted)) s, not timed)")
        let run = "b\(UInt64(Date().timeIntervalSince1970 * 1000))"
        var rows: [BenchRow] = []
        for clients in [1, 4, 16] {
            let load = loadAverage()
            let measured = try await BenchSetup.measure(store: store, clients: clients, sends: sends, instances: instances,
                                                        seed: seed &+ UInt64(clients), keyPrefix: "\(run)-c\(clients)")
            rows.append(BenchRow(label: "\(clients) client\(clients == 1 ? "" : "s"), 1 process", clients: clients, processes: 1, result: measured, load: load))
            say(rows[rows.count - 1].line)
        }
        try await opened.close()
        for processes in [1, 2, 4] {
            let load = loadAverage()
            let measured = try await scaling(processes: processes, keyPrefix: "\(run)-p\(processes)")
            rows.append(BenchRow(label: "\(processes) process\(processes == 1 ? "" : "es"), 1 client each", clients: processes, processes: processes,
                                 result: measured, load: load))
            say(rows[rows.count - 1].line)
        }
        if let json { try BenchReport(backend: storage.backend, durability: storage.sqlite != nil ? storage.durability : nil,
                                      instances: instances, rows: rows).merge(into: json) }
    }

    /// The same number of sends from `processes` processes at once (one client each).
    private func scaling(processes: Int, keyPrefix: String) async throws -> BenchResult {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("durable-bench-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let children = WorkerProcesses(count: processes, logFolder: folder) { index in
            ["bench-sender"] + storage.arguments + [
                "--instances", "\(instances)", "--sends", "\(sends / processes)", "--seed", "\(seed &+ 100 &+ UInt64(index))",
                "--key-prefix", "\(keyPrefix)-\(index)", "--folder", folder, "--index", "\(index)",
            ]
        }
        for index in 0..<processes { try children.start(index) }
        // Every child opens its storage, then waits for the go file, so they start together.
        while !(0..<processes).allSatisfy({ FileManager.default.fileExists(atPath: "\(folder)/ready-\($0)") }) {
            if let failed = children.reap().first { throw ValidationError("bench-sender failed: \(children.logTail(failed.index))") }
            try await Task.sleep(for: .milliseconds(10))
        }
        _ = FileManager.default.createFile(atPath: "\(folder)/go", contents: Data())
        let started = ContinuousClock.now
        while children.finished.count < processes {
            if let failed = children.reap().first { throw ValidationError("bench-sender failed: \(children.logTail(failed.index))") }
            try await Task.sleep(for: .milliseconds(5))
        }
        let elapsed = ContinuousClock.now - started
        var latencies: [Duration] = []
        for index in 0..<processes {
            let text = (try? String(contentsOfFile: "\(folder)/latencies-\(index)", encoding: .utf8)) ?? ""
            latencies += text.split(separator: "\n").compactMap { Int64($0) }.map { Duration.nanoseconds($0) }
        }
        return BenchResult(latencies: latencies.sorted(), elapsed: elapsed)
    }
}

/// One process of the scaling measurement: opens the storage, waits for the go file, sends,
/// and writes its latencies (nanoseconds, one a line).
struct BenchSenderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "bench-sender", abstract: "One process of bench's scaling runs.",
                                                    shouldDisplay: false)

    @OptionGroup var storage: StorageOptions
    @Option var instances: Int
    @Option var sends: Int
    @Option var seed: UInt64
    @Option var keyPrefix: String
    @Option var folder: String
    @Option var index: Int

    func run() async throws {
        let opened = try await storage.open(poolSize: 2)
        _ = FileManager.default.createFile(atPath: "\(folder)/ready-\(index)", contents: Data())
        while !FileManager.default.fileExists(atPath: "\(folder)/go") { try await Task.sleep(for: .milliseconds(2)) }
        let result = try await BenchSetup.measure(store: opened.store, clients: 1, sends: sends, instances: instances,
                                                  seed: seed, keyPrefix: keyPrefix)
        try await opened.close()
        let text = result.latencies.map { "\($0.components.seconds * 1_000_000_000 + $0.components.attoseconds / 1_000_000_000)" }
        try text.joined(separator: "\n").write(toFile: "\(folder)/latencies-\(index)", atomically: true, encoding: .utf8)
    }
}
