import Statecharts
import StatechartsGraphviz
import StatechartsSCXML

// What the page is sent about an instance (the wire format is in docs/inspector.md). Built
// under the instance's lock, only when a page asks.
extension InspectedCore {
    typealias Chart = Statechart<Machine.StateID, Machine.Event, Machine.Context>

    var chart: Chart { machine.instance.chart }

    var statusText: String {
        let instance = machine.instance
        if isPaused { return "paused" }
        if instance.isFinished { return "finished" }
        if !instance.isRunning { return "stopped" }
        return "running"
    }

    func names(_ states: [Machine.StateID]) -> [String] { states.map { String(describing: $0) } }

    /// The instance's entry in the list.
    func listEntry(id: String, name: String, eventsPerSecond: Double) -> SCXMLValue {
        let instance = machine.instance
        return .members([
            "id": .string(id), "name": .string(name), "chart": .string(instance.chart.name),
            "runtime": .string(Machine.inspectorRuntimeName),
            "summary": .string(names(instance.activeLeaves).joined(separator: ", ")),
            "status": .string(statusText),
            "eventsPerSecond": .number((eventsPerSecond * 10).rounded() / 10),
            "steps": .int(stepCount), "drivable": .bool(true), "parent": .null,
        ])
    }

    /// The context as one JSON value, for conditions: an `Encodable` context, or an SCXML
    /// session's variables as an object; `nil` for a context shown as text.
    func contextValue() -> SCXMLValue? {
        switch machine.inspectorContext() {
        case .json(let value, _): return value
        case .variables(let variables):
            return .object(variables.map { .init($0.name, (try? SCXMLValue(json: $0.value)) ?? .undefined) })
        case .text: return nil
        }
    }

    func contextJSON(_ view: InspectorContextView? = nil) -> SCXMLValue {
        switch view ?? machine.inspectorContext() {
        case .json(let value, let editable):
            return .members(["format": .string("json"), "value": value, "editable": .bool(editable)])
        case .text(let text):
            return .members(["format": .string("text"), "value": .string(text), "editable": .bool(false)])
        case .variables(let variables):
            return .members([
                "format": .string("variables"),
                "variables": .array(variables.map { .members(["name": .string($0.name), "value": .string($0.value)]) }),
                "editable": .bool(true),
            ])
        }
    }

    /// Why a step of a machine that has checkpoints kept none.
    var noCheckpointNote: String {
        guard options.keepsCheckpoints else { return "it kept no checkpoint (InspectorOptions.keepsCheckpoints is false)" }
        return "it was recorded while no page watched, when one step in \(options.checkpointInterval) keeps a checkpoint (InspectorOptions.checkpointInterval)"
    }

    /// The selected instance as it is now.
    func stateMessage(id: String) -> SCXMLValue {
        let instance = machine.instance
        let configuration = instance.currentConfigurationValue
        let last = timeline[seq: head]
        let snapshot = instance.snapshot()
        let restoreNote = options.keepsCheckpoints ? machine.inspectorRestoreNote : "the inspector keeps no checkpoints (InspectorOptions.keepsCheckpoints is false)"
        // Built in parts: one literal of them all takes the type checker too long.
        let queued: [SCXMLValue] = held.map { event in
            .members(["event": .string(InspectorEventDecoding.name(of: event)), "data": machine.inspectorEventData(event) ?? .null])
        }
        let delayed: [SCXMLValue] = snapshot.pendingEvents.map { pending in
            .members(["event": .string(InspectorEventDecoding.name(of: pending.event)),
                      "due": .string(InspectorFormat.duration(pending.due)), "id": .text(pending.id)])
        }
        let breakpointList: [SCXMLValue] = breakpoints.map { breakpoint in
            .members(["id": .string(breakpoint.id), "kind": .string(breakpoint.kind.rawValue),
                      "value": .string(breakpoint.value), "text": .string(breakpoint.text)])
        }
        let children: [SCXMLValue] = instance.invokedSessions.flatMap(\.flattened).map { child in
            .members(["id": .string(id + "/" + child.path), "name": .string(child.path),
                      "configuration": .texts(child.session.activeLeaves), "finished": .bool(child.session.isFinished)])
        }
        let lastTransitions: [SCXMLValue] = (last?.transitions.map(Array.init) ?? []).map { .int($0.rawValue) }
        return .members([
            "type": .string("state"), "instance": .string(id),
            "configuration": .texts(names(chart.atomicStates(in: configuration))),
            "active": .texts(names(chart.activeStates(in: configuration))),
            "lastTransitions": .array(lastTransitions),
            "enabledEvents": .texts(instance.enabledEventNames.map { String(describing: $0) }),
            "status": .string(statusText),
            "pauseReason": .text(pauseReason),
            "queued": .array(queued),
            "clock": .string(liveOffset == nil ? "virtual" : "live"),
            "now": .string(InspectorFormat.duration(instance.now)),
            "delayed": .array(delayed),
            "context": contextJSON(),
            "breakpoints": .array(breakpointList),
            "restorable": .bool(restoreNote == nil),
            "restoreNote": .text(restoreNote),
            "children": .array(children),
            "drivable": .bool(true),
            "head": .int(head),
        ])
    }

