// The regions route: parallel states are active, nobody observes, and the event's class is
// exact. When every selected transition stays inside a part of the chart without parallel states
// (its domain has none), its exit set is one path and its candidate plan applies; several such
// transitions in disjoint subtrees are taken together with all exits first (exit order), then
// all transition actions (selection order), then all entries (entry order), exactly as SCXML's
// microstep orders them.
//
// The joint route comes first where the chart has joint steps (JointTables.swift): the bits
// stage's decision for the whole configuration, read at the instance's joint row (the
// configuration's slot in the table), so that an event costs one load rather than a row and a
// step per active leaf.
//
// Two stages, both generic over what runs a plan and a guard (PlanRunners.swift), so a compiled
// chart runs its generated code in them. `sendOnRegionBits` (charts of at most 64 states)
// decides on the configuration's bits when every active leaf's row is ignored or a region-local
// candidate taken by its plan alone, at most four of them. `sendByRegionPlans` selects by guards
// and takes region-local picks by their plans; picks that are not region-local go through the
// general microstep, already selected.
//
// May not: enter or leave a parallel state, or record history. Where the chart has eventless
// transitions, the plans stage completes the macrostep after its picks (SCXML's inner loop,
// `finishMacrostep`), unless every active leaf's row was direct or ignored: then no active
// state, before or after, has one on its path. The bits stage and joint steps finish it
// (`finishAfterStep`) when a pick's actions may have queued events or a state of the
// configuration after them has eventless transitions on its path (their rows ignore an event
// in a state with no candidate for it even then: the finishing selects the eventless ones).
// Picks the plans stage selected but cannot take by plan go to the general microstep, already
// selected.

extension StatechartInstance {
    /// One selected candidate: the candidate, its transition, the atomic state it was found for.
    @usableFromInline
    struct _Pick {
        @usableFromInline var candidate: _CandidateIndex
        @usableFromInline var transition: _TransitionIndex
        @usableFromInline var atomic: _StateIndex

        @inlinable init(candidate: _CandidateIndex, transition: _TransitionIndex, atomic: _StateIndex) {
            self.candidate = candidate
            self.transition = transition
            self.atomic = atomic
        }
    }

    /// The regions route for an external event of class `classID`: the region bits when they
    /// may decide, else the region plans. Out of line: `send` inlines only its front; the result
    /// crosses back as a ``_CrossingResult``.
    @inlinable @inline(never)
    mutating func sendOnRegions<Plans: _PlanRunner>(_ event: Event, _ classID: _EventClass, _ plans: Plans) -> _CrossingResult
    where Plans.StateID == StateID, Plans.Event == Event, Plans.Context == Context {
        _CrossingResult(sendOnRegionsInline(event, classID, plans))
    }

    /// ``sendOnRegions(_:_:_:)``, inlined where `take` runs out of line already (see
    /// ``_RouteDispatch``).
    @inlinable @inline(__always)
    mutating func sendOnRegionsInline<Plans: _PlanRunner>(_ event: Event, _ classID: _EventClass, _ plans: Plans) -> SendResult
    where Plans.StateID == StateID, Plans.Event == Event, Plans.Context == Context {
        if regionsStartWithBits { return sendOnRegionBits(event, classID, plans) }
        return sendByRegionPlans(event, classID, plans)
    }

    /// The joint route, out of line (see ``_RouteDispatch``); the result crosses back as a
    /// ``_CrossingResult``.
    @inlinable @inline(never)
    mutating func sendByJointStepOutOfLine<Plans: _PlanRunner>(_ event: Event, _ classID: _EventClass, _ plans: Plans) -> _CrossingResult
    where Plans.StateID == StateID, Plans.Event == Event, Plans.Context == Context {
        _CrossingResult(sendByJointStep(event, classID, plans))
    }

    /// The joint route (``leafRow`` a joint row): the region bits' decision for the
    /// configuration and `classID` (``_JointTables``), read at the row, which holds the
    /// configuration's slot: no search. One the bits do not decide goes to the region plans,
    /// before anything happened.
    @inlinable @inline(__always)
    mutating func sendByJointStep<Plans: _PlanRunner>(_ event: Event, _ classID: _EventClass, _ plans: Plans) -> SendResult
    where Plans.StateID == StateID, Plans.Event == Event, Plans.Context == Context {
        let entry = tables.joints.entry(at: leafRow, class: classID)
        if let result = takeJointEntry(entry, event, plans, takesFinishing: true) { return result }
        return sendByRegionPlans(event, classID, plans)
    }

