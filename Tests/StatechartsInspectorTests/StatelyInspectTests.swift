import Foundation
import Statecharts
import StatechartsInspector
import StatechartsSCXML
import Testing

/// The messages of Stately Inspect (`@statelyai/inspect`): their keys and types as its
/// `src/types.ts` and `src/createInspector.ts` define them, and the XState machine config and
/// snapshot shapes they carry.
@Suite("Stately Inspect messages")
struct StatelyInspectTests {
    enum Step: Hashable, Sendable { case idle, work, fetch, parse, both, left, l1, l2, right, r1, r2, hist, finished }
    enum Signal: StatechartEvent, Hashable { case go, step, reset, tick, poke }
    struct Count: Sendable { var n = 0 }

    /// A compound state (`work`) holding a parallel state (`both`) with two compound regions, a
    /// deep history, and a top-level final state.
    static func chart() throws -> Statechart<Step, Signal, Count> {
        try Statechart<Step, Signal, Count>("job") {
            State(.idle) {
                OnEntry("resetCount") { $0.n = 0 }
                On(.go, to: .work, guard: Guard("ready") { _ in true }, actions: [Action("count") { $0.n += 1 }])
            }
            State(.work, initial: .fetch) {
                OnExit("leaveWork") { _ in }
                On(.reset, to: .hist)
                On(.tick, to: .work)
                On(.poke, kind: .internal)
                State(.fetch) {
                    On(.step, to: .parse)
                    On(.poke, to: .parse, whenIn: [.work])
                }
                State(.parse) { Always(to: .both, guard: Guard("parsed") { _ in true }) }
                Parallel(.both) {
                    State(.left) { State(.l1) { On(.step, to: .l2) }; Final(.l2) }
                    State(.right) { State(.r1) { On(.step, to: .r2) }; Final(.r2) }
                    OnDone(to: .finished)
                }
                History(.hist, .deep, default: .fetch)
            }
            Final(.finished)
        }
    }

    static let moment = Date(timeIntervalSince1970: 1_712_345_678.901)

    // MARK: - Messages

    @Test("@xstate.actor: type, sessionId, rootId, name, definition as a JSON string, snapshot, id, createdAt, _version")
    func actorMessage() throws {
        let chart = try Self.chart()
        let definition = StatelyInspect.machineDefinition(of: chart)
        let snapshot = StatelyInspect.snapshotValue(of: chart, activeStates: [.idle])
        let message = StatelyInspect.actorMessage(
            sessionID: "x:0", name: chart.name, definition: definition, snapshot: snapshot, timestamp: Self.moment)

        #expect(keys(message) == ["type", "sessionId", "rootId", "name", "definition", "snapshot", "id", "createdAt", "_version"])
        #expect(message["type"] == .string("@xstate.actor"))
        #expect(message["sessionId"] == .string("x:0"))
        #expect(message["rootId"] == .string("x:0"))
        #expect(message["name"] == .string("job"))
        #expect(message["id"] == .null)
        #expect(message["createdAt"] == .string("1712345678901"))
        #expect(message["_version"] == .string(StatelyInspect.version))
        #expect(message["snapshot"] == snapshot)
        // `definition` is a string holding the config's JSON, not the config itself.
        guard case .string(let text)? = message["definition"] else {
            Issue.record("definition is not a string")
            return
        }
        #expect(try SCXMLValue(json: text) == definition)
        // One JSON text frame that parses back to the same message.
        let frame = try #require(message.json)
        #expect(try SCXMLValue(json: frame) == message)
    }

