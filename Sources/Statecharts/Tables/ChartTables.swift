/// The compiled chart as flat tables, one small type per concern: states numbered in document
/// order (pre-order, root = 0, see ``_StateTree``), transitions numbered state by state in
/// document order, followed by the pseudo-transitions (initial transitions, history defaults).
/// Every table lives in ``storage``, the chart's one owner of unsafe memory.
///
/// Immutable after compilation and shared by every instance; not generic, so the SCXML algorithm
/// over it is compiled once. The concerns are stored inline in ``_ChartTableParts``, behind one
/// pointer the class owns, and read through ``_BorrowedTables``.
@usableFromInline
internal final class _ChartTables: @unchecked Sendable {
    /// The concerns, in memory of their own that the tables own (allocated at init, freed at
    /// deinit), so that a send reads them through a plain pointer (``_BorrowedTables``): through
    /// the class, every read retains and releases it where the optimizer does not prove it alive
    /// (Embedded Swift's `-Osize` does not), some fifty instructions each on a Cortex-M4.
    @usableFromInline let parts: UnsafeMutablePointer<_ChartTableParts>
    /// Owns the memory of every table (and of the tree, which the compiler built in it first),
    /// and of the chart's actions and guards (``Statechart``): freed when the chart goes.
    @usableFromInline let storage: _TableStorage

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
        // The two largest builders first, column by column: the tables never hold more than one
        // column twice beyond what the builders already take.
        let transitions = _TransitionTables(taking: &b.transitions, in: storage)
        let states = _StateTables(taking: &b.states, in: storage)
        let candidates = _CandidateTables(b.candidates, actionSlots: actionSlots, in: storage)
        b.candidates = .init()
        let direct = _DirectTable(b.direct, in: storage)
        b.direct = .init()
        let regions = _RegionTables(b.regions, in: storage)
        b.regions = .init()
        let joints = _JointTables(b.joints, in: storage)
        b.joints = .init()
        let slots = _SlotTables(actions: actionSlots, guards: guardSlots, in: storage)
        let history = _HistoryPlanTables(b.history, in: storage)
        parts = .allocate(capacity: 1)
        parts.initialize(to: _ChartTableParts(tree: tree, states: states, transitions: transitions, candidates: candidates,
                                              direct: direct, regions: regions, joints: joints, slots: slots,
                                              history: history))
    }

    deinit {
        parts.deinitialize(count: 1)
        parts.deallocate()
    }
}

/// The concerns of ``_ChartTables``, stored inline one after the other, so that a route reads any
/// column with one load from the tables' pointer, as from a single flat type.
@usableFromInline
internal struct _ChartTableParts {
    @usableFromInline let tree: _StateTree
    @usableFromInline let states: _StateTables
    @usableFromInline let transitions: _TransitionTables
    @usableFromInline let candidates: _CandidateTables
    @usableFromInline let direct: _DirectTable
    @usableFromInline let regions: _RegionTables
    @usableFromInline let joints: _JointTables
    @usableFromInline let slots: _SlotTables
    @usableFromInline let history: _HistoryPlanTables

    @usableFromInline
    init(tree: _StateTree, states: _StateTables, transitions: _TransitionTables, candidates: _CandidateTables,
         direct: _DirectTable, regions: _RegionTables, joints: _JointTables, slots: _SlotTables,
         history: _HistoryPlanTables) {
        self.tree = tree
        self.states = states
        self.transitions = transitions
        self.candidates = candidates
        self.direct = direct
        self.regions = regions
        self.joints = joints
        self.slots = slots
        self.history = history
    }
}

/// A chart's tables as everything reads them: the chart's ``_ChartTableParts``, through the
/// unretained pointer ``_ChartTables`` keeps them at, each table yielded in place (`_read`),
/// never copied.
///
/// Kept by the chart beside the ``_ChartTables`` that owns the memory (``Statechart/tables``):
/// valid while the chart lives, and immutable, hence sendable. A send reads it into a local once
/// (`let tables = self.tables`), and it stays in a register across the user's calls. Counting
/// references on every read (and copying a table that holds an array, as ``_JointTables`` does)
/// would only cost instructions on every event.
@frozen @usableFromInline
internal struct _BorrowedTables: @unchecked Sendable {
    @usableFromInline let base: UnsafePointer<_ChartTableParts>

    @inlinable @inline(__always)
    init(_ tables: _ChartTables) { base = UnsafePointer(tables.parts) }

    /// Parent, kind and subtree end of every state, and the walks over them.
    @inlinable var tree: _StateTree { @inline(__always) _read { yield base.pointee.tree } }
    /// Per-state ranges, pseudo-transitions, history slots and flags.
    @inlinable var states: _StateTables { @inline(__always) _read { yield base.pointee.states } }
    /// Per-transition columns, static domains and single-path plans.
    @inlinable var transitions: _TransitionTables { @inline(__always) _read { yield base.pointee.transitions } }
    /// Event classes, and the candidate table with every candidate's plan.
    @inlinable var candidates: _CandidateTables { @inline(__always) _read { yield base.pointee.candidates } }
    /// The direct table `send` reads first.
    @inlinable var direct: _DirectTable { @inline(__always) _read { yield base.pointee.direct } }
    /// The regions route's tables.
    @inlinable var regions: _RegionTables { @inline(__always) _read { yield base.pointee.regions } }
    /// The regions route's joint steps: the region bits' decisions, configuration by configuration.
    @inlinable var joints: _JointTables { @inline(__always) _read { yield base.pointee.joints } }
    /// How actions and guards are called.
    @inlinable var slots: _SlotTables { @inline(__always) _read { yield base.pointee.slots } }
    /// What plans that record history write, and the variants of candidates that enter through a
    /// history state.
    @inlinable var history: _HistoryPlanTables { @inline(__always) _read { yield base.pointee.history } }

    @inlinable var stateCount: Int { tree.count }
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
