// A child session as its parent sees it: a running instance of any chart behind one protocol
// (`_ChildSession`, Definition/ChildSession.swift), so that a parent of one event type can hold
// children of every type. A value: copying the parent copies its children.

#if !hasFeature(Embedded)  // no child charts there (see _AnyChildSession)
extension InvokedChart {
    /// A child session of `instance` (not started yet).
    /// - Parameters:
    ///   - instance: the child, as ``Statechart/makeInstance(context:)`` makes it.
    ///   - toChild: the child's event for an event the parent sends it (`nil` drops it).
    ///   - fromChild: the parent's event for an event the child sends its parent (`nil` drops it).
    ///   - onDone: the parent's event when the child reaches a top-level final state, from the
    ///     child's final context (`nil` sends nothing).
    public init<StateID, Event, Context: Sendable>(
        _ instance: StatechartInstance<StateID, Event, Context>,
        toChild: @escaping @Sendable (ParentEvent) -> Event?,
        fromChild: @escaping @Sendable (Event) -> ParentEvent?,
        onDone: @escaping @Sendable (Context) -> ParentEvent?
    ) {
        self.init(session: _ChildInstance(instance: instance, toChild: toChild, fromChild: fromChild, onDone: onDone))
    }
}
#endif

/// What tools read of a running child chart (``StatechartInstance/invokedSessions``). The
/// definition layer's ``_ChildSession`` cannot name ``InvokedSessionInfo``, which names the child's
/// chart; the one implementation, ``_ChildInstance``, has both.
protocol _DescribedChildSession {
    /// The child's state, for tools.
    func info(id: String) -> InvokedSessionInfo
}

/// The one implementation: an instance and the functions that translate events.
struct _ChildInstance<StateID: Hashable & Sendable, Event: StatechartEvent, Context: Sendable, ParentEvent: StatechartEvent>: _ChildSession, _DescribedChildSession {
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
        InvokedSessionInfo(id: id, configuration: instance.configuration.map { _describe($0) },
                           activeLeaves: instance.activeLeaves.map { _describe($0) },
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
