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
    /// ``eventlessOnPath`` of the first 64 states as bits (state `s` at bit `s`), for charts of
    /// at most 64 states to test a configuration's word at once.
    @usableFromInline let eventlessOnPathWord: UInt64
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

    /// Freezes `b` column by column, releasing each column once it is copied (`b` is left empty).
    @usableFromInline
    init(taking b: inout Builder, in storage: _TableStorage) {
        historyMemorySize = b.historyMemorySize
        anyInvocations = b.hasInvocations.contains(true)
        hasParallelStates = b.parallelMask.contains { $0 != 0 }
        entryActionStart = storage.table(taking: &b.entryActionStart)
        exitActionStart = storage.table(taking: &b.exitActionStart)
        transitionStart = storage.table(taking: &b.transitionStart)
        initialTransition = storage.table(taking: &b.initialTransition)
        historyDefault = storage.table(taking: &b.historyDefault)
        historySlot = storage.table(taking: &b.historySlot)
        eventlessOnPathWord = b.eventlessOnPath.prefix(64).enumerated().reduce(0) { word, state in
            state.element ? word | 1 << UInt64(state.offset) : word
        }
        eventlessOnPath = storage.table(taking: &b.eventlessOnPath)
        hasHistoryChild = storage.table(taking: &b.hasHistoryChild)
        hasInvocations = storage.table(taking: &b.hasInvocations)
        doneClass = storage.table(taking: &b.doneClass)
        parallelMask = b.parallelMask
        b.parallelMask = []
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
