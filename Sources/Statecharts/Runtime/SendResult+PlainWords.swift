/// A ``SendResult`` as three plain words, for this package's tools that keep many results (the
/// inspector's timeline): writing words over words is three stores, where writing a
/// `SendResult` over another retains the new one's details box and releases the old one's, even
/// when both are `nil`.
@usableFromInline
package struct _PlainSendResult: Sendable, BitwiseCopyable {
    @usableFromInline let head: UInt64
    @usableFromInline let from: UInt64
    @usableFromInline let to: UInt64

    /// Zero words, to fill a slot that holds no result yet. Zero words do decode (as a
    /// transition numbered 0 between leaves 0), so a store keeps, beside the words, whether a
    /// slot has a result at all, and never turns an empty slot's words back into one.
    @inlinable
    package init() {
        head = 0
        from = 0
        to = 0
    }

    @inlinable
    package init(head: UInt64, from: UInt64, to: UInt64) {
        self.head = head
        self.from = from
        self.to = to
    }
}

extension SendResult {
    /// The result as plain words, or `nil` when it has details (transitions that the head does
    /// not hold, a configuration past 64 states, an error): keep such a result whole.
    @inlinable
    package var _plainWords: _PlainSendResult? {
        details == nil ? _PlainSendResult(head: head.bits, from: packedFrom.bits, to: packedTo.bits) : nil
    }

    /// The result whose ``_plainWords`` these are.
    @inlinable
    package init(_ plain: _PlainSendResult) {
        head = _ResultHead(rawBits: plain.head)
        packedFrom = _PackedConfiguration(rawBits: plain.from)
        packedTo = _PackedConfiguration(rawBits: plain.to)
        details = nil
    }
}
