// The tables a compiled chart adds to its plain chart's: its plan and joint-step maps, owned here,
// beside the chart's direct table, which the generated code's `send` reads through
// `_CompiledSendTables` (Runtime/Send/PlanRunners.swift).

/// The tables behind a compiled chart's ``_CompiledSendTables``: its plan and joint-step maps,
/// allocated in storage of their own (a ``_TableStorage``, freed with this object), and the
/// chart, whose direct table the send tables point into. The compiled chart keeps one. Not for
/// use outside StatechartsCompiled.
@_spi(CompiledCharts)
public final class _CompiledPlanTables: @unchecked Sendable {
    /// What a compiled instance of the chart reads in `send`; valid while this object lives.
    public let sendTables: _CompiledSendTables
    /// Owns `planOf` and `jointOf`.
    private let storage = _TableStorage()
    /// Keeps the direct table alive.
    private let chart: AnyObject

    /// The send tables of `chart` with `planOf`, the compiled chart's plan of each candidate
    /// (``_GeneratedPlan/none`` for none), and `jointOf`, its joint step of each of the chart's.
    public convenience init<StateID, Event, Context>(chart: Statechart<StateID, Event, Context>, planOf: [_GeneratedPlan],
                                                     jointOf: [_GeneratedJoint]) {
        self.init(direct: chart.direct, owner: chart, planOf: planOf, jointOf: jointOf)
    }

    // Not generic: Embedded Swift allows no generic designated initializer in a class.
    init(direct: _DirectTableHandle, owner: AnyObject, planOf: [_GeneratedPlan], jointOf: [_GeneratedJoint]) {
        // At least one element each, so that the pointers are never to empty storage.
        let plans: _Table<_CandidateIndex, _GeneratedPlan> = storage.table(planOf.isEmpty ? [.none] : planOf)
        let joints: _Table<_JointIndex, _GeneratedJoint> = storage.table(jointOf.isEmpty ? [_GeneratedJoint(rawValue: -1)] : jointOf)
        sendTables = _CompiledSendTables(planOf: UnsafePointer(plans.base), direct: direct, jointOf: UnsafePointer(joints.base))
        self.chart = owner
    }
}
