import Statecharts

/// A run replayed from the start, step by step: the situation after each step, to check that a
/// counterexample still breaks its property (or, once the bug is fixed, no longer does).
///
/// ```swift
/// let run = chart.replay(counterexample.events, context: Sensors())
/// #expect(run.violates(property, ending: counterexample.ending, triggerStep: counterexample.triggerStep))
/// ```
public struct ReplayedRun<StateID: Hashable & Sendable, Event: StatechartEvent, Context> {
    /// The situation after the start, then after each step.
    public let situations: [VerifiedSituation<StateID, Context>]
    /// The instance after the last step.
    public let instance: StatechartInstance<StateID, Event, Context>
    /// For each situation, what tells it apart (configuration, history, pending delayed events,
    /// context as text): equal marks mean the run came back to the same situation.
    let marks: [String]
    /// The events the environment may send, when the replay was given them.
    let events: [Event]?

    /// Whether the run breaks `property` the way `ending` says (see ``CounterexampleEnding``):
    /// a bad situation reached, or, for liveness, the awaited condition never holding from the
    /// trigger on (`triggerStep`, for ``Property/respondsTo(_:with:)``) while the run stops there
    /// or comes back to where its loop starts.
    ///
    /// For ``Property/canAlwaysReach(_:)-(Condition<StateID,Context>)`` it checks that the last situation
    /// lacks the condition; that no run gets there from it is the verifier's finding.
    public func violates(_ property: Property<StateID, Context>, ending: CounterexampleEnding = .badSituation,
                         triggerStep: Int? = nil) -> Bool {
        switch property.kind {
        case .never(let condition): return situations.contains { condition.holds(in: $0) }
        case .always(let condition): return situations.contains { !condition.holds(in: $0) }
        case .deadlockFree: return isStuck
        case .canAlwaysReach(let condition): return situations.last.map { !condition.holds(in: $0) } ?? false
        case .eventually(let condition): return avoids(condition, from: 0, ending: ending)
        case .respondsTo(let trigger, let response):
            let from = triggerStep ?? 0
            guard from < situations.count, trigger.holds(in: situations[from]) else { return false }
            return avoids(response, from: from, ending: ending)
        }
    }

    /// Whether the run is stuck at its end: stopped by an error, or running with no delayed
    /// event pending and no event that would take a transition: of the events the replay was
    /// given, or else of the event names the chart declares.
    public var isStuck: Bool {
        if instance.error != nil { return true }
        guard instance.isRunning, instance.nextDelayedEventTime == nil else { return false }
        guard let events else { return instance.enabledEventNames.isEmpty }
        return !events.contains { event in
            var probe = instance
            return probe.send(event).outcome == .transitioned
        }
    }

    private func avoids(_ condition: Condition<StateID, Context>, from: Int, ending: CounterexampleEnding) -> Bool {
        guard from < situations.count, !situations[from...].contains(where: { condition.holds(in: $0) }) else { return false }
        switch ending {
        case .stops: return instance.isFinished || isStuck
        case .loops(let loopStart): return loopStart < marks.count - 1 && marks[loopStart] == marks[marks.count - 1]
        case .badSituation, .cannotReach: return false
        }
    }
}

extension ReplayedRun: Sendable where Context: Sendable {}

extension Statechart {
    /// Replays `steps` from the start with `context`, recording the situation after each. A loop
    /// closes when the situations match, the context compared by its description.
    public func replay(_ steps: [VerificationStep<Event>], context: Context) -> ReplayedRun<StateID, Event, Context> {
        replay(steps, context: context, abstractingContext: { String(describing: $0) })
    }

    /// Replays `steps`, comparing contexts by `summary` when checking that a loop closes (as
    /// ``verify(_:events:context:abstractingContext:bounds:progress:)`` compared them).
    ///
    /// `events`, when given, are the events the environment may send: a run is stuck when none of
    /// them takes a transition (by default, when no event name the chart declares would).
    public func replay<Summary: Hashable>(
        _ steps: [VerificationStep<Event>], context: Context, abstractingContext summary: (Context) -> Summary,
        events: [Event]? = nil
    ) -> ReplayedRun<StateID, Event, Context> {
        var instance = start(context: context)
        var situations = [Self.situation(instance)]
        var marks = [Self.mark(instance, summary(instance.context))]
        for step in steps {
            switch step {
            case .event(let event): instance.send(event)
            case .advance(let duration): instance.advanceClock(by: duration)
            }
            situations.append(Self.situation(instance))
            marks.append(Self.mark(instance, summary(instance.context)))
        }
        return ReplayedRun(situations: situations, instance: instance, marks: marks, events: events)
    }

    static func situation(_ instance: StatechartInstance<StateID, Event, Context>) -> VerifiedSituation<StateID, Context> {
        VerifiedSituation(configuration: instance.configuration, activeLeaves: instance.activeLeaves, context: instance.context,
                          summary: nil, isFinished: instance.isFinished, now: instance.now)
    }

    /// The situation as text, the clock left out (delayed events count by the time left).
    static func mark<Summary: Hashable>(_ instance: StatechartInstance<StateID, Event, Context>, _ summary: Summary) -> String {
        let snapshot = instance.snapshot()
        let history = snapshot.history.map { "\($0.key)=\($0.value)" }.sorted()
        let timers = snapshot.pendingEvents.map { "\($0.event.name)@\($0.due - snapshot.now)#\($0.id ?? "")" }
        return "\(snapshot.status) \(snapshot.configuration) \(history) \(timers) \(summary)"
    }
}

extension Condition {
    /// Evaluates the condition on a recorded situation.
    func holds(in situation: VerifiedSituation<StateID, Context>) -> Bool {
        Self.evaluate(form, situation)
    }

    private static func evaluate(_ form: Form, _ situation: VerifiedSituation<StateID, Context>) -> Bool {
        switch form {
        case .active(let state): return situation.configuration.contains(state)
        case .context(_, let test): return test(situation.context)
        case .finished: return situation.isFinished
        case .constant(let value): return value
        case .not(let inner): return !evaluate(inner, situation)
        case .and(let a, let b): return evaluate(a, situation) && evaluate(b, situation)
        case .or(let a, let b): return evaluate(a, situation) || evaluate(b, situation)
        }
    }
}
