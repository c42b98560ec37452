import Foundation
import Statecharts
import StatechartsSCXML
@testable import StatechartsInspector
import Testing

/// The inspector's server over real TCP: the page behind its token, the WebSocket's checks, and
/// a page's session (select, send, errors) as the wire contract describes it.
@Suite("Server")
struct ServerTests {
    /// Every class named in a `class="…"` attribute of `svg`, with character references decoded.
    static func classNames(in svg: String) -> Set<String> {
        var names: Set<String> = []
        var rest = Substring(svg)
        while let start = rest.range(of: "class=\"") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { break }
            let value = rest[..<end].replacingOccurrences(of: "&#45;", with: "-").replacingOccurrences(of: "&#x2d;", with: "-")
            names.formUnion(value.split(separator: " ").map(String.init))
            rest = rest[end...]
        }
        return names
    }

    // MARK: The test client itself

    @Test("the test client's SHA-1 and Sec-WebSocket-Accept match the published vectors")
    func clientVectors() {
        let abc = SHA1.hash(Array("abc".utf8)).map { String(format: "%02x", $0) }.joined()
        #expect(abc == "a9993e364706816aba3e25717850c26c9cd0d89d")
        let empty = SHA1.hash([]).map { String(format: "%02x", $0) }.joined()
        #expect(empty == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        // RFC 6455, section 1.3.
        #expect(WebSocketTestClient.acceptValue(forKey: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    // MARK: HTTP

    @Test("the URL names the loopback address, the port and a random 64-hex-digit token")
    func url() async throws {
        try await withInspector { inspector in
            #expect(inspector.port > 0)
            #expect(inspector.url == "http://127.0.0.1:\(inspector.port)/?token=\(inspector.token)")
            #expect(inspector.token.count == 64)
            #expect(inspector.token.allSatisfy { $0.isHexDigit })
            let other = try await StatechartInspector.start(printsURL: false)
            #expect(other.token != inspector.token)
            #expect(other.port != inspector.port)
            await other.stop()
        }
    }

    @Test("GET / without the right token is 403")
    func pageNeedsToken() async throws {
        try await withInspector { inspector in
            let none = try testHTTPRequest(port: inspector.port, path: "/")
            #expect(none.status == 403)
            #expect(none.body.contains("token"))
            let wrong = try testHTTPRequest(port: inspector.port, path: "/?token=nope")
            #expect(wrong.status == 403)
            var almost = inspector.token
            let last = almost.removeLast()
            almost.append(last == "0" ? "1" : "0")
            #expect(try testHTTPRequest(port: inspector.port, path: "/?token=\(almost)").status == 403)
            #expect(try testHTTPRequest(port: inspector.port, path: "/?token=\(inspector.token)x").status == 403)
            #expect(try testHTTPRequest(port: inspector.port, path: "/?tok=\(inspector.token)").status == 403)
            // Without the token, nothing else is told either.
            #expect(try testHTTPRequest(port: inspector.port, path: "/nothing").status == 403)
        }
    }

    @Test("GET / with the token is the page: 200, text/html, a Content-Security-Policy")
    func page() async throws {
        try await withInspector { inspector in
            let response = try testHTTPRequest(port: inspector.port, path: "/?token=\(inspector.token)")
            #expect(response.status == 200)
            #expect(response.header("Content-Type")?.hasPrefix("text/html") == true)
            let policy = try #require(response.header("Content-Security-Policy"))
            #expect(policy.contains("default-src 'none'"))
            #expect(policy.contains("connect-src 'self'"))
            #expect(response.header("X-Content-Type-Options") == "nosniff")
            #expect(response.header("Cache-Control") == "no-store")
            #expect(response.body.lowercased().contains("<html"))
            #expect(response.body.utf8.count == Int(response.header("Content-Length") ?? "") ?? -1)
            // Self-contained: no script or stylesheet from elsewhere.
            #expect(!response.body.contains("src=\"http"))
            #expect(!response.body.contains("<link"))
            let index = try testHTTPRequest(port: inspector.port, path: "/index.html?token=\(inspector.token)")
            #expect(index.status == 200)
        }
    }

    @Test("other paths are 404, other methods 405, HEAD has no body")
    func otherRequests() async throws {
        try await withInspector { inspector in
            let missing = try testHTTPRequest(port: inspector.port, path: "/nothing?token=\(inspector.token)")
            #expect(missing.status == 404)
            #expect(missing.body.contains("/nothing"))
            let post = try testHTTPRequest(port: inspector.port, method: "POST", path: "/?token=\(inspector.token)",
                                           headers: [("Content-Length", "0")])
            #expect(post.status == 405)
            let head = try testHTTPRequest(port: inspector.port, method: "HEAD", path: "/?token=\(inspector.token)")
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
            // The WebSocket's path without an upgrade.
            #expect(try testHTTPRequest(port: inspector.port, path: "/ws?token=\(inspector.token)").status == 403)
        }
    }

    // MARK: WebSocket upgrades

    @Test("a WebSocket upgrade with a wrong or missing token is refused")
    func upgradeNeedsToken() async throws {
        try await withInspector { inspector in
            let origin = "http://127.0.0.1:\(inspector.port)"
            let wrong = try WebSocketTestClient.upgrade(port: inspector.port, path: "/ws?token=wrong", origin: origin)
            #expect(wrong.status != 101)
            #expect(wrong.status == 403)
            let none = try WebSocketTestClient.upgrade(port: inspector.port, path: "/ws", origin: origin)
            #expect(none.status == 403)
        }
    }

    @Test("a WebSocket upgrade from a foreign origin is refused", arguments: [
        "http://evil.example", "http://localhost:1", "https://127.0.0.1", "null",
    ])
    func upgradeNeedsOwnOrigin(origin: String) async throws {
        try await withInspector { inspector in
            let upgrade = try WebSocketTestClient.upgrade(port: inspector.port, path: "/ws?token=\(inspector.token)", origin: origin)
            #expect(upgrade.status != 101)
            #expect(upgrade.status == 403)
        }
    }

    @Test("the Origin must match the Host the page was loaded from")
    func originMatchesHost() async throws {
        try await withInspector { inspector in
            let port = inspector.port
            let mismatch = try WebSocketTestClient.upgrade(port: port, path: "/ws?token=\(inspector.token)",
                                                           origin: "http://localhost:\(port)", host: "127.0.0.1:\(port)")
            #expect(mismatch.status == 403)
            let localhost = try WebSocketTestClient.upgrade(port: port, path: "/ws?token=\(inspector.token)",
                                                            origin: "http://localhost:\(port)", host: "localhost:\(port)")
            #expect(localhost.status == 101)
        }
    }

    @Test("a WebSocket upgrade with the token from the inspector's own page (or without Origin) switches protocols")
    func upgradeAccepted() async throws {
        try await withInspector { inspector in
            let own = try WebSocketTestClient.upgrade(port: inspector.port, path: "/ws?token=\(inspector.token)",
                                                      origin: "http://127.0.0.1:\(inspector.port)")
            #expect(own.status == 101)
            #expect(own.acceptIsValid)
            let program = try WebSocketTestClient.upgrade(port: inspector.port, path: "/ws?token=\(inspector.token)", origin: nil)
            #expect(program.status == 101)
            #expect(program.acceptIsValid)
        }
    }

    @Test("extra allowed origins may connect")
    func allowedOrigins() async throws {
        let inspector = try await StatechartInspector.start(allowedOrigins: ["https://stately.ai"], printsURL: false)
        let upgrade = try WebSocketTestClient.upgrade(port: inspector.port, path: "/ws?token=\(inspector.token)", origin: "https://stately.ai")
        #expect(upgrade.status == 101)
        await inspector.stop()
    }

    // MARK: A page's session

    @Test("hello, then the list of instances")
    func helloAndInstances() async throws {
        try await withInspector { inspector in
            let door = inspector.attach(try Charts.door(), context: DoorStats(), name: "front door")
            let client = try WebSocketTestClient.connect(port: inspector.port, token: inspector.token)
            let hello = try #require(try client.readMessage())
            #expect(hello == .members(["type": .string("hello"), "protocol": .number(1), "title": .string("Statecharts inspector")]))
            let list = try client.next("instances")
            let entries = list["instances"]?.items ?? []
            #expect(entries.count == 1)
            #expect(entries.first?["id"]?.stringValue == door.id)
            #expect(entries.first?["name"]?.stringValue == "front door")
            #expect(entries.first?["chart"]?.stringValue == "door")
            #expect(entries.first?["runtime"]?.stringValue == "table")
            #expect(entries.first?["summary"]?.stringValue == "closed")
            #expect(entries.first?["status"]?.stringValue == "running")
            #expect(entries.first?["steps"]?.intValue == 1)

            // A new instance shows up in the list by itself.
            let second = inspector.attach(try Samek.chart(), context: SamekLog(), name: "samek")
            let updated = try client.next(timeout: .seconds(5)) { $0["type"] == .string("instances") && $0["instances"]?.items.count == 2 }
            #expect(updated["instances"]?.items.compactMap { $0["id"]?.stringValue } == [door.id, second.id])
            inspector.detach(door)
            let removed = try client.next(timeout: .seconds(5)) { $0["type"] == .string("instances") && $0["instances"]?.items.count == 1 }
            #expect(removed["instances"]?.items.first?["id"]?.stringValue == second.id)
        }
    }

    @Test("select answers chart (an SVG with state classes), state and steps (reset)")
    func select() async throws {
        try await withInspector { inspector in
            let chart = try Charts.door()
            let door = inspector.attach(chart, context: DoorStats(), name: "front door")
            door.send(.open)
            let client = try WebSocketTestClient.connect(port: inspector.port, token: inspector.token)
            _ = try client.next("hello")
            try client.send("select", [("instance", .string(door.id))])

            let message = try client.next("chart")
            #expect(message["instance"]?.stringValue == door.id)
            #expect(message["name"]?.stringValue == "door")
            let svg = try #require(message["svg"]?.stringValue)
            #expect(svg.hasPrefix("<svg"))
            // Graphviz writes `-` as `&#45;`; the page's SVG parser reads it back as `-`.
            let classes = Self.classNames(in: svg)
            #expect(classes.contains { $0.hasPrefix("sc-s") })
            #expect(message["svgError"] == .null)
            let states = message["states"]?.items ?? []
            #expect(Set(states.compactMap { $0["name"]?.stringValue }) == ["closed", "opened", "locked"])
            for state in states {
                let name = state["name"]?.stringValue ?? "?"
                #expect(state["kind"]?.stringValue == "atomic", "\(name)")
                let className = try #require(state["class"]?.stringValue, "\(name)")
                #expect(className.hasPrefix("sc-s"))
                #expect(classes.contains(className), "\(name)'s class \(className) is in the SVG")
            }
            let transitions = message["transitions"]?.items ?? []
            #expect(transitions.count == 4)
            let open = try Charts.transition(chart, from: .closed, on: .open)
            let openEntry = try #require(transitions.first { $0["id"]?.intValue == Int(open.rawValue) })
            #expect(openEntry["source"]?.stringValue == "closed")
            #expect(openEntry["targets"]?.strings == ["opened"])
            #expect(openEntry["events"]?.strings == ["open"])
            #expect(openEntry["text"]?.stringValue == "closed → opened")
            let transitionClass = try #require(openEntry["class"]?.stringValue)
            #expect(classes.contains(transitionClass))
            #expect(Set(message["events"]?.strings ?? []) == ["open", "close", "lock", "unlock"])

            let state = try client.next("state")
            #expect(state["instance"]?.stringValue == door.id)
            #expect(state["configuration"]?.strings == ["opened"])
            #expect(state["enabledEvents"]?.strings == ["close"])
            let steps = try client.next("steps")
            #expect(steps["reset"] == .bool(true))
            #expect(steps["dropped"]?.intValue == 0)
            #expect(steps["steps"]?.items.map(summary) == ["start → closed", "event open → opened"])
            // The page watches now: steps are recorded in full.
            #expect(await eventually { door.core.withLock { $0.watchers } == 1 })
        }
    }

    @Test("send: ok with the request id, then the new state and the new step")
    func sendFromThePage() async throws {
        try await withInspector { inspector in
            let door = inspector.attach(try Charts.door(), context: DoorStats(), name: "front door")
            let client = try WebSocketTestClient.connect(port: inspector.port, token: inspector.token)
            try client.send("select", [("instance", .string(door.id))])
            _ = try client.next("steps")
            _ = try client.next("ok") // the answer to select, after its messages
            client.discardUnread()

            try client.send("send", [("instance", .string(door.id)), ("event", .string("open")), ("request", .number(1))])
            var beforeOK: [SCXMLValue] = []
            while true {
                let message = try #require(try client.readMessage())
                if message["type"] == .string("ok") {
                    #expect(message["request"] == .number(1))
                    #expect(message["message"]?.stringValue == "sent 'open'")
                    break
                }
                beforeOK.append(message)
            }
            // Nothing showed the new configuration before the answer.
            #expect(!beforeOK.contains { $0["configuration"]?.strings == ["opened"] })
            let state = try client.next { $0["type"] == .string("state") }
            #expect(state["configuration"]?.strings == ["opened"])
            #expect(state["head"]?.intValue == 1)
            let steps = try client.next { $0["type"] == .string("steps") }
            #expect(steps["reset"] == .bool(false))
            let step = try #require(steps["steps"]?.items.last)
            #expect(summary(step) == "event open → opened")
            #expect(step["detail"]?.stringValue == "full")
            #expect(door.configuration == [.opened])
            #expect(door.context.openings == 1)
        }
    }

    @Test("the app's own sends reach the page by themselves")
    func appSendsArePushed() async throws {
        try await withInspector { inspector in
            let door = inspector.attach(try Charts.door(), context: DoorStats(), name: "front door")
            let client = try WebSocketTestClient.connect(port: inspector.port, token: inspector.token)
            try client.send("select", [("instance", .string(door.id))])
            _ = try client.next("steps")
            _ = try client.next("ok") // the answer to select, after its messages
            door.send(.lock)
            let state = try client.next(timeout: .seconds(5)) {
                $0["type"] == .string("state") && $0["configuration"]?.strings == ["locked"]
            }
            #expect(state["enabledEvents"]?.strings == ["unlock"])
            let steps = try client.next(timeout: .seconds(5)) { $0["type"] == .string("steps") && $0["reset"] == .bool(false) }
            #expect(steps["steps"]?.items.map(summary) == ["event lock → locked"])
            let list = try client.next(timeout: .seconds(5)) {
                $0["type"] == .string("instances") && $0["instances"]?.items.first?["summary"]?.stringValue == "locked"
            }
            #expect(list["instances"]?.items.first?["steps"]?.intValue == 2)
        }
    }

    @Test("errors: unknown event (did you mean), malformed JSON, unknown instance, missing fields, unknown type")
    func errors() async throws {
        try await withInspector { inspector in
            let door = inspector.attach(try Charts.door(), context: DoorStats(), name: "front door")
            let client = try WebSocketTestClient.connect(port: inspector.port, token: inspector.token)
            _ = try client.next("hello")

            try client.send("send", [("instance", .string(door.id)), ("event", .string("opne")), ("request", .number(2))])
            let unknown = try client.next("error")
            #expect(unknown["request"] == .number(2))
            #expect(unknown["message"]?.stringValue == "unknown event 'opne' (did you mean 'open'?)")

            try client.sendText("{not json")
            let malformed = try client.next("error")
            #expect(malformed["request"] == .null)
            #expect(malformed["message"]?.stringValue?.hasPrefix("the message is not JSON") == true)

            try client.send("select", [("instance", .string("i999")), ("request", .number(3))])
            let noInstance = try client.next("error")
            #expect(noInstance["message"]?.stringValue == "unknown instance 'i999'")
            #expect(noInstance["request"] == .number(3))

            try client.send("pause")
            #expect(try client.next("error")["message"]?.stringValue == "'pause' needs an \"instance\"")

            try client.send("dance", [("instance", .string(door.id))])
            #expect(try client.next("error")["message"]?.stringValue == "unknown message type 'dance'")

            try client.sendText("[1, 2]")
            #expect(try client.next("error")["message"]?.stringValue == "a message is an object with a \"type\"")

            try client.send("send", [("instance", .string(door.id))])
            #expect(try client.next("error")["message"]?.stringValue == "'send' needs a string \"event\"")

            try client.send("restore", [("instance", .string(door.id)), ("seq", .string("one"))])
            #expect(try client.next("error")["message"]?.stringValue == "'restore' needs a whole number \"seq\"")

            try client.sendFrame(opcode: 0x2, payload: [1, 2, 3])
            #expect(try client.next("error")["message"]?.stringValue?.contains("binary") == true)

            // None of it changed the instance, and the connection still works.
            #expect(door.configuration == [.closed])
            try client.send("send", [("instance", .string(door.id)), ("event", .string("open")), ("request", .number(4))])
            #expect(try client.next("ok")["request"] == .number(4))
            #expect(door.configuration == [.opened])
        }
    }

    @Test("a 70 KiB message is refused with an error; the connection stays open")
    func oversizedMessage() async throws {
        try await withInspector { inspector in
            let door = inspector.attach(try Charts.door(), context: DoorStats(), name: "front door")
            let client = try WebSocketTestClient.connect(port: inspector.port, token: inspector.token)
            _ = try client.next("hello")
            let padding = String(repeating: "x", count: 70 * 1024)
            try client.send("send", [("instance", .string(door.id)), ("event", .string("open")), ("pad", .string(padding)),
                                     ("request", .number(1))])
            let refused = try client.next("error")
            #expect(refused["message"]?.stringValue == "the message is over 64 KiB")
            #expect(door.configuration == [.closed])

            // Fragments adding up to more than 64 KiB are refused too.
            let half = Array("{\"type\":\"send\",\"pad\":\"\(String(repeating: "y", count: 40 * 1024))".utf8)
            try client.sendFrame(opcode: 0x1, payload: half, fin: false)
            try client.sendFrame(opcode: 0x0, payload: Array("\(String(repeating: "y", count: 40 * 1024))\"}".utf8), fin: true)
            #expect(try client.next("error")["message"]?.stringValue == "the message is over 64 KiB")

            try client.send("send", [("instance", .string(door.id)), ("event", .string("open")), ("request", .number(2))])
            let ok = try client.next("ok")
            #expect(ok["request"] == .number(2))
            #expect(door.configuration == [.opened])
        }
    }

    @Test("a message in fragments is put together; pings are answered")
    func fragmentsAndPings() async throws {
        try await withInspector { inspector in
            let door = inspector.attach(try Charts.door(), context: DoorStats(), name: "front door")
            let client = try WebSocketTestClient.connect(port: inspector.port, token: inspector.token)
            _ = try client.next("hello")
            let text = Array("{\"type\":\"send\",\"instance\":\"\(door.id)\",\"event\":\"lock\",\"request\":9}".utf8)
            try client.sendFrame(opcode: 0x1, payload: Array(text[..<10]), fin: false)
            try client.sendFrame(opcode: 0x0, payload: Array(text[10..<20]), fin: false)
            try client.sendFrame(opcode: 0x0, payload: Array(text[20...]), fin: true)
            #expect(try client.next("ok")["request"] == .number(9))
            #expect(door.configuration == [.locked])

            try client.sendFrame(opcode: 0x9, payload: Array("are you there".utf8))
            let deadline = ContinuousClock.now + .seconds(5)
            var pong: TestFrame?
            while pong == nil, ContinuousClock.now < deadline {
                let frame = try client.readFrame()
                if frame.opcode == 0xA { pong = frame }
            }
            #expect(pong?.text == "are you there")
        }
    }

    @Test("page commands over the socket: pause, step, resume, inspectStep, restore, breakpoints")
    func commands() async throws {
        try await withInspector { inspector in
            let door = inspector.attach(try Charts.door(), context: DoorStats(), name: "front door")
            let client = try WebSocketTestClient.connect(port: inspector.port, token: inspector.token)
            try client.send("select", [("instance", .string(door.id))])
            _ = try client.next("steps")
            _ = try client.next("ok") // the answer to select, after its messages
            let id: (String, SCXMLValue) = ("instance", .string(door.id))

            try client.send("pause", [id, ("request", .number(1))])
            #expect(try client.next("ok")["message"]?.stringValue == "paused")
            #expect(door.send(.open) == nil)
            let paused = try client.next(timeout: .seconds(5)) {
                $0["type"] == .string("state") && $0["queued"]?.items.count == 1
            }
            #expect(paused["status"]?.stringValue == "paused")
            #expect(paused["pauseReason"]?.stringValue == "paused from the page")
            try client.send("step", [id, ("request", .number(2))])
            #expect(try client.next("ok")["message"]?.stringValue == "delivered 'open'")
            try client.send("resume", [id, ("request", .number(3))])
            #expect(try client.next("ok")["request"] == .number(3))
            #expect(!door.isPaused)

            try client.send("inspectStep", [id, ("seq", .number(0)), ("request", .number(4))])
            let detail = try client.next("stepDetail")
            #expect(detail["seq"]?.intValue == 0)
            #expect(detail["configuration"]?.strings == ["closed"])
            #expect(try client.next("ok")["request"] == .number(4))

            try client.send("restore", [id, ("seq", .number(0)), ("request", .number(5))])
            #expect(try client.next("ok")["message"]?.stringValue == "continuing from step #0")
            #expect(door.configuration == [.closed])

            try client.send("addBreakpoint", [id, ("kind", .string("state")), ("value", .string("opened")), ("request", .number(6))])
            #expect(try client.next("ok")["request"] == .number(6))
            let withBreakpoint = try client.next(timeout: .seconds(5)) {
                $0["type"] == .string("state") && $0["breakpoints"]?.items.count == 1
            }
            #expect(withBreakpoint["breakpoints"]?.items.first?["id"]?.stringValue == "b1")
            try client.send("addBreakpoint", [id, ("kind", .string("state")), ("value", .string("opend")), ("request", .number(7))])
            let refused = try client.next("error")
            #expect(refused["request"] == .number(7))
            #expect(refused["message"]?.stringValue?.contains("did you mean 'opened'") == true)

            try client.send("editContext", [id, ("value", try SCXMLValue(json: #"{"openings":41}"#)), ("request", .number(8))])
            #expect(try client.next("ok")["request"] == .number(8))
            #expect(door.context.openings == 41)
        }
    }

    @Test("a page closing its socket stops watching the instance")
    func closeStopsWatching() async throws {
        try await withInspector { inspector in
            let door = inspector.attach(try Charts.door(), context: DoorStats(), name: "front door")
            let client = try WebSocketTestClient.connect(port: inspector.port, token: inspector.token)
            try client.send("select", [("instance", .string(door.id))])
            _ = try client.next("steps")
            _ = try client.next("ok") // the answer to select, after its messages
            #expect(await eventually { door.core.withLock { $0.watchers } == 1 })
            client.close()
            #expect(client.socket.waitForClose(deadline: ContinuousClock.now + .seconds(5)))
            #expect(await eventually { door.core.withLock { $0.watchers } == 0 })
        }
    }

    @Test("stop() closes the listening socket and disconnects open pages")
    func stopDisconnectsPages() async throws {
        let inspector = try await StatechartInspector.start(printsURL: false)
        let door = inspector.attach(try Charts.door(), context: DoorStats(), name: "front door")
        let client = try WebSocketTestClient.connect(port: inspector.port, token: inspector.token)
        try client.send("select", [("instance", .string(door.id))])
        _ = try client.next("steps")
        _ = try client.next("ok") // the answer to select, after its messages
        await inspector.stop()
        #expect(throws: (any Error).self) { _ = try TestSocket(port: inspector.port) }
        #expect(client.socket.waitForClose(deadline: ContinuousClock.now + .seconds(3)), "the page is still connected after stop()")
        // The app's instance keeps working.
        #expect(door.send(.open)?.outcome == .transitioned)
    }
}
