import ArgumentParser

/// `statechart`: validate and run SCXML statecharts.
@main
struct StatechartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "statechart",
        abstract: "Validate and run SCXML statecharts.",
        subcommands: [ValidateCommand.self, RunCommand.self]
    )
}
