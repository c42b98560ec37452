import Foundation
import Statecharts
import StatechartsSCXML
@testable import StatechartsInspector
import Testing

// Charts, contexts and helpers shared by the inspector's tests.

// MARK: - The README's door

enum DoorState: Hashable, Sendable { case closed, opened, locked }
enum DoorInput: StatechartEvent, Hashable, CaseIterable { case open, close, lock, unlock }
struct DoorStats: Codable, Sendable, Equatable { var openings = 0 }

enum Charts {
    /// The README's door, counting its openings.
    static func door() throws -> Statechart<DoorState, DoorInput, DoorStats> {
        try Statechart<DoorState, DoorInput, DoorStats>("door") {
            State(.closed) {
                On(.open, to: .opened) { $0.openings += 1 }
                On(.lock, to: .locked)
            }
            State(.opened) { On(.close, to: .closed) }
            State(.locked) { On(.unlock, to: .closed) }
        }
    }

    /// The door with any context type (a class, an `Encodable`-only struct, …).
    static func door<Context>(context: Context.Type) throws -> Statechart<DoorState, DoorInput, Context> {
        try Statechart<DoorState, DoorInput, Context>("door") {
            State(.closed) {
                On(.open, to: .opened)
                On(.lock, to: .locked)
            }
            State(.opened) { On(.close, to: .closed) }
            State(.locked) { On(.unlock, to: .closed) }
        }
    }

    /// The transition of `chart` from `source` on `event`.
    static func transition<S, E, C>(_ chart: Statechart<S, E, C>, from source: S, on event: E.Name) throws -> TransitionID {
        try #require(chart.allTransitions.first { id in
            guard let description = chart.transition(id) else { return false }
            return description.source == source && description.events.contains(event)
        })
    }
}

// MARK: - Samek's hierarchical state machine

enum SamekState: Hashable, Sendable { case s, s1, s11, s2, s21, s211 }
enum SamekInput: StatechartEvent, Hashable, CaseIterable { case a, b, c, d, e, f, g, h, i }
struct SamekLog: Codable, Sendable, Equatable { var foo = 0; var lines: [String] = [] }

enum Samek {
    typealias L = Action<SamekInput, SamekLog>
    static func log(_ line: String) -> L { Action(line) { $0.lines.append(line) } }
    static func set(_ value: Int, _ line: String) -> L { Action("foo=\(value)") { $0.foo = value; $0.lines.append(line) } }
    static let fooSet = Guard<SamekInput, SamekLog>("foo") { $0.foo != 0 }
    static let fooClear = Guard<SamekInput, SamekLog>("!foo") { $0.foo == 0 }

    /// Miro Samek's QHsmTst: s, s1, s11, s2, s21, s211 and the guard on `foo`.
    static func chart() throws -> Statechart<SamekState, SamekInput, SamekLog> {
        try Statechart<SamekState, SamekInput, SamekLog>("samek") {
            Initial(.s2, actions: [Action("top-INIT") { $0.foo = 0; $0.lines.append("top-INIT") }])
            State(.s) {
                OnEntry(log("s-ENTRY")); OnExit(log("s-EXIT")); Initial(.s11, actions: [log("s-INIT")])
                On(.e, to: .s11, actions: [log("s-E")])
                On(.i, guard: fooSet, actions: [set(0, "s-I")])
                State(.s1) {
                    OnEntry(log("s1-ENTRY")); OnExit(log("s1-EXIT")); Initial(.s11, actions: [log("s1-INIT")])
                    On(.a, to: .s1, actions: [log("s1-A")])
                    On(.b, to: .s11, actions: [log("s1-B")])
                    On(.c, to: .s2, actions: [log("s1-C")])
                    On(.d, to: .s, guard: fooClear, actions: [set(1, "s1-D")])
                    On(.f, to: .s211, actions: [log("s1-F")])
                    On(.i, actions: [log("s1-I")])
                    State(.s11) {
                        OnEntry(log("s11-ENTRY")); OnExit(log("s11-EXIT"))
                        On(.d, to: .s1, guard: fooSet, actions: [set(0, "s11-D")])
                        On(.g, to: .s211, actions: [log("s11-G")])
                        On(.h, to: .s, actions: [log("s11-H")])
                    }
                }
                State(.s2) {
                    OnEntry(log("s2-ENTRY")); OnExit(log("s2-EXIT")); Initial(.s211, actions: [log("s2-INIT")])
                    On(.c, to: .s1, actions: [log("s2-C")])
                    On(.f, to: .s11, actions: [log("s2-F")])
                    On(.i, guard: fooClear, actions: [set(1, "s2-I")])
                    State(.s21) {
                        OnEntry(log("s21-ENTRY")); OnExit(log("s21-EXIT")); Initial(.s211, actions: [log("s21-INIT")])
                        On(.a, to: .s21, actions: [log("s21-A")])
                        On(.b, to: .s211, actions: [log("s21-B")])
                        On(.g, to: .s1, actions: [log("s21-G")])
                        State(.s211) {
                            OnEntry(log("s211-ENTRY")); OnExit(log("s211-EXIT"))
                            On(.d, to: .s21, actions: [log("s211-D")])
                            On(.h, to: .s, actions: [log("s211-H")])
                        }
                    }
                }
            }
        }
    }

