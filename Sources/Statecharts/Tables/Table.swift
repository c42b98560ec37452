/// A fixed-size, immutable-after-compilation array of plain values read without bounds checks.
///
/// Every index the runtime uses comes from the compiler, which only produces in-range indices; the
/// debug build still checks them. Made and freed by a ``_TableStorage``.
@usableFromInline
internal struct _Table<Element: BitwiseCopyable>: @unchecked Sendable {
    @usableFromInline let base: UnsafeMutablePointer<Element>
    @usableFromInline let count: Int

    fileprivate init(_ values: [Element]) {
        count = values.count
        base = _copyToNewStorage(values)
    }

    @inlinable
    subscript(index: Int) -> Element {
        @inline(__always) get {
            assert(index >= 0 && index < count, "table index out of range")
            return base[index]
        }
    }

    @inlinable
    subscript(index: Int32) -> Element {
        @inline(__always) get { self[Int(index)] }
    }

    internal var array: [Element] { Array(UnsafeBufferPointer(start: base, count: count)) }
}

/// The one owner of a chart's unsafe memory: every table of a compiled chart (``_ChartTables``:
/// the state tree, the per-concern tables, the action and guard slots) and the chart's actions and
/// guards (``_ValueTable``) are allocated through one storage, which frees all of it, and
/// deinitializes what needs it, when it goes. No other type frees table memory, so no list of
/// fields has to be repeated in a `deinit` (a field left out of such a list would leak).
@usableFromInline
internal final class _TableStorage: @unchecked Sendable {
    /// Written only while the chart is being built, before the storage is shared.
    private var allocations: [UnsafeMutableRawPointer] = []
    /// What deinitializes the value tables (their elements may hold references), run first.
    private var deinitializers: [() -> Void] = []

    @usableFromInline init() {}

    /// A table holding `values`, freed with this storage.
    @usableFromInline
    func table<Element: BitwiseCopyable>(_ values: [Element]) -> _Table<Element> {
        let table = _Table(values)
        allocations.append(UnsafeMutableRawPointer(table.base))
        return table
    }

    /// A table holding `values` of any type, deinitialized and freed with this storage.
    @usableFromInline
    func values<Element>(_ values: [Element]) -> _ValueTable<Element> {
        let table = _ValueTable(values)
        allocations.append(UnsafeMutableRawPointer(table.base))
        deinitializers.append { table.base.deinitialize(count: table.count) }
        return table
    }

    deinit {
        for deinitialize in deinitializers { deinitialize() }
        for allocation in allocations { allocation.deallocate() }
    }
}

/// A fixed-size array of values of any type (actions, guards), read in place without bounds
/// checks or copies. Made and freed by a ``_TableStorage``.
@usableFromInline
internal struct _ValueTable<Element>: @unchecked Sendable {
    @usableFromInline let base: UnsafeMutablePointer<Element>
    @usableFromInline let count: Int

    fileprivate init(_ values: [Element]) {
        count = values.count
        base = _copyToNewStorage(values)
    }

    @inlinable
    subscript(index: Int32) -> Element {
        @inline(__always) unsafeAddress {
            assert(index >= 0 && Int(index) < count, "table index out of range")
            return UnsafePointer(base + Int(index))
        }
    }
}

/// `values` copied to new memory (room for at least one element, so that the pointer is never to
/// an empty allocation), in one bulk copy: element by element would ask for the generic metadata
/// every time. The caller's ``_TableStorage`` frees it.
private func _copyToNewStorage<Element>(_ values: [Element]) -> UnsafeMutablePointer<Element> {
    let base = UnsafeMutablePointer<Element>.allocate(capacity: Swift.max(values.count, 1))
    values.withUnsafeBufferPointer { buffer in
        if let source = buffer.baseAddress { base.initialize(from: source, count: buffer.count) }
    }
    return base
}
