// Every decision `send` makes, and nothing else: the route (`route(for:observedBy:)`, which
// `take` switches over, in StatechartInstance+Send.swift), then the decisions inside the routes,
// each one function that its route switches over, and the probe that names the way a send would
// take by composing them in the order `take` meets them (`_way(of:)`: read it to know which way
// a send takes, and why; the route-coverage test counts the ways over the random charts). The
// compiled runtime's front decides in `_CompiledSending.send(_:by:)` (CompiledFront.swift), then
// calls the same routes. HowSendWorks.md lists every way.
//
// May not: run an action or change the instance: every function here only reads.

/// The ways `send` takes one external event, decided in one place,
/// ``StatechartInstance/route(for:observedBy:)``. Every route gives the same results as
/// `general` (the lockstep tests check that); the others are faster where they apply. The
/// decisions inside the routes follow in this file, which names every way (``_SendWay``).
@usableFromInline
internal enum _SendRoute {
    /// The instance has not started, has finished or has stopped: the event is not processed.
    case notRunning
    /// A single path is active and nobody observes: the precomputed plan of the first enabled
    /// candidate (SinglePathRoute.swift), run by the table's action slots or, for a compiled
    /// chart, by its generated code (PlanRunners.swift).
    case singlePath
    /// Parallel states are active and nobody observes: region-local plans, several at once
    /// (RegionsRoute.swift); anything else hands over to `general` before anything happened.
    case regions
    /// `regions`, with the instance running and nothing queued in a chart with joint steps (the
    /// leaf row a joint row): the configuration's joint step when the region bits decide
    /// (RegionsRoute.swift), else the region plans.
    case joint
    /// A single path is active, but an observer watches or no candidate table exists: the
    /// transition is taken step by step, with its plan when it has one (StepwiseRoute.swift).
    case stepwise
    /// SCXML's algorithm over the configuration as a set (GeneralRoute.swift).
    case general
}

/// How the direct stage (``StatechartInstance/sendByDirectEntry(_:_:_:)``) takes a direct entry,
/// decided by ``init(_:runsSingleActions:)`` alone.
///
/// `singleAction` and `contextOnlyLoop` (and, for plans of context-only actions,
/// `dispatchingLoop`) differ only by where the actions are called from: the compiler spreads
/// alternating transitions over them so that the indirect-branch predictor keeps each call's
/// targets apart (W1 and W3 of `make bench` need it: docs/benchmarks.md, "Call sites and the
/// indirect-branch predictor").
@usableFromInline
internal enum _DirectWay {
    /// The plan is one context-only action whose box the entry holds: called by `send` itself
    /// (the table runtime only; a compiled chart's plans are its generated code).
    case singleAction(_ContextActionRef, _CandidateIndex)
    /// The plan, in the loop that calls each action with the context alone.
    case contextOnlyLoop(_CandidateIndex)
    /// The plan, in the loop that dispatches on each action's form.
    case dispatchingLoop(_CandidateIndex)
    /// The event is ignored.
    case ignored
    /// Nothing the direct stage takes alone: the candidate stage decides (``_CandidateWay``).
    case candidateStage

    /// The way for `entry`; `runsSingleActions`: whether the plan runner calls a single
    /// context-only action itself (``_PlanRunner/runsSingleActions``).
    @inlinable @inline(__always)
    init(_ entry: _DirectEntry, runsSingleActions: Bool) {
        // The common case first, with one test: a plan of one action on the context.
        if runsSingleActions, let (action, c) = entry.singleAction {
            self = .singleAction(action, c)
            return
        }
        switch entry.kind {
        case .contextOnly(let c): self = .contextOnlyLoop(c)
        case .dispatching(let c): self = .dispatchingLoop(c)
        case .ignored: self = .ignored
        case .slow, .guarded, .named, .sending: self = .candidateStage
        }
    }
}

/// How the candidate stage (``StatechartInstance/sendByCandidateStage(_:_:after:_:)``) starts,
/// after the direct entry it was handed, decided by
/// ``StatechartInstance/candidateWay(after:runsSingleActions:)``.
@usableFromInline
internal enum _CandidateWay {
    /// A guarded entry of the common shape (context-only guard, at most one context-only
    /// action), read from one row of the chart's tables (the table runtime only).
    case guardedStep(UnsafePointer<_GuardedStep>, _ContextGuardRef)
    /// A guarded entry of any other shape: its guard through the plan runner, then its plan.
    case guardedEntry(_CandidateIndex)
    /// A named entry: the candidate records or restores history and is taken without selection
    /// (by selection after all when the variant the memory gives needs more than its plan).
    case historyEntry(_CandidateIndex)
    /// A sending entry: the candidate's plan, whose actions may raise, send or cancel events,
    /// then what they asked of the outbox (``StatechartInstance/finishAfterStep(_:_:eventless:)``).
    case sendingEntry(_CandidateIndex)
    /// SCXML's selection: the first enabled candidate of the leaf, then the rest of the
    /// macrostep.
    case selection
}

