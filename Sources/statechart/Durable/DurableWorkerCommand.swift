import ArgumentParser
import Foundation
import StatechartsDurable
import StatechartsDurableSCXML

/// `statechart durable worker --chart FILE (--sqlite PATH | --postgres URL) [--workers N]
/// [--poll-ms N] [--batch N] [--once] [--json]`.
struct DurableWorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "worker",
        abstract: "Deliver due timers (delayed <send>s to an instance itself), round after round, until stopped.",
        discussion: """
        Any number of workers, in any number of processes and on any number of machines sharing one \
        PostgreSQL database, deliver each due timer exactly once; kill one at any moment and the others \
        carry on. Prints one line per round that delivered something or failed (with --json one object: \
        timers, messages, failures). Sends through other Event I/O Processors stay in the outbox: this \
        command has none to hand them to.
        """
    )

    @OptionGroup var chartArguments: DurableChartArguments

    @OptionGroup var database: DurableStorageArguments

    @Option(help: "How many workers run in this process.")
    var workers = 1

    @Option(name: .customLong("poll-ms"), help: "How long a worker waits after a round with nothing to do, in milliseconds.")
    var pollMilliseconds = 100

    @Option(help: "At most this many instances' timers per round.")
    var batch = 100

    @Flag(help: "Run one round and exit.")
    var once = false

    @Flag(help: "Print one JSON object per round.")
    var json = false

    func validate() throws {
        guard workers >= 1 else { throw ValidationError("--workers takes a number greater than 0") }
        guard pollMilliseconds >= 1 else { throw ValidationError("--poll-ms takes a number greater than 0") }
        guard batch >= 1 else { throw ValidationError("--batch takes a number greater than 0") }
    }

    func run() throws {
        let chart = try withUsageFailure { try chartArguments.load() }
        let (database, arguments, json, once) = (self.database, self.chartArguments, self.json, self.once)
        let (count, poll, batch) = (workers, Duration.milliseconds(pollMilliseconds), self.batch)
        try runDurable {
            let opened = try await database.open()
            let store = arguments.store(chart, in: opened.storage)
            let worker = DurableWorker(store: store.store, pollInterval: poll, batchSize: batch)
            if once {
                let (timers, messages) = await worker.runOnce()
                Self.report(timers, messages, json: json)
                await opened.close()
                return
            }
            if !json { Console.error("statechart: \(count) worker\(count == 1 ? "" : "s") running; press Ctrl-C to stop") }
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<count {
                    group.addTask { await worker.run { timers, messages in Self.report(timers, messages, json: json) } }
                }
            }
            await opened.close()
        }
    }

    /// One round's line.
    static func report(_ timers: DurableTimerRound, _ messages: DurableOutboxRound, json: Bool) {
        let failures = timers.failures.map { ($0.id, "\($0.error)") } + messages.failures.map { ($0.id, "\($0.error)") }
        if json {
            let object: [String: Any] = [
                "timers": timers.delivered, "messages": messages.delivered,
                "failures": failures.map { ["id": $0.0, "error": $0.1] },
            ]
            let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
            Console.json(String(decoding: data, as: UTF8.self))
        } else {
            Console.out("delivered \(timers.delivered) timer\(timers.delivered == 1 ? "" : "s")"
                + (failures.isEmpty ? "" : "; \(failures.count) failed: " + failures.map { "\($0.0): \($0.1)" }.joined(separator: "; ")))
        }
        // A worker runs until it is killed: each line must reach a pipe when it is printed.
        fflush(nil)
    }
}
