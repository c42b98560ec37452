import Statecharts

/// Transporter's `StateMachine`, as a statechart: states with will/did enter/exit callbacks,
/// events with several source states, a veto and before/after callbacks, and firing that says
/// why it failed. States and events may be added at any time; the chart is recompiled before
/// the next fire, resuming in the current state.
///
/// ```swift
/// let door = TransporterMachine(initialState: TransporterState(Door.closed))
/// door.addState(TransporterState(.open, didEnter: { _ in print("opened") }))
/// try door.addEvent(TransporterEvent(name: "open", sourceValues: [.closed], destinationValue: .open))
/// door.fireEvent("open")     // .success(sourceState: .closed, destinationState: .open)
/// ```
///
/// Callbacks run as the compiled transition's actions, in Transporter's order (see
/// `docs/guides/coming-from-transporter.md` for how this differs from SCXML entry and exit).
public final class TransporterMachine<Value: Hashable & Sendable> {
    /// The compiled chart's type.
    public typealias Chart = Statechart<Value, TransporterSignal<Value>, Void>

    /// The state the machine started in.
    public let initialState: Value
    /// The machine's states, in the order added (the initial state first).
    public private(set) var availableStates: [TransporterState<Value>] = []
    /// The machine's events, in the order added.
    public private(set) var events: [TransporterEvent<Value>] = []
    /// Why the chart could not be compiled, if it could not; events then do not fire until it
    /// compiles. Accepted states and events always compile: this is a safeguard, not a mode.
    public var compileError: StatechartDefinitionError? { core.compileError }

    /// The running chart, compiled again (in the state it was in) when states or events are added.
    private var core: RecompilingInstance<Value, TransporterSignal<Value>, Void>

    /// Creates a machine in `initialState`, with more `states`.
    public init(initialState: TransporterState<Value>, states: [TransporterState<Value>] = []) {
        self.initialState = initialState.value
        core = RecompilingInstance(state: initialState.value, context: ())
        addStates([initialState] + states)
    }

    /// Creates a machine in a state without callbacks.
    public convenience init(initialStateValue: Value) {
        self.init(initialState: TransporterState(initialStateValue))
    }

    /// The value of the current state.
    public var currentValue: Value { core.state }

    /// The current state, with its callbacks.
    public var currentState: TransporterState<Value> {
        stateWithValue(currentValue) ?? TransporterState(currentValue)
    }

    /// The compiled chart the machine runs (compiling it first if states or events were added),
    /// for introspection and diagrams; `nil` only if it could not be compiled.
    public var chart: Chart? { running()?.chart }

    // MARK: States and events

    /// Adds a state; a state whose value the machine already has is ignored.
    public func addState(_ state: TransporterState<Value>) {
        addStates([state])
    }

    /// Adds states; those whose value the machine already has are ignored.
    public func addStates(_ states: [TransporterState<Value>]) {
        for state in states where !isStateAvailable(state.value) {
            availableStates.append(state)
        }
        invalidate()
    }

    /// Adds an event.
    ///
    /// - Throws: ``TransporterEventError`` when the event has no source state, or a source or its
    ///   destination is not a state of the machine; the event is then not added.
    public func addEvent(_ event: TransporterEvent<Value>) throws(TransporterEventError<Value>) {
        guard !event.sourceValues.isEmpty else { throw .noSourceValue(event: event.name) }
        if let unknown = event.sourceValues.first(where: { !isStateAvailable($0) }) {
            throw .unknownSourceValue(event: event.name, value: unknown)
        }
        guard isStateAvailable(event.destinationValue) else {
            throw .unknownDestinationValue(event: event.name, value: event.destinationValue)
        }
        events.append(event)
        invalidate()
    }

    /// Adds the events that can be added, and returns why the others could not.
    @discardableResult
    public func addEvents(_ events: [TransporterEvent<Value>]) -> [TransporterEventError<Value>] {
        var problems: [TransporterEventError<Value>] = []
        for event in events {
            do { try addEvent(event) } catch { problems.append(error) }
        }
        return problems
    }

    // MARK: Queries

    /// Whether the machine has a state with this value.
    public func isStateAvailable(_ value: Value) -> Bool {
        availableStates.contains { $0.value == value }
    }

    /// The state with this value, if the machine has one.
    public func stateWithValue(_ value: Value) -> TransporterState<Value>? {
        availableStates.first { $0.value == value }
    }

    /// The events with this name, in the order added.
    public func eventsWithName(_ name: String) -> [TransporterEvent<Value>] {
        events.filter { $0.name == name }
    }

    /// The first event with this name.
    public func eventWithName(_ name: String) -> TransporterEvent<Value>? {
        events.first { $0.name == name }
    }

    /// Whether the machine is in the state with this value.
    public func isInState(_ value: Value) -> Bool {
        currentValue == value
    }

    // MARK: Running

    func invalidate() { core.invalidate() }

    func running() -> StatechartInstance<Value, TransporterSignal<Value>, Void>? { core.running(definition(initial:)) }

    /// The chart of the states and events added so far, starting in `initial`.
    private func definition(initial: Value) -> TransporterCompiler<Value>.Definition {
        TransporterCompiler.definition(states: availableStates, events: events, initial: initial)
    }

    /// Sends `signal`; returns whether a transition was taken.
    func send(_ signal: TransporterSignal<Value>) -> Bool {
        guard var machine = core.takeRunning(definition(initial:)) else { return false }
        defer { core.restore(machine) }
        return machine.send(signal).isAccepted
    }
}
