/// The last steps of an instance, in a ring of fixed capacity: appending past it drops the
/// oldest. Steps are numbered by `seq`, which never repeats, so a reader that remembers the last
/// `seq` it saw finds what is new, and how many it missed.
@usableFromInline
struct Timeline<Element> {
    @usableFromInline var storage: [Element?]
    /// Index in `storage` of the oldest element.
    @usableFromInline var start = 0
    /// How many elements are kept.
    @usableFromInline var count = 0
    /// The `seq` the next appended element gets.
    @usableFromInline var nextSeq = 0

    /// A ring keeping the last `capacity` elements (at least one).
    @usableFromInline
    init(capacity: Int) {
        storage = Array(repeating: nil, count: max(1, capacity))
    }

    var capacity: Int { storage.count }

    /// The `seq` of the oldest element kept (`nextSeq` when empty).
    var firstSeq: Int { nextSeq - count }

    /// Appends `element` as number `nextSeq`, dropping the oldest when full.
    @inlinable
    mutating func append(_ element: Element) {
        if count < storage.count {
            storage[(start + count) % storage.count] = element
            count += 1
        } else {
            storage[start] = element
            start = (start + 1) % storage.count
        }
        nextSeq += 1
    }

    /// The element numbered `seq`, if it is still kept.
    subscript(seq seq: Int) -> Element? {
        get {
            guard seq >= firstSeq, seq < nextSeq else { return nil }
            return storage[(start + (seq - firstSeq)) % storage.count]
        }
        set {
            guard seq >= firstSeq, seq < nextSeq, let newValue else { return }
            storage[(start + (seq - firstSeq)) % storage.count] = newValue
        }
    }

    /// The newest element.
    var last: Element? { count == 0 ? nil : self[seq: nextSeq - 1] }

    /// The elements after `seq` (all kept ones for `seq < firstSeq`), at most `limit` of the
    /// newest, and how many after `seq` are not returned (dropped by the ring or by `limit`).
    func elements(after seq: Int, limit: Int) -> (elements: [Element], dropped: Int) {
        let wanted = nextSeq - max(seq + 1, 0)
        guard wanted > 0 else { return ([], 0) }
        let from = max(seq + 1, firstSeq, nextSeq - limit)
        var result: [Element] = []
        result.reserveCapacity(nextSeq - from)
        for s in from..<nextSeq {
            if let element = self[seq: s] { result.append(element) }
        }
        return (result, wanted - result.count)
    }
}
