/// Per-state tables besides the tree's shape: action and transition ranges, the pseudo-transitions,
/// history memory slots, and flags the routes read on the way. Indexed by state.
@usableFromInline
internal struct _StateTables: @unchecked Sendable {
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
    /// The synthetic done-event class of each state, or the unmatched class.
    @usableFromInline let doneClass: _Table<Int32>
    /// The states that are parallel, as a bitset (to tell a single-path configuration).
    @usableFromInline let parallelMask: [UInt64]
    @usableFromInline let hasParallelStates: Bool

    @usableFromInline
    init(_ b: Builder, in storage: _TableStorage) {
        entryActionStart = storage.table(b.entryActionStart)
        exitActionStart = storage.table(b.exitActionStart)
        transitionStart = storage.table(b.transitionStart)
        initialTransition = storage.table(b.initialTransition)
        historyDefault = storage.table(b.historyDefault)
        historySlot = storage.table(b.historySlot)
        historyMemorySize = b.historyMemorySize
        eventlessOnPath = storage.table(b.eventlessOnPath)
        hasHistoryChild = storage.table(b.hasHistoryChild)
        hasInvocations = storage.table(b.hasInvocations)
        anyInvocations = b.hasInvocations.contains(true)
        doneClass = storage.table(b.doneClass)
        parallelMask = b.parallelMask
        hasParallelStates = b.parallelMask.contains { $0 != 0 }
    }

    /// The arrays the compiler fills (ChartCompiler+Transitions.swift, ChartCompiler+Lowering.swift).
    @usableFromInline
    struct Builder {
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
        @usableFromInline var hasInvocations: [Bool] = []
        @usableFromInline var doneClass: [Int32] = []
        @usableFromInline var parallelMask: [UInt64] = []
    }
}
