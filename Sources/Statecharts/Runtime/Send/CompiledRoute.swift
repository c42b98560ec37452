// The compiled route: the single-path route of a compiled chart (StatechartsCompiled), whose
// plans are code generated at build time rather than lists of action boxes. The transition
// lookup is the same table lookup as `SinglePathRoute.swift`: one load from the direct table, or
// the candidate table and the guards. Only running a plan differs: `Plans._runPlan` switches on
// the plan's number and runs its exit, transition and entry actions as straight-line code with
// the user's bodies inlined; guards are `Plans._evaluateGuard`, also generated. Everything else
// (observers, parallel regions, history, raised and sent events, eventless follow-ups,
// invocations) is the ordinary `take`, running the chart's action boxes, which hold the same
// bodies.

/// Generated code that runs a compiled chart's plans and evaluates its guards (written by the
/// `@CompiledStatechart` macro of StatechartsCompiled). Not for use elsewhere: public, and not
/// SPI, only because StatechartsCompiled's `send` is inlined into its users' code.
public protocol _GeneratedPlans {
    associatedtype Event: StatechartEvent
    associatedtype Context

    /// Runs plan `plan` (an index into the plans the code was generated for).
    static func _runPlan(_ plan: Int32, _ context: inout Context, _ event: Event?, _ outbox: inout Outbox<Event>)

    /// Evaluates the guard of transition `transition` (`true` when it has none).
    static func _evaluateGuard(_ transition: Int32, _ context: Context, _ event: Event?, _ outbox: inout Outbox<Event>) -> Bool
}

extension StatechartInstance {
    /// Sends an event through the compiled route: `planOf[c]` is the generated plan of
    /// candidate `c` (checked against the chart when the compiled chart was made, see
    /// ``Statechart/_planIndices(matching:)``), for every candidate that has a single-path plan.
    /// Not for use outside StatechartsCompiled (see ``_GeneratedPlans``).
    @inlinable @inline(__always)
    public mutating func _sendCompiled<Plans: _GeneratedPlans>(
        _ event: Event, by _: Plans.Type, planOf: UnsafePointer<Int32>
    ) -> SendResult where Plans.Event == Event, Plans.Context == Context {
        let classID: Int32
        if Event._namesMayBeTags && leafRow.isDirectRow {
            classID = Statechart<StateID, Event, Context>.tag(of: event.name)
        } else if chart.exactMatching {
            classID = chart.eventClass(ofName: event.name)
        } else {
            return sendOutOfLine(event, chart.resolve(event))
        }
        if leafRow.isDirectRow, let result = sendByCompiledDirectEntry(event, classID, Plans.self, planOf) {
            return result
        }
        if route(for: .exact(classID), observedBy: _NoObserver<StateID, Event>.self) == .singlePath {
            return sendByCompiledCandidatePlan(event, classID, Plans.self, planOf)
        }
        var observer = _NoObserver<StateID, Event>()
        return take(event, .exact(classID), &observer)
    }

    /// The direct table's answer, as `sendByDirectEntry` gives it, with the plan run by the
    /// generated code; `nil` when the table does not decide the event alone.
    @inlinable @inline(__always)
    mutating func sendByCompiledDirectEntry<Plans: _GeneratedPlans>(
        _ event: Event, _ classID: Int32, _: Plans.Type, _ planOf: UnsafePointer<Int32>
    ) -> SendResult? where Plans.Event == Event, Plans.Context == Context {
        unowned(unsafe) let tables = chart.tables
        let from = leafRow
        let entry = chart.direct.entry(at: from, class: classID)
        let c: Int32
        switch entry.kind {
        case .contextOnly(let candidate), .withEvent(let candidate):
            c = candidate
        case .ignored:
            let leaf = from.directLeaf(rowShift: tables.direct.rowShift)
            return SendResult(outcome: .ignored, transition: -1, fromLeaf: leaf, toLeaf: leaf)
        case .slow:
            return nil
        }
        leafRow = entry.row
        // A direct plan's actions never reach the outbox (the compiler checks), so nothing is
        // left to carry out after them.
        Plans._runPlan(planOf[Int(c)], &context, event, &outbox)
        let rowShift = tables.direct.rowShift
        return SendResult(outcome: .transitioned, transition: tables.candidates.transition[c],
                          fromLeaf: from.directLeaf(rowShift: rowShift), toLeaf: entry.row.directLeaf(rowShift: rowShift))
    }

    /// `sendByCandidatePlan` with generated guards and plans. Out of line, so that `send` stays small.
    @inlinable @inline(never)
    mutating func sendByCompiledCandidatePlan<Plans: _GeneratedPlans>(
        _ event: Event, _ classID: Int32, _: Plans.Type, _ planOf: UnsafePointer<Int32>
    ) -> SendResult where Plans.Event == Event, Plans.Context == Context {
        defer { refreshLeafRow() }
        unowned(unsafe) let tables = chart.tables
        let from = leaf
        currentEvent = event
        var observer = _NoObserver<StateID, Event>()
        let c = firstEnabledCompiledCandidate(of: from, classID, Plans.self)
        if c >= 0 {
            let flags = tables.candidates.flags[c]
            let t = tables.candidates.transition[c]
            if flags.needsGeneralStep { return takeStepwise(t, from: from, event, &observer) }
            Plans._runPlan(planOf[Int(c)], &context, currentEvent, &outbox)
            if !outbox.requests.isEmpty { carryOutRequests() }
            leaf = tables.candidates.leaf[c]
            if flags.isNone && outbox.internalQueue.isEmpty && hasNoPendingExternalEvents {
                return SendResult(outcome: .transitioned, transition: t, fromLeaf: from, toLeaf: leaf)
            }
            var log = _StepLog()
            log.transitions.append(t)
            return completeMacrostep(event, from: from, &log, &observer)
        }
        if !tables.states.eventlessOnPath[from] && outbox.internalQueue.isEmpty && hasNoPendingExternalEvents {
            return SendResult(outcome: .ignored, transition: -1, fromLeaf: from, toLeaf: from)
        }
        var log = _StepLog()
        return completeMacrostep(event, from: from, &log, &observer)
    }

    /// `firstEnabledCandidate` with the generated guards.
    @inlinable @inline(__always)
    mutating func firstEnabledCompiledCandidate<Plans: _GeneratedPlans>(
        of state: Int32, _ classID: Int32, _: Plans.Type
    ) -> Int32 where Plans.Event == Event, Plans.Context == Context {
        unowned(unsafe) let tables = chart.tables
        let row = Int(state) &* tables.candidates.classCount &+ Int(classID)
        var c = tables.candidates.start[row]
        let end = tables.candidates.start[row &+ 1]
        while c < end {
            let t = tables.candidates.transition[c]
            if tables.transitions.isConditionFree[t] || isEnabledCompiled(t, Plans.self) { return c }
            c &+= 1
        }
        return -1
    }

    /// `isEnabled` with the generated guard: the `whenIn` states are active and the guard holds.
    @inlinable @inline(__always)
    mutating func isEnabledCompiled<Plans: _GeneratedPlans>(_ t: Int32, _: Plans.Type) -> Bool
    where Plans.Event == Event, Plans.Context == Context {
        unowned(unsafe) let tables = chart.tables
        var r = tables.transitions.requiredStart[t]
        let end = tables.transitions.requiredStart[t + 1]
        while r < end {
            if !isActive(index: tables.transitions.required[r]) { return false }
            r += 1
        }
        return Plans._evaluateGuard(t, context, currentEvent, &outbox)
    }
}
