// Introspection of a running instance: what is active, what could happen next.

extension StatechartInstance {
    /// Whether the state with this index is active; two compares on the fast path. Always
    /// inlined: called out of line, it is passed a copy of the whole instance.
    @inlinable @inline(__always)
    func isActive(index s: _StateIndex) -> Bool {
        if leaf != .none { return s == leaf || tables.tree.isDescendant(leaf, of: s) }
        return s >= .root && s.offset < activeSet.capacity && activeSet.contains(s)
    }

    /// Whether the instance keeps its configuration as a joint row (a set of active states the
    /// joint tables hold, read with no search), for tests of the encoding.
    @_spi(Testing)
    public var _holdsJointRow: Bool { leafRow.isJointRow }

    /// Whether `state` is active (SCXML `In(state)`). Unknown states are not active.
    @inlinable
    public func isActive(_ state: StateID) -> Bool {
        guard status != .notStarted, let s = chart.stateIndex[state] else { return false }
        return isActive(index: s)
    }

    /// Every active state in document order (ancestors before descendants); empty before start.
    public var configuration: [StateID] {
        chart.activeStates(in: currentConfiguration)
    }

    /// The active atomic and final states in document order.
    public var activeLeaves: [StateID] {
        chart.atomicStates(in: currentConfiguration)
    }

    /// Whether the instance has started and neither finished nor stopped.
    public var isRunning: Bool { status == .running }

    /// Whether the chart reached a top-level final state (its exit actions have run).
    public var isFinished: Bool { status == .finished || status == .finishing }

    /// Why the instance stopped on its own, if it did.
    public var error: StatechartRuntimeError? { extras?.value.error }

    /// Whether sending `event` now would take a transition (guards are evaluated on a copy of the
    /// context; whatever they raise is discarded).
    public func can(_ event: Event) -> Bool {
        guard status == .running else { return false }
        return !probeTransitions(chart.resolve(event), event: event).isEmpty
    }

    /// The names of the events that would take a transition now, in the order the chart declares
    /// them. Guards are evaluated without an event (`nil`) on a copy of the context; transitions
    /// on every event (`OnAny`) are not listed, having no name.
    public var enabledEventNames: [Event.Name] {
        guard status == .running else { return [] }
        return chart.declaredEventNames.filter { name in
            let resolved = chart.exactMatching
                ? _ResolvedEvent(classID: chart.eventClass(ofName: name), mask: nil)
                : _ResolvedEvent(classID: tables.candidates.unmatchedClass, mask: chart.mask(for: name))
            return !probeTransitions(resolved, event: nil).isEmpty
        }
    }

    /// The configuration as a compact value, comparable with ``SendResult/to``.
    public var currentConfigurationValue: Configuration { currentConfiguration }
}
