/// A chart's tables as the runtime reads them during a send: the chart's ``_ChartTables``,
/// unretained, each table yielded in place (`_read`), never copied.
///
/// The one accessor of the tables on the runtime's paths (``StatechartInstance/tables``). Safe
/// for as long as the instance it came from is not replaced: the instance holds its chart, the
/// chart holds its tables, and neither changes during a send. Counting references on every read
/// (and copying a table that holds an array, as ``_JointTables`` does) would only cost
/// instructions on every event.
@frozen @usableFromInline
internal struct _BorrowedTables {
    @usableFromInline unowned(unsafe) let base: _ChartTables

    @inlinable @inline(__always)
    init(_ base: _ChartTables) { self.base = base }

    /// See ``_ChartTables/tree``.
    @inlinable var tree: _StateTree { @inline(__always) _read { yield base.tree } }
    /// See ``_ChartTables/states``.
    @inlinable var states: _StateTables { @inline(__always) _read { yield base.states } }
    /// See ``_ChartTables/transitions``.
    @inlinable var transitions: _TransitionTables { @inline(__always) _read { yield base.transitions } }
    /// See ``_ChartTables/candidates``.
    @inlinable var candidates: _CandidateTables { @inline(__always) _read { yield base.candidates } }
    /// See ``_ChartTables/direct``.
    @inlinable var direct: _DirectTable { @inline(__always) _read { yield base.direct } }
    /// See ``_ChartTables/regions``.
    @inlinable var regions: _RegionTables { @inline(__always) _read { yield base.regions } }
    /// See ``_ChartTables/joints``.
    @inlinable var joints: _JointTables { @inline(__always) _read { yield base.joints } }
    /// See ``_ChartTables/slots``.
    @inlinable var slots: _SlotTables { @inline(__always) _read { yield base.slots } }
    /// See ``_ChartTables/history``.
    @inlinable var history: _HistoryPlanTables { @inline(__always) _read { yield base.history } }
}

extension StatechartInstance {
    /// The chart's tables, borrowed for the length of a send (see ``_BorrowedTables``): read into
    /// a local once (`let tables = self.tables`), it stays in a register across the user's calls.
    @inlinable
    var tables: _BorrowedTables { @inline(__always) get { _BorrowedTables(chart.tables) } }
}
