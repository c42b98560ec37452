import Statecharts
import StatechartsSCXML
@testable import StatechartsInspector
import Testing

/// How the page's events (a name and JSON data) become a chart's events.
@Suite("Events from the page")
struct EventDecodingTests {
    /// An event type with associated values, Codable the way Swift synthesizes it.
    enum Request: StatechartEvent, Codable, Hashable {
        case load(url: String, retries: Int)
        case fail(String)
        case reset

        enum Name: Hashable, Sendable { case load, fail, reset }
        var name: Name {
            switch self {
            case .load: .load
            case .fail: .fail
            case .reset: .reset
            }
        }
    }

    struct Loader: Codable, Sendable, Equatable {
        var url = ""
        var retries = 0
        var error = ""
    }

    static func loader() throws -> Statechart<String, Request, Loader> {
        try Statechart<String, Request, Loader>("loader") {
            State("idle") {
                On(.load, to: "loading", actions: [Action("remember") { (loader: inout Loader, event: Request?) in
                    if case .load(let url, let retries)? = event { loader.url = url; loader.retries = retries }
                }])
            }
            State("loading") {
                On(.fail, to: "failed", actions: [Action("why") { (loader: inout Loader, event: Request?) in
                    if case .fail(let why)? = event { loader.error = why }
                }])
            }
            State("failed") { On(.reset, to: "idle") }
        }
    }

    @Test("String events are sent by name")
    func stringEvents() async throws {
        try await withInspector { inspector in
            let chart = try Statechart<String, String, Int>("switch") {
                State("off") { On("flip", to: "on") }
                State("on") { On("flip", to: "off") }
            }
            let light = inspector.attach(chart, context: 0, name: "light")
            #expect(try light.command(.send(name: "flip", data: nil)) == "sent 'flip'")
            #expect(light.configuration == ["on"])
            #expect(try light.command(.send(name: "flip", data: .null)) == "sent 'flip'")
            #expect(light.configuration == ["off"])
            let step = try #require(light.stepsJSON.last)
            #expect(step["event"]?["name"]?.stringValue == "flip")
            #expect(step["event"]?["data"] == .null)
            #expect(light.failure(.send(name: "flip", data: .number(1))) == "events of this chart are plain names: they carry no data")
            #expect(light.failure(.send(name: "flp", data: nil)) == "unknown event 'flp' (did you mean 'flip'?)")
            #expect(light.configuration == ["off"])
        }
    }

    @Test("CaseIterable enum events are sent by case name")
    func caseIterableEvents() async throws {
        try await withInspector { inspector in
            let door = inspector.attach(try Charts.door(), context: DoorStats(), name: "door")
            #expect(try door.command(.send(name: "open", data: nil)) == "sent 'open'")
            #expect(door.configuration == [.opened])
            #expect(try door.command(.send(name: "lock", data: nil)) == "sent 'lock': no transition took it")
            #expect(door.configuration == [.opened])
            #expect(door.failure(.send(name: "opne", data: nil)) == "unknown event 'opne' (did you mean 'open'?)")
            #expect(door.failure(.send(name: "teleport", data: nil)) == "unknown event 'teleport': no transition of the chart can match it")
            #expect(door.failure(.send(name: "close", data: .string("now"))) == "'close' carries no data")
            #expect(door.configuration == [.opened])
            #expect(try InspectorEventDecoding.event(DoorInput.self, named: "unlock", data: nil) == .unlock)
        }
    }

