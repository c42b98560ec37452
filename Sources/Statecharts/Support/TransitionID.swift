// The public name of a transition: the number the tables index it by (``_TransitionIndex``), as
// results, observers and introspection hand it to users.

/// Identifies a transition of a compiled chart; ``Statechart/transition(_:)`` describes it.
public struct TransitionID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The transition's number in the compiled chart (document order).
    public let rawValue: Int32

    /// Creates an id from its number.
    @inlinable
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Document order.
    public static func < (a: TransitionID, b: TransitionID) -> Bool { a.rawValue < b.rawValue }

    /// `t<number>`.
    public var description: String { "t\(rawValue)" }
}

extension TransitionID {
    /// The id of a transition of the tables.
    @inlinable @inline(__always)
    internal init(_ index: _TransitionIndex) { self.init(rawValue: index.rawValue) }

    /// The transition this id names in the tables.
    @inlinable
    internal var index: _TransitionIndex { _TransitionIndex(rawValue: rawValue) }
}
