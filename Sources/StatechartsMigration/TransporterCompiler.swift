import Statecharts

// Turns a TransporterMachine's states and events into a flat statechart.
//
// Each state gets one transition per event name that may fire in it (the first event of that
// name listing it as a source, as Transporter picks), guarded by the event's veto, and one
// transition per state for `activateState`. Transporter's callbacks all become the transition's
// actions, in Transporter's order:
//
//     willFire, willEnter(new), willExit(old), didExit(old), didEnter(new), didFire
//
// The states themselves get no entry or exit actions: SCXML runs exit actions before transition
// actions and entry actions after them, which cannot put "will enter" before "will exit".

enum TransporterCompiler<Value: Hashable & Sendable> {
    typealias Signal = TransporterSignal<Value>
    typealias Definition = StatechartDefinition<Value, Signal, Void>
    typealias Transition = TransitionDefinition<Value, Signal, Void>

    /// The chart of `states` and `events`, starting in `initial`.
    static func definition(states: [TransporterState<Value>], events: [TransporterEvent<Value>], initial: Value) -> Definition {
        let byValue = Dictionary(states.map { ($0.value, $0) }, uniquingKeysWith: { first, _ in first })
        let definitions = states.map { source in
            var transitions: [Transition] = []
            var names = Set<String>()
            for event in events where event.sourceValues.contains(source.value) && names.insert(event.name).inserted {
                guard let destination = byValue[event.destinationValue] else { continue }
                transitions.append(fire(event, from: source, to: destination))
            }
            for destination in states {
                transitions.append(Transition(
                    trigger: .events([.activate(destination.value)]), targets: [destination.value],
                    actions: switchActions(from: source, to: destination)))
            }
            return StateDefinition<Value, Signal, Void>(source.value, transitions: transitions)
        }
        return Definition(name: "TransporterMachine", initial: InitialTransition(targets: [initial]), states: definitions)
    }

    /// The transition `event` takes from `source`.
    private static func fire(_ event: TransporterEvent<Value>, from source: TransporterState<Value>,
                             to destination: TransporterState<Value>) -> Transition {
        let veto = event.shouldFireEvent.map { should in
            Guard<Signal, Void>("shouldFireEvent \(event.name)") { _ in should(event) }
        }
        var actions: [Action<Signal, Void>] = []
        if let willFire = event.willFireEvent {
            actions.append(Action("willFireEvent \(event.name)") { _ in willFire(event) })
        }
        actions += switchActions(from: source, to: destination)
        if let didFire = event.didFireEvent {
            actions.append(Action("didFireEvent \(event.name)") { _ in didFire(event) })
        }
        return Transition(trigger: .events([.fire(event.name)]), targets: [destination.value], guard: veto, actions: actions)
    }

    /// The state callbacks of a switch, in Transporter's order.
    private static func switchActions(from old: TransporterState<Value>, to new: TransporterState<Value>) -> [Action<Signal, Void>] {
        let steps: [(String, (@Sendable (Value) -> Void)?, Value)] = [
            ("willEnterState", new.willEnterState, new.value),
            ("willExitState", old.willExitState, old.value),
            ("didExitState", old.didExitState, old.value),
            ("didEnterState", new.didEnterState, new.value),
        ]
        return steps.compactMap { name, callback, value in
            callback.map { callback in Action("\(name) \(value)") { _ in callback(value) } }
        }
    }
}
