// The numbers the routes call generated code with (``_GeneratedPlans``): which of its plans or
// joint steps to run, and which phase of a plan. One type each, so that a plan's number is never
// passed as a joint step's; each is one `Int32` (the tables' storage width), and the generated
// `switch` reads its `rawValue`.

/// A plan of the generated code: its position in the plans the code was generated for
/// (``_GeneratedSignature/plans``). The compiled send tables map each candidate to one.
@frozen
public struct _GeneratedPlan: Hashable, Sendable, BitwiseCopyable, CustomStringConvertible {
    /// The plan's position.
    public let rawValue: Int32

    /// The plan at position `rawValue`.
    @inlinable @inline(__always)
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The plan at `position` (the compiler keeps every table under `Int32.max` entries).
    @inlinable
    init(position: Int) { self.init(rawValue: Int32(truncatingIfNeeded: position)) }

    /// No plan: a candidate that the single-path plans do not cover.
    @inlinable
    public static var none: Self { Self(rawValue: -1) }

    /// Whether this is ``none``.
    @inlinable
    public var isNone: Bool { rawValue < 0 }

    /// The number.
    public var description: String { "\(rawValue)" }
}

/// A joint step of the generated code (several plans the regions route takes together): its
/// position in the joint steps the code was generated for (``_GeneratedSignature/joints``).
@frozen
public struct _GeneratedJoint: Hashable, Sendable, BitwiseCopyable, CustomStringConvertible {
    /// The joint step's position.
    public let rawValue: Int32

    /// The joint step at position `rawValue`.
    @inlinable @inline(__always)
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The joint step at `position`.
    @inlinable
    init(position: Int) { self.init(rawValue: Int32(truncatingIfNeeded: position)) }

    /// The number.
    public var description: String { "\(rawValue)" }
}

/// Which actions of a plan the regions route runs: it takes several plans together, phase by
/// phase (exits, then the transitions' own, then entries). The generated code switches on the
/// raw value, 0, 1 or 2, in microstep order.
@frozen
public enum _GeneratedPhase: Int32, Sendable {
    /// The plan's exit actions.
    case exits = 0
    /// The plan's transition's own actions.
    case transition = 1
    /// The plan's entry actions.
    case entries = 2
}
