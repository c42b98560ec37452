import ArgumentParser
import Foundation

/// `statechart`: validate, run, draw and analyse SCXML statecharts.
@main
struct StatechartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "statechart",
        abstract: "Validate, run, draw and analyse SCXML statecharts.",
        subcommands: [ValidateCommand.self, RunCommand.self, RenderCommand.self, TraceCommand.self,
                      CheckCommand.self, PathsCommand.self]
    )

    /// Subcommands whose usage errors exit with status 2 rather than the parser's 64.
    static let usageErrorIsTwo: Set<String> = ["check", "paths"]

    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure,
               let subcommand = CommandLine.arguments.dropFirst().first, usageErrorIsTwo.contains(subcommand) {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
