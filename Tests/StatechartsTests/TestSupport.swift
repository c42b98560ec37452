import Testing
@_spi(Testing) import Statecharts

// What the tests share: the logging context `Trace` with its DSL helpers (`Logged`), the events
// of the lockstep cases, and the lockstep harness, which runs a chart with the fast
// routes on and off side by side and compares them after every event, through the public API.
//
// Lockstep cases run on four instances (see ``Lockstep``): the chart compiled with single-path
// plans, sent plain events (the fast routes: the direct table, the regions route, the history
// shortcut) and prepared events; and the chart compiled with `singlePathPlans: false` (the
// general algorithm), sent plain events and events with an observer (which never takes a table
// shortcut). After each event the four must agree on the `SendResult`, the context (whose log
// records every exit, transition and entry action in order), the configuration, `isActive` of
// every state, the running/finished status and the snapshot. Most cases also check literal
// expectations, so that a fault shared by every route still fails. Charts on payload-free events
// run twice: with a `CaseIterable` enum (event classes numbered by tag byte) and with an enum that
// is not (classes looked up in a dictionary).

/// The context of most tests: a log of what the actions did, and values that guards read.
struct Trace: Sendable, Equatable {
    var lines: [String] = []
    var n = 0
    var flag = false
}

/// DSL helpers for charts with `String` state ids whose states log `+id` when entered and `-id`
/// when exited, so that a test can compare the exact sequence of exits, transition actions and
/// entries with the one the SCXML algorithm prescribes.
enum Logged<Event: StatechartEvent> {
    typealias Content = StateContent<String, Event, Trace>

    /// An action that appends `line` to the log.
    static func log(_ line: String) -> Action<Event, Trace> {
        Action(line) { $0.lines.append(line) }
    }

    /// An action that appends `prefix` followed by the event being processed (`nil` when none).
    static func logEvent(_ prefix: String) -> Action<Event, Trace> {
        Action(prefix) { context, event in
            context.lines.append(prefix + (event.map { String(describing: $0) } ?? "nil"))
        }
    }

    /// A `(inout Context, Event?)` action that logs `line` and the event it receives, as
    /// `line [event]`.
    static func logWithEvent(_ line: String) -> Action<Event, Trace> {
        Action(line) { (context: inout Trace, event: Event?) in
            context.lines.append("\(line) [\(event.map { String(describing: $0) } ?? "nil")]")
        }
    }

    /// An outbox action that logs `line` and raises `event`.
    static func raise(_ line: String, _ event: Event) -> Action<Event, Trace> {
        Action(line) { (context: inout Trace, _: Event?, outbox: inout Outbox<Event>) in
            context.lines.append(line)
            outbox.raise(event)
        }
    }

    /// An outbox action that logs `line` and sends `event` to the instance's external queue.
    static func send(_ line: String, _ event: Event, after delay: Duration = .zero) -> Action<Event, Trace> {
        Action(line) { (context: inout Trace, _: Event?, outbox: inout Outbox<Event>) in
            context.lines.append(line)
            outbox.send(event, after: delay)
        }
    }

    /// An action that raises `event` on the internal queue.
    static func raise(_ event: Event) -> Action<Event, Trace> {
        Action("raise") { _, _, outbox in outbox.raise(event) }
    }

    /// An action that sends `event` to the instance's external queue.
    static func send(_ event: Event, after delay: Duration = .zero, id: String? = nil) -> Action<Event, Trace> {
        Action("send") { _, _, outbox in outbox.send(event, after: delay, id: id) }
    }

    /// An action that cancels the delayed events sent with `id`.
    static func cancel(_ id: String) -> Action<Event, Trace> {
        Action("cancel") { _, _, outbox in outbox.cancel(id) }
    }

    /// A logging atomic or compound state.
    static func state(
        _ id: String, initial: String? = nil,
        @StateContentBuilder<String, Event, Trace> _ content: () -> [Content] = { [] }
    ) -> State<String, Event, Trace> {
        let body = content()
        return State(id, initial: initial) {
            OnEntry(log("+\(id)"))
            OnExit(log("-\(id)"))
            body
        }
    }

    /// A logging parallel state.
    static func parallel(
        _ id: String, @StateContentBuilder<String, Event, Trace> _ content: () -> [Content]
    ) -> Parallel<String, Event, Trace> {
        let body = content()
        return Parallel(id) {
            OnEntry(log("+\(id)"))
            OnExit(log("-\(id)"))
            body
        }
    }

    /// A logging final state.
    static func final(
        _ id: String, doneEvent: DoneEventBuilder<Event, Trace>? = nil,
        @StateContentBuilder<String, Event, Trace> _ content: () -> [Content] = { [] }
    ) -> Final<String, Event, Trace> {
        let body = content()
        return Final(id, doneEvent: doneEvent) {
            OnEntry(log("+\(id)"))
            OnExit(log("-\(id)"))
            body
        }
    }
}

