/// The compiled chart as flat tables: states numbered in document order (pre-order, root = 0), so
/// the descendants of `s` are exactly `s+1 ... subtreeEnd[s]`; transitions numbered state by state
/// in document order, followed by the pseudo-transitions (initial transitions, history defaults).
///
/// Immutable after compilation and shared by every instance; not generic, so the SCXML algorithm
/// over it is compiled once.
@usableFromInline
internal final class _ChartTables: @unchecked Sendable {
    // MARK: States (struct of arrays)
    /// Parent, kind and subtree end of every state, and the walks over them.
    @usableFromInline let tree: _StateTree
    /// Keeps `tree`'s storage alive (shared with the compiler that built it).
    @usableFromInline let treeStorage: _StateTreeStorage
    /// Owns every other table's storage.
    @usableFromInline let storage: _TableStorage
    @inlinable var stateCount: Int { tree.count }
    /// `entryActionStart[s] ..< entryActionStart[s+1]`: the state's entry actions.
    @usableFromInline let entryActionStart: _Table<Int32>
    /// `exitActionStart[s] ..< exitActionStart[s+1]`: the state's exit actions.
    @usableFromInline let exitActionStart: _Table<Int32>
    /// `transitionStart[s] ..< transitionStart[s+1]`: the state's own transitions.
    @usableFromInline let transitionStart: _Table<Int32>
    /// The initial pseudo-transition of a compound state (or the root), or -1.
    @usableFromInline let initialTransition: _Table<Int32>
    /// The default pseudo-transition of a history state, or -1.
    @usableFromInline let historyDefault: _Table<Int32>
    /// Offset of a history state's memory slot (a count followed by room for the states), or -1.
    @usableFromInline let historySlot: _Table<Int32>
    @usableFromInline let historyMemorySize: Int
    /// Whether any ancestor-or-self of the state has an eventless transition.
    @usableFromInline let eventlessOnPath: _Table<Bool>
    /// Whether the state has a history child (its exit records history).
    @usableFromInline let hasHistoryChild: _Table<Bool>
    /// Whether the state has invocations (asynchronous work while active).
    @usableFromInline let hasInvocations: _Table<Bool>
    @usableFromInline let anyInvocations: Bool
    /// The synthetic done-event class of each state, or `unmatchedClass`.
    @usableFromInline let doneClass: _Table<Int32>
    /// The states that are parallel, as a bitset (to tell a single-path configuration).
    @usableFromInline let parallelMask: [UInt64]
    @usableFromInline let hasParallelStates: Bool

    // MARK: Transitions
    @usableFromInline let transitionCount: Int
    @usableFromInline let source: _Table<Int32>
    @usableFromInline let triggerKind: _Table<UInt8>
    @usableFromInline let isInternal: _Table<Bool>
    /// Whether a transition has neither a guard nor `whenIn` states (always enabled when matched).
    @usableFromInline let isConditionFree: _Table<Bool>
    @usableFromInline let targetStart: _Table<Int32>
    @usableFromInline let targets: _Table<Int32>
    @usableFromInline let requiredStart: _Table<Int32>
    @usableFromInline let required: _Table<Int32>
    @usableFromInline let transitionActionStart: _Table<Int32>
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