    /// What joint entry `entry`, read at the leaf row (a joint row) for the event's class,
    /// decides alone: the result, or `nil` when it says `slow`, or finishes the macrostep and
    /// `takesFinishing` is false (nothing has happened then). A compiled chart with joint steps
    /// takes it in its `send`'s inlined front, finishing ones excepted.
    @inlinable @inline(__always)
    mutating func takeJointEntry<Plans: _PlanRunner>(_ entry: _JointEntry, _ event: Event, _ plans: Plans,
                                                     takesFinishing: Bool) -> SendResult?
    where Plans.StateID == StateID, Plans.Event == Event, Plans.Context == Context {
        // At most 64 states: the configuration is its first word.
        let word = activeSet.first
        switch entry.decision {
        case .joint(let joint):
            // No action can see the configuration, and the next event's read need not wait.
            activeSet.first = entry.toWord
            moveToEntryRow(entry.toRow)
            plans.runJoint(entry, joint, event, on: &self)
            return SendResult(transitions: _TransitionFields(bits: entry.fields), fromWord: word, toWord: entry.toWord)
        case .finishingJoint(let joint):
            guard takesFinishing else { return nil }
            activeSet.first = entry.toWord
            moveToEntryRow(entry.toRow)
            plans.runJoint(entry, joint, event, on: &self)
            let taken = SendResult(transitions: _TransitionFields(bits: entry.fields), fromWord: word, toWord: entry.toWord)
            return finishAfterStep(event, taken, eventless: true)
        case .ignored:
            return SendResult(transitions: .none, fromWord: word, toWord: word)
        case .ignoredFinishing:
            guard takesFinishing else { return nil }
            return finishAfterStep(event, SendResult(transitions: .none, fromWord: word, toWord: word), eventless: true)
        case .slow:
            return nil
        }
    }

    /// The region plans for an external event of class `classID`, their guards and actions run
    /// by `plans`.
    @inlinable @inline(never)
    mutating func sendByRegionPlans<Plans: _PlanRunner>(_ event: Event, _ classID: _EventClass, _ plans: Plans) -> SendResult
    where Plans.StateID == StateID, Plans.Event == Event, Plans.Context == Context {
        var observer = _NoObserver<StateID, Event>()
        return sendByRegionPlans(event, _ResolvedEvent(classID: classID, mask: nil), &observer, plans)
    }

    /// The region bits (charts of at most 64 states): when every active leaf's row is ignored or
    /// a region-local direct candidate, and at most four are, takes them all together on the
    /// configuration's bits (all exits, then all transition actions, then all entries, each run
    /// by `plans`); otherwise the region plans decide, before anything has happened.
    @inlinable @inline(__always)
    mutating func sendOnRegionBits<Plans: _PlanRunner>(_ event: Event, _ classID: _EventClass, _ plans: Plans) -> SendResult
    where Plans.StateID == StateID, Plans.Event == Event, Plans.Context == Context {
        let word = activeSet.first
        guard let step = regionBitsStep(word, classID) else { return sendByRegionPlans(event, classID, plans) }
        // At most 64 states: the configuration is `word` alone.
        if step.count == 0 {
            let ignored = SendResult(transitions: .none, fromWord: word, toWord: word)
            return step.flags.contains(.finishes) ? finishAfterStep(event, ignored, eventless: true) : ignored
        }
        plans.runPicks(of: step, event, on: &self)
        // Never under a joint row (`route` takes the joint route there): the row stays the set's.
        activeSet.first = step.toWord
        let taken = SendResult(transitions: _TransitionFields(bits: step.fields), fromWord: word, toWord: step.toWord)
        return step.flags.contains(.finishes) ? finishAfterStep(event, taken, eventless: true) : taken
    }

    /// The region bits' step for configuration word `word` (the active set's first) and
    /// `classID` (``_JointEntry/regionBits(_:class:atomicMask:row:step:)``), or `nil` when the
    /// region plans decide.
    @inlinable @inline(__always)
    func regionBitsStep(_ word: UInt64, _ classID: _EventClass) -> _JointEntry? {
        let tables = self.tables
        let rows = tables.regions.rows
        let steps = tables.regions.steps
        return _JointEntry.regionBits(word, class: classID, atomicMask: tables.regions.atomicMask,
                                      eventlessWord: tables.states.eventlessOnPathWord,
                                      row: { rows[offset: $0] }, step: { steps[$0] })
    }

    /// The region plans: takes region-local transitions with their plans; anything else goes
    /// through the general microstep with the transitions already selected (guards are never
    /// evaluated twice). Allocates nothing when every active leaf's row in the direct table is
    /// direct or ignored.
    @inlinable
    mutating func sendByRegionPlans<Observer: StatechartObserver, Plans: _PlanRunner>(
        _ event: Event, _ resolved: _ResolvedEvent, _ observer: inout Observer, _ plans: Plans
    ) -> SendResult where Observer.StateID == StateID, Observer.Event == Event,
                          Plans.StateID == StateID, Plans.Event == Event, Plans.Context == Context {
        let active = activeSet
        currentEvent = event
        // At most one pick per active state.
        return withUnsafeTemporaryAllocation(of: _Pick.self, capacity: Swift.max(1, active.count)) { buffer in
            sendByRegionPlans(event, resolved, active, picks: buffer, &observer, plans)
        }
    }

