// How an instance reads its chart's tables (Tables/ChartTables.swift).

extension StatechartInstance {
    /// The chart's tables (see ``_BorrowedTables``): read into a local once
    /// (`let tables = self.tables`), they stay in a register across the user's calls.
    @inlinable
    var tables: _BorrowedTables { @inline(__always) get { chart.tables } }
}
