import ArgumentParser
import Foundation
import StatechartsDurable
import StatechartsDurableSCXML
import StatechartsSCXML

/// `--chart FILE` with its read access and script limits: the chart whose instances a durable
/// command works on.
struct DurableChartArguments: ParsableArguments {
    @Option(help: ArgumentHelp("The SCXML chart the instances run.", valueName: "FILE"))
    var chart: String

    @OptionGroup var access: ReadAccessArguments

    @OptionGroup var scriptLimits: ScriptLimitArguments

    /// The chart, or the tool's usage failure (status 2) with every problem.
    func load() throws -> SCXMLChart {
        do {
            return try ChartLoader.load(chart, options: access.readerOptions, limits: scriptLimits.limits)
        } catch {
            throw DurableCommandFailure(status: 2, message: error.lines.joined(separator: "\n"))
        }
    }

    /// A store of the chart's instances in `storage`; `<log>` output goes to standard error.
    func store(_ chart: SCXMLChart, in storage: any DurableStorage) -> SCXMLDurableStore {
        SCXMLDurableStore(chart: chart, storage: storage, log: { id, record in Console.error("log: \(id): \(record)") })
    }
}

/// The lines a durable command prints about one instance after it changed it.
struct DurableInstanceSummary: Encodable {
    var id: String
    var version: Int64
    var states: [String]
    var finished: Bool

    init(_ instance: DurableInstance<String, SCXMLEvent, SCXMLContext>) {
        id = instance.id
        version = instance.version
        states = instance.activeLeaves
        finished = instance.isFinished
    }

    /// `ID: STATE, STATE (version N)`, and `finished` when it is.
    var line: String {
        "\(id): \(states.joined(separator: ", ")) (version \(version))" + (finished ? ", finished" : "")
    }

    /// The summary as one JSON line.
    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
