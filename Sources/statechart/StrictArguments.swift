import ArgumentParser
import Statecharts
import StatechartsSCXML

/// `--strict`, shared by `run`, `trace` and `render`: the warnings about STEPs that name events no
/// transition of the chart can match become exit status 1, before anything runs, and so do the
/// error events (`error.execution`, `error.communication`) the chart raises while it runs.
struct StrictArguments: ParsableArguments {
    @Flag(help: "Exit with status 1 when a STEP names an event that no transition of the chart can match, or when the chart raises an error event (error.execution, error.communication).")
    var strict = false

    /// Warns on standard error about each event STEP no transition can match, with a suggestion
    /// when a known event is close; with `--strict`, then fails with exit status 1. A chart that
    /// forwards its events to invoked charts (`autoforward`) is not checked: they may be theirs.
    func checkEvents(_ steps: [Step], of chart: SCXMLChart, path: String) throws {
        if chart.document.allStates.contains(where: { $0.invokes.contains(where: \.autoforward) }) { return }
        let vocabulary = EventVocabulary(chart.statechart)
        var warned: Set<String> = []
        for step in steps {
            guard case .event(let name) = step, !vocabulary.knows(name), warned.insert(name).inserted else { continue }
            var message = "statechart: warning: no transition of \(path) can match event '\(name)'"
            if let suggestion = vocabulary.suggestion(for: name) { message += " (did you mean '\(suggestion)'?)" }
            Console.error(message)
        }
        if strict && !warned.isEmpty { throw ExitCodeError.failure }
    }

    /// Prints each error event of `reports` on standard error (`statechart: CHART:LINE:COLUMN:
    /// error.execution: message`) and returns how many there were.
    @discardableResult
    static func reportErrors(of reports: [StepReport], chart: String) -> Int {
        var count = 0
        for report in reports {
            for line in StepReport.errorLines(report.errors, chart: chart) { Console.error(line) }
            count += report.errors.count
        }
        return count
    }

    /// With `--strict`, exit status 1 once the run is over when the chart raised any error event.
    func checkErrors(count: Int) throws {
        if strict && count > 0 { throw ExitCodeError.failure }
    }
}
