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
        var enabled: [_TransitionIndex] = []
        for s in activeSet.ascending where chart.tables.tree.isAtomic(s) {
            if let t = firstEnabled(from: s, resolved), !enabled.contains(t) { enabled.append(t) }
        }
        return removeConflictingTransitions(enabled)
    }

    /// `selectEventlessTransitions`.
    @inlinable
    mutating func selectEventlessTransitions() -> [_TransitionIndex] {
        var enabled: [_TransitionIndex] = []
        for s in activeSet.ascending where chart.tables.tree.isAtomic(s) && chart.tables.states.eventlessOnPath[s] {
            if let t = firstEnabledEventless(from: s), !enabled.contains(t) { enabled.append(t) }
        }
        return removeConflictingTransitions(enabled)
    }

    /// `removeConflictingTransitions`: of two transitions whose exit sets intersect, the one whose
    /// source is a descendant of the other's wins; otherwise the earlier (document order) one.
    @inlinable
    func removeConflictingTransitions(_ enabled: [_TransitionIndex]) -> [_TransitionIndex] {
        if enabled.count < 2 { return enabled }
        let tables = chart.tables
        let history = _HistoryMemory(currentHistoryMemory)
        var filtered: [_TransitionIndex] = []
        var exitSets: [_Bitset] = []
        for t1 in enabled {
            let exit1 = tables.computeExitSet(t1, configuration: activeSet, history)
            var preempted = false
            var toRemove: [Int] = []
            for (i, t2) in filtered.enumerated() where exit1.intersects(exitSets[i]) {
                if tables.tree.isDescendant(tables.transitions.source[t1], of: tables.transitions.source[t2]) {
                    toRemove.append(i)
                } else {
                    preempted = true
                    break
                }
            }
            if !preempted {
                for i in toRemove.reversed() {
                    filtered.remove(at: i)
                    exitSets.remove(at: i)
                }
                filtered.append(t1)
                exitSets.append(exit1)
            }
        }
        return filtered
    }
}
