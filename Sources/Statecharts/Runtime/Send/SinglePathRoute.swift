// The single-path route: a single path is active (no parallel state), nobody observes, and the
// event's class is exact. The first enabled candidate of the active leaf is taken by its
// precomputed plan: its exit, transition and entry actions as one list, and the new leaf.
//
// Two stages. `sendByDirectEntry`, inlined into `send`, reads the direct table: one load tells
// an ignored event or a candidate with no guard whose plan is its actions alone. Everything else
// goes to `sendByCandidatePlan`, which selects the first enabled candidate here
// (`firstEnabledCandidate`, `isEnabled`: `whenIn` states, then the guard through `Plans`), runs
// its plan through `Plans`, and completes the macrostep when the plan's flags or the queues say
// so. The regions route and the stepwise selection use the same candidate lookup.
//
// History is data here (SinglePathRoute+History.swift): a plan that exits a history's parent
// writes the constants its candidate records, and a candidate entering through a history state
// takes the variant for what the history remembers. A guard-free such candidate first in its
// row, whose actions stay off the outbox, is a slow direct entry naming it
// (``_DirectEntry/named(_:)``): the candidate stage takes it first, without selecting it, as
// the direct stage takes a plan. So is a row's one guarded candidate: its guard decides between
// its plan and ignoring the event. The direct stage hands the entry it read to the candidate
// stage, which does not read it again.
//
// May not: enter a final state, start or stop invocations, or take a candidate without a
// single-path plan. Such a candidate (``_PlanFlags/needsGeneralStep``) is handed to the stepwise
// route with its transition already selected, so that no guard is evaluated twice.
//
// Generic over `Plans` (PlanRunners.swift), which runs a plan and evaluates a guard: the table
// runtime's action and guard slots, or a compiled chart's generated code. Both stages are
// specialized for it at compile time; the lookups (the direct and candidate tables) are the same.

extension StatechartInstance {
    /// The direct table's entry for the active leaf (``leafRow``, a direct row) and event class
    /// `classID`. Read once an event, by whoever takes the event first, and handed to both
    /// stages: ``sendByDirectEntry(_:_:_:)``, then, when it says `slow`,
    /// ``sendByCandidatePlan(_:_:after:_:)``.
    @inlinable @inline(__always)
    func directEntry<Plans: _PlanRunner>(_ classID: _EventClass, _ plans: Plans) -> _DirectEntry
    where Plans.StateID == StateID, Plans.Event == Event, Plans.Context == Context {
        assert(leafRow.isDirectRow && status == .running && hasNoPendingExternalEvents, "leafRow out of date")
        return plans.directTable(of: chart).entry(at: leafRow, class: classID)
    }

    /// The direct stage: what `entry`, the direct table's entry for the active leaf (``leafRow``,
    /// a direct row) and the event's class, decides alone: the result, or `nil` when it says
    /// `slow` (nothing has happened then). A direct plan's actions cannot reach the outbox and
    /// nothing follows them: the macrostep is over when they return, so `currentEvent` is not
    /// even set.
    @inlinable @inline(__always)
    mutating func sendByDirectEntry<Plans: _PlanRunner>(_ entry: _DirectEntry, _ event: Event, _ plans: Plans) -> SendResult?
    where Plans.StateID == StateID, Plans.Event == Event, Plans.Context == Context {
        let tables = self.tables
        let from = leafRow
        // The leaf is set before the actions run: no action can see it, and the next event's
        // lookup need not wait.
        let rowShift = tables.direct.rowShift
        /// The result of taking candidate `c` from `from` to the entry's row.
        @inline(__always) func taken(_ c: _CandidateIndex) -> SendResult {
            SendResult(outcome: .transitioned, transition: tables.candidates.transition[c],
                       fromLeaf: from.directLeaf(rowShift: rowShift), toLeaf: entry.row.directLeaf(rowShift: rowShift))
        }
        switch _DirectWay(entry, runsSingleActions: Plans.runsSingleActions) {
        case .singleAction(let action, let c):
            moveToEntryRow(entry.row)
            action.run(&context)
            return taken(c)
        case .contextOnlyLoop(let c):
            moveToEntryRow(entry.row)
            // Every action takes only the context: no dispatch on the closure form.
            plans.runDirectPlan(c, event, contextOnly: true, on: &self)
            return taken(c)
        case .dispatchingLoop(let c):
            moveToEntryRow(entry.row)
            plans.runDirectPlan(c, event, contextOnly: false, on: &self)
            return taken(c)
        case .ignored:
            let leaf = from.directLeaf(rowShift: rowShift)
            return SendResult(outcome: .ignored, transition: .none, fromLeaf: leaf, toLeaf: leaf)
        case .candidateStage:
            return nil
        }
    }

