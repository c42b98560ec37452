/// A set of state ids as bits; iterating it ascending is document order, descending is exit order.
///
/// The first 64 states live inline and the rest in an array that is absent for charts of up to
/// 64 states, so copying a small chart's configuration, or making the scratch
/// sets of a microstep, never allocates.
@usableFromInline
internal struct _Bitset: Hashable, Sendable {
    /// States 0 ..< 64.
    @usableFromInline var first: UInt64 = 0
    /// States from 64 on, 64 to a word; its length is fixed by the capacity. `nil` for charts of
    /// up to 64 states, so that copying or destroying their sets touches no reference count.
    @usableFromInline var rest: [UInt64]?

    /// An empty set that can hold states `0 ..< capacity`.
    @inlinable
    init(capacity: Int) {
        if capacity > 64 { rest = Array(repeating: 0, count: (capacity - 1) >> 6) }
    }

    /// A set given as its words.
    @inlinable
    init(first: UInt64, rest: [UInt64]?) {
        self.first = first
        self.rest = rest
    }

    /// The number of 64-bit words, inline one included.
    @inlinable
    var wordCount: Int { 1 + (rest?.count ?? 0) }

    /// The states the set can hold: `0 ..< capacity`.
    @inlinable
    var capacity: Int { wordCount << 6 }

    /// Word `w` (states `64 w ..< 64 (w + 1)`).
    @inlinable @inline(__always)
    func word(_ w: Int) -> UInt64 { w == 0 ? first : rest![w &- 1] }

    @inlinable @inline(__always)
    func contains(_ s: _StateIndex) -> Bool {
        let i = s.rawValue
        let bit: UInt64 = 1 << UInt64(i & 63)
        return i < 64 ? first & bit != 0 : rest![Int(i >> 6) &- 1] & bit != 0
    }

    @inlinable @inline(__always)
    mutating func insert(_ s: _StateIndex) {
        let i = s.rawValue
        let bit: UInt64 = 1 << UInt64(i & 63)
        if i < 64 { first |= bit } else { rest![Int(i >> 6) &- 1] |= bit }
    }

    @inlinable @inline(__always)
    mutating func remove(_ s: _StateIndex) {
        let i = s.rawValue
        let bit: UInt64 = 1 << UInt64(i & 63)
        if i < 64 { first &= ~bit } else { rest![Int(i >> 6) &- 1] &= ~bit }
    }

    @inlinable
    mutating func removeAll() {
        first = 0
        guard rest != nil else { return }
        for i in rest!.indices { rest![i] = 0 }
    }

    @inlinable
    var isEmpty: Bool { first == 0 && (rest ?? []).allSatisfy { $0 == 0 } }

    @inlinable
    func intersects(_ other: _Bitset) -> Bool {
        if first & other.first != 0 { return true }
        guard let rest, let otherRest = other.rest else { return false }
        for i in 0..<Swift.min(rest.count, otherRest.count) where rest[i] & otherRest[i] != 0 { return true }
        return false
    }

    @inlinable
    mutating func formUnion(_ other: _Bitset) {
        first |= other.first
        guard rest != nil, let otherRest = other.rest else { return }
        for i in 0..<Swift.min(rest!.count, otherRest.count) { rest![i] |= otherRest[i] }
    }

    /// Calls `body` with each member in ascending (document) order.
    @inlinable @inline(__always)
    func forEachAscending<Failure: Error>(_ body: (_StateIndex) throws(Failure) -> Void) throws(Failure) {
        for w in 0..<wordCount {
            var bits = word(w)
            while bits != 0 {
                try body(_StateIndex(w << 6 + bits.trailingZeroBitCount))
                bits &= bits &- 1
            }
        }
    }

    /// Calls `body` with each member in descending (exit) order.
    @inlinable @inline(__always)
    func forEachDescending<Failure: Error>(_ body: (_StateIndex) throws(Failure) -> Void) throws(Failure) {
        var w = wordCount
        while w > 0 {
            w &-= 1
            var bits = word(w)
            while bits != 0 {
                let high = 63 &- bits.leadingZeroBitCount
                try body(_StateIndex(w << 6 + high))
                bits &= ~(1 << UInt64(high))
            }
        }
    }

    /// The members in ascending (document) order.
    @inlinable
    var ascending: [_StateIndex] {
        var result: [_StateIndex] = []
        forEachAscending { result.append($0) }
        return result
    }

    /// The largest member, if any.
    @inlinable
    var last: _StateIndex? {
        for w in stride(from: wordCount - 1, through: 0, by: -1) where word(w) != 0 {
            return _StateIndex(w << 6 + 63 - word(w).leadingZeroBitCount)
        }
        return nil
    }

    /// The number of members.
    @inlinable
    var count: Int { (rest ?? []).reduce(first.nonzeroBitCount) { $0 + $1.nonzeroBitCount } }
}
