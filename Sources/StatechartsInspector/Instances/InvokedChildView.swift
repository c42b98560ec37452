import Statecharts
import StatechartsSCXML

/// An invoked child session (SCXML `<invoke>`, `Invoke(chart:)`) as the page shows it when
/// selected: its diagram and configuration, read from its parent on every update. A child runs
/// inside its parent's instance, so it is watched, not driven: the page drives the parent.
final class InvokedChildView<Machine: InspectableMachine>: InspectorSession {
    let parent: InspectedInstance<Machine>
    /// The child's invocation path below the parent (`pay`, `pay/receipt`).
    let path: String

    init(parent: InspectedInstance<Machine>, path: String) {
        self.parent = parent
        self.path = path
    }

    var id: String { parent.id + "/" + path }
    var name: String { path }
    var changeCount: UInt64 { parent.changeCount }
    var stepCount: Int { 0 }
    var isLive: Bool { false }

    /// The child as its parent describes it now; `nil` once it is gone.
    var info: InvokedSessionInfo? {
        parent.core.withLock { core in
            core.machine.instance.invokedSessions.flatMap(\.flattened).first { $0.path == path }?.session
        }
    }

    func listEntry(eventsPerSecond: Double) -> SCXMLValue { .null }
    func childListEntries() -> [SCXMLValue] { [] }

    func chartMessage() -> SCXMLValue {
        func describe<Chart: StatechartReference>(_ chart: Chart) -> SCXMLValue {
            parent.diagrams.chartMessage(for: chart.statechart, instance: id)
        }
        guard let chart = info?.chart else {
            return .members(["type": .string("chart"), "instance": .string(id), "name": .string(path), "svg": .null,
                             "svgError": .string("the invoked session '\(path)' is no longer running"),
                             "states": .array([]), "transitions": .array([]), "events": .array([])])
        }
        return describe(chart)
    }

    func stateMessage() -> SCXMLValue {
        let info = self.info
        let status = info == nil ? "stopped" : (info?.isFinished == true ? "finished" : "running")
        return .members([
            "type": .string("state"), "instance": .string(id),
            "configuration": .texts(info?.activeLeaves ?? []), "active": .texts(info?.configuration ?? []),
            "lastTransitions": .array([]), "enabledEvents": .array([]), "status": .string(status),
            "pauseReason": .null, "queued": .array([]), "clock": .string("virtual"), "now": .string(""),
            "delayed": .array([]),
            "context": .members(["format": .string("text"),
                                 "value": .string("an invoked session runs inside \(parent.name): its data is not shown here"),
                                 "editable": .bool(false)]),
            "breakpoints": .array([]), "restorable": .bool(false),
            "restoreNote": .string("an invoked session is brought back with its parent: select \(parent.name)"),
            "children": .array((info?.children ?? []).flatMap(\.flattened).map { child in
                .members(["id": .string(id + "/" + child.path), "name": .string(path + "/" + child.path),
                          "configuration": .texts(child.session.activeLeaves), "finished": .bool(child.session.isFinished)])
            }),
            "drivable": .bool(false), "head": .int(-1),
        ])
    }

    func stepsMessage(after seq: Int, reset: Bool) -> (message: SCXMLValue, last: Int) {
        (.members(["type": .string("steps"), "instance": .string(id), "reset": .bool(reset), "dropped": .int(0),
                   "steps": .array([])]), seq)
    }

    func perform(_ command: InspectorCommand) throws(InspectorCommandError) -> (message: String, reply: SCXMLValue?) {
        throw InspectorCommandError("'\(path)' is an invoked session: it runs inside \(parent.name), which is what the page drives")
    }

    func watch(_ delta: Int) {}
    func catchUpLive(at now: Duration) {}
    func statelyActor() -> (message: SCXMLValue, last: Int) { (.null, -1) }
    func statelyMessages(after seq: Int) -> (messages: [SCXMLValue], last: Int) { ([], seq) }
    func childSession(path: String) -> (any InspectorSession)? { nil }
}
