import Foundation
import Statecharts
import StatechartsAnalysis
import StatechartsSCXML
import StatechartsVerification

/// What `statechart verify` prints: a line per property and the counterexample's steps, or one
/// JSON object per property.
struct VerifyOutput {
    let chart: String
    let loaded: SCXMLChart
    /// The properties as the command line wrote them.
    let names: [String]

    typealias Report = VerificationReport<String, SCXMLEvent, SCXMLContext>
    typealias Example = Counterexample<String, SCXMLEvent, SCXMLContext>

    func textLines(_ report: Report) -> [String] {
        let exploration = report.exploration
        var lines = ["\(chart): explored \(exploration.states) states, \(exploration.transitions) transitions, depth \(exploration.depth) in \(String(seconds: exploration.elapsed))"
            + (exploration.stoppedBy.map { " (stopped by \($0))" } ?? "")]
        for (name, result) in zip(names, report.results) {
            switch result.verdict {
            case .holds: lines.append("holds: \(name)")
            case .notProved(let bound): lines.append("not proved within \(bound): \(name)")
            case .violated(let example):
                lines.append("VIOLATED: \(name)")
                lines += steps(example).map { "  " + $0 }
                let replay = (["statechart run", chart] + example.eventList).map(Self.quoted).joined(separator: " ")
                lines.append("  replay: \(replay)")
            }
        }
        return lines
    }

    /// The start, each step with the active states after it (and the variables, when the data
    /// model has some), and how the run breaks the property.
    func steps(_ example: Example) -> [String] {
        func describe(_ situation: VerifiedSituation<String, SCXMLContext>) -> String {
            "[\(situation.activeLeaves.joined(separator: ", "))]" + (situation.isFinished ? " (finished)" : "")
                + (situation.summary.map { " " + $0 } ?? "")
        }
        var lines = ["start: \(describe(example.start))"]
        for (i, step) in example.steps.enumerated() {
            var line = "\(i + 1). \(step.step) -> \(describe(step.situation))"
            if example.triggerStep == i + 1 { line += "  <- trigger" }
            lines.append(line)
        }
        switch example.ending {
        case .badSituation: break
        case .stops: lines.append("the run stops here")
        case .loops(let loopStart): lines.append("and back to \(loopStart == 0 ? "the start" : "step \(loopStart)"), for ever")
        case .cannotReach: lines.append("from here no run reaches it")
        }
        if example.triggerStep == 0 { lines[0] += "  <- trigger" }
        return lines
    }

    func jsonLines(_ report: Report) -> [String] {
        zip(names, report.results).map { name, result in
            var object: [String: Any] = [
                "property": name, "states": result.exploration.states, "transitions": result.exploration.transitions,
                "depth": result.exploration.depth,
            ]
            switch result.verdict {
            case .holds: object["verdict"] = "holds"
            case .notProved(let bound):
                object["verdict"] = "not-proved"
                object["bound"] = bound.rawValue
            case .violated(let example):
                object["verdict"] = "violated"
                object["start"] = situation(example.start)
                object["steps"] = example.steps.map { step -> [String: Any] in
                    var entry = situation(step.situation)
                    entry["step"] = step.step.description
                    entry["transitions"] = step.transitions.compactMap { loaded.statechart.path(of: $0) }
                    return entry
                }
                switch example.ending {
                case .badSituation: object["ending"] = "bad-situation"
                case .stops: object["ending"] = "stops"
                case .loops(let loopStart):
                    object["ending"] = "loops"
                    object["loopStart"] = loopStart
                case .cannotReach: object["ending"] = "cannot-reach"
                }
                if let triggerStep = example.triggerStep { object["triggerStep"] = triggerStep }
            }
            let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
            return String(decoding: data, as: UTF8.self)
        }
    }

    func situation(_ situation: VerifiedSituation<String, SCXMLContext>) -> [String: Any] {
        var entry: [String: Any] = ["configuration": situation.activeLeaves, "active": situation.configuration,
                                    "finished": situation.isFinished]
        if let summary = situation.summary { entry["data"] = summary }
        return entry
    }

    /// A word as a shell reads it: quoted when it holds anything but letters, digits and `+._-`.
    static func quoted(_ word: String) -> String {
        let plain = word.allSatisfy { $0.isLetter || $0.isNumber || "+._-/".contains($0) } && !word.isEmpty
        return plain || word == "statechart run" ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
