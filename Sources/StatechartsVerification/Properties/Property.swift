import Statecharts

/// Something that must be true of every run of a chart, checked by
/// ``Statecharts/Statechart/verify(_:events:context:bounds:progress:)``:
///
/// ```swift
/// let properties: [Property<Car, Sensors>] = [
///     .never(.active(.doorOpen) && .active(.moving)),
///     .always(.context("speed >= 0") { $0.speed >= 0 }),
///     .respondsTo(.active(.called), with: .active(.doorOpen)),
///     .deadlockFree,
///     .canAlwaysReach(.parked),
/// ]
/// ```
///
/// Safety properties (``never(_:)``, ``always(_:)``, ``deadlockFree``) are violated by a finite
/// run; liveness properties (``eventually(_:)-(Condition<StateID,Context>)``, ``respondsTo(_:with:)``) by a run that avoids
/// what it waits for forever, which ends where nothing more can happen or loops;
/// ``canAlwaysReach(_:)-(Condition<StateID,Context>)`` by a situation from which no run gets there. Runs are
/// sequences of steps that change something: an event no transition takes is no step.
public struct Property<StateID: Hashable & Sendable, Context>: Sendable, CustomStringConvertible {
    /// What the property says.
    public enum Kind: Sendable {
        /// The condition holds in no reachable situation.
        case never(Condition<StateID, Context>)
        /// The condition holds in every reachable situation.
        case always(Condition<StateID, Context>)
        /// Every run reaches a situation where the condition holds.
        case eventually(Condition<StateID, Context>)
        /// Every situation where the first condition holds is followed, on every run, by one
        /// where the second does (the same situation counts).
        case respondsTo(Condition<StateID, Context>, with: Condition<StateID, Context>)
        /// No reachable situation is stuck: running, nothing pending, and no event takes a
        /// transition (or stopped by a runtime error).
        case deadlockFree
        /// From every reachable situation, some run reaches one where the condition holds.
        case canAlwaysReach(Condition<StateID, Context>)
    }

    /// What the property says.
    public let kind: Kind

    /// Creates a property.
    public init(_ kind: Kind) { self.kind = kind }

    /// `condition` holds in no reachable situation.
    public static func never(_ condition: Condition<StateID, Context>) -> Property { Property(.never(condition)) }

    /// `condition` holds in every reachable situation.
    public static func always(_ condition: Condition<StateID, Context>) -> Property { Property(.always(condition)) }

    /// Every run reaches a situation where `condition` holds.
    public static func eventually(_ condition: Condition<StateID, Context>) -> Property { Property(.eventually(condition)) }

    /// Every run reaches `state`.
    public static func eventually(_ state: StateID) -> Property { Property(.eventually(.active(state))) }

    /// Whenever `trigger` holds, `response` holds then or later, on every run.
    public static func respondsTo(_ trigger: Condition<StateID, Context>, with response: Condition<StateID, Context>) -> Property {
        Property(.respondsTo(trigger, with: response))
    }

    /// No reachable situation is stuck (see ``Kind/deadlockFree``).
    public static var deadlockFree: Property { Property(.deadlockFree) }

    /// From every reachable situation, some run reaches one where `condition` holds.
    public static func canAlwaysReach(_ condition: Condition<StateID, Context>) -> Property { Property(.canAlwaysReach(condition)) }

    /// From every reachable situation, some run reaches `state`.
    public static func canAlwaysReach(_ state: StateID) -> Property { Property(.canAlwaysReach(.active(state))) }

    /// `never active(a) && active(b)`, `a -> b`, `deadlock-free`, …
    public var description: String {
        switch kind {
        case .never(let condition): return "never \(condition)"
        case .always(let condition): return "always \(condition)"
        case .eventually(let condition): return "eventually \(condition)"
        case .respondsTo(let trigger, let response): return "\(trigger) -> \(response)"
        case .deadlockFree: return "deadlock-free"
        case .canAlwaysReach(let condition): return "can always reach \(condition)"
        }
    }

    /// Whether a violation is a finite run ending in a bad situation.
    public var isSafety: Bool {
        switch kind {
        case .never, .always, .deadlockFree: return true
        case .eventually, .respondsTo, .canAlwaysReach: return false
        }
    }

    /// The conditions the property reads, in order.
    var conditions: [Condition<StateID, Context>] {
        switch kind {
        case .never(let c), .always(let c), .eventually(let c), .canAlwaysReach(let c): return [c]
        case .respondsTo(let trigger, let response): return [trigger, response]
        case .deadlockFree: return []
        }
    }
}
