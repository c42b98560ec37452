import ArgumentParser
import Foundation
import Statecharts
import StatechartsSCXML
import StatechartsVerification

/// `statechart verify CHART [--never EXPR] [--always EXPR] [--eventually EXPR] [--responds 'EXPR
/// -> EXPR'] [--can-always-reach EXPR] [--deadlock-free] [--json] [--max-states N] [--max-depth N]
/// [--render OUT] [--trace-page OUT]`: proves properties of a chart by exploring every situation
/// it can reach.
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Prove properties of an SCXML chart by exploring every situation it can reach.",
        discussion: """
        EXPR is a condition on the configuration: In('id'), &&, ||, !, parentheses, true, false. The \
        chart is run from its start with every event its transitions name (or --events) in every \
        situation, and delayed events as the clock advances to the next one. With the null data model \
        the exploration is exact; with the ECMAScript data model the values of the <data> variables, \
        compared as JSON, are part of each situation. Liveness properties (--eventually, --responds, \
        --can-always-reach) assume only that something happens while something can: a run may avoid \
        a state for ever by looping. Prints one line per property (holds, VIOLATED with the shortest \
        counterexample and the `statechart run` line that replays it, or not proved), or with --json \
        one object per property. --render draws the first counterexample's path in red on the diagram; \
        --trace-page writes a page that steps through it. A progress line goes to standard error every \
        second on long runs. Exit status: 0 when every property holds, 1 when one is violated, 2 for a \
        usage error, a malformed expression (with its column), a chart that cannot be loaded or \
        explored, or a property not proved within the bounds.
        """
    )

    @Argument(help: "The SCXML file.")
    var chart: String

    @OptionGroup var access: ReadAccessArguments

    @Option(help: "A condition that must never hold (repeatable).")
    var never: [String] = []

    @Option(help: "A condition that must always hold (repeatable).")
    var always: [String] = []

    @Option(help: "A condition every run must reach (repeatable).")
    var eventually: [String] = []

    @Option(help: "'TRIGGER -> RESPONSE': every situation where TRIGGER holds is followed by one where RESPONSE does (repeatable).")
    var responds: [String] = []

    @Option(name: .customLong("can-always-reach"), help: "A condition some run can reach from every situation (repeatable).")
    var canAlwaysReach: [String] = []

    @Flag(name: .customLong("deadlock-free"), help: "No situation is stuck: running, nothing pending, no event taken.")
    var deadlockFree = false

    @Option(help: "The events to send, comma-separated (default: the event names the chart's transitions use).")
    var events: String?

    @OptionGroup var exploration: ExplorationBoundsArguments

    @Flag(help: "Print one JSON object per property.")
    var json = false

    @Option(help: "Draw the first counterexample's path in red on the diagram (svg, png, pdf or dot, from the extension).")
    var render: String?

    @Option(name: .customLong("trace-page"), help: "Write an HTML page that steps through the first counterexample.")
    var tracePage: String?

    @OptionGroup var scriptLimits: ScriptLimitArguments

    func run() throws {
        let loaded: SCXMLChart
        do { loaded = try ChartLoader.load(chart, options: access.readerOptions, limits: scriptLimits.limits) } catch {
            for line in error.lines { Console.error(line) }
            throw ExitCode(2)
        }
        let named = try properties(states: Set(loaded.statechart.states))
        guard !named.isEmpty else {
            Console.error("statechart: no property to verify: give --never, --always, --eventually, --responds, --can-always-reach or --deadlock-free")
            throw ExitCode(2)
        }
        let eventNames = events.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
        let bounds = exploration.bounds
        let report: VerificationReport<String, SCXMLEvent, SCXMLContext>
        do {
            report = try loaded.verify(named.map(\.property), events: eventNames, bounds: bounds) { statistics in
                guard statistics.elapsed >= .seconds(1) else { return }
                Console.error("statechart: explored \(statistics.states) states, \(statistics.transitions) transitions, depth \(statistics.depth) (\(String(seconds: statistics.elapsed)))")
            }
        } catch {
            for problem in error.problems { Console.error("statechart: \(chart): \(problem)") }
            throw ExitCode(2)
        }
        let output = VerifyOutput(chart: chart, loaded: loaded, names: named.map(\.text))
        if json {
            for line in output.jsonLines(report) { Console.json(line) }
        } else {
            for line in output.textLines(report) { Console.out(line) }
        }
        if let first = report.results.lazy.compactMap(\.verdict.counterexample).first {
            let drawing = CounterexampleDrawing(chart: chart, loaded: loaded, counterexample: first)
            if let render { try drawing.render(to: render) }
            if let tracePage { try drawing.tracePage(to: tracePage) }
        } else if render != nil || tracePage != nil {
            Console.error("statechart: no counterexample to draw")
        }
        if report.results.contains(where: { $0.verdict.counterexample != nil }) { throw ExitCode(1) }
        if !report.allHold { throw ExitCode(2) }
    }

    /// The properties asked for, in the order of the options' kinds, each with its text.
    func properties(states: Set<String>) throws -> [(text: String, property: Property<String, SCXMLContext>)] {
        var result: [(String, Property<String, SCXMLContext>)] = []
        func condition(_ option: String, _ text: String) throws -> Condition<String, SCXMLContext> {
            do { return try Condition.parse(text, states: states) } catch {
                Console.error("statechart: --\(option) \"\(text)\": \(error)")
                throw ExitCode(2)
            }
        }
        for text in never { result.append(("never \(text)", .never(try condition("never", text)))) }
        for text in always { result.append(("always \(text)", .always(try condition("always", text)))) }
        for text in eventually { result.append(("eventually \(text)", .eventually(try condition("eventually", text)))) }
        for text in responds {
            do { result.append((text, try Property.parseResponse(text, states: states))) } catch {
                Console.error("statechart: --responds \"\(text)\": \(error)")
                throw ExitCode(2)
            }
        }
        for text in canAlwaysReach { result.append(("can always reach \(text)", .canAlwaysReach(try condition("can-always-reach", text)))) }
        if deadlockFree { result.append(("deadlock-free", .deadlockFree)) }
        return result
    }
}

extension String {
    /// `1.25 s`.
    init(seconds duration: Duration) {
        let (whole, attoseconds) = duration.components
        let hundredths = Int(whole) * 100 + Int(attoseconds / 10_000_000_000_000_000)
        self = "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100) s"
    }
}
