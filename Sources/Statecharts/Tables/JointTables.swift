/// The regions route's joint steps (charts of at most 64 states with parallel states): for each
/// configuration the chart can be in and each event class, what the region bits decide
/// (RegionsRoute.swift), worked out when the chart is built. An event in a parallel
/// configuration then costs one lookup of the configuration's word, instead of a row and a step
/// per active leaf.
///
/// `keys` is a hash set of configuration words (open addressing, linear probing, at most half
/// full, 0 for an empty slot: a configuration always holds the root). The search for word `w`
/// starts at slot `(w &* multiplier) &>> keyShift`; the entry of slot `k` and class `c` is
/// `entries[k << classShift | c]`. Only built when the configurations are few
/// (``entryLimit``): their number is the product of the regions' sizes.
@usableFromInline
internal struct _JointTables: @unchecked Sendable {
    @usableFromInline let keys: _Table<UInt64>
    @usableFromInline let entries: _Table<_JointEntry>
    @usableFromInline let multiplier: UInt64
    @usableFromInline let keyShift: UInt64
    @usableFromInline let slotMask: Int
    @usableFromInline let classShift: Int
    @usableFromInline let exists: Bool
    /// Each joint step's candidates, in the order the region bits pick them (document order of
    /// their leaves), by joint number (``_JointEntry/joint``).
    @usableFromInline let pickLists: [[Int32]]
    /// Frees the tables above when the last copy goes.

    /// At most this many entries (slots × classes, 32 bytes each): 128 KiB.
    @inlinable static var entryLimit: Int { 1 << 12 }

    @usableFromInline
    init(_ b: Builder, in storage: _TableStorage) {
        keys = storage.table(b.keys)
        entries = storage.table(b.entries)
        multiplier = b.multiplier
        keyShift = UInt64(64 - (b.keys.count.trailingZeroBitCount))
        slotMask = b.keys.count - 1
        classShift = b.classShift
        exists = !b.keys.isEmpty
        pickLists = b.pickLists
    }

    /// What the compiler fills (ChartCompiler+JointTables.swift); no keys: no joint tables.
    @usableFromInline
    struct Builder {
        @inlinable init() {}
        /// A power of two in length (when not empty).
        @usableFromInline var keys: [UInt64] = []
        @usableFromInline var entries: [_JointEntry] = []
        @usableFromInline var multiplier: UInt64 = 0
        @usableFromInline var classShift = 0
        @usableFromInline var pickLists: [[Int32]] = []
    }
}

/// One (configuration, event class) of ``_JointTables``: the step the region bits take. 32 bytes.
@usableFromInline
internal struct _JointEntry: BitwiseCopyable, Sendable {
    /// The configuration after the step (the one before when the event is ignored).
    @usableFromInline let toWord: UInt64
    /// The candidates taken, packed as ``_RegionRow/packed(_:at:)`` does, in pick order.
    @usableFromInline let picks: UInt64
    /// Their transitions as the result's fields (``_TransitionFields``).
    @usableFromInline let fields: UInt64
    /// The joint step's number (its candidates in ``_JointTables/pickLists``), or
    /// ``ignored`` or ``slow``.
    @usableFromInline let joint: Int32
    /// The number of picks (bits 0-7) and the union of their ``_RegionStep`` flags (from bit 8),
    /// with ``_RegionStep/contextOnly`` only when every pick has it.
    @usableFromInline let countAndFlags: UInt32

    /// No transition is enabled: the event is ignored.
    @inlinable static var ignored: Int32 { -1 }
    /// The region bits do not decide: the region plans do.
    @inlinable static var slow: Int32 { -2 }

    @inlinable
    init(toWord: UInt64, picks: UInt64, fields: UInt64, joint: Int32, count: Int, flags: UInt32) {
        self.toWord = toWord
        self.picks = picks
        self.fields = fields
        self.joint = joint
        countAndFlags = UInt32(count) | flags << 8
    }

    /// The entry of a slot whose configuration the region bits cannot decide for this class.
    @inlinable
    static var slowEntry: Self { Self(toWord: 0, picks: 0, fields: 0, joint: slow, count: 0, flags: 0) }

    @inlinable var count: Int { @inline(__always) get { Int(countAndFlags & 0xFF) } }
    @inlinable var flags: UInt32 { @inline(__always) get { countAndFlags >> 8 } }

    /// This step under joint number `joint`.
    @inlinable
    func numbered(_ joint: Int32) -> _JointEntry {
        _JointEntry(toWord: toWord, picks: picks, fields: fields, joint: joint, count: count, flags: flags)
    }

    /// The region bits' decision in configuration `word` (at most 64 states) for event class
    /// `classID`: when every active leaf's row (`row(index)`, at ``_RegionTables/index(state:class:)``)
    /// is ignored or a region-local direct candidate, at most four of them, the step that takes
    /// them all together (numbered 0, or ``ignored`` with no pick); `nil` otherwise, when the
    /// region plans decide. The one rule both the regions route's bits stage (at run time, on
    /// the chart's tables) and the joint tables (when the chart is built) follow.
    @inlinable @inline(__always)
    static func regionBits(_ word: UInt64, class classID: Int, atomicMask: UInt64,
                           row: (Int) -> _RegionRow, step: (Int) -> _RegionStep) -> _JointEntry? {
        var leaves = word & atomicMask
        var exits: UInt64 = 0
        var entries: UInt64 = 0
        // The union and the intersection of the picks' flags: which phases have actions to run
        // (often only the transitions'), and whether every action takes only the context.
        var anyFlags: UInt32 = 0
        var allFlags: UInt32 = ~0
        var picks: UInt64 = 0
        // The picks' transitions as the result's fields.
        var fields = _TransitionFields()
        var count = 0
        while leaves != 0 {
            let s = leaves.trailingZeroBitCount
            leaves &= leaves &- 1
            let r = row(_RegionTables.index(state: s, class: classID))
            if r.isIgnored { continue }
            guard let c = r.candidate, count < 4 else { return nil }
            let taken = step(Int(c))
            exits |= taken.exits
            entries |= taken.entries
            anyFlags |= taken.flags
            allFlags &= taken.flags
            picks |= _RegionRow.packed(c, at: count)
            fields.append(taken.transition)
            count &+= 1
        }
        let flags = anyFlags & ~_RegionStep.contextOnly | allFlags & _RegionStep.contextOnly
        return _JointEntry(toWord: word & ~exits | entries, picks: picks, fields: fields.bits,
                           joint: count == 0 ? ignored : 0, count: count, flags: flags)
    }
}
