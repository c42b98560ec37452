/// Where the elements of a ring of fixed capacity are: appending past the capacity drops the
/// oldest. Elements are numbered by `seq`, which never repeats, so a reader that remembers the
/// last `seq` it saw finds what is new, and how many it missed. The arithmetic of ``Timeline``
/// and ``StepRing``.
@usableFromInline
struct RingPositions {
    /// The number of slots.
    @usableFromInline let capacity: Int
    /// The slot of the oldest element.
    @usableFromInline var start = 0
    /// How many elements are kept.
    @usableFromInline var count = 0
    /// The `seq` the next appended element gets.
    @usableFromInline var nextSeq = 0

    @usableFromInline
    init(capacity: Int) { self.capacity = max(1, capacity) }

    /// The `seq` of the oldest element kept (`nextSeq` when empty).
    var firstSeq: Int { nextSeq - count }

    /// Takes the slot for element number `nextSeq`, dropping the oldest when full.
    @inlinable @inline(__always)
    mutating func claimSlot() -> Int {
        // Without a division: this runs on every step.
        var slot = start + count
        if slot >= capacity { slot -= capacity }
        if count < capacity {
            count += 1
        } else {
            start += 1
            if start == capacity { start = 0 }
        }
        nextSeq += 1
        return slot
    }

    /// The slot of element `seq`, if it is still kept.
    func slot(of seq: Int) -> Int? {
        guard seq >= firstSeq, seq < nextSeq else { return nil }
        return (start + (seq - firstSeq)) % capacity
    }

    /// The seqs after `seq` to return (all kept ones for `seq < firstSeq`), at most `limit` of
    /// the newest, and how many after `seq` are left out (dropped by the ring or by `limit`).
    func range(after seq: Int, limit: Int) -> (seqs: Range<Int>, dropped: Int) {
        let wanted = nextSeq - max(seq + 1, 0)
        guard wanted > 0 else { return (nextSeq..<nextSeq, 0) }
        let from = max(seq + 1, firstSeq, nextSeq - limit)
        return (from..<nextSeq, wanted - (nextSeq - from))
    }
}

/// The last elements appended, in a ring of fixed capacity (see ``RingPositions``).
struct Timeline<Element> {
    private var storage: [Element?]
    private var positions: RingPositions

    /// A ring keeping the last `capacity` elements (at least one).
    init(capacity: Int) {
        positions = RingPositions(capacity: capacity)
        storage = Array(repeating: nil, count: positions.capacity)
    }

    var capacity: Int { positions.capacity }
    var count: Int { positions.count }
    var nextSeq: Int { positions.nextSeq }
    var firstSeq: Int { positions.firstSeq }

    /// Appends `element` as number `nextSeq`, dropping the oldest when full.
    mutating func append(_ element: Element) {
        storage[positions.claimSlot()] = element
    }

    /// The element numbered `seq`, if it is still kept.
    subscript(seq seq: Int) -> Element? {
        get { positions.slot(of: seq).flatMap { storage[$0] } }
        set {
            guard let slot = positions.slot(of: seq), let newValue else { return }
            storage[slot] = newValue
        }
    }

    /// The newest element.
    var last: Element? { self[seq: nextSeq - 1] }

    /// The elements after `seq`, at most `limit` of the newest, and how many after `seq` are not
    /// returned (see ``RingPositions/range(after:limit:)``).
    func elements(after seq: Int, limit: Int) -> (elements: [Element], dropped: Int) {
        let (seqs, dropped) = positions.range(after: seq, limit: limit)
        return (seqs.compactMap { self[seq: $0] }, dropped)
    }
}
