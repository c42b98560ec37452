/// A value stored out of line with copy-on-write, so that rarely used parts of an instance cost
/// one pointer until first used, and copies of an instance stay independent.
@usableFromInline
internal struct _Indirect<Value> {
    @usableFromInline
    final class Box {
        // Reached only through `_Indirect`, whose own accesses are checked statically (it is a
        // stored property of the instance) and which copies the box before writing to a shared
        // one: dynamic exclusivity checks would add nothing.
        @exclusivity(unchecked) @usableFromInline var value: Value
        @inlinable init(_ value: Value) { self.value = value }
    }

    @usableFromInline var box: Box

    @inlinable
    init(_ value: Value) { box = Box(value) }

    @inlinable
    var value: Value {
        // Borrowed, not copied: reading `extras.value.timers.count` must not copy every array of
        // the value (and retain each) to read one field, as Embedded Swift's -Osize does with a
        // getter.
        _read { yield box.value }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.value) }
            yield &box.value
        }
    }
}

extension _Indirect: @unchecked Sendable where Value: Sendable {}