    /// A sending entry (``_DirectEntry/sending(_:row:)``, on a direct row): candidate `c`'s plan,
    /// taken as the direct stage takes a plan, then what its actions asked of the outbox
    /// (``finishAfterStep(_:_:eventless:)``). Here rather than in the direct stage, which is inlined
    /// into every `send`: one more kind there cost a compiled chart's W1 six instructions an event.
    @inlinable @inline(__always)
    mutating func sendBySendingEntry<Plans: _PlanRunner>(_ c: _CandidateIndex, _ entry: _DirectEntry, _ event: Event,
                                                         _ plans: Plans) -> SendResult
    where Plans.StateID == StateID, Plans.Event == Event, Plans.Context == Context {
        let tables = self.tables
        let rowShift = tables.direct.rowShift
        let from = leafRow.directLeaf(rowShift: rowShift)
        moveToEntryRow(entry.row)
        plans.runDirectPlan(c, event, contextOnly: false, on: &self)
        let taken = SendResult(outcome: .transitioned, transition: tables.candidates.transition[c],
                               fromLeaf: from, toLeaf: entry.row.directLeaf(rowShift: rowShift))
        // Nothing eventless follows a direct candidate: its new leaf has none on its path.
        return finishAfterStep(event, taken, eventless: false)
    }

    /// What the direct table leaves on the single path: guards, plans whose actions may raise,
    /// send or cancel (sending entries), plans followed by eventless transitions, and history. `entry`: the slow direct entry
    /// the direct stage read (``directEntry(_:_:)``), or ``_DirectEntry/slow`` where none was
    /// read (the leaf row is not direct). Inlined, but only to call
    /// ``sendByCandidatePlanOutOfLine(_:_:after:_:)``, which does the work out of line, so that
    /// `send` stays small.
    @inlinable @inline(__always)
    mutating func sendByCandidatePlan<Plans: _PlanRunner>(_ event: Event, _ classID: _EventClass, after entry: _DirectEntry,
                                                          _ plans: Plans) -> SendResult
    where Plans.StateID == StateID, Plans.Event == Event, Plans.Context == Context {
        sendByCandidatePlanOutOfLine(event, classID, after: entry, plans).take()
    }

    /// ``sendByCandidatePlan(_:_:after:_:)``, out of line, its result crossing back as a
    /// ``_CrossingResult``.
    @inlinable @inline(never)
    mutating func sendByCandidatePlanOutOfLine<Plans: _PlanRunner>(_ event: Event, _ classID: _EventClass, after entry: _DirectEntry,
                                                                   _ plans: Plans) -> _CrossingResult
    where Plans.StateID == StateID, Plans.Event == Event, Plans.Context == Context {
        _CrossingResult(sendByCandidateStage(event, classID, after: entry, plans))
    }

    /// The candidate stage itself.
    @inlinable @inline(__always)
    mutating func sendByCandidateStage<Plans: _PlanRunner>(_ event: Event, _ classID: _EventClass, after entry: _DirectEntry,
                                                           _ plans: Plans) -> SendResult
    where Plans.StateID == StateID, Plans.Event == Event, Plans.Context == Context {
        // A slow direct entry may name a candidate to take without selecting it (here, not in
        // `send`'s inlined front, for which every slow kind is one). The table runtime's common
        // guarded shape reads one row (a compiled chart's `send` takes guarded entries in its
        // front, with its generated guard and plan).
        switch candidateWay(after: entry, runsSingleActions: Plans.runsSingleActions) {
        case .guardedStep(let step, let contextGuard):
            return sendByGuardedStep(step, contextGuard)
        case .guardedEntry(let c):
            return sendByGuardedEntry(c, event, plans)
        case .historyEntry(let c):
            if let result = sendByHistoryEntry(c, event, from: leafRow, plans) { return result }
        case .sendingEntry(let c):
            return sendBySendingEntry(c, entry, event, plans)
        case .selection:
            break
        }
        let from = leaf
        currentEvent = event
        return takeSelected(firstEnabledCandidate(of: from, classID, plans), from: from, event, plans)
    }

