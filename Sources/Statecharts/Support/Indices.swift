// The numbers the tables are indexed by, one type per kind of thing, so that a state can never be
// passed where a transition is meant. Each is one `Int32` (the tables' storage width), free to copy
// and compiled away: the routes read the same words as with bare integers.

/// An index into one kind of table (``_Table``): a state, a transition, a candidate, an event
/// class, an action, a plan's action slot, a joint step. Strideable, so a range of them is a
/// sequence (`for t in tables.states.transitions(of: s)`).
@usableFromInline
internal protocol _TableIndex: Strideable, Hashable, BitwiseCopyable, Sendable, CustomStringConvertible
where Stride == Int {
    /// The index as the tables store it.
    var rawValue: Int32 { get }
    init(rawValue: Int32)
}

extension _TableIndex {
    /// An index made from a position counted as an `Int` (the compiler's loops, array counts);
    /// the compiler keeps every table under `Int32.max` entries.
    @inlinable @inline(__always)
    init(_ offset: Int) { self.init(rawValue: Int32(truncatingIfNeeded: offset)) }

    /// The position in its table.
    @inlinable
    var offset: Int { @inline(__always) get { Int(rawValue) } }

    /// The next index.
    @inlinable
    var next: Self { @inline(__always) get { Self(rawValue: rawValue &+ 1) } }

    @inlinable @inline(__always)
    func distance(to other: Self) -> Int { Int(other.rawValue) &- Int(rawValue) }

    @inlinable @inline(__always)
    func advanced(by n: Int) -> Self { Self(rawValue: rawValue &+ Int32(truncatingIfNeeded: n)) }

    @inlinable @inline(__always)
    static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    @inlinable @inline(__always)
    static func == (a: Self, b: Self) -> Bool { a.rawValue == b.rawValue }

    @inlinable
    func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    @usableFromInline
    var description: String { "\(rawValue)" }

    /// The indices `0 ..< count`.
    @inlinable
    static func all(_ count: Int) -> Range<Self> { Self(rawValue: 0)..<Self(count) }
}

/// An index into the tables of one kind of thing (`Kind`, a caseless enum that only names it):
/// one `Int32`, the tables' storage width. Two kinds never mix, though both are this struct.
@frozen @usableFromInline
internal struct _Index<Kind>: _TableIndex {
    @usableFromInline let rawValue: Int32
    @inlinable @inline(__always) init(rawValue: Int32) { self.rawValue = rawValue }
}

/// What the index types index (see ``_Index``).
@usableFromInline
internal enum _IndexKind {
    @usableFromInline enum States {}
    @usableFromInline enum Transitions {}
    @usableFromInline enum Candidates {}
    @usableFromInline enum CandidateRows {}
    @usableFromInline enum EventClasses {}
    @usableFromInline enum Actions {}
    @usableFromInline enum PlanSlots {}
    @usableFromInline enum Joints {}
    @usableFromInline enum ListSlots {}
}

/// A state: numbered in document order, pre-order, the root 0 (see ``_StateTree``).
@usableFromInline typealias _StateIndex = _Index<_IndexKind.States>
/// A transition: numbered state by state in document order, then the pseudo-transitions
/// (initial transitions, history defaults).
@usableFromInline typealias _TransitionIndex = _Index<_IndexKind.Transitions>
/// A candidate: one (atomic state, event class, transition) of the candidate table, with its
/// precomputed plan (``_CandidateTables``).
@usableFromInline typealias _CandidateIndex = _Index<_IndexKind.Candidates>
/// A row of the candidate table: (atomic state, event class), `state * classCount + class`.
@usableFromInline typealias _CandidateRow = _Index<_IndexKind.CandidateRows>
/// An event class: the events a chart tells apart (exact matching: one per event name a
/// transition names, one per state's done event, one for every other event; descriptor
/// matching: one per descriptor).
@usableFromInline typealias _EventClass = _Index<_IndexKind.EventClasses>
/// An action of the chart (``Statechart/actions``, ``_SlotTables/actions``): every state's entry
/// and exit actions and every transition's, numbered so that each list is a range.
@usableFromInline typealias _ActionIndex = _Index<_IndexKind.Actions>
/// A place in the candidates' action lists (``_CandidateTables/actionSlots``): a candidate's plan
/// is a range of them (``_CandidatePlan``).
@usableFromInline typealias _PlanSlot = _Index<_IndexKind.PlanSlots>
/// A joint step of the regions route (``_JointTables/pickLists``).
@usableFromInline typealias _JointIndex = _Index<_IndexKind.Joints>
/// A place in one of the lists a ``_Lists`` holds.
@usableFromInline typealias _ListSlot = _Index<_IndexKind.ListSlots>

extension _Index where Kind == _IndexKind.States {
    /// The root, SCXML's `<scxml>` element.
    @inlinable static var root: Self { Self(rawValue: 0) }
    /// No state: the root's parent, the domain of a targetless transition. Below every state.
    @inlinable static var none: Self { Self(rawValue: -1) }
}

extension _Index where Kind == _IndexKind.States {
    /// Not a state: a configuration's leaf before its instance started (``Configuration``).
    @inlinable static var beforeStart: Self { Self(rawValue: -2) }
}

extension _Index where Kind == _IndexKind.Transitions {
    /// No transition (a result's empty field, a region step that is not one).
    @inlinable static var none: Self { Self(rawValue: -1) }
    /// Whether this is ``none`` (every transition is 0 or more).
    @inlinable var isNone: Bool { @inline(__always) get { rawValue < 0 } }
}

#if !hasFeature(Embedded)  // Embedded Swift has no Codable
/// An index encodes as its number (a result's transitions, a configuration's leaf).
extension _Index: Codable {
    @usableFromInline
    init(from decoder: any Decoder) throws { self.init(rawValue: try decoder.singleValueContainer().decode(Int32.self)) }

    @usableFromInline
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
#endif

extension Array {
    /// The element at a table index: the compiler's arrays are indexed as the tables they become.
    @inlinable
    subscript<Index: _TableIndex>(index: Index) -> Element {
        @inline(__always) get { self[index.offset] }
        @inline(__always) set { self[index.offset] = newValue }
    }
}
