import ArgumentParser
import Foundation
import StatechartsDurable
import StatechartsDurableLoadKit

/// The crash test's driver: creates the instances, starts the workers, kills a random one with
/// SIGKILL at random moments and restarts it, waits until everything is sent, fired and
/// delivered, then checks the store against a single-process reference run.
struct CrashCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "crash",
        abstract: "Worker processes killed with kill -9 and restarted; then every instance checked against a reference run.")

    @OptionGroup var storage: StorageOptions
    @OptionGroup var plan: PlanOptions

    @Option(help: "How many worker processes.")
    var workers: Int = 4

    @Option(help: "How many times a random worker is killed with SIGKILL and restarted.")
    var kills: Int = 5

    @Option(help: "Give up (and fail) after this many seconds.")
    var timeout: Int = 3_600

    @Option(help: "Where the run's files go (a new temporary folder by default; kept when the check fails).")
    var runFolder: String?

    func validate() throws {
        guard workers >= 1, kills >= 0, timeout >= 1 else { throw ValidationError("--workers and --timeout must be 1 or more, --kills 0 or more") }
    }

    func run() async throws {
        let started = ContinuousClock.now
        let folderPath = runFolder ?? FileManager.default.temporaryDirectory.appendingPathComponent("durable-crash-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folderPath, withIntermediateDirectories: true)
        let folder = RunFolder(path: folderPath)
        var planOptions = plan
        if planOptions.prefix.isEmpty { planOptions.prefix = "r\(UInt64(Date().timeIntervalSince1970 * 1000))-" }
        let plan = planOptions.plan
        if let sqlite = storage.sqlite {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: sqlite + suffix) }
        }
        let opened = try await storage.open()
        let store = opened.store
        say("\(storage.backend): creating \(plan.instances) instances")
        try await createInstances(plan, in: store)
        say("\(workers) workers send \(plan.sends.count) events (\(plan.sends.filter(\.isRepeat).count) repeats); \(kills) kills")

        let workerArguments = storage.arguments + planOptions.arguments
        let processes = WorkerProcesses(count: workers, logFolder: folderPath) { index in
            ["worker"] + workerArguments + ["--run-folder", folderPath, "--index", "\(index)", "--workers", "\(workers)"]
        }
        for index in 0..<workers { try processes.start(index) }
        var random = SeededGenerator(seed: planOptions.seed &+ 17)
        // The kills fall at random points of the sending, between 2% and 90% of the list.
        let total = plan.sends.count
        var thresholds = (0..<kills).map { _ in Int.random(in: (total / 50)...max(total / 50, total * 9 / 10), using: &random) }.sorted()
        var killed = 0
        let deadline = ContinuousClock.now + .seconds(timeout)
        while processes.finished.count < workers {
            let failed = processes.reap()
            if let failure = failed.first {
                processes.killAll()
                say("worker \(failure.index) failed (status \(failure.status)); its log ends:\n\(processes.logTail(failure.index))")
                throw ExitCode(2)
            }
            if ContinuousClock.now > deadline {
                processes.killAll()
                say("timed out after \(timeout) s; run folder \(folderPath)")
                throw ExitCode(2)
            }
            let sent = (0..<workers).reduce(0) { $0 + folder.progress(of: $1) }
            if let next = thresholds.first, sent >= next || folder.allSent(workers), let victim = processes.running.randomElement(using: &random) {
                // A random moment within the next 100 ms.
                try await Task.sleep(for: .milliseconds(Int.random(in: 0..<100, using: &random)))
                if processes.running.contains(victim) {
                    processes.kill9(victim)
                    thresholds.removeFirst()
                    killed += 1
                    try processes.start(victim)
                }
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        let ran = ContinuousClock.now - started
        say("all sent, fired and delivered after \(seconds(ran)) s; checking")
        let evidence = try await LoadEvidence.gather(from: store, plan: plan, deliveredIDs: folder.deliveredIDs(workers: workers))
        try await opened.close()
        let report = LoadChecker().check(evidence)
        let line = "\(storage.backend), \(workers) workers, \(total) events, \(killed) kills, \(seconds(ran)) s: \(report.summary)"
        guard report.passed else {
            say("FAILED: \(report.mismatches.count) mismatches; the first:")
            for mismatch in report.mismatches.prefix(20) { say("  \(mismatch)") }
            say("run folder: \(folderPath)")
            say(line)
            throw ExitCode(1)
        }
        try? FileManager.default.removeItem(atPath: folderPath)
        say("PASSED: " + line)
    }

    private func createInstances(_ plan: LoadPlan, in store: DurableStore<LoadState, LoadEvent, LoadOrder>) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for lane in 0..<4 {
                group.addTask {
                    for index in stride(from: lane, to: plan.instances, by: 4) {
                        try await store.create(plan.instanceID(index), context: LoadPlan.initialContext(index))
                    }
                }
            }
            try await group.waitForAll()
        }
    }
}

/// Prints a line at once (the driver's output interleaves with time).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// A duration in seconds, one decimal.
func seconds(_ duration: Duration) -> String {
    String(format: "%.1f", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
}
