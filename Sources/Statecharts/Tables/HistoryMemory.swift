// The layout of an instance's history memory: the compiler gives each history state a slot
// (`_StateTables.historySlot`) and sizes the memory (`historyMemorySize`); this file is the one
// that reads and writes what a slot holds.

/// Read-only access to an instance's history memory while sets are computed.
@usableFromInline
internal struct _HistoryMemory {
    /// How an instance keeps its history memory: per history state with a slot
    /// (``_StateTables/historySlot``), a count (-1: nothing recorded yet) and room for the
    /// states. Read and written only through the functions below.
    @usableFromInline typealias Storage = [Int32]

    @usableFromInline let memory: Storage

    @inlinable
    init(_ memory: Storage) { self.memory = memory }

    /// The recorded states of history state `h`, or `nil` when it has none yet.
    @inlinable
    func value(of h: _StateIndex, in tables: _BorrowedTables) -> [_StateIndex]? {
        guard let slot = tables.states.historySlot[h] else { return nil }
        return Self.value(at: slot, in: memory)
    }

    /// The states recorded at `slot` of `memory` (a count, then the states), or `nil` when none
    /// are: the one place that reads the memory's layout (``StatechartInstance/historyMemory``).
    @inlinable
    static func value(at slot: Int, in memory: Storage) -> [_StateIndex]? {
        guard slot >= 0, slot < memory.count else { return nil }
        let count = Int(memory[slot])
        guard count >= 0 else { return nil }
        return memory[(slot + 1)..<(slot + 1 + count)].map(_StateIndex.init(rawValue:))
    }

    /// The one state recorded at `slot`, when exactly one is (no allocation).
    @inlinable @inline(__always)
    static func single(at slot: Int, in memory: Storage) -> _StateIndex? {
        memory[slot] == 1 ? _StateIndex(rawValue: memory[slot &+ 1]) : nil
    }

    /// Records `states` at `slot` of `memory`: the one place that writes its layout.
    @inlinable @inline(__always)
    static func record(_ states: some Collection<_StateIndex>, at slot: Int, in memory: inout Storage) {
        memory[slot] = Int32(states.count)
        for (i, state) in states.enumerated() { memory[slot &+ 1 &+ i] = state.rawValue }
    }

    /// Records the one state `state` at `slot` of `memory` (no allocation).
    @inlinable @inline(__always)
    static func record(single state: _StateIndex, at slot: Int, in memory: inout Storage) {
        memory[slot] = 1
        memory[slot &+ 1] = state.rawValue
    }

    /// Forgets what `slot` of `memory` records: nothing is recorded there any more.
    @inlinable @inline(__always)
    static func forget(at slot: Int, in memory: inout Storage) {
        memory[slot] = -1
    }

    /// Memory for a chart whose history states need `size` words, with nothing recorded.
    @inlinable
    static func empty(size: Int) -> Storage { Array(repeating: -1, count: Swift.max(size, 1)) }
}
