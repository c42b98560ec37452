import Statecharts

/// The ids of the active states of one running chart, kept up to date as states are entered and
/// exited, so that a data model can answer `In(id)` in any expression.
public final class SCXMLActiveStates: Sendable {
    private let ids = Locked<Set<String>>([])

    /// Creates an empty set.
    public init() {}

    /// Whether the state `id` is active.
    public func contains(_ id: String) -> Bool { ids.withLock { $0.contains(id) } }

    /// Records that `id` was entered.
    public func insert(_ id: String) { ids.withLock { _ = $0.insert(id) } }

    /// Records that `id` was exited.
    public func remove(_ id: String) { ids.withLock { _ = $0.remove(id) } }
}