extension StatechartInstance where Context == Trace {
    /// Sends `event` and returns the lines its macrostep (and what it caused) logged.
    mutating func lines(after event: Event) -> [String] {
        context.lines = []
        send(event)
        return context.lines
    }
}

// MARK: Lockstep events

/// Payload-free events, with the same case names in both numberings.
protocol LockstepSignal: StatechartEvent, Hashable where Name == Self {
    static var go: Self { get }
    static var stray: Self { get }
    static var back: Self { get }
    static var up: Self { get }
    static var down: Self { get }
    static var poke: Self { get }
    static var tick: Self { get }
}

extension LockstepSignal {
    /// Every case, in the order `Move.event` indexes them.
    static var all: [Self] { [.go, .stray, .back, .up, .down, .poke, .tick] }
}

/// `CaseIterable` and one byte: classes are tag bytes. `stray` (tag 1) is declared by no chart.
enum TaggedSignal: LockstepSignal, CaseIterable { case go, stray, back, up, down, poke, tick }
/// The same cases without `CaseIterable`: classes come from a dictionary of declared names.
enum HashedSignal: LockstepSignal { case go, stray, back, up, down, poke, tick }

/// Both numberings of event classes, as test arguments.
enum Numbering: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case tags, dictionary
    var type: any LockstepSignal.Type { self == .tags ? TaggedSignal.self : HashedSignal.self }
    var testDescription: String {
        self == .tags ? "CaseIterable enum (classes by tag)" : "enum without CaseIterable (classes by dictionary)"
    }
}

/// The events of the lockstep cases with parallel states and history: payload-free and
/// `CaseIterable`, so event classes are tag bytes.
enum RegionEvent: StatechartEvent, Hashable, CaseIterable {
    case go, back, poke, leave, enter, stray, tick
}

typealias RegionChart = Statechart<String, RegionEvent, Trace>
typealias RegionInstance = StatechartInstance<String, RegionEvent, Trace>
/// Actions and logging states on ``RegionEvent``.
typealias RegionDSL = Logged<RegionEvent>


// MARK: Lockstep

/// The same events run in lockstep on four instances of one chart, compared after every step.
///
/// - `direct`: the chart compiled with single-path plans (`planned`), sent plain events, so that
///   it takes the fast paths (the direct send table, the region path, the history fast path).
/// - `prepared`: `planned`, sent events prepared by `planned`.
/// - `general`: the chart compiled with `singlePathPlans: false` (`oracle`), sent plain events.
/// - `observed`: `oracle`, sent events with an observer, which never takes a table shortcut: the
///   reference the other three are compared with.
///
/// ``start(sourceLocation:)`` and ``send(_:sourceLocation:)`` record an `Issue` for any
/// disagreement in the `SendResult` (outcome, transitions, from, to, also in terms of state
/// names), the context, the configuration (and its value), `isActive` of every state, the
/// running/finished status and the snapshot. ``startAll()``, ``sendAll(_:)`` and
/// ``difference(_:)`` do the same steps without recording, for callers that report themselves.
struct Lockstep<Event: StatechartEvent & Equatable> {
    typealias Chart = Statechart<String, Event, Trace>
    typealias Instance = StatechartInstance<String, Event, Trace>

    /// The results of one event on the four instances.
    struct Step {
        var direct: SendResult
        var prepared: SendResult
        var general: SendResult
        var observed: SendResult
    }

    /// Compiled with `singlePathPlans: true`.
    let planned: Chart
    /// Compiled with `singlePathPlans: false`.
    let oracle: Chart
    /// `planned`, sent plain events: the fast paths.
    var direct: Instance
    /// `planned`, sent events prepared by `planned`.
    var prepared: Instance
    /// `oracle`, sent plain events.
    var general: Instance
    /// `oracle`, sent events with an observer: the general algorithm, no table shortcut.
    var observed: Instance

    init(_ build: (_ singlePathPlans: Bool) throws -> Chart) rethrows {
        planned = try build(true)
        oracle = try build(false)
        direct = planned.makeInstance(context: Trace())
        prepared = planned.makeInstance(context: Trace())
        general = oracle.makeInstance(context: Trace())
        observed = oracle.makeInstance(context: Trace())
    }

    /// Replaces the four instances (for example by restored ones).
    mutating func replaceInstances(_ make: (Chart) throws -> Instance) rethrows {
        direct = try make(planned)
        prepared = try make(planned)
        general = try make(oracle)
        observed = try make(oracle)
    }

    /// Changes the context of the four instances alike (as an application may between events).
    mutating func updateContext(_ body: (inout Trace) -> Void) {
        body(&direct.context)
        body(&prepared.context)
        body(&general.context)
        body(&observed.context)
    }

