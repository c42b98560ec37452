import Statecharts

/// SwiftState's `StateMachine`, as a statechart: routes, handlers, error handlers, conditions,
/// route chains and closure routes, registered and removed at any time, compiled into one flat
/// `Statechart` that a `StatechartInstance` runs.
///
/// ```swift
/// let machine = RouteMachine<Phase, NoEvent>(state: .idle) { machine in
///     machine.addRoute(.idle => .running)
///     machine.addHandler(.idle => .running) { context in print("started") }
/// }
/// machine.tryState(.running)      // or `machine <- .running`
/// ```
///
/// A statechart moves only between states it declares, so the machine needs its states up
/// front: all cases of a `CaseIterable` state type, or the `states:` you pass (for enums with
/// associated values). The initial state is always declared.
///
/// Registering or removing anything marks the chart stale; it is recompiled before the next
/// attempt, resuming in the current state with the chains' progress kept.
public final class RouteMachine<S: Hashable & Sendable, E: Hashable & Sendable> {
    /// A condition or handler's argument: `(event, fromState, toState, userInfo)`.
    public typealias Context = RouteContext<S, E>
    /// A condition on a route.
    public typealias Condition = RouteCondition<S, E>
    /// A handler.
    public typealias Handler = RouteHandler<S, E>
    /// The compiled chart's type.
    public typealias Chart = Statechart<S, RouteSignal<S, E>, RouteMemory<S, E>>

    /// The declared states, in the order given; the chart has one state for each.
    public let states: [S]
    var registry = RouteRegistry<S, E>()
    /// The running chart, compiled again (in the state it was in) when registrations change.
    private var core: RecompilingInstance<S, RouteSignal<S, E>, RouteMemory<S, E>>

    /// Why the last attempt was refused; `nil` after an attempt that succeeded.
    public private(set) var lastRefusal: RouteRefusal<S, E>?

    /// Why the chart could not be compiled, if it could not; attempts are then refused until it
    /// compiles. What this type registers always compiles: this is a safeguard, not a mode.
    public var compileError: StatechartDefinitionError? { core.compileError }

    /// Creates a machine in `state`, over the declared `states` (the initial state is added when
    /// missing; repeated states count once), and lets `configure` register routes and handlers.
    public init(state: S, states: [S], configure: (RouteMachine) -> Void = { _ in }) {
        var unique: [S] = []
        var seen = Set<S>()
        let ordered = states.contains(state) ? states : [state] + states
        for candidate in ordered where seen.insert(candidate).inserted { unique.append(candidate) }
        self.states = unique
        core = RecompilingInstance(state: state, context: RouteMemory())
        configure(self)
    }

    /// Creates a machine in `state` over every case of `S`, and lets `configure` register routes.
    public convenience init(state: S, configure: (RouteMachine) -> Void = { _ in }) where S: CaseIterable {
        self.init(state: state, states: Array(S.allCases), configure: configure)
    }

    /// Runs `closure` on the machine (to register more in one place).
    public func configure(_ closure: (RouteMachine) -> Void) {
        closure(self)
    }

    /// The current state.
    public var state: S { core.state }

    /// The compiled chart the machine runs (compiling it first if registrations changed), for
    /// introspection and diagrams; `nil` only if it could not be compiled (see ``compileError``).
    public var chart: Chart? {
        running()?.chart
    }

    // MARK: Registering

    /// Registers what `add` adds under a fresh id, marks the chart stale, and returns a
    /// disposable that removes it.
    func register(_ add: (inout RouteRegistry<S, E>, Int) -> Void) -> RouteDisposable {
        let id = registry.makeID()
        add(&registry, id)
        invalidate()
        return RouteDisposable { [weak self] in
            guard let self else { return }
            self.registry.remove(id)
            self.invalidate()
        }
    }

    /// Forgets the compiled chart, keeping where it was.
    private func invalidate() { core.invalidate() }

    /// The running instance, compiled and started in the current state if needed.
    func running() -> StatechartInstance<S, RouteSignal<S, E>, RouteMemory<S, E>>? {
        core.running(definition(initial:))
    }

    /// The chart of the registrations made so far, starting in `initial`.
    private func definition(initial: S) -> RouteRegistry<S, E>.Definition {
        registry.definition(states: states, initial: initial)
    }

    /// Sends `signal` to the running instance; returns whether a route took it.
    func attempt(_ signal: RouteSignal<S, E>) -> Bool {
        guard var machine = core.takeRunning(definition(initial:)) else {
            lastRefusal = .noRoute(from: core.resumeState, to: nil, event: signal.event)
            return false
        }
        machine.context.refusal = nil
        let result = machine.send(signal)
        lastRefusal = machine.context.refusal
        machine.context.refusal = nil
        core.restore(machine)
        return lastRefusal == nil && result.isAccepted
    }

    /// Where `signal` would lead now, without taking it (nothing runs).
    func destination(of signal: RouteSignal<S, E>) -> S? {
        guard let machine = running(), let id = machine.enabledTransitions(for: signal).first,
              let transition = machine.chart.transition(id) else { return nil }
        return transition.targets.first
    }
}
