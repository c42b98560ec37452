// History in the direct table's rows (see Tables/HistoryRows.swift): which history states the
// rows carry, and the direct entry of a candidate that records or restores them.

extension _ChartCompiler {
    /// The most entries a direct table with history fields may have: four times the table
    /// without them, or 16,384, whichever is more (and never past ``directTableLimit``).
    @inlinable
    static func historyRowLimit(plainEntries: Int) -> Int {
        Swift.min(directTableLimit, Swift.max(4 * plainEntries, 1 << 14))
    }

    /// Chooses the history states whose memory the direct table's rows carry, in document order
    /// while the table stays within ``historyRowLimit(plainEntries:)``: those a candidate enters
    /// through by its variants (``_HistoryRestore``), in a chart without parallel states (the
    /// regions route reads the rows of a configuration that is a set, which carry no memory).
    /// Fills `b.direct.historyFields` and `historyBits`; `shift`: the table's class shift.
    @inlinable
    mutating func chooseHistoryRowFields(shift: Int) {
        // The history columns have a list per candidate only in charts with history states.
        guard !kindOf.contains(.parallel), kindOf.contains(where: { $0.isHistory }),
              b.history.restores.start.count == b.candidates.transition.count + 1 else { return }
        var restoreOfSlot: [Int: _HistoryRestore] = [:]
        for c in _CandidateIndex.all(b.candidates.transition.count) {
            for restore in b.history.restores[c] { restoreOfSlot[Int(restore.slot)] = restore }
        }
        guard !restoreOfSlot.isEmpty else { return }
        let plainEntries = stateCount << shift
        let limit = Self.historyRowLimit(plainEntries: plainEntries)
        var bits = 0
        var fields = _HistoryRowFields.Builder()
        for h in _StateIndex.all(stateCount) where kindOf[h].isHistory {
            guard let slot = b.states.historySlot[h], let restore = restoreOfSlot[slot] else { continue }
            let parent = parentOf[h]
            // The states it can remember, in the order of its variants (appendHistoryVariants).
            let remembered = restore.isDeep ? (parent.next..<tree.subtreeEnd[parent].next).filter { tree.isAtomic($0) }
                                            : Array(tree.children(of: parent))
            guard remembered.count == Int(restore.rememberedCount) else { continue }
            // Values 0 (nothing remembered) through `remembered.count`.
            let width = Int.bitWidth - remembered.count.leadingZeroBitCount
            guard plainEntries << (bits + width) <= limit else { continue }
            fields.fields.append(_HistoryRowField(slot: slot, shift: shift + _DirectEntry.strideShift + bits, width: width,
                                                  atomicBase: Int(restore.atomicBase), first: fields.states.count,
                                                  count: remembered.count))
            fields.states += remembered
            bits += width
        }
        b.direct.historyFields = fields
        b.direct.historyBits = bits
    }

    /// Whether `row`'s history fields (from ``chooseHistoryRowFields(shift:)``) each hold a
    /// value some memory gives: 0, or a state's (a shallow history's parent's children include
    /// history states, which no memory holds).
    @inlinable
    func isHistoryRow(_ row: _LeafRow) -> Bool {
        b.direct.historyFields.fields.allSatisfy { f in
            let value = f.value(in: row)
            return value == 0 || value <= Int(f.count) && !kindOf[b.direct.historyFields.states[Int(f.first) + value - 1]].isHistory
        }
    }

    /// The value field `f` holds once it remembers `state` (1 + its ordinal), or `nil` when no
    /// value stands for it.
    @inlinable
    func historyRowValue(_ f: _HistoryRowField, remembering state: _StateIndex) -> Int? {
        let states = b.direct.historyFields.states[Int(f.first)..<Int(f.first + f.count)]
        guard let i = states.firstIndex(of: state) else { return nil }
        return i - Int(f.first) + 1
    }

    /// The direct entry of candidate `c` (first in its row, guard-free, recording or restoring
    /// history) from direct row `from`, when the rows carry every history it uses: the variant
    /// `from`'s field selects, taken by its plan alone, to the row whose fields hold what the
    /// plan records. `nil` when the rows do not carry one of its histories, or the plan needs
    /// more than its actions (such a candidate stays a named or slow entry).
    @inlinable
    func historyRowEntry(_ c: _CandidateIndex, from: _LeafRow, rowShift: Int) -> _DirectEntry? {
        let fields = b.direct.historyFields.fields
        guard !fields.isEmpty, b.transitions.isConditionFree[b.candidates.transition[c]] else { return nil }
        var v = c
        if b.candidates.flags[c].restoresHistory {
            guard let restore = b.history.restores[c].first,
                  let f = fields.first(where: { $0.slot == restore.slot }) else { return nil }
            // Variant 0 is the default transition's, variant k the k-th state's (as `historyVariant`).
            v = _CandidateIndex(restore.firstVariant.offset + f.value(in: from))
        }
        guard b.candidates.flags[v].isNoneOrRecords, b.candidates.leaf[v] != .none else { return nil }
        var to = _LeafRow(directRowOf: b.candidates.leaf[v], rowShift: rowShift, historyOf: from)
        for record in b.history.records[v] {
            guard let f = fields.first(where: { $0.slot == record.slot }),
                  let value = historyRowValue(f, remembering: record.state) else { return nil }
            to = f.setting(value, in: to)
        }
        let list = b.candidates.actions[b.candidates.actionStart[v].offset..<b.candidates.actionStart[v.next].offset]
        if list.contains(where: { actions[$0].usesOutbox }) { return nil }
        return .candidate(v, contextOnly: list.allSatisfy { actions[$0].takesOnlyContext }, row: to,
                          single: singleContextAction(list))
    }
}