    mutating func startAll() -> Step {
        var recorder = StatechartTraceRecorder<String, Event>()
        return Step(direct: direct.start(), prepared: prepared.start(), general: general.start(),
                    observed: observed.start(observer: &recorder))
    }

    mutating func sendAll(_ event: Event) -> Step {
        var recorder = StatechartTraceRecorder<String, Event>()
        return Step(direct: direct.send(event), prepared: prepared.send(planned.prepare(event)),
                    general: general.send(event), observed: observed.send(event, observer: &recorder))
    }

    /// Starts the four instances, recording an issue for each disagreement; the direct result.
    @discardableResult
    mutating func start(sourceLocation: SourceLocation = #_sourceLocation) -> SendResult {
        let step = startAll()
        if let problems = difference(step) {
            Issue.record(Comment(rawValue: "start:\n" + problems), sourceLocation: sourceLocation)
        }
        return step.direct
    }

    /// Sends `event` to the four instances, recording an issue for each disagreement. Returns
    /// the direct result and the lines the direct instance's actions logged.
    @discardableResult
    mutating func send(_ event: Event, sourceLocation: SourceLocation = #_sourceLocation) -> (result: SendResult, lines: [String]) {
        let before = direct.context.lines.count
        let step = sendAll(event)
        if let problems = difference(step) {
            Issue.record(Comment(rawValue: "\(event):\n" + problems), sourceLocation: sourceLocation)
        }
        return (step.direct, Array(direct.context.lines.dropFirst(before)))
    }

    /// Everything in which `direct`, `prepared` or `general` differs from `observed` after
    /// `step`, or `nil`.
    func difference(_ step: Step) -> String? {
        var problems: [String] = []
        let expected = Self.describe(step.observed, oracle)
        let others: [(String, SendResult, Instance, Chart)] = [
            ("direct", step.direct, direct, planned),
            ("prepared", step.prepared, prepared, planned),
            ("general", step.general, general, oracle),
        ]
        for (name, result, instance, chart) in others {
            if result != step.observed || Self.describe(result, chart) != expected {
                problems.append("  \(name) result: \(Self.describe(result, chart))\n    oracle result: \(expected)")
            }
            if instance.context != observed.context {
                let common = zip(instance.context.lines, observed.context.lines).prefix { $0 == $1 }.count
                problems.append("""
                      \(name) context: log[\(common)...] \(Array(instance.context.lines.dropFirst(common))), \
                    flag \(instance.context.flag), n \(instance.context.n)
                        oracle context: log[\(common)...] \(Array(observed.context.lines.dropFirst(common))), \
                    flag \(observed.context.flag), n \(observed.context.n)
                    """)
            }
            if instance.configuration != observed.configuration {
                problems.append("  \(name) configuration \(instance.configuration); oracle \(observed.configuration)")
            }
            for violation in instance._invariantViolations() { problems.append("  \(name) invariant: \(violation)") }
            let disagreeing = oracle.states.filter { instance.isActive($0) != observed.isActive($0) }
            if !disagreeing.isEmpty {
                problems.append("  \(name) isActive disagrees for \(disagreeing)")
            }
            if instance.currentConfigurationValue != observed.currentConfigurationValue {
                problems.append("  \(name) configuration value differs")
            }
            if instance.isRunning != observed.isRunning || instance.isFinished != observed.isFinished {
                problems.append("  \(name) running \(instance.isRunning), finished \(instance.isFinished); "
                                + "oracle running \(observed.isRunning), finished \(observed.isFinished)")
            }
            if instance.snapshot() != observed.snapshot() {
                problems.append("  \(name) snapshot \(instance.snapshot()); oracle \(observed.snapshot())")
            }
        }
        return problems.isEmpty ? nil : problems.joined(separator: "\n")
    }

    /// A result in terms of state names: `transitioned [A11→B] from [A, A1, A11] to [B, B1, B11]`.
    static func describe(_ result: SendResult, _ chart: Chart) -> String {
        "\(result.outcome) \(Self.names(result.transitions, chart)) "
            + "from \(chart.activeStates(in: result.from)) to \(chart.activeStates(in: result.to))"
    }

    /// Transitions as `source→targets`.
    static func names(_ transitions: TransitionList, _ chart: Chart) -> [String] {
        transitions.map { t in
            guard let d = chart.transition(t) else { return "?" }
            return "\(d.source ?? "root")→\(d.targets.joined(separator: ","))"
        }
    }

    /// The direct result's transitions as `source→targets`.
    func names(_ result: SendResult) -> [String] { Self.names(result.transitions, planned) }
}

// MARK: Random sequences

/// A tiny xorshift generator: deterministic across platforms and runs.
struct XorShift {
    var state: UInt64
    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }
    mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}
