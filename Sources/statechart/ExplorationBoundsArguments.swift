import ArgumentParser
import StatechartsVerification

/// How far `verify` and `migrate-check` explore: `--max-states`, `--max-depth`, `--max-seconds`.
struct ExplorationBoundsArguments: ParsableArguments {
    @Option(name: .customLong("max-states"), help: "The most situations to explore (default 1000000).")
    var maxStates = 1_000_000

    @Option(name: .customLong("max-depth"), help: "The most steps from the start (default 10000).")
    var maxDepth = 10_000

    @Option(name: .customLong("max-seconds"), help: "The longest to explore, in seconds (default: no limit).")
    var maxSeconds: Int?

    func validate() throws {
        guard maxStates > 0, maxDepth >= 0, (maxSeconds ?? 1) > 0 else {
            throw ValidationError("--max-states and --max-seconds must be positive, --max-depth at least 0")
        }
    }

    var bounds: VerificationBounds {
        VerificationBounds(maxStates: maxStates, maxDepth: maxDepth, maxTime: maxSeconds.map { .seconds($0) })
    }
}
