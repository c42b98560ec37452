/// Asynchronous work of the enclosing state: started when the state is entered (once the
/// macrostep settles), cancelled when it is exited, its result sent back as an event.
///
/// ```swift
/// State(.loading) {
///     Invoke("fetch", work: { context in .loaded(try await api.items()) }, failure: { .failed("\($0)") })
///     On(.loaded, to: .showing)
///     On(.failed, to: .error)
/// }
/// ```
public struct Invoke<StateID: Hashable & Sendable, Event: StatechartEvent, Context>: Sendable {
    /// The invocation as data.
    public let invocation: Invocation<Event, Context>

    #if !hasFeature(Embedded)  // no async work there; Invoke(chart:) still works
    /// Creates an invocation; see ``Invocation``.
    public init(
        _ name: String? = nil,
        work: @escaping @Sendable (Context) async throws -> Event?,
        failure: @escaping @Sendable (any Error) -> Event? = { _ in nil }
    ) {
        invocation = Invocation(name, work: work, failure: failure)
    }
    #endif
}
