import Synchronization

#if hasFeature(Embedded)
/// A value behind a lock, in Embedded Swift: a spin lock on an `Atomic`, since there is no
/// operating system to wait in and Embedded Swift's `Synchronization` has no `Mutex`. The value
/// lives in a class instance allocated once, when the lock is made.
@usableFromInline
package struct Locked<Value: ~Copyable>: ~Copyable {
    @usableFromInline final class Storage {
        @usableFromInline let busy = Atomic<Bool>(false)
        @usableFromInline var value: Value
        @usableFromInline init(_ value: consuming Value) { self.value = value }
    }

    @usableFromInline let storage: Storage

    /// A lock around `value`.
    @inlinable
    package init(_ value: consuming sending Value) {
        storage = Storage(value)
    }

    /// Runs `body` with the value, holding the lock.
    @inlinable
    package borrowing func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        while !storage.busy.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {}
        defer { storage.busy.store(false, ordering: .releasing) }
        return try body(&storage.value)
    }
}
#else
/// A value behind a lock, for this package's modules: a `Synchronization.Mutex` whose
/// synchronization ThreadSanitizer is told about.
///
/// ThreadSanitizer cannot see how `Mutex` orders two threads that contend for it (the waiting and
/// the wake-up happen in the standard library, which is not instrumented), so it reports accesses
/// made under one from two threads as a race whenever they contended: see
/// `scripts/tsan-mutex/`, which reproduces that with the standard library alone and shows that
/// this type silences it while a real race (one access outside the lock) is still reported.
/// `make tsan` builds with `-DSTATECHARTS_TSAN`, which makes ``withLock(_:)`` announce the lock's
/// acquire and release to ThreadSanitizer; every other build is `Mutex` itself, inlined.
@usableFromInline
package struct Locked<Value: ~Copyable>: ~Copyable {
    @usableFromInline let mutex: Mutex<Value>

    /// A lock around `value`.
    @inlinable
    package init(_ value: consuming sending Value) {
        mutex = Mutex(value)
    }

    /// Runs `body` with the value, holding the lock.
    @inlinable
    package borrowing func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        #if STATECHARTS_TSAN
        // The mutex's own address, taken without an access ThreadSanitizer would record.
        let address = withUnsafePointer(to: mutex) { UnsafeRawPointer($0) }
        #endif
        return try mutex.withLock { (value: inout sending Value) throws(E) -> sending Result in
            #if STATECHARTS_TSAN
            _tsanAcquire(address)
            defer { _tsanRelease(address) }
            #endif
            return try body(&value)
        }
    }
}

#endif

// A `Mutex` is `Sendable` for any value it can be handed; so is this.
extension Locked: @unchecked Sendable where Value: ~Copyable {}

#if STATECHARTS_TSAN
/// ThreadSanitizer's annotations (`tsan_interface.h`), in its runtime when built with it.
@usableFromInline @_silgen_name("__tsan_acquire") func _tsanAcquire(_ address: UnsafeRawPointer)
@usableFromInline @_silgen_name("__tsan_release") func _tsanRelease(_ address: UnsafeRawPointer)
#endif