    /// Every event, twice over, in an order that visits every state.
    static let script: [SamekInput] = [.a, .b, .d, .e, .i, .f, .i, .i, .f, .a, .b, .d, .d, .e, .g, .h, .h, .c, .g, .c, .c]
}

// MARK: - A kettle: delayed events with ids

enum KettleState: Hashable, Sendable { case idle, heating, boiled, cooled }
enum KettleInput: StatechartEvent, Hashable, CaseIterable { case start, boil, cool, cancel }
struct KettleLog: Codable, Sendable, Equatable { var fired: [String] = [] }

extension Charts {
    /// `start` schedules `boil` after 1 s (id `b`) and `cool` after 3 s (id `c`); `cancel`
    /// cancels `boil`.
    static func kettle() throws -> Statechart<KettleState, KettleInput, KettleLog> {
        try Statechart<KettleState, KettleInput, KettleLog>("kettle") {
            State(.idle) {
                On(.start, to: .heating, actions: [Action("schedule") { (_: inout KettleLog, _: KettleInput?, outbox: inout Outbox<KettleInput>) in
                    outbox.send(.boil, after: .seconds(1), id: "b")
                    outbox.send(.cool, after: .seconds(3), id: "c")
                }])
            }
            State(.heating) {
                On(.boil, to: .boiled) { $0.fired.append("boil") }
                On(.cancel, to: .idle, actions: [Action("unschedule") { (_: inout KettleLog, _: KettleInput?, outbox: inout Outbox<KettleInput>) in
                    outbox.cancel("b")
                    outbox.cancel("c")
                }])
            }
            State(.boiled) { On(.cool, to: .cooled) { $0.fired.append("cool") } }
            State(.cooled)
        }
    }
}

// MARK: - Inspectors

/// Runs `body` with a fresh inspector (loopback, random port), stopped afterwards.
/// Every step keeps a checkpoint by default here, so that tests of other features can restore any
/// step; CheckpointIntervalTests tests the inspector's own default.
func withInspector<T>(options: InspectorOptions = InspectorOptions(checkpointInterval: 1),
                      _ body: (StatechartInspector) async throws -> T) async throws -> T {
    let inspector = try await StatechartInspector.start(options: options, printsURL: false)
    do {
        let result = try await body(inspector)
        await inspector.stop()
        return result
    } catch {
        await inspector.stop()
        throw error
    }
}

extension InspectedInstance {
    /// Carries out a page command; its message.
    @discardableResult
    func command(_ command: InspectorCommand) throws(InspectorCommandError) -> String {
        try perform(command).message
    }

    /// The message of the error a page command fails with, or `nil` when it succeeds.
    func failure(_ command: InspectorCommand) -> String? {
        do { _ = try perform(command); return nil } catch { return error.message }
    }

    /// Every step kept, as the page gets them on `select`.
    var stepsJSON: [SCXMLValue] { stepsMessage(after: -1, reset: true).message["steps"]?.items ?? [] }

    /// The `state` message.
    var stateJSON: SCXMLValue { stateMessage() }

    /// The `stepDetail` reply for step `seq`.
    func stepDetail(_ seq: Int) throws -> SCXMLValue {
        try #require(try perform(.inspectStep(seq)).reply)
    }
}

extension SCXMLValue {
    /// The elements of an array (none for anything else).
    var items: [SCXMLValue] {
        if case .array(let items) = self { return items }
        return []
    }

    /// The strings of an array of strings.
    var strings: [String] { items.compactMap(\.stringValue) }
}

