// The instance's active leaf as it stores it (``StatechartInstance/leafRow``, a ``_LeafRow``):
// which row is right for the instance's state (`leafRowEncoding`), the named moves that write
// it, and the invariants a test checks after every step. The only file that writes `leafRow`
// (the layer check, scripts/check-core-layers.py, refuses a write anywhere else).
//
// May not: decide a route or run an action; encode a row's bits (Tables/LeafRow.swift does).

extension StatechartInstance {
    /// The active leaf while the configuration is a single path; ``_StateIndex/none`` while
    /// `activeSet` holds it. Stored as ``leafRow`` (see there).
    @inlinable
    var leaf: _StateIndex {
        @inline(__always) get { leafRow.leaf(rowShift: tables.direct.rowShift) }
        @inline(__always) set { storeLeafRow(leafRowEncoding(of: newValue)) }
    }

    /// ``leafRow`` for active leaf `leaf` (``_StateIndex/none``: a set) in the instance's status,
    /// with its external queue and children as they are: the one encoding, which the setter of
    /// ``leaf`` stores and `send` asserts in debug builds.
    @inlinable @inline(__always)
    func leafRowEncoding(of leaf: _StateIndex) -> _LeafRow {
        let unhindered = status == .running && hasNoPendingExternalEvents
        // The search for a joint row out of line, and only in charts that have joint tables.
        if leaf == .none { return unhindered && tables.joints.exists ? Self.setRowEncoding(chart, activeSet.first) : .activeSet }
        if unhindered && chart.fastRows {
            let tables = self.tables
            // A direct row's history fields (StatechartInstance+History.swift) go on from
            // the row before, or come from the memory after a row that was not direct.
            if leafRow.isDirectRow { return _LeafRow(directRowOf: leaf, rowShift: tables.direct.rowShift, historyOf: leafRow) }
            if tables.direct.historyFields.exist { return historyRow(of: leaf) ?? _LeafRow(plainLeaf: leaf) }
            return _LeafRow(directRowOf: leaf, rowShift: tables.direct.rowShift)
        }
        return _LeafRow(plainLeaf: leaf)
    }

    /// ``leafRow`` for configuration `word` (the active set's first word) of a running instance
    /// of `chart` with nothing pending: the joint row of the configuration's slot, searched for
    /// here after another route changed it (a joint step carries the next row itself), in a
    /// chart whose names are matched as for a direct row; else ``_LeafRow/activeSet``. Out of
    /// line: the search is no part of the single path's encoding. Static, given the two values
    /// it reads: a method would be passed a copy of the whole instance, which Embedded Swift
    /// makes with `memcpy` on every call.
    @inlinable @inline(never)
    static func setRowEncoding(_ chart: Statechart<StateID, Event, Context>, _ word: UInt64) -> _LeafRow {
        guard chart.fastRows, let row = chart.tables.joints.row(of: word) else { return .activeSet }
        return row
    }

    // MARK: Moves

    /// Stores `row` in ``leafRow``, writing the history fields of the row it replaces into the
    /// memory first when `row` is not direct: the general move, for the setter of ``leaf`` and
    /// after ``status`` or ``extras`` changed.
    @inlinable @inline(__always)
    mutating func storeLeafRow(_ row: _LeafRow) {
        if !row.isDirectRow { syncHistoryMemory() }
        leafRow = row
    }

    /// Re-encodes ``leafRow`` after ``status`` or ``extras`` changed (their observers call it),
    /// so that `leafRow.isDirectRow` keeps meaning "running, single path, nothing pending" (and
    /// `leafRow.isJointRow` "running, a set the joint tables hold, nothing pending").
    @inlinable
    mutating func reencodeLeafRow() { storeLeafRow(leafRowEncoding(of: leaf)) }

    /// The move of a direct or joint entry: its next row, computed by the compiler (a direct
    /// entry's `row`, a joint entry's `toRow`), where nothing but the leaf or the set changes.
    /// Written before the entry's actions run: none can see it.
    @inlinable @inline(__always)
    mutating func moveToEntryRow(_ row: _LeafRow) { leafRow = row }