    // MARK: Events
    @usableFromInline let classCount: Int
    @usableFromInline let unmatchedClass: Int32
    /// `candidateStart[s * classCount + c] ..< candidateStart[s * classCount + c + 1]`: the
    /// transitions of atomic state `s` and its ancestors that an event of class `c` may take, in
    /// selection order. Empty when the table would be too large (`hasCandidateTable` is false).
    @usableFromInline let candidateStart: _Table<Int32>
    @usableFromInline let candidates: _Table<Int32>
    @usableFromInline let hasCandidateTable: Bool
    /// For each candidate (an atomic state and one of its transitions), its whole plan as the
    /// runtime executes it without an observer: `candidatePlans[c]` holds the range of
    /// `candidateActionSlots` to run in order (exits from the leaf up, the transition's, entries
    /// with initial-transition actions), `candidateLeaf[c]` the new leaf, and `candidateFlags[c]`
    /// what else it needs (`planNeedsGeneralStep`, `planNeedsCompletion`).
    @usableFromInline let candidatePlans: _Table<_CandidatePlan>
    @usableFromInline let candidateActionSlots: _Table<_ActionSlot>
    @usableFromInline let candidateLeaf: _Table<Int32>
    @usableFromInline let candidateFlags: _Table<UInt8>
    /// Charts of at most 64 states (`hasRegionSteps`), for `send` while parallel states are
    /// active: `regionDirect`, laid out like `direct`, holds the row's direct candidate when it is
    /// region-local (its domain holds no parallel state), `directIgnore`, or `directSlow`; and
    /// `regionSteps[c]` the states candidate `c` exits and enters as bits of the configuration,
    /// with what its actions need. `atomicMask` holds the atomic and final states.
    @usableFromInline let regionDirect: _Table<Int32>
    @usableFromInline let regionSteps: _Table<_RegionStep>
    @usableFromInline let atomicMask: UInt64
    @usableFromInline let hasRegionSteps: Bool
    /// What `send` does with (atomic state, event class) before anything else, at
    /// `state << directShift | class` (a shift, not a multiply, on the path from one event's leaf
    /// to the next's): see ``_DirectEntry``. Only built with the candidate table and exact matching.
    @usableFromInline let direct: _Table<_DirectEntry>
    @usableFromInline let directShift: Int
    /// How an instance stores its leaf (``StatechartInstance/leafRow``): shifted left by
    /// `directShift` plus log2 of an entry's 16 bytes, i.e. the byte offset of the leaf's row in
    /// `direct`; 0 (the leaf itself) without a direct table.
    @usableFromInline let rowShift: Int32
    @usableFromInline let hasDirectTable: Bool

    /// Every action of the chart, by action index.
    @usableFromInline let actionSlots: _Table<_ActionSlot>
    /// The guard of every transition, by transition index.
    @usableFromInline let guardSlots: _Table<_GuardSlot>

    /// No transition can be taken and none could follow: the event is ignored.
    @inlinable static var directIgnore: Int32 { -1 }
    /// Anything else: the full path decides.
    @inlinable static var directSlow: Int32 { -2 }
    /// Direct candidates whose actions read the event are stored as `directWithEvent - c`.
    @inlinable static var directWithEvent: Int32 { -3 }

    /// The candidate's plan does something the action list cannot say (records history, enters a
    /// final state, starts or stops invocations, has no single-path plan): take the step in full.
    @inlinable static var planNeedsGeneralStep: UInt8 { 1 }
    /// The new leaf has eventless transitions on its path: complete the macrostep.
    @inlinable static var planNeedsCompletion: UInt8 { 2 }

    @usableFromInline
    internal init(_ b: _TablesBuilder, tree treeStorage: _StateTreeStorage) {
        self.treeStorage = treeStorage
        tree = treeStorage.tree
        let storage = _TableStorage()
        self.storage = storage
        entryActionStart = storage.table(b.entryActionStart)
        exitActionStart = storage.table(b.exitActionStart)
        transitionStart = storage.table(b.transitionStart)
        initialTransition = storage.table(b.initialTransition)
        historyDefault = storage.table(b.historyDefault)
        historySlot = storage.table(b.historySlot)
        historyMemorySize = b.historyMemorySize
        eventlessOnPath = storage.table(b.eventlessOnPath)
        hasHistoryChild = storage.table(b.hasHistoryChild)
        doneClass = storage.table(b.doneClass)
        hasInvocations = storage.table(b.hasInvocations)
        anyInvocations = b.hasInvocations.contains(true)
        parallelMask = b.parallelMask
        hasParallelStates = b.parallelMask.contains { $0 != 0 }
        transitionCount = b.source.count
        source = storage.table(b.source)
        triggerKind = storage.table(b.triggerKind.map(\.rawValue))
        isInternal = storage.table(b.isInternal)
        isConditionFree = storage.table(b.isConditionFree)
        targetStart = storage.table(b.targetStart)
        targets = storage.table(b.targets)
        requiredStart = storage.table(b.requiredStart)
        required = storage.table(b.required)
        transitionActionStart = storage.table(b.transitionActionStart)
        triggerStart = storage.table(b.triggerStart)
        triggers = storage.table(b.triggers)
        domain = storage.table(b.domain)
        planLeaf = storage.table(b.planLeaf)
        planEntryStart = storage.table(b.planEntryStart)
        planEntries = storage.table(b.planEntries)
        domainIsParallelFree = storage.table(b.domainIsParallelFree)
        hasEventlessTransitions = b.triggerKind.contains(.eventless)
        classCount = b.classCount
        unmatchedClass = b.unmatchedClass
        candidateStart = storage.table(b.candidateStart)
        candidates = storage.table(b.candidates)
        hasCandidateTable = b.hasCandidateTable
        let slots = b.actionSlots
        candidatePlans = storage.table(b.candidateLeaf.indices.map { c in
            _CandidatePlan(actionStart: b.candidateActionStart[c], exitEnd: b.candidateExitEnd[c],
                           transitionEnd: b.candidateTransitionEnd[c], actionEnd: b.candidateActionStart[c + 1])
        })
        candidateActionSlots = storage.table(b.candidateActions.map { slots[Int($0)] })
        candidateLeaf = storage.table(b.candidateLeaf)
        candidateFlags = storage.table(b.candidateFlags)
        direct = storage.table(b.direct)
        directShift = b.directShift
        rowShift = b.direct.isEmpty ? 0 : Int32(b.directShift + _DirectEntry.strideShift)
        hasDirectTable = b.hasCandidateTable && !b.direct.isEmpty
        actionSlots = storage.table(b.actionSlots)
        guardSlots = storage.table(b.guardSlots)
        regionDirect = storage.table(b.regionDirect)
        regionSteps = storage.table(b.regionSteps)
        atomicMask = b.atomicMask
        hasRegionSteps = b.hasRegionSteps
    }
}

