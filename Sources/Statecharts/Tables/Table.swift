/// A fixed-size, immutable-after-compilation array, indexed by one kind of index
/// (``_TableIndex``) and read in place without bounds checks or copies: plain values (the
/// per-concern tables), or values that hold references (the chart's actions and guards).
///
/// Every index the runtime uses comes from the compiler, which only produces in-range indices; the
/// debug build still checks them. Made and freed by a ``_TableStorage``.
@usableFromInline
internal struct _Table<Index: _TableIndex, Element>: @unchecked Sendable {
    @usableFromInline let base: UnsafeMutablePointer<Element>
    @usableFromInline let count: Int

    fileprivate init(_ values: [Element]) {
        count = values.count
        base = _copyToNewStorage(values)
    }

    @inlinable
    subscript(index: Index) -> Element {
        @inline(__always) unsafeAddress { UnsafePointer(address(offset: index.offset)) }
    }

    /// The element at a position the caller computed (a hashed slot, a row of a wider table).
    @inlinable
    subscript(offset offset: Int) -> Element {
        @inline(__always) unsafeAddress { UnsafePointer(address(offset: offset)) }
    }

    /// Where the element at `offset` lives; both subscripts read through it, in place.
    @inlinable @inline(__always)
    func address(offset: Int) -> UnsafeMutablePointer<Element> {
        assert(offset >= 0 && offset < count, "table index out of range")
        return base + offset
    }

    /// Every index of the table.
    @inlinable
    var indices: Range<Index> { Index.all(count) }

    internal var array: [Element] { Array(UnsafeBufferPointer(start: base, count: count)) }
}

/// Lists of plain values, one per owner (the targets of each transition, say), stored as one
/// table of elements and one of where each owner's list starts. Made and freed by a
/// ``_TableStorage``.
@usableFromInline
internal struct _Lists<Owner: _TableIndex, Element: BitwiseCopyable>: @unchecked Sendable {
    /// `start[o] ..< start[o + 1]`: owner `o`'s list in `elements`.
    @usableFromInline let start: _Table<Owner, _ListSlot>
    @usableFromInline let elements: _Table<_ListSlot, Element>

    @usableFromInline
    init(_ b: Builder, in storage: _TableStorage) {
        start = storage.table(b.start)
        elements = storage.table(b.elements)
    }

    /// The lists `b` holds, which are released (`b` is left empty) as soon as they are copied.
    @usableFromInline
    init(taking b: inout Builder, in storage: _TableStorage) {
        start = storage.table(taking: &b.start)
        elements = storage.table(taking: &b.elements)
    }

    /// Owner `o`'s list.
    @inlinable
    subscript(o: Owner) -> UnsafeBufferPointer<Element> {
        @inline(__always) get {
            let from = start[o].offset
            return UnsafeBufferPointer(start: elements.base + from, count: start[o.next].offset &- from)
        }
    }

    /// The lists as the compiler appends them, owner by owner.
    @usableFromInline
    struct Builder {
        @inlinable init() {}
        @usableFromInline var start: [_ListSlot] = [_ListSlot(rawValue: 0)]
        @usableFromInline var elements: [Element] = []

        /// Appends the next owner's list.
        @inlinable
        mutating func append(_ list: some Sequence<Element>) {
            elements.append(contentsOf: list)
            endList()
        }

        /// Ends the next owner's list: the elements appended since the last list ended.
        @inlinable
        mutating func endList() { start.append(_ListSlot(elements.count)) }

        /// Room for `lists` more lists of `elements` more elements in all, without growing.
        @inlinable
        mutating func reserveCapacity(lists: Int, elements count: Int) {
            start.reserveCapacity(start.count + lists)
            elements.reserveCapacity(elements.count + count)
        }

        /// The elements appended since the last list ended.
        @inlinable
        var openList: ArraySlice<Element> { elements[start[start.count - 1].offset...] }

        /// Takes back the elements appended since the last list ended.
        @inlinable
        mutating func discardOpenList() { elements.removeSubrange(start[start.count - 1].offset...) }

        /// Owner `o`'s list so far (the compiler reads back what it wrote).
        @inlinable
        subscript(o: Owner) -> ArraySlice<Element> { elements[start[o].offset..<start[o.next].offset] }
    }
}

/// The one owner of a chart's unsafe memory: every table of a compiled chart (``_ChartTables``:
/// the state tree, the per-concern tables, the action and guard slots) and the chart's actions and
/// guards are allocated through one storage, which frees all of it, and
/// deinitializes what needs it, when it goes. No other type frees table memory, so no list of
/// fields has to be repeated in a `deinit` (a field left out of such a list would leak).
@usableFromInline
internal final class _TableStorage: @unchecked Sendable {
    /// Written only while the chart is being built, before the storage is shared.
    private var allocations: [UnsafeMutableRawPointer] = []
    /// What deinitializes the value tables (their elements may hold references), run first.
    private var deinitializers: [() -> Void] = []

    @usableFromInline init() {}

    /// A table holding `values`, freed with this storage; deinitialized first when its elements
    /// need it (they hold references: actions, guards).
    @usableFromInline
    func table<Index, Element>(_ values: [Element]) -> _Table<Index, Element> {
        let table = _Table<Index, Element>(values)
        allocations.append(UnsafeMutableRawPointer(table.base))
        if !_isPOD(Element.self) { deinitializers.append { table.base.deinitialize(count: table.count) } }
        return table
    }

    /// A table holding `values`, which are released (`values` is left empty) as soon as they are
    /// copied: freezing a large chart's builders column by column never holds two copies of more
    /// than one column.
    @usableFromInline
    func table<Index, Element>(taking values: inout [Element]) -> _Table<Index, Element> {
        defer { values = [] }
        return table(values)
    }

    deinit {
        for deinitialize in deinitializers { deinitialize() }
        for allocation in allocations { allocation.deallocate() }
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
