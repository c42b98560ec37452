import ArgumentParser
import StatechartsDurable
import StatechartsDurableSCXML
import StatechartsSCXML

/// `statechart durable send ID EVENT [--data JSON] [--key KEY] --chart FILE (--sqlite PATH |
/// --postgres URL) [--json]`.
struct DurableSendCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Send an event to an instance, in one transaction.",
        discussion: """
        Delayed events that fell due are delivered first. With --key the send happens at most once \
        per instance and key: sending again with a key already applied changes nothing. Prints the \
        instance's active states and version; with --json one object: id, version, states, finished.
        """
    )

    @Argument(help: "The instance's ID.")
    var id: String

    @Argument(help: "The event's name.")
    var event: String

    @Option(help: ArgumentHelp("The event's data (_event.data), as JSON.", valueName: "JSON"))
    var data: String?

    @Option(help: ArgumentHelp("An idempotency key.", valueName: "KEY"))
    var key: String?

    @OptionGroup var chartArguments: DurableChartArguments

    @OptionGroup var database: DurableStorageArguments

    @Flag(help: "Print one JSON object.")
    var json = false

    func validate() throws {
        if let data {
            do { _ = try SCXMLValue(json: data) } catch { throw ValidationError("--data is not JSON: \(error)") }
        }
    }

    func run() throws {
        let chart = try withUsageFailure { try chartArguments.load() }
        let value = try data.map { try SCXMLValue(json: $0) }
        let event = SCXMLEvent(self.event, data: value)
        let (id, key, json, database, arguments) = (self.id, self.key, self.json, self.database, self.chartArguments)
        try runDurable {
            let opened = try await database.open()
            do {
                let store = arguments.store(chart, in: opened.storage)
                try await store.store.send(event, to: id, idempotencyKey: key)
                guard let instance = try await store.store.instance(id) else {
                    throw DurableCommandFailure(status: 1, message: "statechart: instance '\(id)' was deleted meanwhile")
                }
                let summary = DurableInstanceSummary(instance)
                if json { Console.json(summary.json) } else { Console.out(summary.line) }
                await opened.close()
            } catch {
                await opened.close()
                throw error
            }
        }
    }
}
