// `statecharts-durable-load`: the durable store's crash test and benchmarks (docs/durable.md,
// "Proof" and "How fast"). Everything is derived from a seed.
import ArgumentParser

@main
struct DurableLoad: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "statecharts-durable-load",
        abstract: "The durable store under load: a crash test with kill -9, and throughput figures.",
        subcommands: [CrashCommand.self, WorkerCommand.self, BenchCommand.self, BenchSenderCommand.self])
}
