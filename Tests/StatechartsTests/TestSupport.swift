import Statecharts

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
