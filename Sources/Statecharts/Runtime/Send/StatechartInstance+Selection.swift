// Transition selection (SCXML's `selectTransitions`, `selectEventlessTransitions`,
// `removeConflictingTransitions`), the candidate lookups the fast routes use, and
// `enabledTransitions`: which transitions an event would take, asked without taking them.

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
        return probeTransitions(chart.resolve(event), event: event).sorted().map { TransitionID(rawValue: $0) }
    }

    /// The transitions an event resolved as `resolved` would take in its first microstep, with
    /// `event` as the current event, selected on a copy of the instance: guards see a copy of the
    /// context and what they raise is discarded. The one probe behind ``enabledTransitions(for:)``,
    /// ``can(_:)`` and ``enabledEventNames``; the instance must be running.
    func probeTransitions(_ resolved: _ResolvedEvent, event: Event?) -> [Int32] {
        var probe = self
        probe.currentEvent = event
        if leaf >= 0 {
            let t = probe.firstEnabled(from: leaf, resolved)
            return t >= 0 ? [t] : []
        }
        return probe.selectTransitions(resolved)
    }

    /// Whether transition `t` is enabled: its `whenIn` states are active and its guard holds.
    @inlinable @inline(__always)
    mutating func isEnabled(_ t: Int32) -> Bool { isEnabled(t, _TablePlans()) }

    /// `isEnabled`, with the guard evaluated by `plans`.
    @inlinable @inline(__always)
    mutating func isEnabled<Plans: _PlanRunner>(_ t: Int32, _ plans: Plans) -> Bool
    where Plans.StateID == StateID, Plans.Event == Event, Plans.Context == Context {
        unowned(unsafe) let tables = chart.tables
        var r = tables.transitions.requiredStart[t]
        let end = tables.transitions.requiredStart[t + 1]
        while r < end {
            if !isActive(index: tables.transitions.required[r]) { return false }
            r += 1
        }
        return plans.evaluateGuard(t, on: &self)
    }

    /// Whether transition `t` is triggered by the resolved event.
    @inlinable
    func matches(_ t: Int32, _ resolved: _ResolvedEvent) -> Bool {
        let tables = chart.tables
        switch tables.transitions.triggerKind[t] {
        case _TriggerKind.anyEvent.rawValue: return true
        case _TriggerKind.events.rawValue:
            var i = tables.transitions.triggerStart[t]
            let end = tables.transitions.triggerStart[t + 1]
            while i < end {
                let d = tables.transitions.triggers[i]
                if d == resolved.classID { return true }
                if let mask = resolved.mask, d < mask.descriptorMatches.count, mask.descriptorMatches[Int(d)] { return true }
                i += 1
            }
            return false
        default: return false
        }
    }

    /// The first enabled transition for atomic state `state`, walking up from it.
    @inlinable @inline(__always)
    mutating func firstEnabled(from state: Int32, _ resolved: _ResolvedEvent) -> Int32 {
        unowned(unsafe) let tables = chart.tables
        if resolved.isExact && tables.candidates.exists {
            let c = firstEnabledCandidate(of: state, resolved.classID, _TablePlans())
            return c < 0 ? -1 : tables.candidates.transition[c]
        }
        var a = state
        while a >= 0 {
            var t = tables.states.transitionStart[a]
            let end = tables.states.transitionStart[a + 1]
            while t < end {
                if matches(t, resolved) && isEnabled(t) { return t }
                t += 1
            }
            a = tables.tree.parent[a]
        }
        return -1
    }

    /// The first enabled candidate (an index into the candidate table) of atomic state `state`
    /// for event class `classID`, or -1, with guards evaluated by `plans`. Requires the candidate table.
    @inlinable @inline(__always)
    mutating func firstEnabledCandidate<Plans: _PlanRunner>(of state: Int32, _ classID: Int32, _ plans: Plans) -> Int32
    where Plans.StateID == StateID, Plans.Event == Event, Plans.Context == Context {
        unowned(unsafe) let tables = chart.tables
        // Indices come from the compiler and are in range: wrapping arithmetic, no overflow traps.
        let row = Int(state) &* tables.candidates.classCount &+ Int(classID)
        var c = tables.candidates.start[row]
        let end = tables.candidates.start[row &+ 1]
        while c < end {
            let t = tables.candidates.transition[c]
            if tables.transitions.isConditionFree[t] || isEnabled(t, plans) { return c }
            c &+= 1
        }
        return -1
    }

    /// The first enabled eventless transition for atomic state `state`.
    @inlinable
    mutating func firstEnabledEventless(from state: Int32) -> Int32 {
        let tables = chart.tables
        var a = state
        while a >= 0 {
            var t = tables.states.transitionStart[a]
            let end = tables.states.transitionStart[a + 1]
            while t < end {
                if tables.transitions.triggerKind[t] == _TriggerKind.eventless.rawValue && isEnabled(t) { return t }
                t += 1
            }
            a = tables.tree.parent[a]
        }
        return -1
    }

    /// `selectTransitions`: for each active atomic state in document order, its first enabled
    /// transition; then `removeConflictingTransitions`.
    @inlinable
    mutating func selectTransitions(_ resolved: _ResolvedEvent) -> [Int32] {
        var enabled: [Int32] = []
        for s in activeSet.ascending where chart.tables.tree.isAtomic(s) {
            let t = firstEnabled(from: s, resolved)
            if t >= 0 && !enabled.contains(t) { enabled.append(t) }
        }
        return removeConflictingTransitions(enabled)
    }

    /// `selectEventlessTransitions`.
    @inlinable
    mutating func selectEventlessTransitions() -> [Int32] {
        var enabled: [Int32] = []
        for s in activeSet.ascending where chart.tables.tree.isAtomic(s) && chart.tables.states.eventlessOnPath[s] {
            let t = firstEnabledEventless(from: s)
            if t >= 0 && !enabled.contains(t) { enabled.append(t) }
        }
        return removeConflictingTransitions(enabled)
    }

    /// `removeConflictingTransitions`: of two transitions whose exit sets intersect, the one whose
    /// source is a descendant of the other's wins; otherwise the earlier (document order) one.
    @inlinable
    func removeConflictingTransitions(_ enabled: [Int32]) -> [Int32] {
        if enabled.count < 2 { return enabled }
        let tables = chart.tables
        let history = _HistoryMemory(historyMemory)
        var filtered: [Int32] = []
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
