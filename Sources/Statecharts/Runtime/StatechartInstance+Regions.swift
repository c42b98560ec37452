// The fast path for configurations with parallel states: when every selected transition stays
// inside a part of the chart without parallel states (its domain has none), its exit set is one
// path and its candidate plan applies; several such transitions in disjoint subtrees are taken
// together with all exits first (exit order), then all transition actions (selection order),
// then all entries (entry order), exactly as SCXML's microstep orders them.

extension StatechartInstance {
    /// One selected candidate: the candidate, its transition, the atomic state it was found for.
    @usableFromInline
    struct _Pick {
        @usableFromInline var candidate: Int32
        @usableFromInline var transition: Int32
        @usableFromInline var atomic: Int32

        @inlinable init(candidate: Int32, transition: Int32, atomic: Int32) {
            self.candidate = candidate
            self.transition = transition
            self.atomic = atomic
        }
    }

    /// Processes an external event while parallel states are active, taking region-local
    /// transitions with their plans; anything else goes through the general algorithm with the
    /// transitions already selected (guards are never evaluated twice).
    @inlinable
    mutating func processRegionLocal<Observer: StatechartObserver>(
        _ event: Event, _ resolved: _ResolvedEvent, _ observer: inout Observer
    ) -> SendResult where Observer.StateID == StateID, Observer.Event == Event {
        unowned(unsafe) let tables = chart.tables
        let from = Configuration(leaf: -1, set: activeSet)
        currentEvent = event
        // selectTransitions: each active atomic state in document order, its first enabled candidate.
        var picks: [_Pick] = []
        picks.reserveCapacity(8)
        let words = activeSet.words
        let wordCount = words.count
        var w = 0
        while w < wordCount {
            var bits = words[w]
            while bits != 0 {
                let s = Int32(w << 6 + bits.trailingZeroBitCount)
                bits &= bits - 1
                guard tables.isAtomic(s) else { continue }
                let c = firstEnabledCandidate(of: s, resolved.classID)
                guard c >= 0 else { continue }
                let t = tables.candidates[c]
                var seen = false
                for pick in picks where pick.transition == t { seen = true }
                if !seen { picks.append(_Pick(candidate: c, transition: t, atomic: s)) }
            }
            w += 1
        }
        var log = _StepLog()
        if picks.isEmpty {
            if outbox.internalQueue.isEmpty && !tables.hasEventlessTransitions {
                return SendResult(log, from: from, to: from)
            }
            finishMacrostep(event, &log, steps: 0, &observer)
            drainExternalQueue(&log, &observer)
            return SendResult(log, from: from, to: currentConfiguration)
        }
        if !areRegionLocal(picks) {
            let enabled = removeConflictingTransitions(picks.map(\.transition))
            microstep(enabled, &log, &observer)
            finishMacrostep(event, &log, steps: 1, &observer)
            drainExternalQueue(&log, &observer)
            return SendResult(log, from: from, to: currentConfiguration)
        }
        // Exits: picks in descending domain order, each one's path from its atomic state up.
        // Picks come in document order of their atomic states, which is their domains' order
        // unless a targetless one sits between; sort only then.
        var byDomain = picks
        var ordered = true
        for i in 1..<picks.count where tables.domain[picks[i - 1].transition] > tables.domain[picks[i].transition] { ordered = false }
        if !ordered { byDomain.sort { tables.domain[$0.transition] < tables.domain[$1.transition] } }
        for pick in byDomain.reversed() {
            let c = pick.candidate
            runActions(tables.candidatePlans[c].actionStart, tables.candidateExitEnd[c], table: tables.candidateActionSlots)
            let domain = tables.domain[pick.transition]
            if domain >= 0 {
                var s = pick.atomic
                while s != domain {
                    activeSet.remove(s)
                    s = tables.parent[s]
                }
            }
        }
        // Transition actions, in selection order.
        for pick in picks {
            log.transitions.append(pick.transition)
            runActions(tables.candidateExitEnd[pick.candidate], tables.candidateTransitionEnd[pick.candidate],
                       table: tables.candidateActionSlots)
        }
        // Entries, in ascending domain order.
        for pick in byDomain {
            let c = pick.candidate
            let t = pick.transition
            if tables.domain[t] >= 0 {
                var i = tables.planEntryStart[t]
                let end = tables.planEntryStart[t + 1]
                while i < end {
                    activeSet.insert(tables.planEntries[i] & _ChartTables.entryStateMask)
                    i += 1
                }
            }
            runActions(tables.candidateTransitionEnd[c], tables.candidatePlans[c].actionEnd, table: tables.candidateActionSlots)
        }
        if !outbox.internalQueue.isEmpty || (extras != nil && !extras!.value.externalQueue.isEmpty) {
            finishMacrostep(event, &log, steps: 1, &observer)
            drainExternalQueue(&log, &observer)
        } else {
            observer.macrostepCompleted(after: event)
        }
        return SendResult(log, from: from, to: currentConfiguration)
    }

    /// Whether every pick can run on its plan: no step the action list cannot say, and targeted
    /// transitions with parallel-free domains in disjoint subtrees (so no two conflict).
    @inlinable
    func areRegionLocal(_ picks: [_Pick]) -> Bool {
        unowned(unsafe) let tables = chart.tables
        return picks.withUnsafeBufferPointer { picks in
            for i in picks.indices {
                let t = picks[i].transition
                guard tables.candidateFlags[picks[i].candidate] == 0 else { return false }
                let domain = tables.domain[t]
                if domain < 0 { continue }
                guard tables.domainIsParallelFree[t] else { return false }
                var j = i + 1
                while j < picks.count {
                    let d = tables.domain[picks[j].transition]
                    if d >= 0 && (d == domain || tables.isDescendant(d, of: domain) || tables.isDescendant(domain, of: d)) { return false }
                    j += 1
                }
            }
            return true
        }
    }
}