/// The step's `kind`, `event.name` and `configuration`, for comparing timelines.
func summary(_ step: SCXMLValue) -> String {
    let kind = step["kind"]?.stringValue ?? "?"
    let event = step["event"]?["name"]?.stringValue
    let configuration = step["configuration"]?.strings.joined(separator: ",") ?? ""
    return event.map { "\(kind) \($0) → \(configuration)" } ?? "\(kind) → \(configuration)"
}

/// Polls `condition` until it holds or `timeout` passes; whether it held.
func eventually(timeout: Duration = .seconds(5), _ condition: () throws -> Bool) async rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return try condition()
}

// MARK: - A small data model for SCXML tests

/// A data model with variables, for testing what the inspector shows and edits of a session's
/// data without the ECMAScript module: values are JSON literals, a variable, or `name + N` /
/// `name - N`; conditions are `In(id)`, `true`/`false` or `name OP N` (`==`, `!=`, `<`, `<=`,
/// `>`, `>=`).
final class CounterDataModel: SCXMLDataModel {
    private let variables = Locked<[String: SCXMLValue]>([:])
    private let activeStates: SCXMLActiveStates

    init(activeStates: SCXMLActiveStates) { self.activeStates = activeStates }

    static let factory = SCXMLDataModelFactory(name: "counter") { environment in
        CounterDataModel(activeStates: environment.activeStates)
    }

    private func value(_ source: String) throws(SCXMLExecutionError) -> SCXMLValue {
        let text = source.trimmingCharacters(in: .whitespaces)
        if let literal = try? SCXMLValue(json: text) { return literal }
        if let known = variables.withLock({ $0[text] }) { return known }
        for op in ["+", "-"] {
            let parts = text.components(separatedBy: " \(op) ")
            if parts.count == 2, case .number(let a) = try value(parts[0]), case .number(let b) = try value(parts[1]) {
                return .number(op == "+" ? a + b : a - b)
            }
        }
        throw SCXMLExecutionError("cannot evaluate '\(source)'")
    }

    func evaluateCondition(_ expression: SCXMLExpression) throws(SCXMLExecutionError) -> Bool {
        if let id = SCXMLNullDataModel.inStateID(expression.source) { return activeStates.contains(id) }
        let text = expression.source.trimmingCharacters(in: .whitespaces)
        if text == "true" { return true }
        if text == "false" { return false }
        for op in [">=", "<=", "==", "!=", ">", "<"] {
            let parts = text.components(separatedBy: " \(op) ")
            guard parts.count == 2 else { continue }
            guard case .number(let a) = try value(parts[0]), case .number(let b) = try value(parts[1]) else {
                throw SCXMLExecutionError("'\(text)' compares numbers only")
            }
            switch op {
            case ">=": return a >= b
            case "<=": return a <= b
            case "==": return a == b
            case "!=": return a != b
            case ">": return a > b
            default: return a < b
            }
        }
        throw SCXMLExecutionError("cannot evaluate the condition '\(text)'")
    }

    func evaluateValue(_ expression: SCXMLExpression) throws(SCXMLExecutionError) -> SCXMLValue { try value(expression.source) }

    func evaluateString(_ expression: SCXMLExpression) throws(SCXMLExecutionError) -> String {
        let result = try value(expression.source)
        if case .string(let text) = result { return text }
        return result.json ?? ""
    }

    func assign(_ location: SCXMLExpression, from expression: SCXMLExpression) throws(SCXMLExecutionError) {
        try assign(location, value: try value(expression.source))
    }

    func assign(_ location: SCXMLExpression, value: SCXMLValue) throws(SCXMLExecutionError) {
        let name = location.source.trimmingCharacters(in: .whitespaces)
        guard variables.withLock({ $0[name] != nil }) else { throw SCXMLExecutionError("no variable '\(name)'") }
        variables.withLock { $0[name] = value }
    }

    func declare(_ name: String, value: SCXMLValue) throws(SCXMLExecutionError) {
        variables.withLock { $0[name] = value }
    }

    func declare(_ name: String, from expression: SCXMLExpression) throws(SCXMLExecutionError) {
        variables.withLock { $0[name] = .undefined }
        let initial = try value(expression.source)
        variables.withLock { $0[name] = initial }
    }

    func runScript(_ script: SCXMLExpression) throws(SCXMLExecutionError) {
        throw SCXMLExecutionError("no scripts")
    }

    func forEach(array: SCXMLExpression, item: String, index: String?,
                 body: () throws(SCXMLExecutionError) -> Void) throws(SCXMLExecutionError) {
        throw SCXMLExecutionError("no foreach")
    }

    func bindEvent(_ event: SCXMLEvent) throws(SCXMLExecutionError) {}
}
