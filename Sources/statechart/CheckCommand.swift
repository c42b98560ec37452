import ArgumentParser
import StatechartsAnalysis
import StatechartsSCXML

/// `statechart check CHART [--allow KIND …] [--json]`: the static checks of
/// `StatechartsAnalysis`, one `FILE:LINE:COL: warning: KIND: message` line (or JSON object) per
/// finding.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Find states, transitions and events of an SCXML chart that can never work as meant.",
        discussion: """
        Kinds: \(ChartFindingKind.allCases.map(\.rawValue).joined(separator: ", ")). Guards are taken as \
        satisfiable and nothing is run. Prints FILE:LINE:COL: warning: KIND: message per finding, or with \
        --json one object per line: {"kind", "state", "transition", "line", "column", "message"}. Exit \
        status: 0 without findings, 1 with findings or when the chart cannot be loaded (its problems \
        printed as by validate), 2 for a usage error.
        """
    )

    @Argument(help: "The SCXML file.")
    var chart: String

    @OptionGroup var access: ReadAccessArguments

    @Option(name: .customLong("allow"), help: "A kind of finding to leave out (repeatable, or comma-separated).")
    var allowed: [String] = []

    @Flag(help: "Print one JSON object per finding.")
    var json = false

    func run() throws {
        var kinds: Set<ChartFindingKind> = []
        for name in allowed.flatMap({ $0.split(separator: ",") }).map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard let kind = ChartFindingKind(rawValue: name) else {
                Console.error("statechart: unknown kind '\(name)' for --allow (kinds: \(ChartFindingKind.allCases.map(\.rawValue).joined(separator: ", ")))")
                throw ExitCode(2)
            }
            kinds.insert(kind)
        }
        let loaded: SCXMLChart
        do { loaded = try ChartLoader.load(chart, options: access.readerOptions) } catch {
            for line in error.lines { Console.error(line) }
            throw ExitCode(1)
        }
        let sent = SCXMLSentEvents(loaded.document)
        let reports = loaded.statechart.check(sentEvents: sent.names, allowing: kinds)
            .map { FindingReport($0, in: loaded, sent: sent) }
            .enumerated()
            .sorted { ($0.element.position ?? .start, $0.offset) < ($1.element.position ?? .start, $1.offset) }
            .map(\.element)
        for report in reports {
            if json { Console.json(report.jsonLine) } else { Console.out(report.readableLine(file: chart)) }
        }
        if !reports.isEmpty { throw ExitCode(1) }
    }
}
