import ArgumentParser
import StatechartsECMAScript

/// Options of the commands that run charts (`run`, `trace`, `render --after`): the limits on
/// each ECMAScript evaluation. Past either, the evaluation fails with `error.execution`.
struct ScriptLimitArguments: ParsableArguments {
    @Option(name: .customLong("script-time-limit"),
            help: ArgumentHelp("How long one ECMAScript evaluation may run, in seconds (default: 1).", valueName: "SECONDS"))
    var timeLimit: Double?

    @Option(name: .customLong("script-memory-limit"),
            help: ArgumentHelp("The most memory an ECMAScript chart's heap may hold, in MiB (default: 64).", valueName: "MB"))
    var memoryLimit: Double?

    /// The largest values accepted: beyond them the conversions below would overflow.
    private static let maximumSeconds = 1e9
    private static let maximumMegabytes = 1e9

    func validate() throws {
        if let timeLimit, !(timeLimit > 0 && timeLimit <= Self.maximumSeconds) {
            throw ValidationError("--script-time-limit takes a number of seconds greater than 0, such as 0.5 or 10")
        }
        if let memoryLimit, !(memoryLimit > 0 && memoryLimit <= Self.maximumMegabytes) {
            throw ValidationError("--script-memory-limit takes a number of MiB greater than 0, such as 16 or 256")
        }
    }

    /// The limits asked for, the standard ones where none was given.
    var limits: ECMAScriptLimits {
        var limits = ECMAScriptLimits.standard
        if let timeLimit { limits.executionTime = .seconds(timeLimit) }
        if let memoryLimit { limits.heapBytes = Int(memoryLimit * 1_048_576) }
        return limits
    }
}
