import ArgumentParser

/// `statechart`: validate, run and draw SCXML statecharts.
@main
struct StatechartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "statechart",
        abstract: "Validate, run and draw SCXML statecharts.",
        subcommands: [ValidateCommand.self, RunCommand.self, RenderCommand.self, TraceCommand.self]
    )
}
