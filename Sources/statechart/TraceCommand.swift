import ArgumentParser
import Statecharts
import StatechartsGraphviz
import StatechartsSCXML

/// `statechart trace CHART STEP… -o trace.html`: one self-contained HTML page that steps through a
/// run, the diagram after each step with its configuration highlighted.
struct TraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "Write an HTML page that steps through a run of an SCXML chart.",
        discussion: """
        Each STEP is an event name or +DURATION, as for `run`. The page holds one diagram per step \
        (inline SVG, no network access), with the configuration reached highlighted and the step's \
        transitions in red; beside it, the step's events, transitions, actions, the variables whose \
        values changed (before → after) and the errors raised; previous/next buttons and the arrow \
        keys move between steps. A chart with \
        more states or transitions than --max-states and --max-transitions allow is refused before \
        the layout. Exit status: 0 on success, 1 when the chart cannot be loaded, is over the size \
        limits, OUT cannot be written or --strict finds an event no transition can match, 2 for a \
        malformed STEP, 64 for a usage error. On success it prints what it wrote: \
        "wrote OUT: N steps, M states".
        """
    )

    @Argument(help: "The SCXML file.")
    var chart: String

    @OptionGroup var access: ReadAccessArguments

    @Argument(help: "Events to send, or +DURATION to advance the clock.")
    var steps: [String] = []

    @Option(name: [.short, .customLong("output")], help: "The HTML file to write.")
    var output: String

    @OptionGroup var diagram: DiagramArguments

    @OptionGroup var scriptLimits: ScriptLimitArguments

    @OptionGroup var strictness: StrictArguments

    func validate() throws {
        _ = try diagram.direction()
        _ = try diagram.actionLabels()
        _ = try diagram.layoutEngine()
        _ = try diagram.limits()
    }

    func run() throws {
        let parsed = try StepArguments.parse(steps)
        let loaded = try StepArguments.load(chart, options: access.readerOptions, limits: scriptLimits.limits)
        try strictness.checkEvents(parsed, of: loaded, path: chart)
        try diagram.checkSize(of: loaded.statechart, path: chart)
        let options = try diagram.options()
        let engine = try diagram.layoutEngine()
        var runner = try StepArguments.runner(loaded, chart)
        var recorder = TraceRecorder<String, SCXMLEvent>()
        var pages: [TraceStep] = []
        var errorCount = 0
        var values = variables(of: loaded, runner.instance.context)
        var errors: [String] = []

        func snapshot(_ title: String) throws {
            let dot = runner.instance.dot(options: options, lastTransitions: recorder.transitions)
            let svg: RenderedDiagram
            do { svg = try GraphvizRenderer.render(dot: dot, format: .svg, engine: engine) } catch {
                Console.error("statechart: \(error)")
                throw ExitCodeError.failure
            }
            let now = variables(of: loaded, runner.instance.context)
            let changes = loaded.document.effectiveDataModel == "null" ? nil : TraceChange.changes(from: values, to: now)
            values = now
            pages.append(TraceStep(
                title: title, events: recorder.events, configuration: runner.instance.configuration,
                svg: String(decoding: svg.bytes, as: UTF8.self), transitions: recorder.transitionLines(in: loaded.statechart),
                actions: recorder.actionNames(in: loaded.statechart) { $0 != SCXMLActionNames.activeStateTracking },
                changes: changes, errors: errors))
            pages[pages.count - 1].children = runner.instance.invokedSessions.flatMap(\.flattened).map {
                TraceChild(path: $0.path, configuration: $0.session.configuration)
            }
        }

        func record(_ reports: [StepReport]) {
            errorCount += StrictArguments.reportErrors(of: reports, chart: chart)
            errors = reports.flatMap(\.errors).map(\.description)
        }
        record([runner.start(observer: &recorder)])
        try snapshot("start")
        for (i, step) in parsed.enumerated() {
            recorder.clear()
            record(runner.run(step, number: i + 1, observer: &recorder))
            try snapshot(steps[i])
        }
        let title = "\(loaded.statechart.name): \(steps.isEmpty ? "start" : steps.joined(separator: " "))"
        try OutputFile.write(Array(TracePage(title: title, steps: pages).html().utf8), to: output)
        Console.out("wrote \(output): \(RenderCommand.count(pages.count, "step")), \(RenderCommand.count(loaded.statechart.states.count, "state"))")
        try strictness.checkErrors(count: errorCount)
    }

    /// Each variable of the chart and its value as JSON (`undefined` and values JSON cannot hold
    /// as text), or `nil` when it has none.
    func variables(of chart: SCXMLChart, _ context: SCXMLContext) -> [(name: String, value: String?)] {
        chart.variableNames.map { name in
            (name, chart.value(ofVariable: name, in: context).map { $0.json ?? $0.description })
        }
    }
}
