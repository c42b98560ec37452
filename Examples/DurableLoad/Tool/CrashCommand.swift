import ArgumentParser
import Foundation
import StatechartsDurable
import StatechartsDurableLoadKit

/// The crash test's driver: creates the instances, starts the workers, kills a random one with
/// SIGKILL at random moments and restarts it, waits until everything is sent, fired and
/// delivered, then checks the store against a single-process reference run. With
/// `--database-restarts`, the database server is also stopped as a crash stops it and started
/// again (`--restart-command`) while the workers send: they reconnect and carry on.
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

    @Option(help: "How many times the database server is crashed and started again while the workers send (needs --restart-command).")
    var databaseRestarts: Int = 0

    @Option(help: "A shell command that crashes the database server and starts it again, run for each of --database-restarts (e.g. 'scripts/postgres-test-server.sh restart 1').")
    var restartCommand: String?

    @Option(help: "Give up (and fail) after this many seconds.")
    var timeout: Int = 3_600

    @Option(help: "Where the run's files go (a new temporary folder by default; kept when the check fails).")
    var runFolder: String?

    func validate() throws {
        guard workers >= 1, kills >= 0, timeout >= 1, databaseRestarts >= 0 else {
            throw ValidationError("--workers and --timeout must be 1 or more, --kills and --database-restarts 0 or more")
        }
        guard databaseRestarts == 0 || restartCommand != nil else { throw ValidationError("--database-restarts needs --restart-command") }
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
        say("\(workers) workers send \(plan.sends.count) events (\(plan.sends.filter(\.isRepeat).count) repeats); \(kills) kills, \(databaseRestarts) database restarts")

        let workerArguments = storage.arguments + planOptions.arguments
        let processes = WorkerProcesses(count: workers, logFolder: folderPath) { index in
            ["worker"] + workerArguments + ["--run-folder", folderPath, "--index", "\(index)", "--workers", "\(workers)"]
        }
        for index in 0..<workers { try processes.start(index) }
        var random = SeededGenerator(seed: planOptions.seed &+ 17)
        // The kills fall at random points of the sending, between 2% and 90% of the list.
        let total = plan.sends.count
        var thresholds = (0..<kills).map { _ in Int.random(in: (total / 50)...max(total / 50, total * 9 / 10), using: &random) }.sorted()
        // The restarts have a generator of their own, so that the kills fall where they fall
        // without them; they are spread over 5% to 85% of the list, each at a random point of its
        // own stretch, so that the server is down early, midway and late.
        var restartRandom = SeededGenerator(seed: planOptions.seed &+ 29)
        let stretch = max(1, total * 8 / 10 / max(1, databaseRestarts))
        var restartThresholds = (0..<databaseRestarts).map { k in
            total / 20 + k * stretch + Int.random(in: 0..<stretch, using: &restartRandom)
        }
        var killed = 0
        var restarted = 0
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
            if let next = restartThresholds.first, sent >= next || folder.allSent(workers), let restartCommand {
                say("restarting the database (\(restarted + 1) of \(databaseRestarts)) at \(sent) sends")
                try restartDatabase(restartCommand)
                restartThresholds.removeFirst()
                restarted += 1
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        let ran = ContinuousClock.now - started
        let retries = processes.logLines(containing: "retrying in")
        say("all sent, fired and delivered after \(seconds(ran)) s; checking")
        let evidence = try await LoadEvidence.gather(from: store, plan: plan, deliveredIDs: folder.deliveredIDs(workers: workers))
        try await opened.close()
        let report = LoadChecker().check(evidence)
        let line = "\(storage.backend), \(workers) workers, \(total) events, \(killed) kills, \(restarted) database restarts "
            + "(\(retries) retries), \(seconds(ran)) s: \(report.summary)"
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

    /// Runs `command` with the shell and waits for it; a failure ends the test.
    ///
    /// Not with Foundation's `Process`: it learns that a child ended from a descriptor the child
    /// inherits, and a database server the command starts inherits it too and keeps it open, so
    /// `Process` would wait for the server as well. `posix_spawn` and `waitpid` wait for the shell.
    private func restartDatabase(_ command: String) throws {
        var pid: pid_t = 0
        let arguments = ["/bin/sh", "-c", command]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        let spawned = posix_spawn(&pid, "/bin/sh", nil, nil, &argv, environ)
        var status: Int32 = 0
        guard spawned == 0, waitpid(pid, &status, 0) == pid, status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            say("the restart command failed (spawn \(spawned), wait status \(status)): \(command)")
            throw ExitCode(2)
        }
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
