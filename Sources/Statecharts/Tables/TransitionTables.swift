/// Every transition's columns, numbered state by state in document order and followed by the
/// pseudo-transitions (initial transitions, history defaults): source, trigger, targets,
/// `whenIn` states, actions, the static domain and the single-path plan.
@usableFromInline
internal struct _TransitionTables: @unchecked Sendable {
    @usableFromInline let count: Int
    @usableFromInline let source: _Table<Int32>
    /// ``_TriggerKind`` raw values.
    @usableFromInline let triggerKind: _Table<UInt8>
    @usableFromInline let isInternal: _Table<Bool>
    /// Whether a transition has neither a guard nor `whenIn` states (always enabled when matched).
    @usableFromInline let isConditionFree: _Table<Bool>
    /// `targetStart[t] ..< targetStart[t+1]`: the transition's targets in `targets`.
    @usableFromInline let targetStart: _Table<Int32>
    @usableFromInline let targets: _Table<Int32>
    /// `requiredStart[t] ..< requiredStart[t+1]`: its `whenIn` states in `required`.
    @usableFromInline let requiredStart: _Table<Int32>
    @usableFromInline let required: _Table<Int32>
    /// `actionStart[t] ..< actionStart[t+1]`: its actions (indices into the chart's actions).
    @usableFromInline let actionStart: _Table<Int32>
    /// `triggerStart[t] ..< triggerStart[t+1]`: its entries in `triggers`.
    @usableFromInline let triggerStart: _Table<Int32>
    /// Event classes (exact matching) or descriptor ids (descriptor matching) of each transition.
    @usableFromInline let triggers: _Table<Int32>
    /// The transition domain as far as it is static (see ``_StaticDomain``).
    @usableFromInline let domain: _Table<_StaticDomain>
    /// What a transition's single-path plan does to the leaf (see ``_PlanLeaf``).
    @usableFromInline let planLeaf: _Table<_PlanLeaf>
    /// `planEntryStart[t] ..< planEntryStart[t+1]`: the states the plan enters, in entry order
    /// (see ``_PlanEntry``).
    @usableFromInline let planEntryStart: _Table<Int32>
    @usableFromInline let planEntries: _Table<_PlanEntry>
    /// Whether a transition's domain has no parallel state inside: its exit set is then one path
    /// even while parallel states elsewhere are active, so its candidate plan applies there too.
    @usableFromInline let domainIsParallelFree: _Table<Bool>
    /// Whether any state has an eventless transition.
    @usableFromInline let hasEventlessTransitions: Bool

    @usableFromInline
    init(_ b: Builder, in storage: _TableStorage) {
        count = b.source.count
        source = storage.table(b.source)
        triggerKind = storage.table(b.triggerKind.map(\.rawValue))
        isInternal = storage.table(b.isInternal)
        isConditionFree = storage.table(b.isConditionFree)
        targetStart = storage.table(b.targetStart)
        targets = storage.table(b.targets)
        requiredStart = storage.table(b.requiredStart)
        required = storage.table(b.required)
        actionStart = storage.table(b.actionStart)
        triggerStart = storage.table(b.triggerStart)
        triggers = storage.table(b.triggers)
        domain = storage.table(b.domain)
        planLeaf = storage.table(b.planLeaf)
        planEntryStart = storage.table(b.planEntryStart)
        planEntries = storage.table(b.planEntries)
        domainIsParallelFree = storage.table(b.domainIsParallelFree)
        hasEventlessTransitions = b.triggerKind.contains(.eventless)
    }

    /// `targetStart[t] ..< targetStart[t+1]` as a range.
    @inlinable
    func targetsOf(_ t: Int32) -> Range<Int> { Int(targetStart[t])..<Int(targetStart[t + 1]) }

    /// The arrays the compiler fills (ChartCompiler+Transitions.swift, ChartCompiler+Lowering.swift).
    @usableFromInline
    struct Builder {
        @inlinable init() {}
        @usableFromInline var source: [Int32] = []
        @usableFromInline var triggerKind: [_TriggerKind] = []
        @usableFromInline var isInternal: [Bool] = []
        @usableFromInline var isConditionFree: [Bool] = []
        @usableFromInline var targetStart: [Int32] = [0]
        @usableFromInline var targets: [Int32] = []
        @usableFromInline var requiredStart: [Int32] = [0]
        @usableFromInline var required: [Int32] = []
        @usableFromInline var actionStart: [Int32] = [0]
        @usableFromInline var triggerStart: [Int32] = [0]
        @usableFromInline var triggers: [Int32] = []
        @usableFromInline var domain: [_StaticDomain] = []
        @usableFromInline var planLeaf: [_PlanLeaf] = []
        @usableFromInline var planEntryStart: [Int32] = [0]
        @usableFromInline var planEntries: [_PlanEntry] = []
        @usableFromInline var domainIsParallelFree: [Bool] = []
    }
}
