import Statecharts

/// The instance a migrated machine runs: compiled from what the machine has registered when it
/// is first needed, thrown away when registrations change, and compiled again then, resuming in
/// the state (and with the context) it had. SwiftState's and Transporter's machines each keep
/// one.
struct RecompilingInstance<StateID: Hashable & Sendable, Event: StatechartEvent, Context> {
    /// The running instance; `nil` when registrations changed since it was compiled.
    private var instance: StatechartInstance<StateID, Event, Context>?
    /// The state to resume in when compiling again.
    private(set) var resumeState: StateID
    /// The context to resume with when compiling again.
    private var resumeContext: Context
    /// Why the chart could not be compiled the last time it was; `nil` once it compiles.
    private(set) var compileError: StatechartDefinitionError?

    /// Nothing compiled yet; the first instance starts in `state` with `context`.
    init(state: StateID, context: Context) {
        resumeState = state
        resumeContext = context
    }

    /// The current state.
    var state: StateID { instance?.activeLeaves.first ?? resumeState }

    /// Forgets the compiled chart, keeping its state and context.
    mutating func invalidate() {
        if let instance {
            resumeState = instance.activeLeaves.first ?? resumeState
            resumeContext = instance.context
        }
        instance = nil
    }

    /// The running instance, compiled from `definition(resumeState)` and started there first if
    /// needed; `nil` when that does not compile (``compileError`` says why).
    mutating func running(
        _ definition: (StateID) -> StatechartDefinition<StateID, Event, Context>
    ) -> StatechartInstance<StateID, Event, Context>? {
        if let instance { return instance }
        do {
            let started = try Statechart(definition(resumeState)).start(context: resumeContext)
            instance = started
            compileError = nil
            return started
        } catch {
            compileError = error
            return nil
        }
    }

    /// Takes the running instance out (compiled as ``running(_:)`` does), so that sending to it
    /// does not copy it; ``restore(_:)`` gives it back. Until then, ``state`` is where it was taken
    /// out, and a callback of the instance may read it: nothing is being accessed while the
    /// instance runs. `nil` when the chart does not compile.
    mutating func takeRunning(
        _ definition: (StateID) -> StatechartDefinition<StateID, Event, Context>
    ) -> StatechartInstance<StateID, Event, Context>? {
        guard let machine = running(definition) else { return nil }
        resumeState = machine.activeLeaves.first ?? resumeState
        instance = nil
        return machine
    }

    /// Gives back the instance ``takeRunning(_:)`` took out.
    mutating func restore(_ machine: StatechartInstance<StateID, Event, Context>) {
        instance = machine
    }
}
