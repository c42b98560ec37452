// What compiled charts (the StatechartsCompiled library and its `@CompiledStatechart` macro) read
// from a compiled chart, as SPI: the single-path plans the compiler lowered (which actions each
// runs, in order; ``_CompiledPlan``), the transitions with guards, and the map from the candidate
// table to a list of plans generated elsewhere. The macro reads them from a twin of the chart at
// build time to generate code; the library reads them from the real chart to check that the code
// fits it.

extension Statechart {
    /// The plans of the candidate table, one per (atomic state, transition) that has a
    /// single-path plan, in candidate order (state by state, then event class). Empty when the
    /// chart has no candidate table.
    @_spi(CompiledCharts)
    public var _singlePathPlans: [_CompiledPlan] {
        var plans: [_CompiledPlan] = []
        forEachDistinctCandidatePlan { _, plan in plans.append(plan) }
        return plans
    }

    /// Whether a slow entry of the direct table may name a candidate the candidate stage takes
    /// without selecting it (``_DirectEntry/named(_:)``: guarded or history candidates): the
    /// compiled `send` then carries the entry it read out of its front even for names that are
    /// tags, so that it is read once (see `_GeneratedPlans._hasNamedDirectEntries`).
    @_spi(CompiledCharts)
    public var _hasNamedDirectEntries: Bool { _namedDirectEntries > 0 }

    /// Whether the chart has joint steps (``_JointTables``): the compiled `send` then takes them
    /// in its inlined front (see `_GeneratedPlans._hasJointSteps`).
    @_spi(CompiledCharts)
    public var _hasJointSteps: Bool { tables.joints.exists }

    /// For each plan of ``_singlePathPlans``, in the same order, how its actions split into the
    /// microstep's phases.
    @_spi(CompiledCharts)
    public var _singlePathPlanPhases: [_CompiledPlanPhases] {
        var phases: [_CompiledPlanPhases] = []
        forEachDistinctCandidatePlan { c, plan in
            let p = tables.candidates.plans[c]
            var insideParallel = false
            var s = tables.tree.parent[_StateIndex(rawValue: plan.leaf)]
            while s != .none && !insideParallel {
                insideParallel = tables.tree.isParallel(s)
                s = tables.tree.parent[s]
            }
            phases.append(_CompiledPlanPhases(exitCount: p.actions(of: .exit).count,
                                              transitionCount: p.actions(of: .transition).count,
                                              insideParallel: insideParallel))
        }
        return phases
    }

    /// Calls `body` with the first candidate of each distinct single-path plan and that plan.
    func forEachDistinctCandidatePlan(_ body: (_CandidateIndex, _CompiledPlan) -> Void) {
        var seen = Set<_CompiledPlan>()
        forEachCandidatePlan { c, plan in
            if seen.insert(plan).inserted { body(c, plan) }
        }
    }

    /// The name of every action, by index in the compiler's numbering (see ``_CompiledPlan``).
    @_spi(CompiledCharts)
    public var _actionNames: [String?] {
        actions.indices.map { actions[$0].name }
    }

    /// The transitions that have a guard, in transition order.
    @_spi(CompiledCharts)
    public var _guardedTransitions: [TransitionID] {
        guards.indices.filter { guards[$0] != nil }.map(TransitionID.init)
    }

    /// The name of transition `transition`'s guard (`nil` without a guard or a name).
    @_spi(CompiledCharts)
    public func _guardName(of transition: TransitionID) -> String? {
        let t = transition.index
        guard guards.indices.contains(t) else { return nil }
        return guards[t]?.name
    }

    /// The number of states (the root included) and of transitions (pseudo-transitions
    /// included), for a quick check that generated code was made for a chart of this shape.
    @_spi(CompiledCharts)
    public var _shape: (states: Int, transitions: Int) { (tables.stateCount, tables.transitions.count) }

