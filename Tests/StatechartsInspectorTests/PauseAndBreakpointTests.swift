import Statecharts
import StatechartsSCXML
@testable import StatechartsInspector
import Testing

/// Pausing from the page (held events, step, resume) and breakpoints on states, transitions,
/// events and context conditions.
@Suite("Pause and breakpoints")
struct PauseAndBreakpointTests {
    // MARK: Pause, step, resume

    @Test("paused: the app's send returns nil and the events are held in order")
    func pauseHoldsEvents() async throws {
        try await withInspector { inspector in
            let door = inspector.attach(try Charts.door(), context: DoorStats(), name: "door")
            #expect(try door.command(.pause) == "paused")
            #expect(door.isPaused)
            #expect(door.send(.open) == nil)
            #expect(door.send(.close) == nil)
            #expect(door.send(.lock) == nil)
            #expect(door.heldEventCount == 3)
            #expect(door.configuration == [.closed])
            #expect(door.context.openings == 0)
            let state = door.stateJSON
            #expect(state["status"]?.stringValue == "paused")
            #expect(state["pauseReason"]?.stringValue == "paused from the page")
            #expect(state["queued"]?.items.compactMap { $0["event"]?.stringValue } == ["open", "close", "lock"])
            #expect(door.stepsJSON.count == 1)
            // A second pause changes nothing.
            #expect(try door.command(.pause) == "already paused")
            // A page's send is held too.
            #expect(try door.command(.send(name: "unlock", data: nil)).contains("held"))
            #expect(door.heldEventCount == 4)
        }
    }

