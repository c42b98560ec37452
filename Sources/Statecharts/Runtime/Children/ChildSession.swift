// A child session as its parent sees it: a running instance of any chart behind one protocol, so
// that a parent of one event type can hold children of every type. A value: copying the parent
// copies its children.

/// A running child chart, type-erased for its parent.
@usableFromInline
protocol _ChildSession<ParentEvent>: Sendable {
    associatedtype ParentEvent: StatechartEvent
    /// Runs the child's initial macrostep at the parent's time `now`.
    mutating func start(at now: Duration)
    /// Ends the child because its parent left the invoking state: its active states' exit
    /// actions run; it sends nothing more.
    mutating func cancel()
    /// Queues an event the parent sends; `false` when the child does not take it.
    mutating func enqueue(_ event: ParentEvent) -> Bool
    /// One turn at time `now`: the child's own children each take a turn, then the child
    /// processes one queued event. `turn` counts the parent's turns in this call; past the
    /// child's ``Statechart/externalEventLimit`` the child is stopped. Whether anything happened.
    mutating func step(at now: Duration, turn: Int) -> Bool
    /// Moves the child's (and its children's) delayed events due by `time` to their queues.
    mutating func releaseTimers(upTo time: Duration)
    /// When the child's next delayed event, or one of its children's, is due.
    var nextDue: Duration? { get }
    /// Whether the child, or one of its children, has an event waiting.
    var hasQueuedEvents: Bool { get }
    /// The events the child sent its parent since the last call, as the parent's events.
    mutating func takeEventsForParent() -> [ParentEvent]
    /// Whether the child still runs; `false` once it finished or was stopped.
    var isRunning: Bool { get }
    /// The completion event for the parent, once the child reached a top-level final state.
    var completionEvent: ParentEvent? { get }
    /// The child's state, for tools.
    func info(id: String) -> InvokedSessionInfo
}

/// The one implementation: an instance and the functions that translate events.
struct _ChildInstance<StateID: Hashable & Sendable, Event: StatechartEvent, Context: Sendable, ParentEvent: StatechartEvent>: _ChildSession {
    var instance: StatechartInstance<StateID, Event, Context>
    let toChild: @Sendable (ParentEvent) -> Event?
    let fromChild: @Sendable (Event) -> ParentEvent?
    let onDone: @Sendable (Context) -> ParentEvent?

    mutating func start(at now: Duration) {
        instance.withExtras { $0.now = now }
        instance.start()
    }

    mutating func cancel() {
        guard instance.status == .running else { return }
        instance.exitCancelled()
    }

    mutating func enqueue(_ event: ParentEvent) -> Bool {
        guard instance.status == .running, let event = toChild(event) else { return false }
        instance.withExtras { $0.externalQueue.append(event) }
        instance.refreshLeafRow()
        return true
    }

    mutating func step(at now: Duration, turn: Int) -> Bool {
        guard instance.status == .running else { return false }
        instance.withExtras { $0.now = max($0.now, now) }
        if turn > instance.chart.externalEventLimit, instance.hasQueuedWork {
            instance.stop(with: .externalEventLimitExceeded(limit: instance.chart.externalEventLimit))
            return false
        }
        return instance.takeOneTurn(turn: turn)
    }

    mutating func releaseTimers(upTo time: Duration) {
        instance.releaseTimers(upTo: time)
    }

    var nextDue: Duration? { instance.status == .running ? instance.nextDelayedEventTime : nil }

    var hasQueuedEvents: Bool { instance.status == .running && instance.hasQueuedWork }

    mutating func takeEventsForParent() -> [ParentEvent] {
        guard instance.extras?.value.toParent.isEmpty == false else { return [] }
        let events = instance.withExtras { extras in
            defer { extras.toParent = [] }
            return extras.toParent
        }
        return events.compactMap(fromChild)
    }

    var isRunning: Bool { instance.status == .running || instance.status == .notStarted }

    var completionEvent: ParentEvent? {
        instance.status == .finished ? onDone(instance.context) : nil
    }

    func info(id: String) -> InvokedSessionInfo {
        InvokedSessionInfo(id: id, configuration: instance.configuration.map { String(describing: $0) },
                           activeLeaves: instance.activeLeaves.map { String(describing: $0) },
                           isFinished: instance.isFinished, children: instance.invokedSessions, chart: instance.chart)
    }
}

/// A running child chart as tools show it: its invocation id and its configuration.
public struct InvokedSessionInfo: Sendable, Hashable {
    /// The invocation id.
    public var id: String
    /// The child's active states in document order, as text.
    public var configuration: [String]
    /// The child's active atomic states in document order, as text.
    public var activeLeaves: [String]
    /// Whether the child reached a top-level final state.
    public var isFinished: Bool
    /// The child's own children.
    public var children: [InvokedSessionInfo]
    /// The child's chart, for tools that draw it (`nil` in a description made by hand). Not
    /// compared by `==`: two descriptions are equal when they say the same of the child's state.
    public var chart: (any StatechartReference)?

    /// This session and its descendants, each with its path of invocation ids (`pay`,
    /// `pay/receipt`), depth first.
    public var flattened: [(path: String, session: InvokedSessionInfo)] {
        [(id, self)] + children.flatMap { child in child.flattened.map { (id + "/" + $0.path, $0.session) } }
    }

    /// Creates a description.
    public init(id: String, configuration: [String], activeLeaves: [String]? = nil, isFinished: Bool = false,
                children: [InvokedSessionInfo] = [], chart: (any StatechartReference)? = nil) {
        self.id = id
        self.configuration = configuration
        self.activeLeaves = activeLeaves ?? configuration
        self.isFinished = isFinished
        self.children = children
        self.chart = chart
    }

    public static func == (a: InvokedSessionInfo, b: InvokedSessionInfo) -> Bool {
        a.id == b.id && a.configuration == b.configuration && a.activeLeaves == b.activeLeaves
            && a.isFinished == b.isFinished && a.children == b.children
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(configuration)
        hasher.combine(activeLeaves)
        hasher.combine(isFinished)
        hasher.combine(children)
    }
}
