import ArgumentParser
import Foundation

/// `statechart`: validate, run, draw and analyse SCXML statecharts.
@main
struct StatechartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "statechart",
        abstract: "Validate, run, draw and analyse SCXML statecharts.",
        version: ToolVersion.current,
        subcommands: [ValidateCommand.self, RunCommand.self, RenderCommand.self, TraceCommand.self,
                      CheckCommand.self, PathsCommand.self, InspectCommand.self, VerifyCommand.self, ExportCommand.self,
                      MigrateCheckCommand.self, DurableCommand.self]
    )

    /// Subcommands whose usage errors exit with status 2 rather than the parser's 64.
    static let usageErrorIsTwo: Set<String> = ["check", "paths", "verify", "migrate-check", "durable"]

    static func main() {
        do {
            var command = try parseAsRoot(Self.normalized(Array(CommandLine.arguments.dropFirst())))
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

    /// The arguments with a bare `--actions` (a flag before `--actions` took a style) given its
    /// old meaning, `--actions short`, so that command lines written for the flag keep working.
    /// Nothing after `--` is touched: it is STEPs.
    static func normalized(_ arguments: [String]) -> [String] {
        let styles: Set<String> = ["full", "short", "none"]
        var result: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            result.append(argument)
            if argument == "--" {
                result += arguments[(index + 1)...]
                break
            }
            if argument == "--actions", index + 1 >= arguments.count || !styles.contains(arguments[index + 1].lowercased()) {
                result.append("short")
            }
            index += 1
        }
        return result
    }
}