    @Test("step delivers exactly one held event and stays paused; resume delivers the rest in order")
    func stepThenResume() async throws {
        try await withInspector { inspector in
            let door = inspector.attach(try Charts.door(), context: DoorStats(), name: "door")
            try door.command(.pause)
            for event in [DoorInput.open, .close, .lock, .unlock, .open] { #expect(door.send(event) == nil) }

            #expect(try door.command(.step) == "delivered 'open'")
            #expect(door.isPaused)
            #expect(door.heldEventCount == 4)
            #expect(door.configuration == [.opened])
            #expect(door.context.openings == 1)
            #expect(door.stepsJSON.count == 2)

            let message = try door.command(.resume)
            #expect(message.contains("4 held event(s) delivered"))
            #expect(!door.isPaused)
            #expect(door.heldEventCount == 0)
            // close, lock, unlock, open: back in opened, opened twice in all.
            #expect(door.configuration == [.opened])
            #expect(door.context.openings == 2)
            let events = door.stepsJSON.dropFirst().map { $0["event"]?["name"]?.stringValue }
            #expect(events == ["open", "close", "lock", "unlock", "open"])
            #expect(door.stepsJSON.map(summary).last == "event open → opened")
            #expect(door.stateJSON["status"]?.stringValue == "running")
            #expect(door.stateJSON["pauseReason"] == .null)
            // After resuming, sends run at once again.
            #expect(door.send(.close)?.outcome == .transitioned)
        }
    }

    @Test("held events run exactly as they would have: the same results as a bare instance")
    func heldEventsMatchBareInstance() async throws {
        try await withInspector { inspector in
            let chart = try Samek.chart()
            var bare = chart.start(context: SamekLog())
            let samek = inspector.attach(chart, context: SamekLog(), name: "samek")
            try samek.command(.pause)
            for event in Samek.script {
                bare.send(event)
                #expect(samek.send(event) == nil)
            }
            try samek.command(.step)
            try samek.command(.step)
            try samek.command(.resume)
            #expect(samek.configuration == bare.configuration)
            #expect(samek.context == bare.context)
        }
    }

    @Test("step needs a pause and a held event; resume needs a pause")
    func stepErrors() async throws {
        try await withInspector { inspector in
            let door = inspector.attach(try Charts.door(), context: DoorStats(), name: "door")
            #expect(door.failure(.step)?.contains("pause first") == true)
            #expect(try door.command(.resume) == "not paused")
            try door.command(.pause)
            #expect(door.failure(.step)?.contains("no event is held") == true)
            #expect(try door.command(.resume) == "resumed")
        }
    }

    @Test("the clock does not move while paused")
    func clockWaitsWhilePaused() async throws {
        try await withInspector { inspector in
            let kettle = inspector.attach(try Charts.kettle(), context: KettleLog(), name: "kettle")
            kettle.send(.start)
            try kettle.command(.pause)
            #expect(kettle.advanceClock(by: .seconds(10)).isEmpty)
            #expect(kettle.instance.now == .zero)
            #expect(kettle.configuration == [.heating])
        }
    }

    // MARK: Breakpoints on states

    @Test("a state breakpoint pauses after the step entering it, with the reason")
    func stateBreakpoint() async throws {
        try await withInspector { inspector in
            let door = inspector.attach(try Charts.door(), context: DoorStats(), name: "door")
            #expect(try door.command(.addBreakpoint(kind: "state", value: "opened")) == "breakpoint: entering opened")
            let breakpoints = door.stateJSON["breakpoints"]?.items ?? []
            #expect(breakpoints.count == 1)
            #expect(breakpoints.first?["id"]?.stringValue == "b1")
            #expect(breakpoints.first?["kind"]?.stringValue == "state")
            #expect(breakpoints.first?["value"]?.stringValue == "opened")

            #expect(door.send(.lock)?.outcome == .transitioned)
            #expect(!door.isPaused)
            #expect(door.send(.unlock)?.outcome == .transitioned)
            // The step that enters `opened` runs, then the instance pauses.
            #expect(door.send(.open)?.outcome == .transitioned)
            #expect(door.configuration == [.opened])
            #expect(door.isPaused)
            #expect(door.stateJSON["pauseReason"]?.stringValue == "breakpoint: entered 'opened'")
            #expect(door.send(.close) == nil)
            #expect(door.configuration == [.opened])
            try door.command(.resume)
            #expect(door.configuration == [.closed])
            #expect(!door.isPaused)
        }
    }

    @Test("a breakpoint on a compound state pauses when it is entered through a descendant")
    func compoundStateBreakpoint() async throws {
        try await withInspector { inspector in
            let samek = inspector.attach(try Samek.chart(), context: SamekLog(), name: "samek")
            try samek.command(.addBreakpoint(kind: "state", value: "s1"))
            samek.send(.a)           // s21 → s21: s1 not entered
            #expect(!samek.isPaused)
            samek.send(.c)           // s2 → s1
            #expect(samek.isPaused)
            #expect(samek.configuration.last == .s11)
            #expect(samek.stateJSON["pauseReason"]?.stringValue == "breakpoint: entered 's1'")
        }
    }

    @Test("a state breakpoint fires on re-entry by an external self-transition, watched by a page or not",
          arguments: [false, true])
    func stateBreakpointOnReentry(watched: Bool) async throws {
        try await withInspector { inspector in
            let samek = inspector.attach(try Samek.chart(), context: SamekLog(), name: "samek")
            if watched { samek.watch(1) }
            try samek.command(.addBreakpoint(kind: "state", value: "s21"))
            // `a` in s21 is an external transition s21 → s21: s21 is exited and entered again.
            let before = samek.context.lines.count
            samek.send(.a)
            #expect(samek.context.lines.dropFirst(before).contains("s21-ENTRY"))
            #expect(samek.isPaused, "watched: \(watched)")
        }
    }

    // MARK: Breakpoints on transitions

    @Test("a transition breakpoint pauses before the transition: the event is held, the configuration unchanged")
    func transitionBreakpoint() async throws {
        try await withInspector { inspector in
            let chart = try Charts.door()
            let open = try Charts.transition(chart, from: .closed, on: .open)
            let door = inspector.attach(chart, context: DoorStats(), name: "door")
            let message = try door.command(.addBreakpoint(kind: "transition", value: "\(open.rawValue)"))
            #expect(message == "breakpoint: taking transition \(open.rawValue)")

            #expect(door.send(.lock)?.outcome == .transitioned)   // another transition: runs
            #expect(!door.isPaused)
            door.send(.unlock)
            #expect(door.send(.open) == nil)
            #expect(door.isPaused)
            #expect(door.heldEventCount == 1)
            #expect(door.configuration == [.closed])
            #expect(door.context.openings == 0)
            let reason = try #require(door.stateJSON["pauseReason"]?.stringValue)
            #expect(reason == "breakpoint: transition closed → opened on 'open'")
            let steps = door.stepsJSON.count

            // Resuming takes the transition it stopped before (without stopping again).
            try door.command(.resume)
            #expect(!door.isPaused)
            #expect(door.configuration == [.opened])
            #expect(door.context.openings == 1)
            #expect(door.stepsJSON.count == steps + 1)

            // And the next time it would be taken, it stops again.
            door.send(.close)
            #expect(door.send(.open) == nil)
            #expect(door.isPaused)
            #expect(try door.command(.step) == "delivered 'open'")
            #expect(door.configuration == [.opened])
            #expect(door.heldEventCount == 0)
        }
    }

    @Test("a transition is named by its id, with or without the t")
    func transitionNamedWithT() async throws {
        try await withInspector { inspector in
            let chart = try Charts.door()
            let lock = try Charts.transition(chart, from: .closed, on: .lock)
            let door = inspector.attach(chart, context: DoorStats(), name: "door")
            try door.command(.addBreakpoint(kind: "transition", value: "t\(lock.rawValue)"))
            #expect(door.stateJSON["breakpoints"]?.items.first?["value"]?.stringValue == "\(lock.rawValue)")
            #expect(door.send(.lock) == nil)
            #expect(door.configuration == [.closed])
        }
    }

    // MARK: Breakpoints on events

    @Test("an event breakpoint pauses before delivering the event, wherever it is")
    func eventBreakpoint() async throws {
        try await withInspector { inspector in
            let door = inspector.attach(try Charts.door(), context: DoorStats(), name: "door")
            #expect(try door.command(.addBreakpoint(kind: "event", value: "lock")) == "breakpoint: event lock")
            door.send(.open)
            // Ignored in `opened`, but still an event named lock: pause before it.
            #expect(door.send(.lock) == nil)
            #expect(door.isPaused)
            #expect(door.stateJSON["pauseReason"]?.stringValue == "breakpoint: event 'lock'")
            #expect(door.stateJSON["queued"]?.items.compactMap { $0["event"]?.stringValue } == ["lock"])
            try door.command(.step)
            #expect(door.configuration == [.opened])
            #expect(door.heldEventCount == 0)
        }
    }

    @Test("resume stops again at a breakpoint on a held event further down the queue")
    func resumeStopsAtNextBreakpoint() async throws {
        try await withInspector { inspector in
            let door = inspector.attach(try Charts.door(), context: DoorStats(), name: "door")
            try door.command(.pause)
            for event in [DoorInput.open, .close, .lock, .unlock, .open] { door.send(event) }
            try door.command(.addBreakpoint(kind: "event", value: "lock"))
            let message = try door.command(.resume)
            #expect(message.contains("2 held event(s) delivered"))
            #expect(door.isPaused)
            #expect(door.configuration == [.closed])
            #expect(door.heldEventCount == 3)
            #expect(door.stateJSON["pauseReason"]?.stringValue == "breakpoint: event 'lock'")
            // Resuming again delivers lock (it already stopped there), then the rest.
            try door.command(.resume)
            #expect(!door.isPaused)
            #expect(door.heldEventCount == 0)
            #expect(door.configuration == [.opened])
            #expect(door.context.openings == 2)
        }
    }

    // MARK: Breakpoints on conditions

    @Test("a condition on an Encodable context pauses after the step that makes it hold")
    func conditionBreakpoint() async throws {
        try await withInspector { inspector in
            let door = inspector.attach(try Charts.door(), context: DoorStats(), name: "door")
            #expect(try door.command(.addBreakpoint(kind: "condition", value: "openings >= 3")) == "breakpoint: when openings >= 3")
            for _ in 0..<2 {
                door.send(.open)
                door.send(.close)
            }
            #expect(!door.isPaused)
            #expect(door.send(.open)?.outcome == .transitioned)
            #expect(door.isPaused)
            #expect(door.context.openings == 3)
            #expect(door.stateJSON["pauseReason"]?.stringValue == "breakpoint: openings >= 3")
            #expect(door.send(.close) == nil)
        }
    }

    @Test("conditions compare numbers, strings, booleans and nested fields", arguments: [
        ("count == 2", true), ("count != 2", false), ("count < 3", true), ("count <= 1", false), ("count > 1", true),
        ("name == \"ann\"", true), ("name < \"bob\"", true), ("flag == true", true), ("flag != false", true),
        ("inner.depth >= 7", true), ("list.1 == 20", true), ("missing == 1", false), ("name > 3", false),
    ])
    func conditions(text: String, holds: Bool) throws {
        let context: SCXMLValue = try SCXMLValue(json: #"{"count":2,"name":"ann","flag":true,"inner":{"depth":7},"list":[10,20]}"#)
        let condition = try ContextCondition(parsing: text)
        #expect(condition.holds(in: context) == holds, "\(text)")
    }

    @Test("an operator inside the literal is part of the literal", arguments: [
        (#"name != "a==b""#, true), (#"name == "<=""#, false), (#"name != ">""#, true),
    ])
    func operatorInLiteral(text: String, holds: Bool) throws {
        let context = try SCXMLValue(json: #"{"name":"ann"}"#)
        let condition = try ContextCondition(parsing: text)
        #expect(condition.path == ["name"])
        #expect(condition.holds(in: context) == holds, "\(text)")
    }

    @Test("malformed conditions are refused with a reason", arguments: [
        "openings", "openings >= many", ">= 3", "open ings >= 3",
    ])
    func malformedConditions(text: String) async throws {
        try await withInspector { inspector in
            let door = inspector.attach(try Charts.door(), context: DoorStats(), name: "door")
            let message = try #require(door.failure(.addBreakpoint(kind: "condition", value: text)))
            #expect(message.contains("condition"))
            #expect(door.stateJSON["breakpoints"]?.items == [])
        }
    }

    @Test("a condition needs an Encodable context")
    func conditionNeedsEncodableContext() async throws {
        final class Plain: @unchecked Sendable { var count = 0 }
        try await withInspector { inspector in
            let door = inspector.attach(try Charts.door(context: Plain.self), context: Plain(), name: "door")
            let message = try #require(door.failure(.addBreakpoint(kind: "condition", value: "count >= 1")))
            #expect(message.contains("not Encodable"))
        }
    }

    // MARK: Unknown names, removal

    @Test("unknown states, events and transitions are refused; did you mean")
    func unknownNames() async throws {
        try await withInspector { inspector in
            let door = inspector.attach(try Charts.door(), context: DoorStats(), name: "door")
            #expect(door.failure(.addBreakpoint(kind: "state", value: "opend")) == "the chart has no state 'opend' (did you mean 'opened'?)")
            #expect(door.failure(.addBreakpoint(kind: "event", value: "lokc")) == "unknown event 'lokc' (did you mean 'lock'?)")
            #expect(door.failure(.addBreakpoint(kind: "state", value: "attic")) == "the chart has no state 'attic'")
            #expect(door.failure(.addBreakpoint(kind: "transition", value: "99"))?.contains("no transition '99'") == true)
            #expect(door.failure(.addBreakpoint(kind: "transition", value: "opened")) != nil)
            #expect(door.failure(.addBreakpoint(kind: "everything", value: "x"))?.contains("not 'everything'") == true)
            #expect(door.stateJSON["breakpoints"]?.items == [])
        }
    }

    @Test("removing a breakpoint lets events through again; unknown ids are refused")
    func removeBreakpoint() async throws {
        try await withInspector { inspector in
            let door = inspector.attach(try Charts.door(), context: DoorStats(), name: "door")
            try door.command(.addBreakpoint(kind: "event", value: "open"))
            try door.command(.addBreakpoint(kind: "state", value: "locked"))
            let ids = door.stateJSON["breakpoints"]?.items.compactMap { $0["id"]?.stringValue }
            #expect(ids == ["b1", "b2"])
            #expect(door.failure(.removeBreakpoint(id: "b9")) == "no breakpoint b9")
            try door.command(.removeBreakpoint(id: "b1"))
            #expect(door.stateJSON["breakpoints"]?.items.compactMap { $0["id"]?.stringValue } == ["b2"])
            #expect(door.send(.open)?.outcome == .transitioned)
            #expect(!door.isPaused)
            // Ids are not reused.
            try door.command(.addBreakpoint(kind: "event", value: "close"))
            #expect(door.stateJSON["breakpoints"]?.items.compactMap { $0["id"]?.stringValue } == ["b2", "b3"])
        }
    }
}