    @Test("@xstate.actor: parentId and rootId when given; a definition of {id: name} when there is none")
    func actorMessageOptionalFields() throws {
        let message = StatelyInspect.actorMessage(
            sessionID: "child", parentID: "parent", rootID: "root", name: "worker",
            definition: nil, snapshot: .object([.init("status", .string("active"))]), messageID: "m1")
        #expect(message["parentId"] == .string("parent"))
        #expect(message["rootId"] == .string("root"))
        #expect(message["id"] == .string("m1"))
        #expect(message["definition"] == .string(#"{"id":"worker"}"#))
        #expect(StatelyInspect.actorMessage(sessionID: "a", name: "a", definition: nil, snapshot: .object([]))["parentId"] == nil)
    }

    @Test("@xstate.event: sessionId is the receiver, sourceId the sender (left out without one), event an XState event object")
    func eventMessage() throws {
        let message = StatelyInspect.eventMessage(
            sessionID: "x:0", sourceID: "x:1", event: "pay", data: .object([.init("amount", .number(3))]),
            timestamp: Self.moment)
        #expect(keys(message) == ["type", "sessionId", "rootId", "sourceId", "event", "id", "createdAt", "_version"])
        #expect(message["type"] == .string("@xstate.event"))
        #expect(message["sessionId"] == .string("x:0"))
        #expect(message["sourceId"] == .string("x:1"))
        #expect(message["event"] == .object([.init("type", .string("pay")), .init("amount", .number(3))]))
        #expect(message["createdAt"] == .string("1712345678901"))
        #expect(message["id"] == .null)

        let external = StatelyInspect.eventMessage(sessionID: "x:0", event: "go")
        #expect(external["sourceId"] == nil)
        #expect(external["event"] == .object([.init("type", .string("go"))]))
        #expect(!(external.json ?? "").contains("sourceId"))
    }

