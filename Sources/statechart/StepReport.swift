import StatechartsSCXML

/// What `statechart run` prints after a step: the step's number, the event (if any), the
/// configuration, and whether the chart finished.
struct StepReport: Equatable {
    /// 0 for the initial macrostep, then the STEP's position; STEPs + 1 for `--until-idle`.
    var step: Int
    /// The event processed: the STEP's event, or the delayed event that fired.
    var event: String?
    /// Whether ``event`` is a delayed event that the clock fired.
    var isDelayed: Bool
    /// Whether ``event`` arrived over HTTP (`run --http`).
    var isReceived = false
    /// A `+DURATION` step's text, for its own line.
    var advance: String?
    /// The active atomic states in document order.
    var configuration: [String]
    /// Every active state in document order.
    var active: [String]
    /// Whether the chart reached a top-level final state.
    var finished: Bool
    /// The error events the chart raised during the step (on its last line only).
    var errors: [SCXMLErrorRecord] = []
    /// The invoked child sessions running after the step, with their invocation paths (on the
    /// step's last line only).
    var children: [(path: String, leaves: [String])] = []

    static func == (a: StepReport, b: StepReport) -> Bool {
        a.step == b.step && a.event == b.event && a.isDelayed == b.isDelayed && a.isReceived == b.isReceived
            && a.advance == b.advance
            && a.configuration == b.configuration && a.active == b.active && a.finished == b.finished
            && a.errors == b.errors && a.children.map(\.path) == b.children.map(\.path)
            && a.children.map(\.leaves) == b.children.map(\.leaves)
    }

    /// `{"step":N,"event":"name" or null,"configuration":[…],"active":[…],"finished":bool}`, with
    /// `"errors":[{"event":…,"message":…,"line":N,"column":N},…]` last when the step raised error
    /// events (`line` and `column` are null when the position is unknown), and
    /// `"children":{"ID":[…],"ID/SUB":[…]}` when invoked charts run: each one's active atomic states.
    var jsonLine: String {
        "{\"step\":\(step),\"event\":\(event.map(Self.jsonString) ?? "null"),"
            + "\"configuration\":[\(configuration.map(Self.jsonString).joined(separator: ","))],"
            + "\"active\":[\(active.map(Self.jsonString).joined(separator: ","))],"
            + "\"finished\":\(finished)"
            + (errors.isEmpty ? "" : ",\"errors\":[\(errors.map(Self.json).joined(separator: ","))]")
            + (children.isEmpty ? "" : ",\"children\":{" + children.map { child in
                Self.jsonString(child.path) + ":[" + child.leaves.map(Self.jsonString).joined(separator: ",") + "]"
            }.joined(separator: ",") + "}")
            + "}"
    }

    /// `{"event":…,"message":…,"line":N,"column":N}`.
    static func json(_ error: SCXMLErrorRecord) -> String {
        "{\"event\":\(jsonString(error.event)),\"message\":\(jsonString(error.message)),"
            + "\"line\":\(error.position.map { String($0.line) } ?? "null"),"
            + "\"column\":\(error.position.map { String($0.column) } ?? "null")}"
    }

    /// `statechart: CHART:LINE:COLUMN: error.execution: message` for each error, as standard
    /// error shows them.
    static func errorLines(_ errors: [SCXMLErrorRecord], chart: String) -> [String] {
        errors.map { error in
            "statechart: \(chart):" + (error.position.map { "\($0):" } ?? "") + " \(error.event): \(error.message)"
        }
    }

    /// `[N] LABEL -> atomic, states (active: all, states)`, with ` (finished)` once finished.
    /// LABEL is `start`, the event's name, `NAME (delayed)`, `NAME (received)` (over HTTP) or the
    /// `+DURATION`.
    var readableLine: String {
        let label: String
        if let event {
            label = isDelayed ? "\(event) (delayed)" : isReceived ? "\(event) (received)" : event
        } else {
            label = advance ?? "start"
        }
        let states = configuration.isEmpty ? "(none)" : configuration.joined(separator: ", ")
        return "[\(step)] \(label) -> \(states) (active: \(active.joined(separator: ", ")))" + (finished ? " (finished)" : "")
            + children.map { " [\($0.path): \($0.leaves.isEmpty ? "(none)" : $0.leaves.joined(separator: ", "))]" }.joined()
    }

    /// A JSON string literal, escaped as the SCXML module's JSON writer does.
    static func jsonString(_ string: String) -> String {
        SCXMLValue.string(string).json ?? "null"
    }
}