/// Every way a plain `send` on the table runtime can go, as ``StatechartInstance/_way(of:)``
/// names it before the send: the route (``_SendRoute``) and, inside the single-path, joint and
/// regions routes, the decisions above. For the route-coverage test; not supported API.
@_spi(Testing)
public enum _SendWay: String, CaseIterable, Sendable {
    /// The instance has not started, has finished or has stopped: nothing happens.
    case notRunning
    /// Single path, direct entry: the plan's one context-only action, called by `send` itself.
    case directSingleAction
    /// Single path, direct entry: the plan in the loop that calls each action with the context.
    case directContextOnlyLoop
    /// Single path, direct entry: the plan in the loop that dispatches on each action's form.
    case directDispatchingLoop
    /// Single path, direct entry: the event is ignored.
    case directIgnored
    /// Single path, guarded entry of the common shape: one row's guard, move and action.
    case guardedStep
    /// Single path, any other guarded entry: the guard through the plan runner, then the plan.
    case guardedEntry
    /// Single path, named entry: the history variant the memory gives, taken without selection.
    case historyEntry
    /// Single path, sending entry: the plan, then what its actions asked of the outbox.
    case sendingEntry
    /// Single path: selection over the leaf's candidates, then the rest of the macrostep.
    case candidateSelection
    /// Joint row: the picks of the configuration's joint step, taken together.
    case jointStep
    /// Joint row: the event is ignored.
    case jointIgnored
    /// Joint row: no transition is enabled, but an active state has eventless transitions: the
    /// rest of the macrostep.
    case jointIgnoredFinishing
    /// Joint row whose entry the region bits do not decide: the region plans.
    case jointToRegionPlans
    /// Regions route, bits stage: up to four region-local direct candidates.
    case regionBits
    /// Regions route, plans stage: selection by guards, region-local picks by their plans.
    case regionPlans
    /// Single path with an observer or without a candidate table: one transition at a time.
    case stepwise
    /// SCXML's algorithm over the configuration as a set.
    case general
}

extension StatechartInstance {
    /// Which route takes an event resolved as `resolved` now, for an observer of type `Observer`.
    /// The fast routes need an observer that ignores everything (they do not report each state
    /// entered and exited) and an exactly matched event class (no descriptor mask).
    @inlinable @inline(__always)
    func route<Observer: StatechartObserver>(for resolved: _ResolvedEvent, observedBy _: Observer.Type) -> _SendRoute {
        let byPlans = Observer._ignoresEverything && resolved.isExact
        assert(leafRow == leafRowEncoding(of: leaf), "leafRow out of date: a writer of the status or the extras skipped it")
        // A direct row alone says: running, a single path, nothing queued, a direct table.
        if byPlans && leafRow.isDirectRow { return .singlePath }
        // A joint row alone says: running, a set, nothing queued, no children, joint steps.
        if byPlans && leafRow.isJointRow { return .joint }
        guard status == .running else { return .notRunning }
        // Invoked children take turns after each event, and may have it forwarded: the general route.
        if let extras, !extras.value.family.isEmpty { return .general }
        let tables = self.tables
        let candidatesApply = byPlans && tables.candidates.exists
        if leaf != .none { return candidatesApply ? .singlePath : .stepwise }
        return candidatesApply ? .regions : .general
    }

    /// The candidate stage's way after direct entry `entry` (``_DirectEntry/slow`` where the
    /// leaf row is not direct).
    @inlinable @inline(__always)
    func candidateWay(after entry: _DirectEntry, runsSingleActions: Bool) -> _CandidateWay {
        // The entry's `guarded` and `named` kinds, each in two comparisons (what `kind` says).
        if let c = entry.guardedCandidate {
            if runsSingleActions {
                let step = UnsafePointer(tables.direct.guardedSteps.address(offset: c.offset))
                if let contextGuard = step.pointee.contextGuard { return .guardedStep(step, contextGuard) }
            }
            return .guardedEntry(c)
        }
        if let c = entry.namedCandidate { return .historyEntry(c) }
        if let c = entry.sendingCandidate { return .sendingEntry(c) }
        return .selection
    }

    /// Whether the regions route starts with the region bits (charts of at most 64 states,
    /// nothing pending), else with the region plans.
    @inlinable @inline(__always)
    var regionsStartWithBits: Bool { tables.regions.exists && hasNoPendingExternalEvents }

    /// The way `send(event)` would take now, from the same decisions `take` makes: for the
    /// route-coverage test (PropertyTests), which counts the ways over the random charts. Not
    /// supported API.
    @_spi(Testing)
    public func _way(of event: Event) -> _SendWay {
        // The class as `send(_:)` resolves it.
        let resolved = exactClass(of: event).map { _ResolvedEvent.exact($0) } ?? chart.resolve(event)
        let classID = resolved.classID
        switch route(for: resolved, observedBy: _NoObserver<StateID, Event>.self) {
        case .notRunning:
            return .notRunning
        case .singlePath:
            var entry = _DirectEntry.slow
            if leafRow.isDirectRow {
                entry = directEntry(classID, _TablePlans<StateID, Event, Context>())
                switch _DirectWay(entry, runsSingleActions: true) {
                case .singleAction: return .directSingleAction
                case .contextOnlyLoop: return .directContextOnlyLoop
                case .dispatchingLoop: return .directDispatchingLoop
                case .ignored: return .directIgnored
                case .candidateStage: break
                }
            }
            switch candidateWay(after: entry, runsSingleActions: true) {
            case .guardedStep: return .guardedStep
            case .guardedEntry: return .guardedEntry
            case .historyEntry: return .historyEntry
            case .sendingEntry: return .sendingEntry
            case .selection: return .candidateSelection
            }
        case .joint:
            switch tables.joints.entry(at: leafRow, class: classID).decision {
            case .joint, .finishingJoint: return .jointStep
            case .ignoredFinishing: return .jointIgnoredFinishing
            case .ignored: return .jointIgnored
            case .slow: return .jointToRegionPlans
            }
        case .regions:
            return regionsStartWithBits && regionBitsStep(activeSet.first, classID) != nil ? .regionBits : .regionPlans
        case .stepwise:
            return .stepwise
        case .general:
            return .general
        }
    }
}