    func eventJSON(_ event: Machine.Event) -> SCXMLValue {
        .members(["name": .string(InspectorEventDecoding.name(of: event)),
                  "data": machine.inspectorEventData(event) ?? .null])
    }

    /// The steps after `seq`, newest last, as one `steps` message, and the last seq it holds.
    func stepsMessage(id: String, after seq: Int, reset: Bool, wallOrigin: Double) -> (message: SCXMLValue, last: Int) {
        let (steps, dropped) = timeline.elements(after: seq, limit: options.stepsPerMessage)
        let message: SCXMLValue = .members([
            "type": .string("steps"), "instance": .string(id), "reset": .bool(reset), "dropped": .int(dropped),
            "steps": .array(steps.map { stepJSON($0, wallOrigin: wallOrigin) }),
        ])
        return (message, steps.last?.seq ?? max(seq, timeline.nextSeq - 1))
    }

    func stepJSON(_ step: RecordedStep<Machine>, wallOrigin: Double) -> SCXMLValue {
        let chart = self.chart
        var exited: [String] = []
        var entered: [String] = []
        var actions: [String] = []
        if let detail = step.detail {
            exited = names(detail.exitedStates)
            entered = names(detail.enteredStates)
            actions = detail.actionSummaries(in: chart)
        } else {
            let after = names(chart.activeStates(in: step.configuration))
            let before = timeline[seq: step.parent].map { names(chart.activeStates(in: $0.configuration)) } ?? []
            exited = before.filter { !after.contains($0) }.reversed()
            entered = after.filter { !before.contains($0) }
        }
        var time = InspectorFormat.timeOfDay(secondsSince1970: wallOrigin + Double(step.realTime.components.seconds)
                                              + Double(step.realTime.components.attoseconds) / 1e18)
        if step.virtualTime != .zero { time += " · " + InspectorFormat.duration(step.virtualTime) + " virtual" }
        return .members([
            "seq": .int(step.seq), "parent": .int(step.parent), "kind": .string(step.kind.rawValue),
            "event": step.event.map { eventJSON($0) } ?? .null,
            "note": .text(step.note),
            "transitions": .array((step.transitions.map { Array($0) } ?? []).map { id in
                .members(["id": .int(id.rawValue),
                          "text": .string(TraceRecorder<Machine.StateID, Machine.Event>.transitionLine(id, in: chart) ?? id.description)])
            }),
            "exited": .texts(exited), "entered": .texts(entered), "actions": .texts(actions),
            "errors": .texts(step.errors),
            "configuration": .texts(names(chart.atomicStates(in: step.configuration))),
            "time": .string(time),
            // Only steps that ran the chart have states exited and entered to miss.
            "detail": .string(step.detail == nil && (step.kind == .event || step.kind == .delayed) ? "configurations" : "full"),
            "restorable": .bool(step.checkpoint != nil),
        ])
    }

    /// One earlier step, for viewing it.
    func stepDetail(id: String, seq: Int) throws(InspectorCommandError) -> SCXMLValue {
        guard let step = timeline[seq: seq] else {
            throw InspectorCommandError("step #\(seq) is no longer kept (the timeline keeps the last \(timeline.capacity))")
        }
        var context: SCXMLValue = .members(["format": .string("text"), "value": .string("not kept for this step"), "editable": .bool(false)])
        if let checkpoint = step.checkpoint, let view = Machine.inspectorContext(of: checkpoint) {
            context = contextJSON(view)
        }
        let note = step.checkpoint == nil ? (machine.inspectorRestoreNote ?? noCheckpointNote) : nil
        let transitions: [TransitionID] = step.transitions.map(Array.init) ?? []
        return .members([
            "type": .string("stepDetail"), "instance": .string(id), "seq": .int(seq),
            "configuration": .texts(names(chart.atomicStates(in: step.configuration))),
            "active": .texts(names(chart.activeStates(in: step.configuration))),
            "lastTransitions": .array(transitions.map { .int($0.rawValue) }),
            "context": context,
            "restorable": .bool(step.checkpoint != nil), "restoreNote": .text(note),
        ])
    }
}
