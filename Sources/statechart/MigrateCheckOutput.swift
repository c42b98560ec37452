import Statecharts
import StatechartsSCXML
import StatechartsVerification

/// What `statechart migrate-check` prints: a summary and each configuration or memory that
/// does not map with its run, or one JSON object per finding.
struct MigrateCheckOutput {
    /// The files as the command line named them.
    let old: String
    let new: String

    typealias Finding = MigrationFinding<String, SCXMLEvent>

    func textLines(_ report: MigrationReport<String, SCXMLEvent>) -> [String] {
        let exploration = report.exploration
        var lines = ["\(old) -> \(new): \(report.configurationsChecked) configuration\(report.configurationsChecked == 1 ? "" : "s") and "
            + "\(report.historyMemoriesChecked) history memor\(report.historyMemoriesChecked == 1 ? "y" : "ies") checked "
            + "(explored \(exploration.states) states, \(exploration.transitions) transitions, depth \(exploration.depth) in \(String(seconds: exploration.elapsed))"
            + (exploration.stoppedBy.map { ", stopped by \($0)" } ?? "") + ")"]
        for finding in report.findings {
            lines.append("NOT MAPPED: \(subject(finding)): \(finding.problem.kind.rawValue): \(finding.problem.message)")
            lines.append("  run: " + (finding.steps.isEmpty ? "(start)" : finding.steps.map(\.description).joined(separator: " ")))
            let replay = (["statechart run", old] + runArguments(finding.steps)).map(VerifyOutput.quoted).joined(separator: " ")
            lines.append("  replay: \(replay)")
        }
        if report.findings.isEmpty && report.isComplete {
            lines.append("every reachable configuration and history memory maps to a legal one of \(new)")
        }
        return lines
    }

    /// `configuration [on, paused]` or `history 'resume' remembering [paused]`.
    func subject(_ finding: Finding) -> String {
        let states = "[\(finding.oldStates.joined(separator: ", "))]"
        switch finding.subject {
        case .configuration: return "configuration \(states)"
        case .history(let history): return "history '\(history)' remembering \(states)"
        }
    }

    /// The steps as `statechart run` takes them: events that begin with `-` after `--`.
    func runArguments(_ steps: [VerificationStep<SCXMLEvent>]) -> [String] {
        let words = steps.map(\.description)
        return words.contains { $0.hasPrefix("-") } ? ["--"] + words : words
    }

    /// `{"subject":…,"history":…,"kind":…,"states":[…],"old":[…],"new":[…],"steps":[…],"message":…}`.
    func jsonLine(_ finding: Finding) -> String {
        func array(_ values: [String]) -> String { "[" + values.map(StepReport.jsonString).joined(separator: ",") + "]" }
        let history: String
        switch finding.subject {
        case .configuration: history = "null"
        case .history(let state): history = StepReport.jsonString(state)
        }
        let subject = history == "null" ? "configuration" : "history"
        return "{\"subject\":\(StepReport.jsonString(subject)),\"history\":\(history),"
            + "\"kind\":\(StepReport.jsonString(finding.problem.kind.rawValue)),\"states\":\(array(finding.problem.states)),"
            + "\"old\":\(array(finding.oldStates)),\"new\":\(array(finding.newStates)),"
            + "\"steps\":\(array(finding.steps.map(\.description))),\"message\":\(StepReport.jsonString(finding.problem.message))}"
    }
}
