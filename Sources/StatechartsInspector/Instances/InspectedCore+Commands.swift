import Foundation
import Statecharts
import StatechartsSCXML

/// What the page asks of an instance (the `type`s of docs/inspector.md's page messages).
enum InspectorCommand: Sendable {
    case send(name: String, data: SCXMLValue?)
    case pause, resume, step, fireNext
    case advance(String)
    case addBreakpoint(kind: String, value: String)
    case removeBreakpoint(id: String)
    case inspectStep(Int)
    case restore(Int)
    case editContext(SCXMLValue)
    case editVariable(name: String, value: SCXMLValue)
}

extension InspectedCore {
    /// Carries out `command`: a message for the page, and a reply message when the command asks
    /// for one (``InspectorCommand/inspectStep(_:)``).
    mutating func perform(_ command: InspectorCommand, id: String, at now: Duration) throws(InspectorCommandError) -> (String, SCXMLValue?) {
        switch command {
        case .send(let name, let data):
            let vocabulary = machine.inspectorEventVocabulary
            guard vocabulary.knows(name) else { throw InspectorCommandError(vocabulary.unknownEventMessage(name)) }
            let event = try machine.inspectorEvent(named: name, data: data)
            guard let result = deliverFromApp(event, at: now) else {
                return ("'\(name)' is held: the instance is paused", nil)
            }
            switch result.outcome {
            case .transitioned: return ("sent '\(name)'", nil)
            case .ignored: return ("sent '\(name)': no transition took it", nil)
            case .notRunning: return ("sent '\(name)': the instance is not running", nil)
            }
        case .pause:
            guard !isPaused else { return ("already paused", nil) }
            pause("paused from the page")
            return ("paused", nil)
        case .resume:
            guard isPaused else { return ("not paused", nil) }
            let count = held.count
            resume(at: now)
            catchUpLive(at: now)
            return (count == 0 ? "resumed" : "resumed; \(count - held.count) held event(s) delivered", nil)
        case .step:
            guard isPaused else { throw InspectorCommandError("step works while paused: pause first") }
            return (try stepHeld(at: now), nil)
        case .fireNext:
            let instance = machine.instance
            guard instance.isRunning, let due = instance.nextDelayedEventTime else {
                throw InspectorCommandError("no delayed event is pending")
            }
            let fired = advance(by: max(.zero, due - instance.now), at: now, recordsClockStep: true)
            return (fired.isEmpty ? "the clock moved to \(InspectorFormat.duration(due))" : "fired '\(InspectorEventDecoding.name(of: fired[0].event))'", nil)
        case .advance(let text):
            guard let duration = InspectorFormat.parseDuration(text) else {
                throw InspectorCommandError("'\(text)' is not a duration: write 100ms, 1.5s, 2m or 1h")
            }
            let fired = advance(by: duration, at: now, recordsClockStep: true)
            return ("advanced \(InspectorFormat.duration(duration)); \(fired.count) delayed event(s) fired", nil)
        case .addBreakpoint(let kind, let value):
            let breakpoint = try makeBreakpoint(kind: kind, value: value)
            breakpoints.append(breakpoint)
            nextBreakpoint += 1
            changes &+= 1
            return ("breakpoint: \(breakpoint.text)", nil)
        case .removeBreakpoint(let breakpointID):
            guard let index = breakpoints.firstIndex(where: { $0.id == breakpointID }) else {
                throw InspectorCommandError("no breakpoint \(breakpointID)")
            }
            breakpoints.remove(at: index)
            changes &+= 1
            return ("breakpoint removed", nil)
        case .inspectStep(let seq):
            return ("step #\(seq)", try stepDetail(id: id, seq: seq))
        case .restore(let seq):
            try restore(seq, at: now)
            return ("continuing from step #\(seq)", nil)
        case .editContext(let value):
            try machine.inspectorEditContext(value)
            machine.inspectorRecord(.edit(variable: nil, value: value))
            append(kind: .edit, event: nil, result: nil, detail: nil, errors: [], note: "context edited", at: now)
            return ("context changed", nil)
        case .editVariable(let name, let value):
            try machine.inspectorEditVariable(name, value: value)
            machine.inspectorRecord(.edit(variable: name, value: value))
            append(kind: .edit, event: nil, result: nil, detail: nil,
                   errors: machine.inspectorTakeErrors(), note: "\(name) = \(value.messageText)", at: now)
            return ("\(name) changed", nil)
        }
    }

    /// "Continue from here": brings the machine back to step `seq`, as a new step whose parent
    /// is `seq` (a branch of the timeline; the steps after `seq` stay visible).
    mutating func restore(_ seq: Int, at now: Duration) throws(InspectorCommandError) {
        guard let step = timeline[seq: seq] else {
            throw InspectorCommandError("step #\(seq) is no longer kept (the timeline keeps the last \(timeline.capacity))")
        }
        guard let checkpoint = step.checkpoint else {
            throw InspectorCommandError("step #\(seq) cannot be restored: " + (machine.inspectorRestoreNote ?? noCheckpointNote))
        }
        try machine.inspectorRestore(checkpoint)
        append(kind: .restore, event: nil, result: nil, detail: nil, errors: [],
               note: "back to #\(seq)", at: now, parent: seq)
    }

    func makeBreakpoint(kind: String, value rawValue: String) throws(InspectorCommandError) -> Breakpoint {
        let value = rawValue.trimmingCharacters(in: .whitespaces)
        let id = "b\(nextBreakpoint)"
        guard let kind = Breakpoint.Kind(rawValue: kind) else {
            throw InspectorCommandError("a breakpoint is on a state, a transition, an event or a condition, not '\(kind)'")
        }
        switch kind {
        case .state:
            let states = chart.states.map { String(describing: $0) }
            guard states.contains(value) else {
                let near = EventVocabulary(exactNames: states).suggestion(for: value)
                throw InspectorCommandError("the chart has no state '\(value)'" + (near.map { " (did you mean '\($0)'?)" } ?? ""))
            }
            return Breakpoint(id: id, kind: .state, value: value)
        case .transition:
            let number = value.hasPrefix("t") ? String(value.dropFirst()) : value
            guard let raw = Int32(number), chart.transition(TransitionID(rawValue: raw)) != nil else {
                throw InspectorCommandError("the chart has no transition '\(value)'")
            }
            return Breakpoint(id: id, kind: .transition, value: String(raw))
        case .event:
            let vocabulary = machine.inspectorEventVocabulary
            guard vocabulary.knows(value) else { throw InspectorCommandError(vocabulary.unknownEventMessage(value)) }
            return Breakpoint(id: id, kind: .event, value: value)
        case .condition:
            guard contextValue() != nil else {
                throw InspectorCommandError("conditions read the context as JSON (or a session's variables): this context is not Encodable")
            }
            return Breakpoint(id: id, kind: .condition, value: value, condition: try ContextCondition(parsing: value))
        }
    }
}
