/// An error event (`error.execution`, `error.communication`) that a session raised: its name, its
/// message, and where the element that failed starts.
///
/// The session keeps them in ``SCXMLSession/errorRecords``; ``SCXMLSession/takeErrorRecords()``
/// hands them over and forgets them, so a caller can report the errors of each step:
///
/// ```swift
/// instance.send(SCXMLEvent("go"))
/// for record in instance.context.session.takeErrorRecords() {
///     print(record)   // 12:7: error.execution: ReferenceError: identifier 'nope' undefined
/// }
/// ```
public struct SCXMLErrorRecord: Sendable, Hashable, CustomStringConvertible {
    /// The error event's name, such as `error.execution`.
    public var event: String
    /// What went wrong (the event's data).
    public var message: String
    /// Where the element that failed starts (the transition of a failing `cond`, the `<log>`,
    /// `<assign>`, `<send>`, `<data>`, … whose expression failed), when it is known.
    public var position: SCXMLSourcePosition?
    /// The send id, when a `<send>` failed.
    public var sendid: String?

    /// Creates a record.
    public init(event: String, message: String, position: SCXMLSourcePosition? = nil, sendid: String? = nil) {
        self.event = event
        self.message = message
        self.position = position
        self.sendid = sendid
    }

    /// `LINE:COLUMN: event: message`, or `event: message` without a position.
    public var description: String {
        (position.map { "\($0): " } ?? "") + "\(event): \(message)"
    }
}
