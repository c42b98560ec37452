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
        base = UnsafeMutablePointer<Element>.allocate(capacity: Swift.max(values.count, 1))
        values.withUnsafeBufferPointer { buffer in
            if let source = buffer.baseAddress { base.initialize(from: source, count: values.count) }
        }
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

/// Owns the storage of the tables made through it and frees all of it when it goes: the owner of a
/// group of tables (the compiled chart's, the state tree's) keeps one, so no list of fields has
/// to be repeated in a `deinit` (a field left out of such a list would leak).
@usableFromInline
internal final class _TableStorage: @unchecked Sendable {
    /// Written only while the owner is being built, before it is shared.
    private var allocations: [UnsafeMutableRawPointer] = []

    @usableFromInline init() {}

    /// A table holding `values`, freed with this storage.
    @usableFromInline
    func table<Element: BitwiseCopyable>(_ values: [Element]) -> _Table<Element> {
        let table = _Table(values)
        allocations.append(UnsafeMutableRawPointer(table.base))
        return table
    }

    deinit {
        for allocation in allocations { allocation.deallocate() }
    }
}

/// A fixed-size array of values of any type (actions, guards), read in place without bounds
/// checks or copies; freed by its owner.
@usableFromInline
internal struct _ValueTable<Element>: @unchecked Sendable {
    @usableFromInline let base: UnsafeMutablePointer<Element>
    @usableFromInline let count: Int

    @usableFromInline
    internal init(_ values: [Element]) {
        count = values.count
        base = UnsafeMutablePointer<Element>.allocate(capacity: Swift.max(values.count, 1))
        // One bulk copy: element by element would ask for the generic metadata every time.
        values.withUnsafeBufferPointer { buffer in
            if let source = buffer.baseAddress { base.initialize(from: source, count: buffer.count) }
        }
    }

    @inlinable
    subscript(index: Int32) -> Element {
        @inline(__always) unsafeAddress {
            assert(index >= 0 && Int(index) < count, "table index out of range")
            return UnsafePointer(base + Int(index))
        }
    }

    internal func deallocate() {
        base.deinitialize(count: count)
        base.deallocate()
    }
}
