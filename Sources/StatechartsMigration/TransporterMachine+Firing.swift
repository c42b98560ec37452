import Statecharts

// Firing events and switching states on a TransporterMachine. The chart decides; the machine
// only explains a refusal by reading the chart: no transition for the event in the current state
// is a wrong source state, a transition whose guard (the veto) said no is a declined one.

extension TransporterMachine {
    /// Fires the events named `name`: the first one that can fire in the current state switches
    /// the machine, calling the callbacks in Transporter's order; otherwise says why not.
    @discardableResult
    public func fireEvent(_ name: String) -> TransporterTransition<Value> {
        let possible = possibleTransition(forEvent: name)
        guard case .success(let source, _) = possible else { return possible }
        guard send(.fire(name)) else { return .error(.transitionDeclined) }
        return .success(sourceState: source, destinationState: currentValue)
    }

    /// Fires the events named like `event`.
    @discardableResult
    public func fireEvent(_ event: TransporterEvent<Value>) -> TransporterTransition<Value> {
        fireEvent(event.name)
    }

    /// What firing `name` would do, without firing it and without asking the veto.
    public func possibleTransition(forEvent name: String) -> TransporterTransition<Value> {
        guard !eventsWithName(name).isEmpty else { return .error(.unknownEvent) }
        let source = currentValue
        guard let chart, let destination = destination(of: name, from: source, in: chart) else {
            return .error(.wrongSourceState)
        }
        return .success(sourceState: source, destinationState: destination)
    }

    /// Whether an event named `name` can fire in the current state (the veto is not asked).
    public func canFireEvent(_ name: String) -> Bool {
        possibleTransition(forEvent: name).isSuccessful
    }

    /// Whether `event` can fire in the current state (the veto is not asked).
    public func canFireEvent(_ event: TransporterEvent<Value>) -> Bool {
        canFireEvent(event.name)
    }

    /// Switches to the state with `value` without an event, calling the state callbacks;
    /// returns `false` (and does nothing) when the machine has no such state.
    @discardableResult
    public func activateState(_ value: Value) -> Bool {
        guard isStateAvailable(value) else { return false }
        return send(.activate(value))
    }

    /// The destination of the transition the chart declares for `name` in `source`, if any.
    private func destination(of name: String, from source: Value, in chart: Chart) -> Value? {
        for id in chart.transitions(of: source) {
            if let transition = chart.transition(id), transition.events.contains(.fire(name)) {
                return transition.targets.first
            }
        }
        return nil
    }
}
