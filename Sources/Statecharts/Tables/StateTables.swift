/// Per-state tables besides the tree's shape: action and transition ranges, the pseudo-transitions,
/// history memory slots, and flags the routes read on the way. Indexed by state.
@usableFromInline
internal struct _StateTables: @unchecked Sendable {
    /// `entryActionStart[s] ..< entryActionStart[s+1]`: the state's entry actions
    /// (``entryActions(of:)``).
    @usableFromInline let entryActionStart: _Table<_StateIndex, _ActionIndex>
    /// `exitActionStart[s] ..< exitActionStart[s+1]`: the state's exit actions.
    @usableFromInline let exitActionStart: _Table<_StateIndex, _ActionIndex>
    /// `transitionStart[s] ..< transitionStart[s+1]`: the state's own transitions.
    @usableFromInline let transitionStart: _Table<_StateIndex, _TransitionIndex>
    /// The initial pseudo-transition of a compound state (or the root).
    @usableFromInline let initialTransition: _Table<_StateIndex, _TransitionIndex?>
    /// The default pseudo-transition of a history state.
    @usableFromInline let historyDefault: _Table<_StateIndex, _TransitionIndex?>
    /// Where a history state's memory is in an instance's history memory (a count followed by
    /// room for the states); `nil` for other states.
    @usableFromInline let historySlot: _Table<_StateIndex, Int?>
    @usableFromInline let historyMemorySize: Int
    /// Whether any ancestor-or-self of the state has an eventless transition.
    @usableFromInline let eventlessOnPath: _Table<_StateIndex, Bool>
    /// Whether the state has a history child (its exit records history).
    @usableFromInline let hasHistoryChild: _Table<_StateIndex, Bool>
    /// Whether the state has invocations (asynchronous work while active).
    @usableFromInline let hasInvocations: _Table<_StateIndex, Bool>
    @usableFromInline let anyInvocations: Bool
    /// The synthetic done-event class of each state, or the unmatched class.
    @usableFromInline let doneClass: _Table<_StateIndex, _EventClass>
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

    /// The state's entry actions.
    @inlinable @inline(__always)
    func entryActions(of s: _StateIndex) -> Range<_ActionIndex> { Range(uncheckedBounds: (entryActionStart[s], entryActionStart[s.next])) }

    /// The state's exit actions.
    @inlinable @inline(__always)
    func exitActions(of s: _StateIndex) -> Range<_ActionIndex> { Range(uncheckedBounds: (exitActionStart[s], exitActionStart[s.next])) }

    /// The state's own transitions, in document order.
    @inlinable @inline(__always)
    func transitions(of s: _StateIndex) -> Range<_TransitionIndex> { Range(uncheckedBounds: (transitionStart[s], transitionStart[s.next])) }

    /// The arrays the compiler fills (ChartCompiler+Transitions.swift, ChartCompiler+Lowering.swift).
    @usableFromInline
    struct Builder {
        @inlinable init() {}
        @usableFromInline var entryActionStart: [_ActionIndex] = []
        @usableFromInline var exitActionStart: [_ActionIndex] = []
        @usableFromInline var transitionStart: [_TransitionIndex] = []
        @usableFromInline var initialTransition: [_TransitionIndex?] = []
        @usableFromInline var historyDefault: [_TransitionIndex?] = []
        @usableFromInline var historySlot: [Int?] = []
        @usableFromInline var historyMemorySize = 0
        @usableFromInline var eventlessOnPath: [Bool] = []
        @usableFromInline var hasHistoryChild: [Bool] = []
        @usableFromInline var hasInvocations: [Bool] = []
        @usableFromInline var doneClass: [_EventClass] = []
        @usableFromInline var parallelMask: [UInt64] = []
    }
}
