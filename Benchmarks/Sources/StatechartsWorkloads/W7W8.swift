import Statecharts

/// W7 footprint: bytes per running instance of W2's chart, besides the context.
public enum W7 {
    public typealias Instance = StatechartInstance<W2.S, W2.E, W2.Context>

    /// `MemoryLayout<StatechartInstance<S, E, C>>.size - MemoryLayout<C>.size` for W2's chart.
    public static var instanceBytes: Int { MemoryLayout<Instance>.size - MemoryLayout<W2.Context>.size }
}

/// W8 typed events: W2 sent as enum values, as pre-resolved handles (`chart.prepare(event)`), and,
/// for reference, as values of an enum that is not `CaseIterable` (resolved by hashing).
public enum W8 {
    /// The same events as ``W2/E``, without `CaseIterable`.
    public enum HashedE: StatechartEvent, Hashable { case next, bogus }

    public static func makeHashedChart() -> Statechart<W2.S, HashedE, W2.Context> { W2.ring(next: .next) }

    /// W2's batch as prepared handles.
    public static func preparedEvents(_ chart: Statechart<W2.S, W2.E, W2.Context>) -> [PreparedEvent<W2.E>] {
        W2.events().map { chart.prepare($0) }
    }

    /// W2's batch as values of ``HashedE``.
    public static func hashedEvents(count: Int = eventsPerBatch) -> [HashedE] {
        eventStream(count: count) { $0 % 4 == 3 ? HashedE.bogus : HashedE.next }
    }
}
