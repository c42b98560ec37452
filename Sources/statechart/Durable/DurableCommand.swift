import ArgumentParser

/// `statechart durable create|send|show|worker`: operations on durable instances of an SCXML
/// chart in a SQLite or PostgreSQL database.
struct DurableCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "durable",
        abstract: "Create, drive, show and run workers for durable instances of an SCXML chart.",
        discussion: """
        Instances live in a database (--sqlite PATH or --postgres URL) and survive crashes and \
        restarts: each step is one transaction. Exit status: 0 on success, 1 when the operation \
        failed (an instance that is not there, a quarantined row, a step that cannot be kept), 2 for \
        a usage error, a chart that cannot be loaded or a database that cannot be opened.
        """,
        subcommands: [DurableCreateCommand.self, DurableSendCommand.self, DurableShowCommand.self, DurableWorkerCommand.self]
    )
}
