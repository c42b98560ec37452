import Statecharts
import StatechartsAnalysis
import StatechartsSCXML

/// One finding of `statechart check`, placed in the SCXML document.
struct FindingReport {
    var finding: ChartFinding<String>
    /// Where the state, transition or event is written.
    var position: SCXMLSourcePosition?

    /// Places `finding`: a transition at its `<transition>`, a state at its element, an event at
    /// the first `<send>` or `<raise>` that names it.
    init(_ finding: ChartFinding<String>, in chart: SCXMLChart, sent: SCXMLSentEvents) {
        self.finding = finding
        if let transition = finding.transition, let source = chart.statechart.transition(transition)?.source,
           let index = chart.statechart.transitions(of: source).firstIndex(of: transition),
           let element = chart.document.allStates.first(where: { $0.id == source }), index < element.transitions.count {
            position = element.transitions[index].position
        } else if let state = finding.state {
            position = chart.document.allStates.first { $0.id == state }?.position
        } else if let event = finding.event {
            position = sent.positions[event]
        }
    }

    /// `FILE:LINE:COL: warning: KIND: message`.
    func readableLine(file: String) -> String {
        let place = position.map { "\(file):\($0.line):\($0.column)" } ?? file
        return "\(place): warning: \(finding.kind.rawValue): \(finding.message)"
    }

    /// `{"kind":…,"state":…,"transition":…,"line":…,"column":…,"message":…}`, `null` for what
    /// does not apply.
    var jsonLine: String {
        func string(_ text: String?) -> String { text.map(StepReport.jsonString) ?? "null" }
        return "{\"kind\":\(string(finding.kind.rawValue)),\"state\":\(string(finding.state)),"
            + "\"transition\":\(string(finding.transitionPath)),"
            + "\"line\":\(position.map { String($0.line) } ?? "null"),\"column\":\(position.map { String($0.column) } ?? "null"),"
            + "\"message\":\(string(finding.message))}"
    }
}
