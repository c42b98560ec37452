import Foundation
import Statecharts
import StatechartsAnalysis
import StatechartsGraphviz
import StatechartsSCXML

/// The file `run --coverage` adds each run's counts to and `render --coverage` draws:
/// `{"chart": NAME, "fingerprint": HEX, "runs": N, "states": {ID: N}, "transitions": {PATH: N}}`,
/// transitions named by their state's path and position (`root/on/playing#2`).
struct CoverageFile: Codable, Equatable {
    /// The chart's name.
    var chart: String
    /// The chart's fingerprint, in hexadecimal: counts of another chart are refused.
    var fingerprint: String
    /// How many runs were added.
    var runs: Int
    /// How many times each state was entered.
    var states: [String: Int]
    /// How many times each transition was taken.
    var transitions: [String: Int]

    /// Why a coverage file cannot be used.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// An empty file for `chart`.
    init(for chart: Statechart<String, SCXMLEvent, SCXMLContext>) {
        self.chart = chart.name
        fingerprint = String(chart.fingerprint, radix: 16)
        runs = 0
        states = [:]
        transitions = [:]
    }

    /// Reads the file at `path` for `chart`; an empty one when there is no file yet.
    static func read(_ path: String, for chart: Statechart<String, SCXMLEvent, SCXMLContext>, mustExist: Bool) throws(Failure) -> CoverageFile {
        guard FileManager.default.fileExists(atPath: path) else {
            if mustExist { throw Failure(description: "cannot read \(path): no such file") }
            return CoverageFile(for: chart)
        }
        let file: CoverageFile
        do {
            file = try JSONDecoder().decode(CoverageFile.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw Failure(description: "\(path) is not a coverage file: \(error.localizedDescription)")
        }
        let states = Set(chart.states)
        guard file.fingerprint == String(chart.fingerprint, radix: 16), file.states.keys.allSatisfy(states.contains),
              file.transitions.keys.allSatisfy({ chart.transition(atPath: $0) != nil }) else {
            throw Failure(description: "\(path) holds the coverage of another chart ('\(file.chart)'); use a new file")
        }
        return file
    }

    /// Adds `coverage`'s counts, for `chart`.
    mutating func add(_ coverage: StatechartCoverage<String, SCXMLEvent>, of chart: Statechart<String, SCXMLEvent, SCXMLContext>) {
        runs += coverage.runs
        states.merge(coverage.stateCounts, uniquingKeysWith: +)
        for (transition, count) in coverage.transitionCounts {
            guard let path = chart.path(of: transition) else { continue }
            transitions[path, default: 0] += count
        }
    }

    /// The counts, for drawing `chart`.
    func diagramCoverage(of chart: Statechart<String, SCXMLEvent, SCXMLContext>) -> DiagramCoverage {
        var counts: [TransitionID: Int] = [:]
        for (path, count) in transitions {
            if let id = chart.transition(atPath: path) { counts[id, default: 0] += count }
        }
        return DiagramCoverage(stateCounts: states, transitionCounts: counts)
    }

    /// Writes the file, keys sorted, one entry per line.
    func write(to path: String) throws(Failure) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            try (encoder.encode(self) + Data("\n".utf8)).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw Failure(description: "cannot write \(path): \(error.localizedDescription)")
        }
    }
}