    @Test("Decodable enum events with associated values come from {\"name\": data}")
    func decodableEvents() async throws {
        try await withInspector { inspector in
            let loader = inspector.attach(try Self.loader(), context: Loader(), name: "loader")
            let data = try SCXMLValue(json: #"{"url":"https://example.com/a","retries":2}"#)
            #expect(try loader.command(.send(name: "load", data: data)) == "sent 'load'")
            #expect(loader.configuration == ["loading"])
            #expect(loader.context == Loader(url: "https://example.com/a", retries: 2))
            // An unlabeled associated value is `_0`, as Swift codes it.
            try loader.command(.send(name: "fail", data: try SCXMLValue(json: #"{"_0":"timeout"}"#)))
            #expect(loader.configuration == ["failed"])
            #expect(loader.context.error == "timeout")
            // A case without associated values needs no data.
            try loader.command(.send(name: "reset", data: nil))
            #expect(loader.configuration == ["idle"])

            // The timeline shows each event's data.
            let events = loader.stepsJSON.dropFirst().map { $0["event"] }
            #expect(events[0]?["name"]?.stringValue == "load")
            // The data as the event encodes it again (keys sorted).
            #expect(events[0]?["data"] == (try SCXMLValue(json: #"{"retries":2,"url":"https://example.com/a"}"#)))
            #expect(events[1]?["data"] == (try SCXMLValue(json: #"{"_0":"timeout"}"#)))
            #expect(events[2]?["name"]?.stringValue == "reset")
            #expect(events[2]?["data"] == .null)
        }
    }

    @Test("Decodable events: wrong or missing data is refused with the reason; unknown names, did you mean")
    func decodableEventErrors() async throws {
        try await withInspector { inspector in
            let loader = inspector.attach(try Self.loader(), context: Loader(), name: "loader")
            let missing = try #require(loader.failure(.send(name: "load", data: nil)))
            #expect(missing.hasPrefix("cannot make a Request from 'load' with data {}"))
            #expect(missing.contains("url"))
            let wrong = try #require(loader.failure(.send(name: "load", data: try SCXMLValue(json: #"{"url":"x","retries":"two"}"#))))
            #expect(wrong.contains("retries"))
            #expect(loader.failure(.send(name: "lod", data: nil)) == "unknown event 'lod' (did you mean 'load'?)")
            #expect(loader.configuration == ["idle"])
            #expect(loader.stepsJSON.count == 1)
        }
    }

    @Test("events held while paused are listed with their data")
    func heldEventData() async throws {
        try await withInspector { inspector in
            let loader = inspector.attach(try Self.loader(), context: Loader(), name: "loader")
            try loader.command(.pause)
            loader.send(.load(url: "u", retries: 1))
            loader.send(.reset)
            let queued = loader.stateJSON["queued"]?.items ?? []
            #expect(queued.compactMap { $0["event"]?.stringValue } == ["load", "reset"])
            #expect(queued.first?["data"] == (try SCXMLValue(json: #"{"retries":1,"url":"u"}"#)))
            #expect(queued.last?["data"] == .null)
        }
    }

    @Test("events that are neither Decodable nor CaseIterable cannot be made from the page")
    func undecodableEvents() async throws {
        enum Opaque: StatechartEvent, Hashable {
            case ping(Int)
            enum Name: Hashable, Sendable { case ping }
            var name: Name { .ping }
        }
        try await withInspector { inspector in
            let chart = try Statechart<String, Opaque, Int>("opaque") { State("s") { On(.ping) { $0 += 1 } } }
            let opaque = inspector.attach(chart, context: 0, name: "opaque")
            let message = try #require(opaque.failure(.send(name: "ping", data: nil)))
            #expect(message.contains("cannot be made from the page"))
            // The app's own sends work, of course.
            #expect(opaque.send(.ping(1))?.outcome == .transitioned)
            #expect(opaque.context == 1)
        }
    }

    @Test("SCXML events carry their data as _event.data")
    func scxmlEvents() throws {
        let event = try InspectorEventDecoding.event(SCXMLEvent.self, named: "go.now", data: .number(3))
        #expect(event.name == "go.now")
        #expect(event.data == .number(3))
        #expect(InspectorEventDecoding.data(of: event) == .number(3))
        let plain = try InspectorEventDecoding.event(SCXMLEvent.self, named: "go", data: nil)
        #expect(InspectorEventDecoding.data(of: plain) == nil)
    }
}
