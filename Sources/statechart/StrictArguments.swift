import ArgumentParser
import Statecharts
import StatechartsSCXML

/// `--strict`, shared by `run`, `trace` and `render`: the warnings about STEPs that name events no
/// transition of the chart can match become exit status 1, before anything runs.
struct StrictArguments: ParsableArguments {
    @Flag(help: "Exit with status 1 when a STEP names an event that no transition of the chart can match.")
    var strict = false

    /// Warns on standard error about each event STEP no transition can match, with a suggestion
    /// when a known event is close; with `--strict`, then fails with exit status 1.
    func checkEvents(_ steps: [Step], of chart: SCXMLChart, path: String) throws {
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
}