    /// Moves a direct row to leaf `to`, its history fields unchanged, where its leaf `from` is
    /// known (a guarded entry).
    @inlinable @inline(__always)
    mutating func moveDirectRow(to: _StateIndex, from: _StateIndex, rowShift: Int) {
        leafRow = _LeafRow(directRowOf: to, rowShift: rowShift, historyOf: leafRow, rowLeaf: from)
    }

    /// Moves a direct row to leaf `to`, its history fields unchanged (a history entry).
    @inlinable @inline(__always)
    mutating func moveDirectRow(to: _StateIndex, rowShift: Int) {
        leafRow = _LeafRow(directRowOf: to, rowShift: rowShift, historyOf: leafRow)
    }

    /// Moves a direct row by `delta` (``_LeafRow/delta(from:to:rowShift:)``, a guarded step's).
    @inlinable @inline(__always)
    mutating func moveDirectRow(by delta: Int32) { leafRow = leafRow.moved(by: delta) }

    /// Rewrites a direct row's history fields from the history memory, after the memory was
    /// written while the row is direct; a plain leaf when the memory holds what no field value
    /// stands for. Out of line: ``refreshHistoryFields()`` calls it only in charts whose rows
    /// carry history, after a write to the memory.
    @inlinable @inline(never)
    mutating func rereadHistoryFields() {
        let leaf = leafRow.directLeaf(rowShift: tables.direct.rowShift)
        leafRow = historyRow(of: leaf) ?? _LeafRow(plainLeaf: leaf)
    }

    // MARK: Invariants

    /// What is wrong with the instance's packed state, one message per broken invariant; empty
    /// when every one holds. For tests, which call it after every step (as swift-collections'
    /// tests call `Deque`'s `_checkInvariants()`); not part of the supported API.
    ///
    /// The invariants: the leaf row is the encoding of the leaf for the status, the queues and
    /// the children (``leafRowEncoding(of:)``); a direct row stands for a running instance with
    /// nothing pending in a chart that allows fast rows, for an atomic or final leaf, and its
    /// history fields say what the memory says; a joint row is the set's own; an instance that
    /// has not started holds no leaf.
    @_spi(Testing)
    public func _invariantViolations() -> [String] {
        var problems: [String] = []
        let tables = self.tables
        let rowShift = tables.direct.rowShift
        let decoded = leafRow.decoded(rowShift: rowShift)
        let expected = leafRowEncoding(of: leaf)
        if leafRow != expected {
            problems.append("leaf row \(decoded) is not the encoding \(expected.decoded(rowShift: rowShift)) of the leaf for the status \(status)")
        }
        let unhindered = status == .running && hasNoPendingExternalEvents
        func checkLeaf(_ leaf: _StateIndex) {
            guard leaf.offset >= 0 && leaf.offset < chart.tables.stateCount else {
                problems.append("leaf row \(decoded) names no state of the chart's \(chart.tables.stateCount)")
                return
            }
            if !tables.tree.isAtomic(leaf) {
                problems.append("leaf row \(decoded) names a state that is neither atomic nor final")
            }
        }
        switch decoded {
        case .direct(let leaf, _):
            checkLeaf(leaf)
            if !unhindered || !chart.fastRows || !tables.direct.exists {
                problems.append("a direct row while the instance is \(status), pending: \(!hasNoPendingExternalEvents), fast rows: \(chart.fastRows)")
            }
            if tables.direct.historyFields.exist {
                // The fields through the memory and back: what the memory would say is the row.
                var synced = self
                synced.writeHistoryFields()
                if synced.historyRow(of: leaf) != leafRow {
                    problems.append("the history fields of \(decoded) do not survive the memory's round trip")
                }
            }
        case .joint:
            if !unhindered || !tables.joints.exists || tables.joints.row(of: activeSet.first) != leafRow {
                problems.append("joint row \(decoded) is not the joint row of the active set of a running instance")
            }
        case .plain(let leaf):
            checkLeaf(leaf)
        case .set:
            break
        }
        if status == .notStarted && decoded != .set {
            problems.append("an instance that has not started holds \(decoded)")
        }
        return problems
    }
}
