import ArgumentParser
import StatechartsDurableSCXML

/// `statechart durable create ID --chart FILE (--sqlite PATH | --postgres URL) [--json]`.
struct DurableCreateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create an instance and start it (its _sessionid is its ID); an existing one is left as it is.",
        discussion: "Prints the instance's active states and version; with --json one object: id, version, states, finished."
    )

    @Argument(help: "The instance's ID.")
    var id: String

    @OptionGroup var chartArguments: DurableChartArguments

    @OptionGroup var database: DurableStorageArguments

    @Flag(help: "Print one JSON object.")
    var json = false

    func run() throws {
        let chart = try withUsageFailure { try chartArguments.load() }
        let (id, json, database, arguments) = (self.id, self.json, self.database, self.chartArguments)
        try runDurable {
            let opened = try await database.open()
            do {
                let store = arguments.store(chart, in: opened.storage)
                let summary = DurableInstanceSummary(try await store.create(id))
                if json { Console.json(summary.json) } else { Console.out(summary.line) }
                await opened.close()
            } catch {
                await opened.close()
                throw error
            }
        }
    }
}

/// Runs `body`, turning a ``DurableCommandFailure`` into its message and exit status.
func withUsageFailure<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let failure as DurableCommandFailure {
        Console.error(failure.message)
        throw ExitCode(failure.status)
    }
}
