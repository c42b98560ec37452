// Transition selection (SCXML's `selectTransitions`, `selectEventlessTransitions`,
// `removeConflictingTransitions`) and `enabledTransitions`: which transitions an event would
// take, asked without taking them. The candidate lookup the fast routes use
// (`firstEnabledCandidate`) is the single-path route's, in SinglePathRoute.swift.

extension StatechartInstance {
    /// The transitions that sending `event` now would take in its first microstep (SCXML's
    /// optimal enabled transition set for the event), in document order; empty when the event
    /// would be ignored or the instance is not running.
    ///
    /// Nothing happens: guards are evaluated on a copy of the context and whatever they raise is
    /// discarded; no action runs and the instance does not change. Transitions that would follow
    /// (eventless ones, raised events) are not included, since they depend on what the actions do.
    /// Describe the ids with ``Statechart/transition(_:)``:
    ///
    /// ```swift
    /// if let next = machine.enabledTransitions(for: .pay).first {
    ///     machine.chart.transition(next)?.targets   // where `.pay` would go
    /// }
    /// ```
    public func enabledTransitions(for event: Event) -> [TransitionID] {
        guard status == .running else { return [] }
        return probeTransitions(chart.resolve(event), event: event).sorted().map { TransitionID($0) }
    }

    /// The transitions an event resolved as `resolved` would take in its first microstep, with
    /// `event` as the current event, selected on a copy of the instance: guards see a copy of the
    /// context and what they raise is discarded. The one probe behind ``enabledTransitions(for:)``,
    /// ``can(_:)`` and ``enabledEventNames``; the instance must be running.
    func probeTransitions(_ resolved: _ResolvedEvent, event: Event?) -> [_TransitionIndex] {
        var probe = self
        probe.currentEvent = event
        if leaf != .none {
            return probe.firstEnabled(from: leaf, resolved).map { [$0] } ?? []
        }
        return probe.selectTransitions(resolved)
    }

    /// Whether transition `t` is enabled: its `whenIn` states are active and its guard holds.
    @inlinable @inline(__always)
    mutating func isEnabled(_ t: _TransitionIndex) -> Bool { isEnabled(t, _TablePlans()) }

    /// Whether transition `t` is triggered by the resolved event.
    @inlinable
    func matches(_ t: _TransitionIndex, _ resolved: _ResolvedEvent) -> Bool {
        let tables = chart.tables
        switch tables.transitions.triggerKind[t] {
        case _TriggerKind.anyEvent.rawValue: return true
        case _TriggerKind.events.rawValue:
            for d in tables.transitions.triggers[t] {
                if d == resolved.classID { return true }
                if let mask = resolved.mask, d.offset < mask.descriptorMatches.count, mask.descriptorMatches[d.offset] { return true }
            }
            return false
        default: return false
        }
    }

    /// The first enabled transition for atomic state `state`, walking up from it.
    @inlinable @inline(__always)
    mutating func firstEnabled(from state: _StateIndex, _ resolved: _ResolvedEvent) -> _TransitionIndex? {
        let tables = self.tables
        if resolved.isExact && tables.candidates.exists {
            return firstEnabledCandidate(of: state, resolved.classID, _TablePlans()).map { tables.candidates.transition[$0] }
        }
        var a = state
        while a != .none {
            for t in tables.states.transitions(of: a) where matches(t, resolved) && isEnabled(t) { return t }
            a = tables.tree.parent[a]
        }
        return nil
    }

    /// The first enabled eventless transition for atomic state `state`.
    @inlinable
    mutating func firstEnabledEventless(from state: _StateIndex) -> _TransitionIndex? {
        let tables = chart.tables
        var a = state
        while a != .none {
            for t in tables.states.transitions(of: a)
            where tables.transitions.triggerKind[t] == _TriggerKind.eventless.rawValue && isEnabled(t) { return t }
            a = tables.tree.parent[a]
        }
        return nil
    }

    /// `selectTransitions`: for each active atomic state in document order, its first enabled
    /// transition; then `removeConflictingTransitions`.
    @inlinable
    mutating func selectTransitions(_ resolved: _ResolvedEvent) -> [_TransitionIndex] {
        withSelection(resolved) { _, enabled in Array(enabled) }
    }

    /// Selects the transitions of a microstep into a scratch buffer on the stack and calls `body`
    /// with the instance and them (conflict-free, in document order; empty when none is enabled):
    /// `selectTransitions` for `resolved`, `selectEventlessTransitions` for `nil`. The buffer
    /// holds one transition per atomic state, so a selection allocates nothing.
    @inlinable
    mutating func withSelection<R>(
        _ resolved: _ResolvedEvent?, _ body: (inout Self, UnsafeBufferPointer<_TransitionIndex>) -> R
    ) -> R {
        withUnsafeTemporaryAllocation(of: _TransitionIndex.self, capacity: Swift.max(chart.tables.stateCount, 1)) { buffer in
            var count = 0
            let tables = chart.tables
            // A copy to iterate: the guards' actions may change the instance.
            let active = activeSet
            active.forEachAscending { s in
                guard tables.tree.isAtomic(s) else { return }
                let t: _TransitionIndex?
                if let resolved {
                    t = firstEnabled(from: s, resolved)
                } else {
                    t = tables.states.eventlessOnPath[s] ? firstEnabledEventless(from: s) : nil
                }
                if let t, !buffer[..<count].contains(t) {
                    buffer[count] = t
                    count += 1
                }
            }
            count = removeConflictingTransitions(in: buffer, count: count)
            return body(&self, UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// `removeConflictingTransitions` for transitions in an array.
    @inlinable
    func removeConflictingTransitions(_ enabled: [_TransitionIndex]) -> [_TransitionIndex] {
        if enabled.count < 2 { return enabled }
        var filtered = enabled
        let count = filtered.withUnsafeMutableBufferPointer { removeConflictingTransitions(in: $0, count: $0.count) }
        filtered.removeSubrange(count...)
        return filtered
    }

    /// `removeConflictingTransitions` in place: of two transitions whose exit sets intersect, the
    /// one whose source is a descendant of the other's wins; otherwise the earlier (document
    /// order) one. Filters `buffer[..<count]`, keeping the order, and returns how many are left.
    @inlinable @inline(__always)
    func removeConflictingTransitions(in buffer: UnsafeMutableBufferPointer<_TransitionIndex>, count: Int) -> Int {
        if count < 2 { return count }
        // The tables' function, given the configuration and the memory: a nested function here
        // would capture the whole instance, copying it on every call.
        return chart.tables.removeConflictingTransitions(in: buffer, count: count, configuration: activeSet,
                                                         history: _HistoryMemory(currentHistory))
    }
}
