/// A delayed event waiting for the clock.
@usableFromInline
internal struct _Timer<Event: StatechartEvent>: Sendable {
    @usableFromInline var due: Duration
    @usableFromInline var sequence: UInt64
    @usableFromInline var event: Event
    @usableFromInline var id: String?
    /// Where the event goes when due, when not to this instance: the parent, or a child.
    @usableFromInline var destination: _Destination<Event>?

    @inlinable
    init(due: Duration, sequence: UInt64, event: Event, id: String?, destination: _Destination<Event>? = nil) {
        self.due = due
        self.sequence = sequence
        self.event = event
        self.id = id
        self.destination = destination
    }

    /// Delivery order: by due time, ties in the order sent.
    @inlinable
    func isDelivered(before other: _Timer) -> Bool {
        Self.precedes(due, sequence, other.due, other.sequence)
    }

    /// Delivery order on the keys alone: due time `due`, sent `sequence`th, before the other.
    @inlinable @inline(__always)
    static func precedes(_ due: Duration, _ sequence: UInt64, _ otherDue: Duration, _ otherSequence: UInt64) -> Bool {
        due != otherDue ? due < otherDue : sequence < otherSequence
    }
}

/// Where a delayed event sent to another session goes (see ``Outbox/sendToParent(_:after:)``).
@usableFromInline
internal enum _Destination<Event: StatechartEvent>: Sendable {
    case parent
    case invocation(String, unreachable: Event?)
}

/// The pending delayed events of an instance, as a binary min-heap on (due time, sequence):
/// scheduling and delivering are O(log n), so a million timers (a restored snapshot, say) are
/// delivered in a second rather than a minute. Cancelling by id is O(n).
@usableFromInline
internal struct _TimerQueue<Event: StatechartEvent>: Sendable {
    /// Heap order: `heap[i]` is delivered no later than `heap[2i+1]` and `heap[2i+2]`.
    @usableFromInline var heap: [_Timer<Event>] = []

    @inlinable init() {}

    /// A queue holding `timers`, in any order.
    @usableFromInline
    init(_ timers: [_Timer<Event>]) {
        heap = timers
        restoreHeapOrder()
    }

    /// Puts `heap` in heap order, in place: Floyd's bottom-up construction, O(n).
    @inlinable
    mutating func restoreHeapOrder() {
        var i = heap.count / 2
        while i > 0 {
            i -= 1
            siftDown(from: i)
        }
    }

    @inlinable var count: Int { heap.count }
    @inlinable var isEmpty: Bool { heap.isEmpty }

    /// The timer delivered next.
    @inlinable var first: _Timer<Event>? { heap.first }

    /// Every timer, in the order they will be delivered.
    var inDeliveryOrder: [_Timer<Event>] { heap.sorted { $0.isDelivered(before: $1) } }

    // Inlinable, like the heap operations below, so that they are specialized for the event
    // type: run generically, the array's accessors allocate their coroutine frames.
    @inlinable
    mutating func insert(_ timer: consuming _Timer<Event>) {
        // Consumed: moved into the heap, not copied.
        heap.append(timer)
        siftUp(from: heap.count - 1)
    }

    /// Removes and returns the timer delivered next.
    @inlinable
    mutating func removeFirst() -> _Timer<Event>? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let first = heap.removeLast()
        if !heap.isEmpty { siftDown(from: 0) }
        return first
    }

    /// Removes every timer sent with `id` (SCXML's `<cancel sendid>`).
    @inlinable
    mutating func cancel(id: String) {
        // From the back, each match swapped with the last timer (already looked at) and dropped,
        // then the order restored in place: no element is copied (`removeAll(where:)`
        // partitions, then replaces a range). Ids are compared where they lie: through the
        // array's subscript, Embedded Swift's -Osize copies each whole timer to read its id.
        var i = heap.count
        var removed = false
        while i > 0 {
            i -= 1
            guard heap.withUnsafeBufferPointer({ $0[i].id == id }) else { continue }
            let last = heap.count - 1
            if i != last { heap.swapAt(i, last) }
            heap.removeLast()
            removed = true
        }
        if removed { restoreHeapOrder() }
    }

    @inlinable
    mutating func removeAll() { heap.removeAll() }

    /// Whether `heap[i]` is delivered before `heap[j]`. Reads the two keys in place: comparing
    /// the elements themselves copies each timer (its event and id) to compare two numbers.
    @inlinable @inline(__always)
    func isDelivered(_ i: Int, before j: Int) -> Bool {
        _Timer<Event>.precedes(heap[i].due, heap[i].sequence, heap[j].due, heap[j].sequence)
    }

    @inlinable
    mutating func siftUp(from index: Int) {
        var child = index
        while child > 0 {
            let parent = (child - 1) / 2
            guard isDelivered(child, before: parent) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    @inlinable
    mutating func siftDown(from index: Int) {
        var parent = index
        let count = heap.count
        while true {
            let left = 2 * parent + 1
            guard left < count else { return }
            let right = left + 1
            var earliest = left
            if right < count && isDelivered(right, before: left) { earliest = right }
            guard isDelivered(earliest, before: parent) else { return }
            heap.swapAt(parent, earliest)
            parent = earliest
        }
    }
}
