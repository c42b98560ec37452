/// Every transition's columns, numbered state by state in document order and followed by the
/// pseudo-transitions (initial transitions, history defaults): source, trigger, targets,
/// `whenIn` states, actions, the static domain and the single-path plan.
@usableFromInline
internal struct _TransitionTables: @unchecked Sendable {
    @usableFromInline let count: Int
    @usableFromInline let source: _Table<_TransitionIndex, _StateIndex>
    /// ``_TriggerKind`` raw values.
    @usableFromInline let triggerKind: _Table<_TransitionIndex, UInt8>
    @usableFromInline let isInternal: _Table<_TransitionIndex, Bool>
    /// Whether a transition has neither a guard nor `whenIn` states (always enabled when matched).
    @usableFromInline let isConditionFree: _Table<_TransitionIndex, Bool>
    /// Each transition's targets.
    @usableFromInline let targets: _Lists<_TransitionIndex, _StateIndex>
    /// Each transition's `whenIn` states.
    @usableFromInline let required: _Lists<_TransitionIndex, _StateIndex>
    /// `actionStart[t] ..< actionStart[t+1]`: its actions (``actions(of:)``).
    @usableFromInline let actionStart: _Table<_TransitionIndex, _ActionIndex>
    /// The event classes (exact matching) or descriptors (descriptor matching) of each transition.
    @usableFromInline let triggers: _Lists<_TransitionIndex, _EventClass>
    /// The transition domain as far as it is static (see ``_StaticDomain``).
    @usableFromInline let domain: _Table<_TransitionIndex, _StaticDomain>
    /// What a transition's single-path plan does to the leaf (see ``_PlanLeaf``).
    @usableFromInline let planLeaf: _Table<_TransitionIndex, _PlanLeaf>
    /// The states each single-path plan enters, in entry order (see ``_PlanEntry``).
    @usableFromInline let planEntries: _Lists<_TransitionIndex, _PlanEntry>
    /// Whether a transition's domain has no parallel state inside: its exit set is then one path
    /// even while parallel states elsewhere are active, so its candidate plan applies there too.
    @usableFromInline let domainIsParallelFree: _Table<_TransitionIndex, Bool>
    /// Whether any state has an eventless transition.
    @usableFromInline let hasEventlessTransitions: Bool

    /// Freezes `b` column by column, releasing each column once it is copied (`b` is left empty):
    /// the transitions' columns are most of a large chart's builders.
    @usableFromInline
    init(taking b: inout Builder, in storage: _TableStorage) {
        count = b.source.count
        hasEventlessTransitions = b.triggerKind.contains(.eventless)
        source = storage.table(taking: &b.source)
        triggerKind = storage.table(b.triggerKind.map { $0.rawValue })
        b.triggerKind = []
        isInternal = storage.table(taking: &b.isInternal)
        isConditionFree = storage.table(taking: &b.isConditionFree)
        targets = _Lists(taking: &b.targets, in: storage)
        required = _Lists(taking: &b.required, in: storage)
        actionStart = storage.table(taking: &b.actionStart)
        triggers = _Lists(taking: &b.triggers, in: storage)
        domain = storage.table(taking: &b.domain)
        planLeaf = storage.table(taking: &b.planLeaf)
        planEntries = _Lists(taking: &b.planEntries, in: storage)
        domainIsParallelFree = storage.table(taking: &b.domainIsParallelFree)
    }

    /// The transition's actions.
    @inlinable @inline(__always)
    func actions(of t: _TransitionIndex) -> Range<_ActionIndex> { Range(uncheckedBounds: (actionStart[t], actionStart[t.next])) }

    /// Every transition.
    @inlinable
    var all: Range<_TransitionIndex> { _TransitionIndex.all(count) }

    /// The arrays the compiler fills (ChartCompiler+Transitions.swift, ChartCompiler+Lowering.swift).
    @usableFromInline
    struct Builder {
        @inlinable init() {}
        @usableFromInline var source: [_StateIndex] = []
        @usableFromInline var triggerKind: [_TriggerKind] = []
        @usableFromInline var isInternal: [Bool] = []
        @usableFromInline var isConditionFree: [Bool] = []
        @usableFromInline var targets = _Lists<_TransitionIndex, _StateIndex>.Builder()
        @usableFromInline var required = _Lists<_TransitionIndex, _StateIndex>.Builder()
        @usableFromInline var actionStart: [_ActionIndex] = [_ActionIndex(rawValue: 0)]
        @usableFromInline var triggers = _Lists<_TransitionIndex, _EventClass>.Builder()
        @usableFromInline var domain: [_StaticDomain] = []
        @usableFromInline var planLeaf: [_PlanLeaf] = []
        @usableFromInline var planEntries = _Lists<_TransitionIndex, _PlanEntry>.Builder()
        @usableFromInline var domainIsParallelFree: [Bool] = []
    }
}
