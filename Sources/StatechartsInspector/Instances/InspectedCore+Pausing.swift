import Statecharts
import StatechartsGraphviz

// An inspected instance's pausing and breakpoints: pause, resume, step while paused, and the
// breakpoints that pause it on a state, a transition, an event or a condition.

extension InspectedCore {
    @usableFromInline
    mutating func pause(_ reason: String?) {
        isPaused = true
        pauseReason = reason
        changes &+= 1
    }

    /// Delivers held events in order until none is left or a breakpoint pauses again.
    mutating func resume(at now: Duration) {
        isPaused = false
        pauseReason = nil
        changes &+= 1
        while !isPaused, !held.isEmpty {
            let event = held.removeFirst()
            let passed = headPassedBreakpoints
            headPassedBreakpoints = false
            if !passed, !breakpoints.isEmpty, let reason = breakpointBefore(event) {
                held.insert(event, at: 0)
                headPassedBreakpoints = true
                pause(reason)
                return
            }
            _ = run(event, at: now)
        }
    }

    /// Delivers the first held event, staying paused.
    mutating func stepHeld(at now: Duration) throws(InspectorCommandError) -> String {
        guard !held.isEmpty else { throw InspectorCommandError("no event is held: send one, or resume") }
        let event = held.removeFirst()
        headPassedBreakpoints = false
        _ = run(event, at: now)
        isPaused = true
        changes &+= 1
        return "delivered '\(InspectorEventDecoding.name(of: event))'"
    }

    // MARK: Breakpoints

    /// Whether a breakpoint waits for a state to be entered.
    @usableFromInline
    var hasStateBreakpoints: Bool { breakpoints.contains { $0.kind == .state } }

    /// Why delivering `event` now must pause first: a breakpoint on its name, or on a
    /// transition it would take.
    @usableFromInline
    func breakpointBefore(_ event: Machine.Event) -> String? {
        let name = InspectorEventDecoding.name(of: event)
        for breakpoint in breakpoints where breakpoint.kind == .event && breakpoint.value == name {
            return "breakpoint: event '\(name)'"
        }
        let watched = breakpoints.filter { $0.kind == .transition }
        guard !watched.isEmpty else { return nil }
        let enabled = machine.instance.enabledTransitions(for: event)
        for breakpoint in watched {
            if let raw = Int32(breakpoint.value), enabled.contains(TransitionID(rawValue: raw)) {
                let text = TraceRecorder<Machine.StateID, Machine.Event>.transitionLine(TransitionID(rawValue: raw), in: machine.instance.chart) ?? "t\(raw)"
                return "breakpoint: transition \(text) on '\(name)'"
            }
        }
        return nil
    }

    /// Why the step just taken must pause: it entered a watched state, or left the context
    /// meeting a watched condition.
    @usableFromInline
    func breakpointAfter(from before: Configuration, detail: TraceRecorder<Machine.StateID, Machine.Event>?) -> String? {
        let chart = machine.instance.chart
        let stateBreakpoints = breakpoints.filter { $0.kind == .state }
        if !stateBreakpoints.isEmpty {
            let entered: [String]
            if let detail {
                entered = detail.enteredStates.map { String(describing: $0) }
            } else {
                let old = Set(chart.activeStates(in: before).map { String(describing: $0) })
                entered = chart.activeStates(in: machine.instance.currentConfigurationValue).map { String(describing: $0) }
                    .filter { !old.contains($0) }
            }
            for breakpoint in stateBreakpoints where entered.contains(breakpoint.value) {
                return "breakpoint: entered '\(breakpoint.value)'"
            }
        }
        let conditions = breakpoints.filter { $0.kind == .condition }
        if !conditions.isEmpty, let context = contextValue() {
            for breakpoint in conditions where breakpoint.condition?.holds(in: context) == true {
                return "breakpoint: \(breakpoint.value)"
            }
        }
        return nil
    }
}
