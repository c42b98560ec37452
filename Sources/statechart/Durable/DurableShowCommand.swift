import ArgumentParser
import Foundation
import Statecharts
import StatechartsDurable
import StatechartsSCXML

/// `statechart durable show ID (--sqlite PATH | --postgres URL) [--json]`: an instance's rows as
/// stored, read without its chart.
struct DurableShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print an instance as stored: states, variables, timers, outbox and event log.",
        discussion: """
        Reads the rows without the chart, so it also shows instances of another chart version and \
        quarantined ones (with the reason). With --json one object: id, fingerprint, version, status, \
        originMillis, updatedMillis, quarantine, states, history, variables (an SCXML instance's <data> \
        values; null for a Swift chart), context (a Swift chart's context as stored; null for SCXML), \
        timers, outbox and log. Exit status 1 when there is no such instance.
        """
    )

    @Argument(help: "The instance's ID.")
    var id: String

    @OptionGroup var database: DurableStorageArguments

    @Flag(help: "Print one JSON object.")
    var json = false

    func run() throws {
        let (id, json, database) = (self.id, self.json, self.database)
        try runDurable {
            let opened = try await database.open()
            do {
                let rows = try await opened.storage.withTransaction(.read) { tx -> DurableInstanceRows? in
                    guard let record = try await tx.instance(id) else { return nil }
                    return DurableInstanceRows(record: record, log: try await tx.log(of: id), outbox: try await tx.outbox(of: id))
                }
                await opened.close()
                guard let rows else { throw DurableCommandFailure(status: 1, message: "statechart: no instance '\(id)'") }
                let view = DurableInstanceView(rows)
                if json { Console.json(view.json) } else { view.lines.forEach(Console.out) }
            } catch {
                await opened.close()
                throw error
            }
        }
    }
}

/// An instance's rows, read in one transaction.
struct DurableInstanceRows: Sendable {
    var record: DurableInstanceRecord
    var log: [DurableLogRecord]
    var outbox: [(record: DurableOutboxRecord, delivered: Bool)]
}