    /// A guarded direct entry (``_DirectEntry/guarded(_:)``): the guard of the row's one
    /// candidate `c`, then its plan as the direct stage runs one, or the event ignored. Such a
    /// guard cannot reach the outbox, so nothing is queued after it.
    @inlinable @inline(__always)
    mutating func sendByGuardedEntry<Plans: _PlanRunner>(_ c: _CandidateIndex, _ event: Event, _ plans: Plans) -> SendResult
    where Plans.StateID == StateID, Plans.Event == Event, Plans.Context == Context {
        let tables = self.tables
        let t = tables.candidates.transition[c]
        let rowShift = tables.direct.rowShift
        let leaf = leafRow.directLeaf(rowShift: rowShift)
        guard plans.evaluateGuard(t, event, on: &self) else {
            return SendResult(outcome: .ignored, transition: .none, fromLeaf: leaf, toLeaf: leaf)
        }
        // As the direct stage takes a plan (no action reaches the outbox, nothing follows): the
        // new leaf row first (the history fields the row carries go on), then the actions, which
        // cannot see it.
        let to = tables.candidates.leaf[c]
        moveDirectRow(to: to, from: leaf, rowShift: rowShift)
        plans.runDirectPlan(c, event, contextOnly: false, on: &self)
        return SendResult(outcome: .transitioned, transition: t, fromLeaf: leaf, toLeaf: to)
    }

    /// A guarded direct entry of the common shape (``_GuardedStep``): its context-only guard,
    /// then the new leaf row and the plan's one context-only action, or the event ignored. What
    /// ``sendByGuardedEntry(_:_:_:)`` does, read from `step` alone (a row of the chart's tables).
    @inlinable @inline(__always)
    mutating func sendByGuardedStep(_ step: UnsafePointer<_GuardedStep>, _ contextGuard: _ContextGuardRef) -> SendResult {
        let from = step.pointee.fromLeaf
        guard contextGuard.evaluate(context) else {
            return SendResult(outcome: .ignored, transition: .none, fromLeaf: from, toLeaf: from)
        }
        moveDirectRow(by: step.pointee.rowDelta)
        step.pointee.action?.run(&context)
        return SendResult(outcome: .transitioned, transition: step.pointee.transition, fromLeaf: from, toLeaf: step.pointee.toLeaf)
    }

    /// The candidate stage's step for candidate `selected` (`nil`: none is enabled) from atomic
    /// state `from`, with the current event set, and the rest of the macrostep.
    @inlinable @inline(__always)
    mutating func takeSelected<Plans: _PlanRunner>(_ selected: _CandidateIndex?, from: _StateIndex, _ event: Event, _ plans: Plans) -> SendResult
    where Plans.StateID == StateID, Plans.Event == Event, Plans.Context == Context {
        let tables = self.tables
        var observer = _NoObserver<StateID, Event>()
        if var c = selected {
            var flags = tables.candidates.flags[c]
            // A general step or history: one test on the common path.
            if !flags.isNoneOrCompletion {
                if flags.restoresHistory {
                    c = historyVariant(of: c)
                    flags = tables.candidates.flags[c]
                }
                if flags.needsGeneralStep { return takeStepwise(tables.candidates.transition[c], from: from, event, &observer) }
                if flags.recordsHistory { recordHistory(by: c) }
            }
            let t = tables.candidates.transition[c]
            plans.runPlan(c, on: &self)
            leaf = tables.candidates.leaf[c]
            if !flags.needsCompletion && outbox.internalQueue.isEmpty && hasNoPendingExternalEvents {
                return SendResult(outcome: .transitioned, transition: t, fromLeaf: from, toLeaf: leaf)
            }
            var log = _StepLog()
            log.transitions.append(t)
            return completeMacrostep(event, from: from, &log, &observer)
        }
        if !tables.states.eventlessOnPath[from] && outbox.internalQueue.isEmpty && hasNoPendingExternalEvents {
            return SendResult(outcome: .ignored, transition: .none, fromLeaf: from, toLeaf: from)
        }
        var log = _StepLog()
        return completeMacrostep(event, from: from, &log, &observer)
    }

    /// The first enabled candidate (an index into the candidate table) of atomic state `state`
    /// for event class `classID`, with guards evaluated by `plans`. Requires the candidate table.
    @inlinable @inline(__always)
    mutating func firstEnabledCandidate<Plans: _PlanRunner>(of state: _StateIndex, _ classID: _EventClass, _ plans: Plans) -> _CandidateIndex?
    where Plans.StateID == StateID, Plans.Event == Event, Plans.Context == Context {
        let tables = self.tables
        let candidates = tables.candidates.candidates(of: state, classID)
        var c = candidates.lowerBound
        while c < candidates.upperBound {
            let t = tables.candidates.transition[c]
            if tables.transitions.isConditionFree[t] || isEnabled(t, plans) { return c }
            c = c.next
        }
        return nil
    }

    /// `isEnabled`, with the guard evaluated by `plans`.
    @inlinable @inline(__always)
    mutating func isEnabled<Plans: _PlanRunner>(_ t: _TransitionIndex, _ plans: Plans) -> Bool
    where Plans.StateID == StateID, Plans.Event == Event, Plans.Context == Context {
        let tables = self.tables
        for s in tables.transitions.required[t] where !isActive(index: s) { return false }
        return plans.evaluateGuard(t, on: &self)
    }
}
