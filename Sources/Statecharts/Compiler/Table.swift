/// A fixed-size, immutable-after-compilation array of plain values read without bounds checks.
///
/// Every index the runtime uses comes from the compiler, which only produces in-range indices; the
/// debug build still checks them. The owner (``_ChartTables``) frees the storage.
@usableFromInline
internal struct _Table<Element: BitwiseCopyable>: @unchecked Sendable {
    @usableFromInline let base: UnsafeMutablePointer<Element>
    @usableFromInline let count: Int

    @usableFromInline
    internal init(_ values: [Element]) {
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

    internal func deallocate() { base.deallocate() }

    internal var array: [Element] { Array(UnsafeBufferPointer(start: base, count: count)) }
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
