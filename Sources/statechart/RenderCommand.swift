import ArgumentParser
import Statecharts
import StatechartsGraphviz
import StatechartsSCXML

/// `statechart render CHART -o OUT [--format svg|png|pdf|dot] [--rankdir TB|LR] [--engine dot]
/// [--active ID,ID…] [--after STEP…] [--coverage FILE]`: draws a chart, optionally with a
/// configuration highlighted or the counts of `run --coverage` drawn on it.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw an SCXML chart as SVG, PNG, PDF or DOT.",
        discussion: """
        The format follows OUT's extension unless --format is given. --active fills the states named \
        (comma-separated ids). --after runs the STEPs first (event names, or +DURATION to advance the \
        virtual clock, as for `run`) and highlights the configuration reached and the last step's \
        transitions. --coverage draws the counts that `run --coverage` collected in FILE: states and \
        transitions never used grey and dashed, the others green and heavier the more they were used \
        (×N), with a legend of the percentages. A chart with more states or transitions than --max-states and --max-transitions \
        allow is refused before the layout (which cannot be interrupted), except for DOT output. Exit \
        status: 0 on success, 1 when the chart cannot be loaded, is over the size limits, a state is \
        unknown, OUT cannot be written, the coverage file cannot be used or --strict finds an event no transition can match, 2 for a \
        malformed STEP, 64 for a usage error. On success it prints what it wrote: \
        "wrote OUT: N states, M active".
        """
    )

    @Argument(help: "The SCXML file.")
    var chart: String

    @OptionGroup var access: ReadAccessArguments

    @Option(name: [.short, .customLong("output")], help: "The file to write.")
    var output: String

    @Option(help: "Output format: svg, png, pdf or dot (default: from OUT's extension).")
    var format: String?

    @OptionGroup var diagram: DiagramArguments

    @Option(help: "States to highlight, as comma-separated ids.")
    var active: String?

    @Option(parsing: .upToNextOption, help: "Steps to run before drawing (event names or +DURATION).")
    var after: [String] = []

    @Option(help: "A coverage file written by `run --coverage`, drawn on the chart.")
    var coverage: String?

    @OptionGroup var scriptLimits: ScriptLimitArguments

    @OptionGroup var strictness: StrictArguments

    func validate() throws {
        _ = try outputFormat()
        _ = try diagram.direction()
        _ = try diagram.actionLabels()
        _ = try diagram.layoutEngine()
        _ = try diagram.limits()
    }

    /// The output format: `--format`, or OUT's extension.
    func outputFormat() throws -> DiagramFormat {
        if let format {
            guard let parsed = DiagramFormat(rawValue: format.lowercased()) else {
                throw ValidationError("unknown format '\(format)': use svg, png, pdf or dot")
            }
            return parsed
        }
        guard let parsed = DiagramFormat(pathExtension: output) else {
            throw ValidationError("cannot tell the format from '\(output)': give --format svg, png, pdf or dot, or an output file ending in one of them")
        }
        return parsed
    }

    func run() throws {
        let steps = try StepArguments.parse(after)
        let loaded = try StepArguments.load(chart, options: access.readerOptions, limits: scriptLimits.limits)
        try strictness.checkEvents(steps, of: loaded, path: chart)
        let format = try outputFormat()
        // DOT is written in Swift and never limited; laying it out cannot be interrupted.
        if format != .dot { try diagram.checkSize(of: loaded.statechart, path: chart) }
        var options = try diagram.options()
        if let active {
            let names = active.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            let unknown = names.filter { loaded.statechart.kind(of: $0) == nil }
            guard unknown.isEmpty else {
                Console.error("statechart: \(chart) has no state \(unknown.map { "'\($0)'" }.joined(separator: ", "))")
                throw ExitCodeError.failure
            }
            options.highlightedStates.formUnion(names)
        }
        if let coverage {
            do {
                options.coverage = try CoverageFile.read(coverage, for: loaded.statechart, mustExist: true)
                    .diagramCoverage(of: loaded.statechart)
            } catch {
                Console.error("statechart: \(error)")
                throw ExitCodeError.failure
            }
        }
        var activeCount = options.highlightedStates.count
        var errorCount = 0
        let dot: String
        if steps.isEmpty {
            dot = loaded.statechart.dot(options: options)
        } else {
            var runner = try StepArguments.runner(loaded, chart)
            var recorder = TraceRecorder<String, SCXMLEvent>()
            errorCount += StrictArguments.reportErrors(of: [runner.start(observer: &recorder)], chart: chart)
            for (i, step) in steps.enumerated() {
                recorder.clear()
                errorCount += StrictArguments.reportErrors(of: runner.run(step, number: i + 1, observer: &recorder), chart: chart)
            }
            dot = runner.instance.dot(options: options, lastTransitions: recorder.transitions)
            activeCount = loaded.statechart.atomicStates(in: runner.instance.currentConfigurationValue).count
        }
        let rendered: RenderedDiagram
        do {
            rendered = try GraphvizRenderer.render(dot: dot, format: format, engine: try diagram.layoutEngine())
        } catch {
            Console.error("statechart: \(error)")
            throw ExitCodeError.failure
        }
        for warning in rendered.warnings { Console.error("statechart: Graphviz: \(warning)") }
        try OutputFile.write(rendered.bytes, to: output)
        Console.out("wrote \(output): \(Self.count(loaded.statechart.states.count, "state")), \(activeCount) active")
        try strictness.checkErrors(count: errorCount)
    }

    /// `1 state`, `14 states`.
    static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
}
