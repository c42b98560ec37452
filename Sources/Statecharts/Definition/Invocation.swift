/// Asynchronous work a state starts when it is entered and cancels when it is exited; its result
/// comes back as an event (SCXML's `<invoke>`, STWorkflow's asynchronous states).
///
/// The work starts once the macrostep that entered the state is complete (if the state is still
/// active then), with a copy of the context. ``StatechartRunner`` runs it; an instance driven by
/// hand hands the requests out through ``StatechartInstance/takeInvocationRequests()``.
public struct Invocation<Event: StatechartEvent, Context>: Sendable {
    /// A name, for diagrams and messages.
    public var name: String?
    #if !hasFeature(Embedded)  // Embedded Swift has no async work to run: child charts only
    /// The work: returns the event to send back, or `nil` to send nothing.
    public let work: @Sendable (Context) async throws -> Event?
    /// The event to send back when the work throws (`nil` sends nothing). Cancellation because
    /// the state was exited sends nothing either way.
    public let failure: @Sendable (any Error) -> Event?
    #endif
    /// The child chart this invocation runs as its own instance, or `nil` for asynchronous work.
    /// A chart invocation runs inside the instance: its ``work`` is never called and no
    /// ``InvocationRequest`` is made for it.
    public let chart: ChartInvocation<Event, Context>?

    #if !hasFeature(Embedded)
    /// Creates an invocation.
    public init(
        _ name: String? = nil,
        work: @escaping @Sendable (Context) async throws -> Event?,
        failure: @escaping @Sendable (any Error) -> Event? = { _ in nil }
    ) {
        self.name = name
        self.work = work
        self.failure = failure
        self.chart = nil
    }
    #endif

    /// Creates the invocation of a child chart; see ``ChartInvocation``.
    public init(_ name: String? = nil, chart: ChartInvocation<Event, Context>) {
        self.name = name
        #if !hasFeature(Embedded)
        self.work = { _ in nil }
        self.failure = { _ in nil }
        #endif
        self.chart = chart
    }
}

/// What an instance asks its driver to do about invocations.
public enum InvocationRequest<Event: StatechartEvent, Context> {
    /// Start `invocation` with `context`; deliver its event with
    /// ``StatechartInstance/deliverInvocationResult(_:token:)``.
    case start(token: InvocationToken, invocation: Invocation<Event, Context>, context: Context)
    /// Cancel the invocation with this token: its state was exited.
    case cancel(token: InvocationToken)
}

extension InvocationRequest: Sendable where Context: Sendable {}

/// Identifies one run of an invocation.
public struct InvocationToken: Sendable, Hashable, CustomStringConvertible {
    /// A number unique within the instance.
    public let rawValue: UInt64

    /// Creates a token.
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// `invocation #N`.
    public var description: String { "invocation #\(rawValue)" }
}