    @Test("event objects: object data spread next to type, other data under data")
    func eventObjects() {
        #expect(StatelyInspect.eventObject(name: "e", data: nil) == .object([.init("type", .string("e"))]))
        #expect(StatelyInspect.eventObject(name: "e", data: .null) == .object([.init("type", .string("e"))]))
        #expect(StatelyInspect.eventObject(name: "e", data: .number(3))
            == .object([.init("type", .string("e")), .init("data", .number(3))]))
        #expect(StatelyInspect.eventObject(name: "e", data: .array([.bool(true)]))
            == .object([.init("type", .string("e")), .init("data", .array([.bool(true)]))]))
        let clashing = SCXMLValue.object([.init("type", .string("inner")), .init("x", .number(1))])
        #expect(StatelyInspect.eventObject(name: "e", data: clashing)
            == .object([.init("type", .string("e")), .init("data", clashing)]))
    }

    @Test("@xstate.snapshot: the event that led to it (xstate.init first) and the snapshot")
    func snapshotMessage() throws {
        let chart = try Self.chart()
        let instance = chart.start(context: Count())
        let snapshot = StatelyInspect.snapshotValue(
            of: chart, activeStates: instance.configuration, context: .object([.init("n", .number(0))]))
        let message = StatelyInspect.snapshotMessage(
            sessionID: "x:0", snapshot: snapshot, eventName: StatelyInspect.initEventName, timestamp: Self.moment)
        #expect(keys(message) == ["type", "sessionId", "rootId", "event", "snapshot", "id", "createdAt", "_version"])
        #expect(message["type"] == .string("@xstate.snapshot"))
        #expect(message["event"] == .object([.init("type", .string("xstate.init"))]))
        #expect(message["snapshot"]?["status"] == .string("active"))
        #expect(message["snapshot"]?["value"] == .string("idle"))
        #expect(message["snapshot"]?["context"] == .object([.init("n", .number(0))]))

        let after = StatelyInspect.snapshotMessage(
            sessionID: "x:0", rootID: "root", snapshot: snapshot, eventName: "pay", eventData: .object([.init("amount", .number(2))]))
        #expect(after["rootId"] == .string("root"))
        #expect(after["event"] == .object([.init("type", .string("pay")), .init("amount", .number(2))]))
    }

    // MARK: - Machine config

    @Test("the machine config: id, initial, states keyed by name with explicit ids")
    func machineConfigTop() throws {
        let config = StatelyInspect.machineDefinition(of: try Self.chart())
        #expect(keys(config) == ["id", "initial", "states"])
        #expect(config["id"] == .string("job"))
        #expect(config["initial"] == .string("idle"))
        #expect(keys(try #require(config["states"])) == ["idle", "work", "finished"])
        #expect(config["states"]?["idle"]?["id"] == .string("idle"))
    }

    @Test("state types: compound with initial, parallel, final, deep history with its default target")
    func machineConfigStateTypes() throws {
        let states = try #require(StatelyInspect.machineDefinition(of: try Self.chart())["states"])
        let work = try #require(states["work"])
        #expect(work["type"] == nil)
        #expect(work["initial"] == .string("fetch"))
        #expect(keys(try #require(work["states"])) == ["fetch", "parse", "both", "hist"])
        let both = try #require(work["states"]?["both"])
        #expect(both["type"] == .string("parallel"))
        #expect(both["initial"] == nil)
        #expect(both["states"]?["left"]?["initial"] == .string("l1"))
        #expect(both["states"]?["left"]?["states"]?["l2"]?["type"] == .string("final"))
        #expect(states["finished"]?["type"] == .string("final"))
        let hist = try #require(work["states"]?["hist"])
        #expect(hist["type"] == .string("history"))
        #expect(hist["history"] == .string("deep"))
        #expect(hist["target"] == .string("#fetch"))
        #expect(hist["states"] == nil)
        #expect(states["idle"]?["states"] == nil)
    }

    @Test("transitions: on with #id targets, guard and actions; entry, exit, always, onDone; reenter and targetless")
    func machineConfigTransitions() throws {
        let states = try #require(StatelyInspect.machineDefinition(of: try Self.chart())["states"])
        let idle = try #require(states["idle"])
        #expect(idle["entry"] == .array([.string("resetCount")]))
        #expect(idle["on"]?["go"] == .array([.object([
            .init("target", .string("#work")), .init("guard", .string("ready")), .init("actions", .array([.string("count")])),
        ])]))
        let work = try #require(states["work"])
        #expect(work["exit"] == .array([.string("leaveWork")]))
        // External transitions to the source or into it re-enter it, as in SCXML.
        #expect(work["on"]?["tick"] == .array([.object([.init("target", .string("#work")), .init("reenter", .bool(true))])]))
        #expect(work["on"]?["reset"] == .array([.object([.init("target", .string("#hist")), .init("reenter", .bool(true))])]))
        // A targetless transition is an empty one.
        #expect(work["on"]?["poke"] == .array([.object([])]))
        let fetch = try #require(work["states"]?["fetch"])
        #expect(fetch["on"]?["step"] == .array([.object([.init("target", .string("#parse"))])]))
        #expect(fetch["on"]?["poke"] == .array([.object([
            .init("target", .string("#parse")), .init("description", .string("when in work")),
        ])]))
        #expect(work["states"]?["parse"]?["always"] == .array([.object([
            .init("target", .string("#both")), .init("guard", .string("parsed")),
        ])]))
        #expect(work["states"]?["both"]?["onDone"] == .array([.object([.init("target", .string("#finished"))])]))
    }

    @Test("charts of string events: any event as *, another state's completion as xstate.done.state.<id>, dots escaped in references")
    func machineConfigStringEvents() throws {
        let chart = try Statechart<String, String, Void>("strings") {
            State("a") {
                State("a.x") { On("go", to: "a.y") }
                Final("a.y")
                OnDone(to: "b")
            }
            State("b") {
                OnDone(of: "a", to: "a")
                On("error.*", to: "a")
                OnAny(to: "b")
            }
        }
        let states = try #require(StatelyInspect.machineDefinition(of: chart)["states"])
        #expect(states["a"]?["onDone"] == .array([.object([.init("target", .string("#b"))])]))
        #expect(states["a"]?["states"]?["a.x"]?["on"]?["go"] == .array([.object([.init("target", .string(#"#a\.y"#))])]))
        let on = try #require(states["b"]?["on"])
        #expect(keys(on) == ["xstate.done.state.a", "error.*", "*"])
        #expect(on["*"] == .array([.object([.init("target", .string("#b")), .init("reenter", .bool(true))])]))
    }

    // MARK: - Snapshots

    @Test("snapshot values along a run: atomic, compound, parallel, then done with output")
    func snapshotValues() throws {
        let chart = try Self.chart()
        var job = chart.start(context: Count())
        #expect(StatelyInspect.stateValue(of: chart, activeStates: job.configuration) == .string("idle"))

        job.send(.go)
        #expect(StatelyInspect.stateValue(of: chart, activeStates: job.configuration)
            == .object([.init("work", .string("fetch"))]))

        job.send(.step)  // fetch → parse, then eventless into both
        let parallel = SCXMLValue.object([.init("work", .object([.init("both", .object([
            .init("left", .string("l1")), .init("right", .string("r1")),
        ]))]))])
        #expect(StatelyInspect.stateValue(of: chart, activeStates: job.configuration) == parallel)
        let active = StatelyInspect.snapshotValue(
            of: chart, activeStates: job.configuration, context: .object([.init("n", .number(1))]),
            output: .string("ignored while active"))
        #expect(keys(active) == ["status", "value", "context"])
        #expect(active["value"] == parallel)

        job.send(.step)  // both regions reach their final states: both is done
        #expect(job.isFinished)
        let done = StatelyInspect.snapshotValue(
            of: chart, activeStates: job.configuration, status: .done, context: .object([.init("n", .number(1))]),
            output: .object([.init("result", .number(42))]))
        #expect(keys(done) == ["status", "value", "context", "output"])
        #expect(done["status"] == .string("done"))
        #expect(done["value"] == .string("finished"))
        #expect(done["output"] == .object([.init("result", .number(42))]))
    }

    @Test("an atomic region's value is {}, a compound state without an active child {}; no context leaves it out")
    func snapshotValueEdges() throws {
        let chart = try Statechart<String, String, Void>("regions") {
            Parallel("p") {
                State("r1")
                State("r2") { State("x") }
            }
        }
        #expect(StatelyInspect.stateValue(of: chart, activeStates: ["p", "r1", "r2", "x"])
            == .object([.init("p", .object([.init("r1", .object([])), .init("r2", .string("x"))]))]))
        #expect(StatelyInspect.stateValue(of: chart, activeStates: []) == .object([]))
        let snapshot = StatelyInspect.snapshotValue(of: chart, activeStates: [], status: .error, error: .string("boom"))
        #expect(keys(snapshot) == ["status", "value", "error"])
        #expect(snapshot["status"] == .string("error"))
        #expect(StatelyInspect.Status.allCases.map(\.rawValue) == ["active", "done", "error", "stopped"])
    }

    // MARK: - Bridge page

    @Test("the bridge page embeds the inspector, opens the WebSocket path, waits for @statelyai.connected")
    func bridgePage() {
        let page = StatelyInspect.bridgePage(webSocketPath: "/stately</script>")
        #expect(page.contains(#"src="https://stately.ai/inspect""#))
        #expect(page.contains("@statelyai.connected"))
        #expect(page.contains(#""/stately\u003c/script>""#))
        #expect(!page.contains("/stately</script>"))
        #expect(StatelyInspect.bridgePage(webSocketPath: "/ws", inspectorURL: "https://x.test/?a=1&b=\"2\"")
            .contains(#"src="https://x.test/?a=1&amp;b=&quot;2&quot;""#))
    }

    /// The keys of an object, in order.
    func keys(_ value: SCXMLValue) -> [String] {
        guard case .object(let members) = value else { return [] }
        return members.map(\.key)
    }
}
