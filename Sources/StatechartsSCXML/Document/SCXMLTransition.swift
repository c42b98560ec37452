import Statecharts

/// A `<transition>` element (also the transition inside `<initial>` and `<history>`).
public struct SCXMLTransition: Sendable, Equatable {
    /// The event descriptors of the `event` attribute; empty for an eventless transition.
    public var events: [String]
    /// The `cond` attribute, as written.
    public var condition: String?
    /// The `target` attribute's state ids; empty for a targetless transition.
    public var targets: [String]
    /// The `type` attribute.
    public var type: TransitionKind
    /// The executable content run when the transition is taken.
    public var content: [SCXMLExecutable]
    /// Where the element starts.
    public var position: SCXMLSourcePosition

    /// Creates a transition.
    public init(
        events: [String] = [], condition: String? = nil, targets: [String] = [], type: TransitionKind = .external,
        content: [SCXMLExecutable] = [], position: SCXMLSourcePosition = .start
    ) {
        self.events = events
        self.condition = condition
        self.targets = targets
        self.type = type
        self.content = content
        self.position = position
    }
}