    /// For each candidate of the candidate table, the plan in `plans` it runs, or
    /// ``_GeneratedPlan/none`` when it has no single-path plan. `nil` when a candidate with a plan finds none in `plans`
    /// with the same leaf, transition and actions: the plans were made for another chart.
    @_spi(CompiledCharts)
    public func _planIndices(matching plans: [_CompiledPlan]) -> [_GeneratedPlan]? {
        var indexOf: [_CompiledPlan: _GeneratedPlan] = [:]
        for (i, plan) in plans.enumerated() where indexOf[plan] == nil {
            indexOf[plan] = _GeneratedPlan(position: i)
        }
        var result = Array(repeating: _GeneratedPlan.none, count: tables.candidates.transition.count)
        var complete = true
        forEachCandidatePlan { c, plan in
            if let i = indexOf[plan] { result[c] = i } else { complete = false }
        }
        return complete ? result : nil
    }

    /// Calls `body` with each candidate that has a single-path plan, and that plan; a candidate
    /// entering through history, with each of its variants that has one.
    func forEachCandidatePlan(_ body: (_CandidateIndex, _CompiledPlan) -> Void) {
        guard tables.candidates.exists else { return }
        // A plan's slots point to the boxes of the chart's actions: the first action with a box
        // is the action (an action used twice shares its box, and so its body).
        var actionOfBox: [UnsafeRawPointer: _ActionIndex] = [:]
        for a in tables.slots.actions.indices where actionOfBox[tables.slots.actions[a].box] == nil {
            actionOfBox[tables.slots.actions[a].box] = a
        }
        for s in tables.tree.parent.indices {
            for cls in _EventClass.all(tables.candidates.classCount) {
                for candidate in tables.candidates.candidates(of: s, cls) {
                    // A candidate entering through history runs the plan of one of its variants.
                    var planned = candidate..<candidate.next
                    if tables.candidates.flags[candidate].restoresHistory {
                        let restore = tables.history.restores[candidate][0]
                        planned = restore.variants
                    }
                    for c in planned where !tables.candidates.flags[c].needsGeneralStep {
                        let actions = tables.candidates.plans[c].actions.map {
                            actionOfBox[tables.candidates.actionSlots[$0].box]?.rawValue ?? -1
                        }
                        body(c, _CompiledPlan(leaf: s.rawValue, transition: tables.candidates.transition[c].rawValue, actions: actions))
                    }
                }
            }
        }
    }
}

extension Statechart {
    /// For each of the chart's joint steps (several region-local plans the regions route takes
    /// together, see ``_JointTables``), in the chart's joint numbering, the plans of its picks in
    /// pick order, where `planOf[c]` is candidate `c`'s plan (as ``_planIndices(matching:)``
    /// gives it); ``_GeneratedPlan/none`` for a pick `planOf` does not cover. Empty without joint
    /// steps.
    @_spi(CompiledCharts)
    public func _jointPlanLists(planOf: [_GeneratedPlan]) -> [[_GeneratedPlan]] {
        tables.joints.pickLists.map { picks in picks.map { c in c.offset < planOf.count ? planOf[c] : .none } }
    }

    /// For each of the chart's joint steps, the index in `lists` of the list with the same plans
    /// (see ``_jointPlanLists(planOf:)``); `nil` when one has none: the lists were made for
    /// another chart.
    @_spi(CompiledCharts)
    public func _jointIndices(planOf: [_GeneratedPlan], matching lists: [[_GeneratedPlan]]) -> [_GeneratedJoint]? {
        var indexOf: [[_GeneratedPlan]: _GeneratedJoint] = [:]
        for (i, list) in lists.enumerated() where indexOf[list] == nil {
            indexOf[list] = _GeneratedJoint(position: i)
        }
        var result: [_GeneratedJoint] = []
        for list in _jointPlanLists(planOf: planOf) {
            guard let i = indexOf[list] else { return nil }
            result.append(i)
        }
        return result
    }
}