/// The arrays the compiler fills before they are frozen into ``_ChartTables``.
@usableFromInline
internal struct _TablesBuilder {
    @inlinable init() {}
    @usableFromInline var entryActionStart: [Int32] = []
    @usableFromInline var exitActionStart: [Int32] = []
    @usableFromInline var transitionStart: [Int32] = []
    @usableFromInline var initialTransition: [Int32] = []
    @usableFromInline var historyDefault: [Int32] = []
    @usableFromInline var historySlot: [Int32] = []
    @usableFromInline var historyMemorySize = 0
    @usableFromInline var eventlessOnPath: [Bool] = []
    @usableFromInline var hasHistoryChild: [Bool] = []
    @usableFromInline var doneClass: [Int32] = []
    @usableFromInline var hasInvocations: [Bool] = []
    @usableFromInline var parallelMask: [UInt64] = []
    @usableFromInline var source: [Int32] = []
    @usableFromInline var triggerKind: [_TriggerKind] = []
    @usableFromInline var isInternal: [Bool] = []
    @usableFromInline var isConditionFree: [Bool] = []
    @usableFromInline var targetStart: [Int32] = [0]
    @usableFromInline var targets: [Int32] = []
    @usableFromInline var requiredStart: [Int32] = [0]
    @usableFromInline var required: [Int32] = []
    @usableFromInline var transitionActionStart: [Int32] = [0]
    @usableFromInline var triggerStart: [Int32] = [0]
    @usableFromInline var triggers: [Int32] = []
    @usableFromInline var domain: [_StaticDomain] = []
    @usableFromInline var planLeaf: [_PlanLeaf] = []
    @usableFromInline var planEntryStart: [Int32] = [0]
    @usableFromInline var planEntries: [_PlanEntry] = []
    @usableFromInline var domainIsParallelFree: [Bool] = []
    @usableFromInline var classCount = 1
    @usableFromInline var unmatchedClass: Int32 = 0
    @usableFromInline var candidateStart: [Int32] = [0]
    @usableFromInline var candidates: [Int32] = []
    @usableFromInline var hasCandidateTable = false
    @usableFromInline var candidateActionStart: [Int32] = [0]
    @usableFromInline var candidateActions: [Int32] = []
    @usableFromInline var candidateLeaf: [Int32] = []
    @usableFromInline var candidateFlags: [UInt8] = []
    @usableFromInline var candidateExitEnd: [Int32] = []
    @usableFromInline var candidateTransitionEnd: [Int32] = []
    @usableFromInline var regionDirect: [Int32] = []
    @usableFromInline var regionSteps: [_RegionStep] = []
    @usableFromInline var atomicMask: UInt64 = 0
    @usableFromInline var hasRegionSteps = false
    @usableFromInline var direct: [_DirectEntry] = []
    @usableFromInline var directShift = 0
    @usableFromInline var actionSlots: [_ActionSlot] = []
    @usableFromInline var guardSlots: [_GuardSlot] = []
}
