import ArgumentParser
import Foundation
import Statecharts
import StatechartsSCXML
import StatechartsVerification

/// `statechart migrate-check OLD NEW [--map OLD=NEW ...] [--forget-history ID ...] [--json]
/// [--events E,E] [--max-states N] [--max-depth N] [--max-seconds N]`: whether every
/// configuration and history memory the old chart can reach maps to a legal one of the new chart.
struct MigrateCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate-check",
        abstract: "Check that every situation an old version of a chart can be in maps to a legal one of the new version.",
        discussion: """
        The old chart is explored as by verify: from its start, with every event its transitions name \
        (or --events) in every situation, and delayed events as the clock advances. Each distinct \
        configuration and history memory it reaches is mapped to the new chart: a state named by \
        --map OLD=NEW becomes NEW (several old states may map to one), any other keeps its id, and a \
        configuration also holds the new ancestors of its states. Each one that is not legal in the \
        new chart (an unmapped state, a compound state without exactly one active child, a parallel \
        state without all its regions, a history memory its history state could not have recorded) is \
        printed with the shortest run of the old chart that reaches it and the `statechart run` line \
        that replays it; with --json one object per line. Exit status: 0 when every reachable \
        configuration and memory maps, 1 when some do not, 2 for a usage error, a --map or \
        --forget-history naming a state a chart does not have, a chart that cannot be loaded or \
        explored, or an exploration stopped by a bound before it was complete.
        """
    )

    @Argument(help: "The old version's SCXML file.")
    var old: String

    @Argument(help: "The new version's SCXML file.")
    var new: String

    @OptionGroup var access: ReadAccessArguments

    @Option(name: .customLong("map"), help: ArgumentHelp("An old state and the new state it becomes (repeatable).", valueName: "OLD=NEW"))
    var maps: [String] = []

    @Option(name: .customLong("forget-history"),
            help: ArgumentHelp("A history state of the old chart whose memory is dropped (repeatable).", valueName: "ID"))
    var forgottenHistory: [String] = []

    @Option(help: "The events to send, comma-separated (default: the event names the old chart's transitions use).")
    var events: String?

    @OptionGroup var exploration: ExplorationBoundsArguments

    @Flag(help: "Print one JSON object per configuration or memory that does not map.")
    var json = false

    @OptionGroup var scriptLimits: ScriptLimitArguments

    func validate() throws {
        for map in maps where Self.pair(map) == nil {
            throw ValidationError("--map '\(map)': expected OLD=NEW, two state ids joined by '='")
        }
    }

    /// `OLD=NEW` split at its first `=`, both sides non-empty.
    static func pair(_ text: String) -> (old: String, new: String)? {
        guard let equals = text.firstIndex(of: "=") else { return nil }
        let old = String(text[..<equals]), new = String(text[text.index(after: equals)...])
        return old.isEmpty || new.isEmpty ? nil : (old, new)
    }

    func run() throws {
        var charts: [SCXMLChart] = []
        for path in [old, new] {
            do { charts.append(try ChartLoader.load(path, options: access.readerOptions, limits: scriptLimits.limits)) } catch {
                for line in error.lines { Console.error(line) }
                throw ExitCode(2)
            }
        }
        let (oldChart, newChart) = (charts[0], charts[1])
        var renames: [String: String] = [:]
        for (from, to) in maps.compactMap(Self.pair) {
            if let earlier = renames[from], earlier != to {
                Console.error("statechart: --map \(from)=\(to): '\(from)' is already mapped to '\(earlier)'")
                throw ExitCode(2)
            }
            renames[from] = to
        }
        let migration: ChartMigration<String, SCXMLEvent, SCXMLContext, SCXMLContext>
        do {
            migration = try ChartMigration(from: oldChart.statechart, to: newChart.statechart,
                                           mapping: StateMapping(renames, forgettingHistoryOf: Set(forgottenHistory)))
        } catch {
            for problem in error.problems { Console.error("statechart: \(describe(problem))") }
            throw ExitCode(2)
        }
        let eventNames = events.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
        let bounds = exploration.bounds
        let report: MigrationReport<String, SCXMLEvent>
        do {
            report = try oldChart.checkMigration(migration, events: eventNames, bounds: bounds) { statistics in
                guard statistics.elapsed >= .seconds(1) else { return }
                Console.error("statechart: explored \(statistics.states) states, \(statistics.transitions) transitions, depth \(statistics.depth) (\(String(seconds: statistics.elapsed)))")
            }
        } catch {
            for problem in error.problems { Console.error("statechart: \(old): \(problem)") }
            throw ExitCode(2)
        }
        let output = MigrateCheckOutput(old: old, new: new)
        if json {
            for finding in report.findings { Console.json(output.jsonLine(finding)) }
        } else {
            for line in output.textLines(report) { Console.out(line) }
        }
        if !report.findings.isEmpty { throw ExitCode(1) }
        if let bound = report.exploration.stoppedBy {
            Console.error("statechart: \(old): the exploration stopped at \(bound) before every situation was reached: raise it to check them all")
            throw ExitCode(2)
        }
    }

    /// A problem of the mapping, with the option that caused it.
    func describe(_ problem: MigrationProblem<String>) -> String {
        let state = problem.states.first ?? ""
        switch problem.kind {
        case .unknownOldState where forgottenHistory.contains(state) && renames(from: state).isEmpty:
            return "--forget-history \(state): \(old) has no history state '\(state)'"
        case .unknownOldState:
            return renames(from: state).map { "--map \(state)=\($0): \(old) has no state '\(state)'" }.joined(separator: "; ")
        case .unknownNewState:
            return renames(to: state).map { "--map \($0)=\(state): \(new) has no state '\(state)'" }.joined(separator: "; ")
        default:
            return problem.message
        }
    }

    func renames(from state: String) -> [String] {
        maps.compactMap(Self.pair).filter { $0.old == state }.map(\.new)
    }

    func renames(to state: String) -> [String] {
        maps.compactMap(Self.pair).filter { $0.new == state }.map(\.old)
    }
}
