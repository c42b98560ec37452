/// What a running SCXML instance keeps outside its configuration: its data model's variables and
/// the session's own state. With the instance's `StatechartSnapshot`, it is enough to restore the
/// instance in another process (``SCXMLChart/makeContext(restoring:ioProcessors:processorSends:log:)``).
///
/// The variables are the chart's `<data>` elements (``SCXMLChart/variableNames``), each as the
/// data model gives it out: in the `ecmascript` data model through `JSON.stringify`, so functions
/// and other values JSON cannot hold are not kept, and a variable a script creates without a
/// `<data>` element is not kept either.
public struct SCXMLSessionSnapshot: Sendable, Hashable, Codable {
    /// `_sessionid`.
    public var sessionID: String
    /// The values of the chart's variables that have one (a late-bound variable of a state not
    /// entered yet has `undefined`), in ``SCXMLChart/variableNames`` order.
    public var variables: [SCXMLValue.Member]
    /// The active states, as `In()` sees them, sorted.
    public var activeStates: [String]
    /// The states whose data was bound (late binding), sorted.
    public var boundStates: [String]
    /// How many send ids the session generated.
    public var sendCount: Int
    /// The event `_event` holds, if any.
    public var lastEvent: SCXMLEvent?

    /// Creates a snapshot.
    public init(sessionID: String, variables: [SCXMLValue.Member], activeStates: [String], boundStates: [String],
                sendCount: Int, lastEvent: SCXMLEvent?) {
        self.sessionID = sessionID
        self.variables = variables
        self.activeStates = activeStates
        self.boundStates = boundStates
        self.sendCount = sendCount
        self.lastEvent = lastEvent
    }
}
