/// The regions route's joint steps (charts of at most 64 states with parallel states): for each
/// configuration the chart can be in and each event class, what the region bits decide
/// (RegionsRoute.swift), worked out when the chart is built. An event in a parallel
/// configuration then costs one lookup of the configuration's word, instead of a row and a step
/// per active leaf.
///
/// `keys` is a hash set of configuration words (open addressing, linear probing, at most half
/// full, 0 for an empty slot: a configuration always holds the root). The search for word `w`
/// starts at slot `(w &* multiplier) &>> keyShift`; the entry of slot `k` and class `c` is
/// `entries[k << classShift | c]`. An instance keeps the slot of its configuration as its leaf
/// row (``_LeafRow/jointRow(byteOffset:)``: the byte offset of the slot's entries), and each
/// entry holds the row of the configuration after it (``_JointEntry/toRow``), so that the search
/// runs only when another route changed the configuration, never from one joint step to the
/// next. Only built when the configurations are few (``entryLimit``): their number is the
/// product of the regions' sizes.
@usableFromInline
internal struct _JointTables: @unchecked Sendable {
    /// Indexed by slot (a hash, ``_Table/subscript(offset:)``).
    @usableFromInline let keys: _Table<_ListSlot, UInt64>
    /// Indexed by slot and class (``entry(at:class:)``, at the slot's joint row).
    @usableFromInline let entries: _Table<_ListSlot, _JointEntry>
    @usableFromInline let multiplier: UInt64
    @usableFromInline let keyShift: UInt64
    @usableFromInline let slotMask: Int
    @usableFromInline let classShift: Int
    @usableFromInline let exists: Bool
    /// Each joint step's candidates, in the order the region bits pick them (document order of
    /// their leaves), by joint number (``_JointEntry/Decision/joint(_:)``).
    @usableFromInline let pickLists: [[_CandidateIndex]]

    /// The entry of joint row `row` (a slot's entries, ``_LeafRow/isJointRow``) for event class
    /// `c`: one load, with no search and no bounds check (the row comes from ``row(of:)`` or an
    /// entry's ``_JointEntry/toRow``, both in range).
    @inlinable @inline(__always)
    func entry(at row: _LeafRow, class c: _EventClass) -> _JointEntry {
        UnsafeRawPointer(entries.base).load(fromByteOffset: row.jointByteOffset &+ c.offset &<< _JointEntry.strideShift,
                                            as: _JointEntry.self)
    }

    /// The joint row of configuration `word`, found by searching `keys`; `nil` for a word the
    /// table does not hold.
    @inlinable
    func row(of word: UInt64) -> _LeafRow? {
        guard exists, word != 0 else { return nil }
        var slot = Int(truncatingIfNeeded: (word &* multiplier) &>> keyShift)
        while true {
            let key = keys[offset: slot]
            if key == word { return _JointEntry.row(ofSlot: slot, classShift: classShift) }
            if key == 0 { return nil }
            slot = (slot &+ 1) & slotMask
        }
    }

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
        @usableFromInline var pickLists: [[_CandidateIndex]] = []
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
    /// The joint step's number `j` (its candidates in ``_JointTables/pickLists``), or
    /// `finishingBase - j` for one that finishes (``_RegionStep/Flags/finishes``), or
    /// ``ignoredCode``, ``ignoredFinishingCode`` or ``slowCode``; read through ``decision``.
    @usableFromInline let code: Int32
    /// The number of picks (bits 0-7), the union of their ``_RegionStep`` flags (bits 8-11),
    /// with ``_RegionStep/Flags/contextOnly`` only when every pick has it, and the byte offset of
    /// the joint row after the step (bits 12-31, ``toRow``).
    @usableFromInline let countFlagsAndRow: UInt32

    /// What the entry decides.
    @usableFromInline
    enum Decision {
        /// Take joint step `j`'s picks together.
        case joint(_JointIndex)
        /// Take joint step `j`'s picks together, then finish the macrostep
        /// (``_RegionStep/Flags/finishes``: an action may have raised, sent or cancelled events,
        /// or a state of the configuration after it has eventless transitions). A decision of
        /// its own, so that the other steps pay nothing for it.
        case finishingJoint(_JointIndex)
        /// No transition is enabled: the event is ignored.
        case ignored
        /// No transition is enabled, but an active state has eventless transitions, which SCXML
        /// selects after every external event: the rest of the macrostep decides.
        case ignoredFinishing
        /// The region bits do not decide: the region plans do.
        case slow
    }

    @inlinable static var ignoredCode: Int32 { -1 }
    @inlinable static var slowCode: Int32 { -2 }
    @inlinable static var ignoredFinishingCode: Int32 { -3 }
    @inlinable static var finishingBase: Int32 { -4 }

    /// log2 of an entry's size: joint rows are byte offsets.
    @inlinable static var strideShift: Int { 5 }
    /// Where ``toRow``'s byte offset starts in ``countFlagsAndRow``.
    @inlinable static var rowShift: Int { 12 }

