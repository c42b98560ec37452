import Statecharts

/// The ids of the active states of one running chart, kept up to date as states are entered and
/// exited, so that a data model can answer `In(id)` in any expression.
public final class SCXMLActiveStates: Sendable {
    private let members = Locked<Set<String>>([])

    /// Creates an empty set.
    public init() {}

    /// Whether the state `id` is active.
    public func contains(_ id: String) -> Bool { members.withLock { $0.contains(id) } }

    /// Records that `id` was entered.
    public func insert(_ id: String) { members.withLock { _ = $0.insert(id) } }

    /// The active states' ids, sorted.
    public var ids: [String] { members.withLock { $0.sorted() } }

    /// Records that `id` was exited.
    public func remove(_ id: String) { members.withLock { _ = $0.remove(id) } }
}
