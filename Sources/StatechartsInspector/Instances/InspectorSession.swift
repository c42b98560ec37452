import Statecharts
import StatechartsSCXML

/// An attached instance as the server sees it, whatever its chart's types: each call takes the
/// instance's lock once and answers with a message ready to send.
protocol InspectorSession: AnyObject, Sendable {
    var id: String { get }
    var name: String { get }
    /// Bumped on every change a page may show.
    var changeCount: UInt64 { get }
    /// Steps taken since attached (for events per second).
    var stepCount: Int { get }
    func listEntry(eventsPerSecond: Double) -> SCXMLValue
    /// The list's entries for the instance's invoked children (listed right after it).
    func childListEntries() -> [SCXMLValue]
    func chartMessage() -> SCXMLValue
    func stateMessage() -> SCXMLValue
    /// The steps after `seq`, and the last seq sent.
    func stepsMessage(after seq: Int, reset: Bool) -> (message: SCXMLValue, last: Int)
    func perform(_ command: InspectorCommand) throws(InspectorCommandError) -> (message: String, reply: SCXMLValue?)
    /// A page starts (`+1`) or stops (`-1`) showing the instance.
    func watch(_ delta: Int)
    /// Stately Inspect's `@xstate.actor` message for the instance, and the seq of its last step.
    func statelyActor() -> (message: SCXMLValue, last: Int)
    /// Stately Inspect's messages for the steps after `seq`, and the last seq they cover.
    func statelyMessages(after seq: Int) -> (messages: [SCXMLValue], last: Int)
    /// A view of the invoked child at `path` below this instance (`pay`, `pay/receipt`), while
    /// it runs.
    func childSession(path: String) -> (any InspectorSession)?
    /// Whether delayed events follow real time (``InspectorClock/live``).
    var isLive: Bool { get }
    /// Fires what fell due by `now` on the coarse clock (instances on real time).
    func catchUpLive(at now: Duration)
}

extension InspectedInstance: InspectorSession {
    var changeCount: UInt64 { core.withLock { $0.changes } }
    var stepCount: Int { core.withLock { $0.stepCount } }

    func listEntry(eventsPerSecond: Double) -> SCXMLValue {
        core.withLock { $0.listEntry(id: id, name: name, eventsPerSecond: eventsPerSecond) }
    }

    func childListEntries() -> [SCXMLValue] {
        let children = core.withLock { $0.machine.instance.invokedSessions }
        guard !children.isEmpty else { return [] }
        func chartName<Chart: StatechartReference>(_ chart: Chart) -> String { chart.statechart.name }
        return children.flatMap(\.flattened).map { child in
            .members([
                "id": .string(id + "/" + child.path), "name": .string(child.path),
                "chart": .string(child.session.chart.map { chartName($0) } ?? child.path),
                "runtime": .string(Machine.inspectorRuntimeName),
                "summary": .string(child.session.activeLeaves.joined(separator: ", ")),
                "status": .string(child.session.isFinished ? "finished" : "running"),
                "eventsPerSecond": .number(0), "steps": .int(0), "drivable": .bool(false), "parent": .string(id),
            ])
        }
    }

    func chartMessage() -> SCXMLValue {
        let chart = core.withLock { $0.machine.instance.chart }
        return diagrams.chartMessage(for: chart, instance: id)
    }

    func stateMessage() -> SCXMLValue { core.withLock { $0.stateMessage(id: id) } }

    func stepsMessage(after seq: Int, reset: Bool) -> (message: SCXMLValue, last: Int) {
        let wallOrigin = clock.wallOrigin
        return core.withLock { $0.stepsMessage(id: id, after: seq, reset: reset, wallOrigin: wallOrigin) }
    }

    func perform(_ command: InspectorCommand) throws(InspectorCommandError) -> (message: String, reply: SCXMLValue?) {
        let now = clock.now
        let id = self.id
        let outcome: Result<(String, SCXMLValue?), InspectorCommandError> = core.withLock { core in
            do throws(InspectorCommandError) { return .success(try core.perform(command, id: id, at: now)) } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    func watch(_ delta: Int) {
        core.withLock { $0.watchers = max(0, $0.watchers + delta) }
    }

    func statelyActor() -> (message: SCXMLValue, last: Int) {
        core.withLock { ($0.statelyActor(id: id, name: name), $0.timeline.nextSeq - 1) }
    }

    func statelyMessages(after seq: Int) -> (messages: [SCXMLValue], last: Int) {
        let wallOrigin = clock.wallOrigin
        return core.withLock { $0.statelyMessages(id: id, after: seq, wallOrigin: wallOrigin) }
    }

    func childSession(path: String) -> (any InspectorSession)? {
        let view = InvokedChildView(parent: self, path: path)
        return view.info == nil ? nil : view
    }

    func catchUpLive(at now: Duration) {
        core.withLock { $0.catchUpLive(at: now) }
    }
}
