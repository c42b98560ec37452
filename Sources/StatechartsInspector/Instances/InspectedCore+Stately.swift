import Foundation
import Statecharts
import StatechartsSCXML

// What Stately Inspect's receivers are told of an instance (see StatelyInspect and
// docs/inspector.md): one `@xstate.actor` when they connect, then for each step an
// `@xstate.event` (for steps an event caused) and an `@xstate.snapshot`.
extension InspectedCore {
    var statelyStatus: StatelyInspect.Status {
        let instance = machine.instance
        if instance.isFinished { return .done }
        if instance.error != nil { return .error }
        if !instance.isRunning { return .stopped }
        return .active
    }

    /// The context as Stately shows it: JSON for an `Encodable` context, the variables of an
    /// SCXML session as an object, text otherwise.
    func statelyContext(_ view: InspectorContextView) -> SCXMLValue {
        switch view {
        case .json(let value, _): return value
        case .text(let text): return .string(text)
        case .variables(let variables):
            return .object(variables.map { .init($0.name, (try? SCXMLValue(json: $0.value)) ?? .string($0.value)) })
        }
    }

    func statelySnapshot(configuration: Configuration, context: InspectorContextView) -> SCXMLValue {
        StatelyInspect.snapshotValue(of: chart, activeStates: chart.activeStates(in: configuration),
                                     status: statelyStatus, context: statelyContext(context))
    }

    /// The `@xstate.actor` message announcing the instance.
    func statelyActor(id: String, name: String) -> SCXMLValue {
        StatelyInspect.actorMessage(
            sessionID: id, name: name, definition: StatelyInspect.machineDefinition(of: chart),
            snapshot: statelySnapshot(configuration: machine.instance.currentConfigurationValue, context: machine.inspectorContext()))
    }

    /// The messages for the steps after `seq`, at most ``InspectorOptions/stepsPerMessage`` of
    /// the newest, and the last seq they cover.
    func statelyMessages(id: String, after seq: Int, wallOrigin: Double) -> (messages: [SCXMLValue], last: Int) {
        let (steps, _) = timeline.elements(after: seq, limit: options.stepsPerMessage)
        var messages: [SCXMLValue] = []
        for step in steps {
            let date = Date(timeIntervalSince1970: wallOrigin + Double(step.realTime.components.seconds)
                            + Double(step.realTime.components.attoseconds) / 1e18)
            let context = step.checkpoint.flatMap { Machine.inspectorContext(of: $0) } ?? machine.inspectorContext()
            let eventName = step.event.map { InspectorEventDecoding.name(of: $0) } ?? "inspector.\(step.kind.rawValue)"
            let data = step.event.flatMap { machine.inspectorEventData($0) }
            if step.event != nil {
                messages.append(StatelyInspect.eventMessage(sessionID: id, event: eventName, data: data, timestamp: date))
            }
            messages.append(StatelyInspect.snapshotMessage(
                sessionID: id, snapshot: statelySnapshot(configuration: step.configuration, context: context),
                eventName: eventName, eventData: data, timestamp: date))
        }
        return (messages, steps.last?.seq ?? max(seq, timeline.nextSeq - 1))
    }
}
