/// The compiled chart as flat tables, one small type per concern, each owning its storage: states
/// numbered in document order (pre-order, root = 0, see ``_StateTree``), transitions numbered
/// state by state in document order, followed by the pseudo-transitions (initial transitions,
/// history defaults).
///
/// Immutable after compilation and shared by every instance; not generic, so the SCXML algorithm
/// over it is compiled once. The concerns are stored inline (structs in one final class), so a
/// route reads any column with one load from the tables, as from a single flat type.
@usableFromInline
internal final class _ChartTables: @unchecked Sendable {
    /// Parent, kind and subtree end of every state, and the walks over them.
    @usableFromInline let tree: _StateTree
    /// Keeps `tree`'s storage alive (shared with the compiler that built it).
    @usableFromInline let treeStorage: _StateTreeStorage
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

    @inlinable var stateCount: Int { tree.count }

    /// Freezes what the compiler built; the slots point into the boxes of the chart's actions
    /// and guards.
    @usableFromInline
    init(_ b: _TablesBuilder, tree treeStorage: _StateTreeStorage, actionSlots: [_ActionSlot], guardSlots: [_GuardSlot]) {
        self.treeStorage = treeStorage
        tree = treeStorage.tree
        states = _StateTables(b.states)
        transitions = _TransitionTables(b.transitions)
        candidates = _CandidateTables(b.candidates, actionSlots: actionSlots)
        direct = _DirectTable(b.direct)
        regions = _RegionTables(b.regions)
        joints = _JointTables(b.joints)
        slots = _SlotTables(actions: actionSlots, guards: guardSlots)
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
}
