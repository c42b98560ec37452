import ArgumentParser
import StatechartsSCXML
import StatechartsVerification

/// `statechart export --promela CHART [--events a,b] [-o FILE]`: the chart as a Promela model
/// for SPIN, for the subset `StatechartsVerification`'s `SinglePathModel` describes.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write an SCXML chart as a Promela model for the SPIN model checker.",
        discussion: """
        The subset exported: the null data model; <state> and <final> (no <parallel>, no <history>); \
        transitions with event names or prefixes, In(id) conditions and at most one target; <raise> \
        and <log> as executable content. Anything else is refused, each with its line and column. \
        The model takes, in each situation, any of the events (the names the chart's transitions \
        use, or --events) that makes a transition, one macrostep per SPIN step; IN_k is SCXML's \
        In() of the state listed as k; a top-level final state ends the process, and a situation \
        where nothing can happen is an invalid end state (a deadlock). Exit status: 0 on success, \
        1 when the chart cannot be loaded or is outside the subset, 2 for a usage error.
        """
    )

    @Flag(help: "Write Promela (the only format for now).")
    var promela = false

    @Argument(help: "The SCXML file.")
    var chart: String

    @OptionGroup var access: ReadAccessArguments

    @Option(help: "The events to send, comma-separated (default: the event names the chart's transitions use).")
    var events: String?

    @Option(name: [.short, .customLong("output")], help: "The file to write (default: standard output).")
    var output: String?

    func validate() throws {
        guard promela else { throw ValidationError("give --promela: the format to export") }
    }

    func run() throws {
        let loaded: SCXMLChart
        do { loaded = try ChartLoader.load(chart, options: access.readerOptions) } catch {
            for line in error.lines { Console.error(line) }
            throw ExitCodeError.failure
        }
        let names = events.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
        let text: String
        do {
            let model = try SinglePathModel(loaded, events: names ?? loaded.environmentEvents)
            text = try PromelaWriter.promela(model, name: loaded.statechart.name, properties: [Property<String, Void>]())
        } catch {
            for problem in error.problems { Console.error("\(chart):\(problem)") }
            throw ExitCodeError.failure
        }
        if let output {
            try OutputFile.write(Array(text.utf8), to: output)
        } else {
            print(text, terminator: "")
        }
    }
}
