/// A running statechart: its configuration, history memory, context, queues and timers, over a
/// shared compiled ``Statechart``.
///
/// An instance is a value: copying it copies the whole running state (a snapshot), and since
/// `send` is `mutating` and actions never see the instance, an event can never be processed
/// re-entrantly. Events that actions send are queued and processed in turn (run-to-completion).
///
/// ```swift
/// var machine = chart.start(context: Counter())
/// let result = machine.send(.toggle)
/// machine.isActive(.on)          // true
/// machine.context.count          // what the actions did
/// ```
public struct StatechartInstance<StateID: Hashable & Sendable, Event: StatechartEvent, Context> {
    /// The compiled chart this instance runs.
    public let chart: Statechart<StateID, Event, Context>
    /// The extended state that actions change and guards read.
    public var context: Context

    /// The active leaf while the configuration is a single path (no parallel state active), as a
    /// ``_LeafRow``, which also says which route the next `send` may take at once: a row of the
    /// chart's direct table while the instance is running with no pending external events (the
    /// external queue empty, no invoked child) and the chart allows it (``Statechart/fastRows``),
    /// a joint row (``_LeafRow/isJointRow``) for a set under the same conditions in a chart with
    /// joint steps. So
    /// `leafRow.isDirectRow` alone says that `send` may take the direct table, and it goes from
    /// one event's row to the next with a single load.
    ///
    /// Invariant: `leafRow` is a function of the leaf, ``status`` and ``extras``, and the writers of
    /// those keep it: ``leaf``'s setter encodes it, and `status` and `extras` re-encode it when
    /// they change (their observers). The fast routes write a new direct row straight into it,
    /// where none of them changes. In a chart whose direct rows carry history, a direct row also
    /// holds what those histories remember, ahead of ``historyMemory``
    /// (StatechartInstance+History.swift).
    @usableFromInline var leafRow: _LeafRow = .activeSet
    /// The life of the instance. Setting it re-encodes ``leafRow``.
    @usableFromInline var status: _Status = .notStarted {
        didSet { reencodeLeafRow() }
    }
    /// The event being processed (SCXML's `_event`); `nil` during the initial macrostep and for
    /// synthetic completion events. Declared here, after `status`, so that a one-byte event fits
    /// in the padding before the next word.
    @usableFromInline var currentEvent: Event?
    /// The configuration as a set, valid while `leaf` is -1.
    @usableFromInline var activeSet = _Bitset(capacity: 0)
    /// History memory: a slot per history state (see ``_HistoryMemory``); empty until first used.
    /// While ``leafRow`` is a direct row with history fields, those fields are the truth for
    /// their histories, so only StatechartInstance+History.swift reads and writes it: the routes
    /// go through ``history()`` and ``updateHistory(_:)``.
    @usableFromInline var historyMemory: _HistoryMemory.Storage = []
    /// The internal queue and the requests of the action being run.
    @usableFromInline var outbox = Outbox<Event>()
    /// The external queue, timers, clock and invoked children: allocated the first time an
    /// action sends. Changing it (through ``withExtras(_:)``) re-encodes ``leafRow``.
    @inlinable var extras: _Indirect<_InstanceExtras<Event, Context>>? {
        @inline(__always) _read { yield _extras }
        set {
            _extras = newValue
            reencodeLeafRow()
        }
        // In place (the box is not copied), then the row.
        _modify {
            yield &_extras
            reencodeLeafRow()
        }
    }
    /// The storage of ``extras``, written directly only where the leaf row is known not to
    /// change: by ``carryOutRequests()``, whose timers the row does not depend on (re-encoding a
    /// set's row searches the joint table, some eighty instructions on a Cortex-M4).
    @usableFromInline var _extras: _Indirect<_InstanceExtras<Event, Context>>?

    /// Creates an instance that has not started yet; call ``start()``.
    public init(chart: Statechart<StateID, Event, Context>, context: Context) {
        self.chart = chart
        self.context = context
    }
}

extension StatechartInstance: Sendable where Context: Sendable {}

/// The life of an instance.
@usableFromInline
internal enum _Status: UInt8, Sendable {
    case notStarted, running
    /// A top-level final state was entered; the exit actions have yet to run.
    case finishing
    case finished, stopped
}

/// The parts of an instance most charts never use.
@usableFromInline
internal struct _InstanceExtras<Event: StatechartEvent, Context> {
    @usableFromInline var externalQueue = _EventQueue<Event>()
    @usableFromInline var timers = _TimerQueue<Event>()
    @usableFromInline var now: Duration = .zero
    @usableFromInline var nextSequence: UInt64 = 0
    @usableFromInline var error: StatechartRuntimeError?
    /// States entered in this macrostep whose invocations start when it completes (SCXML's
    /// `statesToInvoke`).
    @usableFromInline var statesToInvoke: [_StateIndex] = []
    /// Running invocations: token and state.
    @usableFromInline var activeInvocations: [(token: UInt64, state: _StateIndex)] = []
    @usableFromInline var nextInvocationToken: UInt64 = 0
    @usableFromInline var invocationRequests: [InvocationRequest<Event, Context>] = []
    /// Invoked child charts and what links them to this instance (Runtime/Children/).
    @usableFromInline var family = _Family<Event, Context>()
    /// Events for the instance that invoked this one, until it takes them.
    @usableFromInline var toParent: [Event] = []

    @inlinable init() {}
}

extension _InstanceExtras: Sendable where Context: Sendable {}

extension Statechart {
    /// A new instance with `context`, not started yet (so an observer can watch the start).
    public func makeInstance(context: Context) -> StatechartInstance<StateID, Event, Context> {
        StatechartInstance(chart: self, context: context)
    }

    /// A new instance with `context`, started: its initial configuration entered.
    @inlinable
    public func start(context: Context) -> StatechartInstance<StateID, Event, Context> {
        var instance = StatechartInstance(chart: self, context: context)
        instance.start()
        return instance
    }
}

extension Statechart where Context == Void {
    /// A new instance of a chart without context, started.
    @inlinable
    public func start() -> StatechartInstance<StateID, Event, Context> { start(context: ()) }
}
