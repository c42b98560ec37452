/// The compiled chart as flat tables, one small type per concern: states numbered in document
/// order (pre-order, root = 0, see ``_StateTree``), transitions numbered state by state in
/// document order, followed by the pseudo-transitions (initial transitions, history defaults).
/// Every table lives in ``storage``, the chart's one owner of unsafe memory.
///
/// Immutable after compilation and shared by every instance; not generic, so the SCXML algorithm
/// over it is compiled once. The concerns are stored inline (structs in one final class), so a
/// route reads any column with one load from the tables, as from a single flat type.
@usableFromInline
internal final class _ChartTables: @unchecked Sendable {
    /// Parent, kind and subtree end of every state, and the walks over them.
    @usableFromInline let tree: _StateTree
    /// Per-state ranges, pseudo-transitions, history slots and flags.
    @usableFromInline let states: _StateTables
    /// Per-transition columns, static domains and single-path plans.
    @usableFromInline let transitions: _TransitionTables
    /// Event classes, and the candidate table with every candidate's plan.
    @usableFromInline let candidates: _CandidateTables
    /// The direct table `send` reads first.
    @usableFromInline let direct: _DirectTable
    /// The regions route's tables.
    @usableFromInline let regions: _RegionTables
    /// The regions route's joint steps: the region bits' decisions, configuration by configuration.
    @usableFromInline let joints: _JointTables
    /// How actions and guards are called.
    @usableFromInline let slots: _SlotTables
    /// Owns the memory of every table above and below (and of the tree, which the compiler
    /// built in it first), and of the chart's actions and guards (``Statechart``): freed when
    /// the chart goes.
    @usableFromInline let storage: _TableStorage
    /// What plans that record history write, and the variants of candidates that enter through a
    /// history state.
    @usableFromInline let history: _HistoryPlanTables

    @inlinable var stateCount: Int { tree.count }

    /// Freezes what the compiler built into `storage`, where the compiler's `tree` already is;
    /// the slots point into the boxes of the chart's actions and guards.
    ///
    /// Each builder's arrays are released as soon as its tables are made (the transitions' and the
    /// states' column by column), so that a large chart never holds all of its tables twice (`b`
    /// is the only owner: see ``_ChartCompiler/takeTablesBuilder()``).
    @usableFromInline
    init(_ b: consuming _TablesBuilder, tree: _StateTree, storage: _TableStorage, actionSlots: [_ActionSlot],
         guardSlots: [_GuardSlot]) {
        var b = b
        self.storage = storage
        self.tree = tree
        // The two largest builders first, column by column: the tables never hold more than one
        // column twice beyond what the builders already take.
        transitions = _TransitionTables(taking: &b.transitions, in: storage)
        states = _StateTables(taking: &b.states, in: storage)
        candidates = _CandidateTables(b.candidates, actionSlots: actionSlots, in: storage)
        b.candidates = .init()
        direct = _DirectTable(b.direct, in: storage)
        b.direct = .init()
        regions = _RegionTables(b.regions, in: storage)
        b.regions = .init()
        joints = _JointTables(b.joints, in: storage)
        b.joints = .init()
        slots = _SlotTables(actions: actionSlots, guards: guardSlots, in: storage)
        history = _HistoryPlanTables(b.history, in: storage)
    }
}

/// What the compiler fills before it is frozen into ``_ChartTables``: one builder per concern.
@usableFromInline
internal struct _TablesBuilder {
    @inlinable init() {}
    @usableFromInline var states = _StateTables.Builder()
    @usableFromInline var transitions = _TransitionTables.Builder()
    @usableFromInline var candidates = _CandidateTables.Builder()
    @usableFromInline var direct = _DirectTable.Builder()
    @usableFromInline var regions = _RegionTables.Builder()
    @usableFromInline var joints = _JointTables.Builder()
    @usableFromInline var history = _HistoryPlanTables.Builder()
}
