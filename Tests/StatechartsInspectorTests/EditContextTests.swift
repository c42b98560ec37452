import Statecharts
import StatechartsSCXML
@testable import StatechartsInspector
import Testing

/// Editing the context from the page, between steps: Codable contexts only, each edit a step.
@Suite("Editing the context")
struct EditContextTests {
    struct Profile: Codable, Sendable, Equatable {
        var name: String
        var visits: Int
        var tags: [String]
    }

    static func chart() throws -> Statechart<String, String, Profile> {
        try Statechart<String, String, Profile>("profile") {
            State("idle") {
                On("visit", to: "visiting") { $0.visits += 1 }
            }
            State("visiting") {
                On("leave", to: "idle", guard: Guard("regular") { $0.visits >= 3 }) { $0.tags.append("regular") }
                On("leave", to: "idle")
            }
        }
    }

    @Test("editContext replaces a Codable context between steps and records an edit step")
    func editReplacesContext() async throws {
        try await withInspector { inspector in
            let profile = inspector.attach(try Self.chart(), context: Profile(name: "ann", visits: 0, tags: []), name: "ann")
            profile.send("visit")
            profile.send("leave")
            #expect(profile.context == Profile(name: "ann", visits: 1, tags: []))

            let value = try SCXMLValue(json: #"{"name":"bob","visits":5,"tags":["new"]}"#)
            #expect(try profile.command(.editContext(value)) == "context changed")
            #expect(profile.context == Profile(name: "bob", visits: 5, tags: ["new"]))
            #expect(profile.configuration == ["idle"])

            let last = try #require(profile.stepsJSON.last)
            #expect(last["kind"]?.stringValue == "edit")
            #expect(last["note"]?.stringValue == "context edited")
            #expect(last["parent"]?.intValue == 2)
            #expect(last["configuration"]?.strings == ["idle"])
            #expect(profile.stateJSON["context"]?["value"] == (try SCXMLValue(json: #"{"name":"bob","tags":["new"],"visits":5}"#)))

            // The chart runs on with the edited context: the guard now holds.
            profile.send("visit")
            profile.send("leave")
            #expect(profile.context == Profile(name: "bob", visits: 6, tags: ["new", "regular"]))
        }
    }

    @Test("the step before an edit can be restored: the edit is undone")
    func restoreBeforeEdit() async throws {
        try await withInspector { inspector in
            let profile = inspector.attach(try Self.chart(), context: Profile(name: "ann", visits: 0, tags: []), name: "ann")
            profile.send("visit")
            try profile.command(.editContext(try SCXMLValue(json: #"{"name":"eve","visits":9,"tags":[]}"#)))
            #expect(profile.context.visits == 9)
            try profile.command(.restore(1))
            #expect(profile.context == Profile(name: "ann", visits: 1, tags: []))
            // The edit step itself is restorable too.
            try profile.command(.restore(2))
            #expect(profile.context == Profile(name: "eve", visits: 9, tags: []))
        }
    }

    @Test("a value that is not the context type is refused, naming the field, and changes nothing",
          arguments: [
            (#"{"name":"bob","visits":"many","tags":[]}"#, "visits"),
            (#"{"name":"bob","tags":[]}"#, "visits"),
            (#"{"name":7,"visits":1,"tags":[]}"#, "name"),
            (#"{"name":"bob","visits":1,"tags":[1]}"#, "tags"),
          ])
    func malformedValue(json: String, field: String) async throws {
        try await withInspector { inspector in
            let original = Profile(name: "ann", visits: 2, tags: ["x"])
            let profile = inspector.attach(try Self.chart(), context: original, name: "ann")
            let message = try #require(profile.failure(.editContext(try SCXMLValue(json: json))))
            #expect(message.hasPrefix("the value is not a Profile"))
            #expect(message.contains(field), "\(message)")
            #expect(profile.context == original)
            #expect(profile.stepsJSON.count == 1)
        }
    }

    @Test("a context that is not Decodable cannot be edited, and the page is told it is not editable")
    func notDecodable() async throws {
        struct Report: Encodable, Sendable { var lines = 1 }
        try await withInspector { inspector in
            let door = inspector.attach(try Charts.door(context: Report.self), context: Report(), name: "door")
            let context = door.stateJSON["context"]
            #expect(context?["format"]?.stringValue == "json")
            #expect(context?["value"]?["lines"] == .number(1))
            #expect(context?["editable"] == .bool(false))
            let message = try #require(door.failure(.editContext(try SCXMLValue(json: #"{"lines":2}"#))))
            #expect(message.contains("not Decodable"))
            #expect(door.context.lines == 1)
            #expect(door.stepsJSON.count == 1)
        }
    }

    @Test("a context of another type shows as text and cannot be edited")
    func textContext() async throws {
        try await withInspector { inspector in
            let chart = try Statechart<String, String, Void>("plain") { State("only") }
            let plain = inspector.attach(chart, context: (), name: "plain")
            #expect(plain.stateJSON["context"]?["format"]?.stringValue == "text")
            #expect(plain.stateJSON["context"]?["value"]?.stringValue == "no context")
            #expect(plain.failure(.editContext(.null))?.contains("not Decodable") == true)
        }
    }

    @Test("editVariable is for SCXML sessions only")
    func editVariableRefused() async throws {
        try await withInspector { inspector in
            let door = inspector.attach(try Charts.door(), context: DoorStats(), name: "door")
            #expect(door.failure(.editVariable(name: "openings", value: .number(3)))?.contains("edit its context instead") == true)
            #expect(door.context.openings == 0)
        }
    }

    @Test("a condition breakpoint sees an edited context at the next step")
    func editThenCondition() async throws {
        try await withInspector { inspector in
            let door = inspector.attach(try Charts.door(), context: DoorStats(), name: "door")
            try door.command(.addBreakpoint(kind: "condition", value: "openings > 10"))
            try door.command(.editContext(try SCXMLValue(json: #"{"openings":10}"#)))
            #expect(!door.isPaused)
            door.send(.open)
            #expect(door.isPaused)
            #expect(door.context.openings == 11)
        }
    }
}