    @inlinable
    mutating func sendByRegionPlans<Observer: StatechartObserver, Plans: _PlanRunner>(
        _ event: Event, _ resolved: _ResolvedEvent, _ active: _Bitset,
        picks buffer: UnsafeMutableBufferPointer<_Pick>, _ observer: inout Observer, _ plans: Plans
    ) -> SendResult where Observer.StateID == StateID, Observer.Event == Event,
                          Plans.StateID == StateID, Plans.Event == Event, Plans.Context == Context {
        let tables = self.tables
        let from = Configuration(set: active)
        // selectTransitions: each active atomic state in document order, its first enabled
        // candidate. `allDirect`: every row was direct or ignored, so no guard ran and nothing
        // eventless can follow (an ignored row's state has no eventless transition on its path,
        // nor has a direct candidate's new leaf, and every active state is on one of those
        // paths); only the actions of sending candidates may have queued events.
        var count = 0
        var allDirect = tables.direct.exists && hasNoPendingExternalEvents
        active.forEachAscending { s in
            guard tables.tree.isAtomic(s) else { return }
            var direct: _CandidateIndex?
            if tables.direct.exists {
                // `s << shift`: a chart with parallel states has no history fields in its rows.
                let entry = tables.direct.entries[offset: s.offset &<< tables.direct.shift | resolved.classID.offset]
                if entry.isIgnored { return }
                direct = entry.directCandidate
            }
            let c: _CandidateIndex
            if let direct {
                c = direct
            } else {
                allDirect = false
                guard let enabled = firstEnabledCandidate(of: s, resolved.classID, plans) else { return }
                c = enabled
            }
            let t = tables.candidates.transition[c]
            for i in 0..<count where buffer[i].transition == t { return }
            buffer[count] = _Pick(candidate: c, transition: t, atomic: s)
            count += 1
        }
        let picks = UnsafeMutableBufferPointer(rebasing: buffer[0..<count])
        var log = _StepLog()
        if picks.isEmpty {
            if allDirect || (outbox.internalQueue.isEmpty && !tables.transitions.hasEventlessTransitions) {
                return SendResult(log, from: from, to: from)
            }
            finishMacrostep(event, &log, steps: 0, &observer)
            drainExternalQueue(&log, &observer)
            return SendResult(log, from: from, to: currentConfiguration)
        }
        if !areRegionLocal(UnsafeBufferPointer(picks)) {
            let enabled = removeConflictingTransitions(picks.map { $0.transition })
            microstep(enabled, &log, &observer)
            finishMacrostep(event, &log, steps: 1, &observer)
            drainExternalQueue(&log, &observer)
            return SendResult(log, from: from, to: currentConfiguration)
        }
        // A targetless pick exits and enters nothing.
        _MicrostepPhase.inOrder(count: picks.count) { phase, i in
            let pick = picks[i]
            let t = pick.transition
            switch phase {
            case .exit:
                plans.runPlanPhase(.exit, of: pick.candidate, on: &self)
                if let domain = tables.transitions.domain[t].state {
                    var s = pick.atomic
                    while s != domain {
                        activeSet.remove(s)
                        s = tables.tree.parent[s]
                    }
                }
            case .transition:
                log.transitions.append(t)
                plans.runPlanPhase(.transition, of: pick.candidate, on: &self)
            case .entry:
                if tables.transitions.domain[t].state != nil {
                    for entry in tables.transitions.planEntries[t] { activeSet.insert(entry.state) }
                }
                plans.runPlanPhase(.entry, of: pick.candidate, on: &self)
            }
        }
        // The configuration changed under a joint row (the joint route hands over here when its
        // entry is slow): the new configuration's row.
        if leafRow.isJointRow { leaf = .none }
        if !outbox.internalQueue.isEmpty || !hasNoPendingExternalEvents || (!allDirect && tables.transitions.hasEventlessTransitions) {
            finishMacrostep(event, &log, steps: 1, &observer)
            drainExternalQueue(&log, &observer)
        } else {
            observer.macrostepCompleted(after: event)
        }
        return SendResult(log, from: from, to: currentConfiguration)
    }

    /// Whether every pick can run on its plan: no step the action list cannot say, and targeted
    /// transitions with parallel-free domains in disjoint subtrees (so no two conflict). A plan
    /// whose new leaf has eventless transitions on its path is one: the chart has eventless
    /// transitions, so the macrostep is completed after the picks.
    @inlinable
    func areRegionLocal(_ picks: UnsafeBufferPointer<_Pick>) -> Bool {
        let tables = self.tables
        for i in picks.indices {
            let t = picks[i].transition
            guard tables.candidates.flags[picks[i].candidate].isNoneOrCompletion else { return false }
            guard let domain = tables.transitions.domain[t].state else { continue }
            guard tables.transitions.domainIsParallelFree[t] else { return false }
            var j = i + 1
            while j < picks.count {
                if let d = tables.transitions.domain[picks[j].transition].state, tables.tree.subtreesOverlap(d, domain) { return false }
                j += 1
            }
        }
        return true
    }
}
