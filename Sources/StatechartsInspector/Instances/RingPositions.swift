/// Where the elements of a ring of fixed capacity are: appending past the capacity drops the
/// oldest. Elements are numbered by `seq`, which never repeats, so a reader that remembers the
/// last `seq` it saw finds what is new, and how many it missed. The arithmetic of ``StepRing``.
@usableFromInline
struct RingPositions {
    /// The number of slots.
    @usableFromInline let capacity: Int
    /// The slot the next element is written to.
    @usableFromInline var cursor = 0
    /// How many elements are kept.
    @usableFromInline var count = 0
    /// The `seq` the next appended element gets.
    @usableFromInline var nextSeq = 0

    @usableFromInline
    init(capacity: Int) { self.capacity = max(1, capacity) }

    /// The `seq` of the oldest element kept (`nextSeq` when empty).
    var firstSeq: Int { nextSeq - count }

    /// The slot of the oldest element. Elements are written from slot 0 on and only ever
    /// overwritten, so it is slot 0 until the ring is full, and the next slot to write after.
    var start: Int { count < capacity ? 0 : cursor }

    /// Takes the slot for element number `nextSeq`, dropping the oldest when full.
    @inlinable @inline(__always)
    mutating func claimSlot() -> Int {
        // Without a division or an overflow check: this runs on every step (each value stays
        // within 0...capacity, and `nextSeq` would take centuries of sends to wrap).
        let slot = cursor
        cursor = slot &+ 1 == capacity ? 0 : slot &+ 1
        if count < capacity { count &+= 1 }
        nextSeq &+= 1
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
