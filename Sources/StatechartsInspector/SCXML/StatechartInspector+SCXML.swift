import Statecharts
import StatechartsSCXML

extension StatechartInspector {
    /// Starts a session of an SCXML chart under the inspector, so that its initial macrostep is
    /// the first step of its timeline.
    ///
    /// - Parameters:
    ///   - chart: The chart.
    ///   - name: The name the page lists it under; the chart's name by default.
    ///   - makeInstance: Makes a fresh, unstarted instance of `chart` (called again for every
    ///     "continue from here", which replays the session's inputs); by default
    ///     `chart.makeInstance()`, whose `<log>` output is kept in the session.
    /// - Throws: `SCXMLError` when the session's data model cannot be created.
    public func attach(
        _ chart: SCXMLChart, name: String? = nil,
        makeInstance: (@Sendable () throws(SCXMLError) -> StatechartInstance<String, SCXMLEvent, SCXMLContext>)? = nil
    ) throws(SCXMLError) -> InspectedInstance<SCXMLInspectedMachine> {
        var machine: SCXMLInspectedMachine
        if let makeInstance {
            machine = try SCXMLInspectedMachine(chart: chart, makeInstance: makeInstance)
        } else {
            machine = try SCXMLInspectedMachine(chart: chart) { () throws(SCXMLError) in try chart.makeInstance() }
        }
        let result = machine.start()
        return attach(machine, name: name ?? chart.statechart.name, startResult: result)
    }
}
