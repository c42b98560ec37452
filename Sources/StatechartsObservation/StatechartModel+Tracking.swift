import Observation
import Statecharts

// What views read, tracked finely: each property, each state asked about, each context key path
// read, is its own key path in the registrar, and `refresh()` announces only those that changed.

/// A context key path some view read: how to tell whether it changed, and how to announce it.
struct ValueWatch<Context> {
    /// Whether the value differs between two contexts.
    let changed: (Context, Context) -> Bool
    /// Records that the running observation tracking read the value.
    let access: () -> Void
    /// Announces a change: before it (`true`), then after it (`false`).
    let announce: (_ before: Bool) -> Void
}

extension StatechartModel {
    /// Every active state, in document order (ancestors before descendants).
    public var configuration: [StateID] {
        registrar.access(self, keyPath: \.configuration)
        return publishedConfiguration
    }

    /// The active atomic and final states, in document order.
    public var activeLeaves: [StateID] {
        registrar.access(self, keyPath: \.configuration)
        return engine.instance.activeLeaves
    }

    /// Whether `state` is active. A view that asks is invalidated only when this state enters or
    /// leaves the configuration.
    public func isActive(_ state: StateID) -> Bool {
        let active = watchedStates[state] ?? engine.instance.isActive(state)
        watchedStates[state] = active
        registrar.access(self, keyPath: \.[activity: state])
        return active
    }

    /// The key path under which views that asked about `state` are tracked.
    subscript(activity state: StateID) -> Bool { watchedStates[state] ?? false }

    /// The extended state the chart's actions change. Reading it tracks the whole context; read
    /// one value with ``subscript(context:)`` to be invalidated only when that value changes.
    public var context: Context {
        registrar.access(self, keyPath: \.context)
        return publishedContext
    }

    /// The value at `keyPath` in the context. A view that reads it is invalidated only when this
    /// value changes, not when other parts of the context or the configuration do.
    public subscript<Value: Equatable>(context keyPath: KeyPath<Context, Value>) -> Value {
        let watch = watchedValues[keyPath] ?? watch(keyPath)
        watch.access()
        return publishedContext[keyPath: keyPath]
    }

    /// Starts tracking `keyPath` of the context under a key path of its own.
    private func watch<Value: Equatable>(_ keyPath: KeyPath<Context, Value>) -> ValueWatch<Context> {
        let tracked = (\StatechartModel.publishedContext).appending(path: keyPath)
        let watch = ValueWatch<Context>(
            changed: { old, new in old[keyPath: keyPath] != new[keyPath: keyPath] },
            access: { [unowned self] in registrar.access(self, keyPath: tracked) },
            announce: { [unowned self] before in
                if before { registrar.willSet(self, keyPath: tracked) } else { registrar.didSet(self, keyPath: tracked) }
            })
        watchedValues[keyPath] = watch
        return watch
    }

    /// Whether the instance is running (started, neither finished nor stopped).
    public var isRunning: Bool {
        registrar.access(self, keyPath: \.isRunning)
        return publishedIsRunning
    }

    /// Whether the chart reached a top-level final state.
    public var isFinished: Bool {
        registrar.access(self, keyPath: \.isFinished)
        return publishedIsFinished
    }

    /// Why the instance stopped on its own, if it did (`StatechartRuntimeError`).
    public var error: StatechartRuntimeError? {
        registrar.access(self, keyPath: \.error)
        return publishedError
    }

    /// Whether sending `event` now would take a transition (tracks the configuration and the
    /// context, which guards read).
    public func can(_ event: Event) -> Bool {
        registrar.access(self, keyPath: \.configuration)
        registrar.access(self, keyPath: \.context)
        return engine.instance.can(event)
    }

    /// The names of the events that would take a transition now (tracks the configuration and
    /// the context).
    public var enabledEventNames: [Event.Name] {
        registrar.access(self, keyPath: \.configuration)
        registrar.access(self, keyPath: \.context)
        return engine.instance.enabledEventNames
    }

    /// A copy of the running instance, for snapshots, diagrams and everything else the core
    /// offers (tracks the configuration and the context).
    public var instance: StatechartInstance<StateID, Event, Context> {
        registrar.access(self, keyPath: \.configuration)
        registrar.access(self, keyPath: \.context)
        return engine.instance
    }

    /// Publishes what changed since the last refresh, announcing only those key paths.
    func refresh(tookTransitions: Bool = true) {
        let instance = engine.instance
        let configuration = instance.configuration
        if configuration != publishedConfiguration {
            registrar.withMutation(of: self, keyPath: \.configuration) { publishedConfiguration = configuration }
            for (state, wasActive) in watchedStates where instance.isActive(state) != wasActive {
                registrar.withMutation(of: self, keyPath: \.[activity: state]) { watchedStates[state] = !wasActive }
            }
        }
        let context = instance.context
        if tookTransitions && !Self.same(context, publishedContext) {
            let old = publishedContext
            let changed = watchedValues.values.filter { $0.changed(old, context) }
            for watch in changed { watch.announce(true) }
            registrar.withMutation(of: self, keyPath: \.context) { publishedContext = context }
            for watch in changed { watch.announce(false) }
        }
        if instance.isRunning != publishedIsRunning {
            registrar.withMutation(of: self, keyPath: \.isRunning) { publishedIsRunning = instance.isRunning }
        }
        if instance.isFinished != publishedIsFinished {
            registrar.withMutation(of: self, keyPath: \.isFinished) { publishedIsFinished = instance.isFinished }
        }
        if instance.error != publishedError {
            registrar.withMutation(of: self, keyPath: \.error) { publishedError = instance.error }
        }
    }

    /// Whether two contexts are equal, when `Context` is `Equatable`; `false` otherwise.
    static func same(_ a: Context, _ b: Context) -> Bool {
        guard let a = a as? any Equatable else { return false }
        return a.isEqual(to: b)
    }
}

extension Equatable {
    /// Whether `other` is a value of this type equal to this one.
    fileprivate func isEqual(to other: Any) -> Bool { (other as? Self) == self }
}
