/// A set of state ids as bits; iterating it ascending is document order, descending is exit order.
@usableFromInline
internal struct _Bitset: Hashable, Sendable {
    @usableFromInline var words: [UInt64]

    @inlinable
    init(capacity: Int) {
        words = Array(repeating: 0, count: (capacity + 63) >> 6)
    }

    @inlinable
    init(words: [UInt64]) { self.words = words }

    @inlinable @inline(__always)
    func contains(_ i: Int32) -> Bool {
        words[Int(i) >> 6] & (1 << UInt64(i & 63)) != 0
    }

    @inlinable @inline(__always)
    mutating func insert(_ i: Int32) {
        words[Int(i) >> 6] |= 1 << UInt64(i & 63)
    }

    @inlinable @inline(__always)
    mutating func remove(_ i: Int32) {
        words[Int(i) >> 6] &= ~(1 << UInt64(i & 63))
    }

    @inlinable
    mutating func removeAll() {
        for i in words.indices { words[i] = 0 }
    }

    @inlinable
    var isEmpty: Bool { words.allSatisfy { $0 == 0 } }

    @inlinable
    func intersects(_ other: _Bitset) -> Bool {
        for i in 0..<Swift.min(words.count, other.words.count) where words[i] & other.words[i] != 0 { return true }
        return false
    }

    @inlinable
    mutating func formUnion(_ other: _Bitset) {
        for i in 0..<Swift.min(words.count, other.words.count) { words[i] |= other.words[i] }
    }

    /// The members in ascending (document) order.
    @inlinable
    var ascending: [Int32] {
        var result: [Int32] = []
        for (w, word) in words.enumerated() {
            var bits = word
            while bits != 0 {
                result.append(Int32(w << 6 + bits.trailingZeroBitCount))
                bits &= bits - 1
            }
        }
        return result
    }

    /// The members in descending (exit) order.
    @inlinable
    var descending: [Int32] { ascending.reversed() }

    /// The largest member, or -1.
    @inlinable
    var last: Int32 {
        for w in words.indices.reversed() where words[w] != 0 {
            return Int32(w << 6 + 63 - words[w].leadingZeroBitCount)
        }
        return -1
    }
}
