import Statecharts

/// An observer that keeps what an instance did since it was last cleared: the transitions taken
/// (for the diagram's red edges), the events processed, and the states exited and entered, so
/// that a ``TraceStep`` can list the transitions and the actions of a step.
///
/// ```swift
/// var recorder = TraceRecorder<Mode, Button>()
/// machine.send(.play, observer: &recorder)
/// recorder.transitionLines(in: chart)   // ["paused → playing"]
/// recorder.actionNames(in: chart)       // the exit, transition and entry actions, in order
/// ```
public struct TraceRecorder<StateID: Hashable & Sendable, Event: StatechartEvent>: StatechartObserver {
    /// One thing the instance did, in order.
    enum Happening: Hashable {
        case exited(StateID)
        case took(TransitionID)
        case entered(StateID)
    }

    /// Transitions taken since ``clear()``, in order.
    public private(set) var transitions: [TransitionID] = []
    /// Names of the events processed since ``clear()``, in order.
    public private(set) var events: [String] = []
    private var happenings: [Happening] = []

    /// Creates an empty recorder.
    public init() {}

    /// Records an exited state.
    public mutating func stateExited(_ state: StateID) { happenings.append(.exited(state)) }
    /// Records an entered state.
    public mutating func stateEntered(_ state: StateID) { happenings.append(.entered(state)) }

    /// Records a transition taken.
    public mutating func transitionTaken(_ transition: TransitionID) {
        transitions.append(transition)
        happenings.append(.took(transition))
    }

    /// Records the event a macrostep processed.
    public mutating func macrostepCompleted(after event: Event?) {
        if let event { events.append(String(describing: event.name)) }
    }

    /// Forgets everything recorded.
    public mutating func clear() {
        transitions = []
        events = []
        happenings = []
    }

    /// The states exited since ``clear()``, in the order they were exited.
    public var exitedStates: [StateID] {
        happenings.compactMap { if case .exited(let state) = $0 { state } else { nil } }
    }

    /// The states entered since ``clear()``, in the order they were entered.
    public var enteredStates: [StateID] {
        happenings.compactMap { if case .entered(let state) = $0 { state } else { nil } }
    }

    /// Each transition taken, as `source → target, target` (`source (targetless)` for one
    /// without targets, `→ target` for an initial transition), in order.
    public func transitionLines<Context>(in chart: Statechart<StateID, Event, Context>) -> [String] {
        transitions.compactMap { Self.transitionLine($0, in: chart) }
    }

    /// One transition as ``transitionLines(in:)`` writes it; `nil` for an id the chart does not have.
    public static func transitionLine<Context>(_ id: TransitionID, in chart: Statechart<StateID, Event, Context>) -> String? {
        guard let description = chart.transition(id) else { return nil }
        let source = description.source.map { String(describing: $0) }
        let targets = description.targets.map { String(describing: $0) }.joined(separator: ", ")
        if targets.isEmpty { return "\(source ?? "(chart)") (targetless)" }
        return source.map { "\($0) → \(targets)" } ?? "→ \(targets)"
    }

    /// The actions run, in order, as diagrams write them: names read from SCXML summarized
    /// (`plays = plays + 1`, `send screensaver after 30s`), other names as they are.
    public func actionSummaries<Context>(in chart: Statechart<StateID, Event, Context>) -> [String] {
        actionNames(in: chart).map { ActionSummary.summary(of: $0) }
    }

    /// The names of the actions run, in the order they ran: exit actions, the transitions'
    /// actions, entry actions (`entryActionNames(of:)` names them).
    /// Names for which `isShown` is false are left out.
    public func actionNames<Context>(in chart: Statechart<StateID, Event, Context>,
                                     where isShown: (String) -> Bool = { _ in true }) -> [String] {
        happenings.flatMap { happening -> [String] in
            switch happening {
            case .exited(let state): return chart.exitActionNames(of: state)
            case .took(let id): return chart.transition(id)?.actionNames ?? []
            case .entered(let state): return chart.entryActionNames(of: state)
            }
        }.filter(isShown)
    }
}
