import ArgumentParser
import Statecharts
import StatechartsAnalysis
import StatechartsSCXML

/// `statechart paths CHART [--cover states|transitions] [--to ID] [--max-depth N] [--max-states N]
/// [--json]`: the shortest event sequences that reach every state, take every transition, or reach
/// one state, found by running the chart.
struct PathsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "paths",
        abstract: "Find the shortest event sequences that reach each state or take each transition of an SCXML chart.",
        discussion: """
        The chart is run breadth-first from its initial configuration, conditions and data model \
        evaluated for real; each situation tries every event the chart's transitions name, except \
        those the chart sends or raises itself, and, when delayed events are pending, a clock step (+30s). Prints TARGET: STEP … per target (a state id, or a \
        transition as STATE-PATH#N), or with --json {"target": ID, "events": [STEP, …]} per line; the \
        steps, given to `statechart run`, reach the target. Targets not reached are listed on standard \
        error. Exit status: 0 when every target was reached, 1 when some were not or the chart cannot \
        be loaded, 2 for a usage error.
        """
    )

    enum Cover: String, ExpressibleByArgument, CaseIterable {
        case states, transitions
    }

    @Argument(help: "The SCXML file.")
    var chart: String

    @OptionGroup var access: ReadAccessArguments

    @Option(help: "What to cover: states (the default) or transitions.")
    var cover: Cover = .states

    @Option(help: "Find a path to this state only.")
    var to: String?

    @Option(help: "The most steps in a path.")
    var maxDepth: Int = PathLimits().maxDepth

    @Option(help: "The most distinct situations (configuration, history, pending events, data) to visit.")
    var maxStates: Int = PathLimits().maxStates

    @Flag(help: "Print one JSON object per path.")
    var json = false

    @OptionGroup var scriptLimits: ScriptLimitArguments

    func validate() throws {
        guard maxDepth >= 0 else { throw ValidationError("--max-depth must be 0 or more") }
        guard maxStates >= 1 else { throw ValidationError("--max-states must be 1 or more") }
    }

    func run() throws {
        let loaded = try StepArguments.load(chart, options: access.readerOptions, limits: scriptLimits.limits)
        let statechart = loaded.statechart
        if let to, statechart.kind(of: to) == nil {
            Console.error("statechart: \(chart) has no state '\(to)'")
            throw ExitCode(2)
        }
        let first: StatechartInstance<String, SCXMLEvent, SCXMLContext>
        do { first = try loaded.makeInstance(log: { _ in }) } catch {
            for line in error.lines { Console.error("\(chart): \(line)") }
            throw ExitCode(1)
        }
        let data = SCXMLDataKey(loaded)
        let search = statechart.pathSearch(
            cover: to.map { .state($0) } ?? (cover == .states ? .states : .transitions),
            events: Self.events(of: statechart, sentByItself: Set(SCXMLSentEvents(loaded.document).names)).map { SCXMLEvent($0) },
            limits: PathLimits(maxDepth: maxDepth, maxStates: maxStates),
            distinguishing: data.isEmpty ? nil : { data.key(of: $0) },
            makeInstance: { (try? loaded.makeInstance(log: { _ in })) ?? first })
        for path in search.paths {
            let target = Self.name(of: path.target, in: statechart)
            let steps = path.steps.map(\.description)
            if json {
                Console.json("{\"target\":\(StepReport.jsonString(target)),\"events\":[\(steps.map(StepReport.jsonString).joined(separator: ","))]}")
            } else {
                Console.out("\(target): \(steps.isEmpty ? "(start)" : steps.joined(separator: " "))")
            }
        }
        guard search.uncovered.isEmpty else {
            let names = search.uncovered.map { "'\(Self.name(of: $0, in: statechart))'" }.joined(separator: ", ")
            var message = "statechart: no path found to \(names)"
            if search.reachedLimit {
                message += " (the search stopped at --max-depth \(maxDepth) or --max-states \(maxStates); raise them to search further)"
            }
            Console.error(message)
            throw ExitCode(1)
        }
    }

    /// The events to try: every name the chart's transitions declare, wildcards and platform events
    /// (`done.*`, `error.*`) and the events the chart sends itself left out, `name.*` tried as `name`.
    static func events(of chart: Statechart<String, SCXMLEvent, SCXMLContext>, sentByItself: Set<String>) -> [String] {
        var seen: Set<String> = []
        return chart.declaredEventNames.compactMap { descriptor -> String? in
            var name = descriptor
            if name.hasSuffix(".*") { name.removeLast(2) }
            if name.hasSuffix(".") { name.removeLast() }
            guard !name.isEmpty, !name.contains("*"), !name.hasPrefix("done."), !name.hasPrefix("error."),
                  name != "error", !name.contains(where: \.isWhitespace), !sentByItself.contains(name) else { return nil }
            return name
        }.filter { seen.insert($0).inserted }
    }

    /// A state's id, or a transition's `STATE-PATH#N`.
    static func name(of target: PathTarget<String>, in chart: Statechart<String, SCXMLEvent, SCXMLContext>) -> String {
        switch target {
        case .state(let state): return state
        case .transition(let transition): return chart.path(of: transition) ?? transition.description
        }
    }
}
