// The one owner of what the histories remember: the instance's history memory and the history
// fields of a direct row (Tables/HistoryRows.swift), kept in agreement here and nowhere else.
// Routes read the memory through ``StatechartInstance/history()`` and write it through
// ``StatechartInstance/updateHistory(_:)``; neither ever sees the two copies.
//
// Invariant: while ``StatechartInstance/leafRow`` is a direct row, its history fields are what
// the histories they stand for remember, and the memory's slots for those histories may be
// behind (a direct entry moves the row and writes no memory); otherwise the memory holds
// everything. So the fields are written into the memory before the memory is read (`history()`)
// or written (`updateHistory(_:)`), and before the row stops being direct (`storeLeafRow`, in
// StatechartInstance+LeafRow.swift); every write to the memory while the row is direct updates
// the fields; and a new direct row takes its fields from the row before it or, after a row that
// was not direct, from the memory (``StatechartInstance/historyRow(of:)``). In a chart whose rows
// carry no history (most charts) all of this is one test of a flag of the chart's direct table.
//
// May not: be bypassed: `historyMemory` is read and written in this file only (the layer check
// refuses it elsewhere).

extension StatechartInstance {
    // MARK: Reading and writing

    /// The history memory, holding everything the histories remember: the direct row's fields
    /// are written into it first. For the routes, which may then read it as they like.
    @inlinable @inline(__always)
    mutating func history() -> _HistoryMemory.Storage {
        syncHistoryMemory()
        return historyMemory
    }

    /// The history memory as it stands, fields of a direct row included, without changing the
    /// instance: for readers that are not `mutating` (snapshots, conflict checks). No copy unless
    /// the row carries history.
    @inlinable
    var currentHistory: _HistoryMemory.Storage {
        guard leafRow.isDirectRow && tables.direct.historyFields.exist else { return historyMemory }
        var copy = self
        copy.writeHistoryFields()
        return copy.historyMemory
    }

    /// Writes the history memory through `record`, which finds it holding everything and with a
    /// slot for every history state; the direct row's fields then take the new values.
    @inlinable @inline(__always)
    mutating func updateHistory(_ record: (inout _HistoryMemory.Storage) -> Void) {
        syncHistoryMemory()
        if historyMemory.isEmpty { historyMemory = _HistoryMemory.empty(size: tables.states.historyMemorySize) }
        record(&historyMemory)
        refreshHistoryFields()
    }

    /// Replaces the history memory with `memory` (a snapshot's), before the leaf is set: a direct
    /// row takes its fields from it then.
    @inlinable
    mutating func restoreHistory(_ memory: _HistoryMemory.Storage) {
        historyMemory = memory
        refreshHistoryFields()
    }

    // MARK: Keeping the row's fields and the memory in step

    /// Writes the history fields of the direct row into the history memory, so that the memory
    /// holds everything: before the memory is read or written, and before the row stops being
    /// direct. Does nothing when the row is not direct or carries no history.
    @inlinable @inline(__always)
    mutating func syncHistoryMemory() {
        if leafRow.isDirectRow && tables.direct.historyFields.exist { writeHistoryFields() }
    }

    /// ``syncHistoryMemory()``'s work: each field's value into its history's slot.
    @inlinable @inline(never)
    mutating func writeHistoryFields() {
        let tables = self.tables
        let fields = tables.direct.historyFields
        for i in 0..<fields.fields.count {
            let f = fields.fields[offset: i]
            let value = f.value(in: leafRow)
            if value == 0 {
                if !historyMemory.isEmpty { _HistoryMemory.forget(at: Int(f.slot), in: &historyMemory) }
            } else {
                if historyMemory.isEmpty { historyMemory = _HistoryMemory.empty(size: tables.states.historyMemorySize) }
                _HistoryMemory.record(single: fields.state(of: f, value: value), at: Int(f.slot), in: &historyMemory)
            }
        }
    }

    /// After the memory was written while the row is direct: the row's fields from the memory
    /// (or a plain leaf when the memory holds what no field value stands for).
    @inlinable @inline(__always)
    mutating func refreshHistoryFields() {
        if leafRow.isDirectRow && tables.direct.historyFields.exist { rereadHistoryFields() }
    }

    /// Direct row `leaf` with its history fields from the history memory, or `nil` when the
    /// memory holds what no field value stands for (a snapshot's deep memory of a compound
    /// state, say: the instance then takes every event by the candidate stage, which reads the
    /// memory).
    @inlinable
    func historyRow(of leaf: _StateIndex) -> _LeafRow? {
        let tables = self.tables
        let fields = tables.direct.historyFields
        var row = _LeafRow(directRowOf: leaf, rowShift: tables.direct.rowShift)
        for i in 0..<fields.fields.count {
            let f = fields.fields[offset: i]
            guard let value = fields.value(of: f, in: historyMemory, ranks: tables.history) else { return nil }
            row = f.setting(value, in: row)
        }
        return row
    }
}
