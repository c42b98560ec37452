import ArgumentParser
import StatechartsDurableLoadKit

/// The plan's size and seed, the same for the driver and every worker.
struct PlanOptions: ParsableArguments {
    @Option(help: "The seed everything is derived from.")
    var seed: UInt64 = 1

    @Option(help: "How many sends in the generated list (about a fifth repeat an earlier one).")
    var events: Int = 5_000

    @Option(help: "How many instances.")
    var instances: Int = 500

    @Option(help: "Prefix of the instance ids (a run's own, so that runs on one database do not meet).")
    var prefix: String = ""

    func validate() throws {
        guard events >= 0, instances >= 1 else { throw ValidationError("--events must be 0 or more, --instances 1 or more") }
    }

    var plan: LoadPlan { LoadPlan(seed: seed, instances: instances, events: events, prefix: prefix) }

    var arguments: [String] {
        ["--seed", "\(seed)", "--events", "\(events)", "--instances", "\(instances)", "--prefix", prefix]
    }
}
