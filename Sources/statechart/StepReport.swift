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
    /// A `+DURATION` step's text, for its own line.
    var advance: String?
    /// The active atomic states in document order.
    var configuration: [String]
    /// Every active state in document order.
    var active: [String]
    /// Whether the chart reached a top-level final state.
    var finished: Bool

    /// `{"step":N,"event":"name" or null,"configuration":[…],"active":[…],"finished":bool}`.
    var jsonLine: String {
        "{\"step\":\(step),\"event\":\(event.map(Self.jsonString) ?? "null"),"
            + "\"configuration\":[\(configuration.map(Self.jsonString).joined(separator: ","))],"
            + "\"active\":[\(active.map(Self.jsonString).joined(separator: ","))],"
            + "\"finished\":\(finished)}"
    }

    /// `[N] LABEL -> atomic, states (active: all, states)`, with ` (finished)` once finished.
    /// LABEL is `start`, the event's name, `NAME (delayed)` or the `+DURATION`.
    var readableLine: String {
        let label: String
        if let event { label = isDelayed ? "\(event) (delayed)" : event } else { label = advance ?? "start" }
        let states = configuration.isEmpty ? "(none)" : configuration.joined(separator: ", ")
        return "[\(step)] \(label) -> \(states) (active: \(active.joined(separator: ", ")))" + (finished ? " (finished)" : "")
    }

    /// A JSON string literal, escaped as the SCXML module's JSON writer does.
    static func jsonString(_ string: String) -> String {
        SCXMLValue.string(string).json ?? "null"
    }
}
