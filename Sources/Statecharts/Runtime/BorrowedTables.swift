/// A chart's tables as the runtime reads them during a send: the chart's ``_ChartTableParts``,
/// through the unretained pointer ``_ChartTables`` keeps them at, each table yielded in place
/// (`_read`), never copied.
///
/// The one accessor of the tables on the runtime's paths (``StatechartInstance/tables``), kept by
/// the chart (``Statechart/borrowedTables``), which owns the tables: valid while the chart lives,
/// and immutable, hence sendable. Safe for as long as the instance it came from is not replaced:
/// the instance holds its chart, the chart holds its tables, and neither changes during a send. Counting references on every read
/// (and copying a table that holds an array, as ``_JointTables`` does) would only cost
/// instructions on every event.
@frozen @usableFromInline
internal struct _BorrowedTables: @unchecked Sendable {
    @usableFromInline let base: UnsafePointer<_ChartTableParts>

    @inlinable @inline(__always)
    init(_ tables: _ChartTables) { base = UnsafePointer(tables.parts) }

    /// See ``_ChartTables/tree``.
    @inlinable var tree: _StateTree { @inline(__always) _read { yield base.pointee.tree } }
    /// See ``_ChartTables/states``.
    @inlinable var states: _StateTables { @inline(__always) _read { yield base.pointee.states } }
    /// See ``_ChartTables/transitions``.
    @inlinable var transitions: _TransitionTables { @inline(__always) _read { yield base.pointee.transitions } }
    /// See ``_ChartTables/candidates``.
    @inlinable var candidates: _CandidateTables { @inline(__always) _read { yield base.pointee.candidates } }
    /// See ``_ChartTables/direct``.
    @inlinable var direct: _DirectTable { @inline(__always) _read { yield base.pointee.direct } }
    /// See ``_ChartTables/regions``.
    @inlinable var regions: _RegionTables { @inline(__always) _read { yield base.pointee.regions } }
    /// See ``_ChartTables/joints``.
    @inlinable var joints: _JointTables { @inline(__always) _read { yield base.pointee.joints } }
    /// See ``_ChartTables/slots``.
    @inlinable var slots: _SlotTables { @inline(__always) _read { yield base.pointee.slots } }
    /// See ``_ChartTables/history``.
    @inlinable var history: _HistoryPlanTables { @inline(__always) _read { yield base.pointee.history } }
}

extension StatechartInstance {
    /// The chart's tables, borrowed for the length of a send (see ``_BorrowedTables``): read into
    /// a local once (`let tables = self.tables`), it stays in a register across the user's calls.
    @inlinable
    var tables: _BorrowedTables { @inline(__always) get { chart.borrowedTables } }
}
