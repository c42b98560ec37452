import Statecharts

/// One problem found by ``Statecharts/Statechart/check(sentEvents:allowing:)``: its kind, where it
/// is (a state, a transition, or both), and a sentence saying what is wrong.
public struct ChartFinding<StateID: Hashable & Sendable>: Sendable, Hashable {
    /// What kind of problem it is.
    public let kind: ChartFindingKind
    /// The state concerned: the state itself, or the source of ``transition``. `nil` only for an
    /// ``ChartFindingKind/unusedEvent`` finding, which concerns the chart as a whole.
    public let state: StateID?
    /// The state's path from the root (`root/on/playing`), when there is a state.
    public let statePath: String?
    /// The transition concerned, for ``ChartFindingKind/shadowedTransition`` and
    /// ``ChartFindingKind/eventlessCycle``.
    public let transition: TransitionID?
    /// The transition's position among its state's transitions, from 1 (`root/a#2`), when there is
    /// a transition.
    public let transitionPath: String?
    /// The event concerned, for ``ChartFindingKind/unusedEvent``, as written.
    public let event: String?
    /// What is wrong, in one sentence.
    public let message: String

    /// Creates a finding.
    public init(
        kind: ChartFindingKind, state: StateID?, statePath: String?, transition: TransitionID? = nil,
        transitionPath: String? = nil, event: String? = nil, message: String
    ) {
        self.kind = kind
        self.state = state
        self.statePath = statePath
        self.transition = transition
        self.transitionPath = transitionPath
        self.event = event
        self.message = message
    }
}
