/// The external event queue of an instance: first in, first out, with O(1) removal from the
/// front (an array with a moving head, compacted once the consumed part is half of it), so that
/// draining a long queue is linear, not quadratic.
@usableFromInline
internal struct _EventQueue<Event: StatechartEvent>: Sendable {
    @usableFromInline var storage: [Event] = []
    /// The index of the first event not yet taken.
    @usableFromInline var head = 0

    @inlinable init() {}

    /// A queue holding `events`, first in front.
    @usableFromInline
    init(_ events: [Event]) { storage = events }

    @inlinable var isEmpty: Bool { head == storage.count }
    @inlinable var count: Int { storage.count - head }

    /// The events waiting, first in front.
    var elements: [Event] { Array(storage[head...]) }

    @inlinable
    mutating func append(_ event: Event) { storage.append(event) }

    /// Removes and returns the event in front.
    @usableFromInline
    mutating func removeFirst() -> Event? {
        guard head < storage.count else { return nil }
        let event = storage[head]
        head += 1
        if head == storage.count {
            storage.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 1024 && head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return event
    }

    @inlinable
    mutating func removeAll() {
        storage.removeAll()
        head = 0
    }
}
