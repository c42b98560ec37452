import ArgumentParser
import Foundation
import StatechartsDurable
import StatechartsDurableLoadKit

/// One worker process of the crash test: sends its share of the plan, runs worker rounds (timers
/// and outbox) meanwhile, and after its share runs rounds until every worker sent its share and
/// nothing is left to do. Killed and restarted, it resumes from its progress mark.
struct WorkerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "worker", abstract: "One worker process of the crash test (the crash command starts them).")

    @OptionGroup var storage: StorageOptions
    @OptionGroup var plan: PlanOptions

    @Option(help: "The run's folder: progress marks, delivered message ids, markers.")
    var runFolder: String

    @Option(help: "This worker's index, 0 to workers - 1.")
    var index: Int

    @Option(help: "How many workers share the plan.")
    var workers: Int

    func validate() throws {
        guard workers >= 1, (0..<workers).contains(index) else { throw ValidationError("--index must be in 0..<--workers") }
    }

    func run() async throws {
        let folder = RunFolder(path: runFolder)
        // A worker started while the database is down (restarted after a kill during a database
        // restart) waits for it.
        var backoff = RetryBackoff(worker: index)
        var openedStorage: OpenedStorage?
        while openedStorage == nil {
            do { openedStorage = try await storage.open(poolSize: 2, logsConnections: true) } catch { await backoff.wait(after: error, doing: "connecting") }
        }
        guard let opened = openedStorage else { return }
        backoff.succeeded()
        let store = opened.store
        let share = plan.plan.share(of: index, among: workers)
        let start = folder.progress(of: index)
        let progress = folder.openForWriting("progress-\(index)", append: false)
        let delivered = folder.openForWriting("delivered-\(index)", append: true)
        guard progress >= 0, delivered >= 0 else { throw ValidationError("cannot write in \(runFolder)") }
        // The handler records each message's id with one write before it returns: a message the
        // store marks delivered was recorded, whatever kill comes after.
        let handler: DurableOutboxHandler<LoadEvent> = { message in
            let line = message.id + ";\n"
            _ = line.withCString { write(delivered, $0, strlen($0)) }
        }
        // A short lease: the messages a killed worker had claimed are delivered again 5 s later.
        let worker = DurableWorker(store: store, outbox: handler, pollInterval: .milliseconds(20), batchSize: 50,
                                   outboxLease: .seconds(5))
        let rounds = Task { await runRounds(worker, store: store, folder: folder) }
        var position = start
        while position < share.count {
            let send = share[position]
            do {
                try await store.send(send.event, to: plan.plan.instanceID(send.instance), idempotencyKey: send.key)
                backoff.succeeded()
                position += 1
                folder.setProgress(position, of: index, descriptor: progress)
            } catch {
                // A busy database, a dropped connection or a server restarting: the same send
                // again, with the same key (if the failed one committed, this one is a no-op).
                await backoff.wait(after: error, doing: "send \(send.key)")
            }
        }
        folder.markSent(index)
        await rounds.value
        close(progress)
        close(delivered)
        try await opened.close()
    }

    /// Worker rounds until every share is sent, no timer is pending, a round finds nothing and
    /// every message of the plan's instances is delivered (a killed worker's claimed messages
    /// wait for their lease to run out).
    private func runRounds(_ worker: DurableWorker<LoadState, LoadEvent, LoadOrder>,
                           store: DurableStore<LoadState, LoadEvent, LoadOrder>, folder: RunFolder) async {
        var backoff = RetryBackoff(worker: index)
        while true {
            let (timers, messages) = await worker.runOnce()
            let failures = timers.failures + messages.failures
            if let failure = failures.first, timers.delivered == 0 && messages.delivered == 0 {
                // Nothing got through: the database is likely away; wait longer each time.
                await backoff.wait(after: failure.error, doing: "a round (\(failures.count) failures, the first for \(failure.id))")
                continue
            }
            for failure in failures {
                FileHandle.standardError.write(Data("worker \(index): round failure \(failure.id): \(failure.error)\n".utf8))
            }
            backoff.succeeded()
            let idle = timers.delivered == 0 && messages.delivered == 0 && timers.failures.isEmpty && messages.failures.isEmpty
            if idle, folder.allSent(workers), (try? await store.instancesWithPendingTimers().isEmpty) == true {
                // One more round: the outbox of the last timers' steps.
                let last = await worker.runOnce()
                if last.timers.delivered == 0 && last.outbox.delivered == 0 && last.outbox.failures.isEmpty {
                    let pending = try? await store.outboxMessages().contains { !$0.delivered && $0.message.instanceID.hasPrefix(plan.plan.prefix) }
                    if pending == false { return }
                    try? await Task.sleep(for: .milliseconds(500))
                }
            }
            if idle { try? await Task.sleep(for: worker.pollInterval) }
        }
    }
}