    @inlinable
    init(toWord: UInt64, picks: UInt64, fields: UInt64, code: Int32, count: Int, flags: _RegionStep.Flags, toRow: Int = 0) {
        assert(count < 1 << 8 && flags.rawValue < 1 << 4 && toRow < 1 << 20, "a joint entry's packed fields overflow")
        self.toWord = toWord
        self.picks = picks
        self.fields = fields
        self.code = code
        countFlagsAndRow = UInt32(truncatingIfNeeded: _BitPacking.field(UInt64(truncatingIfNeeded: count), at: 0)
            | _BitPacking.field(UInt64(flags.rawValue), at: 8)
            | _BitPacking.field(UInt64(truncatingIfNeeded: toRow), at: Self.rowShift))
    }

    /// The entry of a slot whose configuration the region bits cannot decide for this class.
    @inlinable
    static var slowEntry: Self { Self(toWord: 0, picks: 0, fields: 0, code: slowCode, count: 0, flags: []) }

    /// The joint row of hash slot `slot` in a table of `classShift` class bits: the byte offset
    /// of the slot's entries.
    @inlinable
    static func row(ofSlot slot: Int, classShift: Int) -> _LeafRow {
        _LeafRow.jointRow(byteOffset: (slot << classShift) << strideShift)
    }

    /// The joint row of the configuration after the step (``toWord``'s); for an ignored event,
    /// the row it was read from. Meaningless in a slow entry.
    @inlinable
    var toRow: _LeafRow {
        @inline(__always) get { _LeafRow.jointRow(byteOffset: toRowOffset) }
    }

    /// ``toRow``'s byte offset.
    @inlinable
    var toRowOffset: Int {
        @inline(__always) get {
            Int(truncatingIfNeeded: _BitPacking.field(of: UInt64(countFlagsAndRow), at: Self.rowShift, width: 32 - Self.rowShift))
        }
    }

    /// This step, arriving at joint row `row` (the compiler's second pass, once every
    /// configuration has its slot).
    @inlinable
    func arriving(at row: _LeafRow) -> _JointEntry {
        _JointEntry(toWord: toWord, picks: picks, fields: fields, code: code, count: count, flags: flags, toRow: row.jointByteOffset)
    }

    /// The entry decoded: the only place that reads `code`.
    @inlinable
    var decision: Decision {
        @inline(__always) get {
            if code >= 0 { return .joint(_JointIndex(rawValue: code)) }
            if code == Self.ignoredCode { return .ignored }
            if code == Self.slowCode { return .slow }
            if code == Self.ignoredFinishingCode { return .ignoredFinishing }
            return .finishingJoint(_JointIndex(rawValue: Self.finishingBase &- code))
        }
    }

    @inlinable var count: Int {
        @inline(__always) get { Int(truncatingIfNeeded: _BitPacking.field(of: UInt64(countFlagsAndRow), at: 0, width: 8)) }
    }
    @inlinable var flags: _RegionStep.Flags {
        @inline(__always) get {
            _RegionStep.Flags(rawValue: UInt32(truncatingIfNeeded: _BitPacking.field(of: UInt64(countFlagsAndRow), at: 8, width: 4)))
        }
    }

    /// This step under joint number `joint` (a finishing one when it finishes).
    @inlinable
    func numbered(_ joint: _JointIndex) -> _JointEntry {
        let code = flags.contains(.finishes) ? Self.finishingBase &- joint.rawValue : joint.rawValue
        return _JointEntry(toWord: toWord, picks: picks, fields: fields, code: code, count: count, flags: flags,
                           toRow: toRowOffset)
    }

    /// The region bits' decision in configuration `word` (at most 64 states) for event class
    /// `classID`: when every active leaf's row (`row(index)`, at ``_RegionTables/index(state:class:)``)
    /// is ignored or a region-local direct candidate, at most four of them, the step that takes
    /// them all together (numbered 0, or ignored with no pick); `nil` otherwise, when the
    /// region plans decide. The step finishes (``_RegionStep/Flags/finishes``) when a pick's does
    /// or a state of the configuration after it is in `eventlessWord` (the states with eventless
    /// transitions on their path): an ignored event then too (``ignoredFinishingCode``). The one
    /// rule both the regions route's bits stage (at run time, on the chart's tables) and the
    /// joint tables (when the chart is built) follow.
    @inlinable @inline(__always)
    static func regionBits(_ word: UInt64, class classID: _EventClass, atomicMask: UInt64, eventlessWord: UInt64,
                           row: (Int) -> _RegionRow, step: (_CandidateIndex) -> _RegionStep) -> _JointEntry? {
        var leaves = word & atomicMask
        var exits: UInt64 = 0
        var entries: UInt64 = 0
        // The union and the intersection of the picks' flags: which phases have actions to run
        // (often only the transitions'), and whether every action takes only the context.
        var anyFlags: _RegionStep.Flags = []
        var allFlags = _RegionStep.Flags(rawValue: ~0)
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
            let taken = step(c)
            exits |= taken.exits
            entries |= taken.entries
            anyFlags.formUnion(taken.flags)
            allFlags.formIntersection(taken.flags)
            picks |= _RegionRow.packed(c, at: count)
            fields.append(taken.transition)
            count &+= 1
        }
        var flags = anyFlags.subtracting(.contextOnly).union(allFlags.intersection(.contextOnly))
        let toWord = word & ~exits | entries
        if toWord & eventlessWord != 0 { flags.insert(.finishes) }
        let ignored = flags.contains(.finishes) ? ignoredFinishingCode : ignoredCode
        return _JointEntry(toWord: toWord, picks: picks, fields: fields.bits, code: count == 0 ? ignored : 0, count: count,
                           flags: flags)
    }
}
