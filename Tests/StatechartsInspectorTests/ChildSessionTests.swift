import Statecharts
import StatechartsSCXML
@testable import StatechartsInspector
import Testing

/// Invoked child sessions: the wire contract lists them in `instances` right after their parent,
/// with `parent` set and an id like `i1/pay`, and they are selectable like any instance.
@Suite("Invoked child sessions")
struct ChildSessionTests {
    static func order() throws -> Statechart<String, String, Int> {
        let payment = try Statechart<String, String, Int>("payment") {
            State("charging") { On("approve", to: "approved") }
            Final("approved")
        }
        return try Statechart<String, String, Int>("order") {
            State("cart") { On("checkout", to: "paying") }
            State("paying") {
                Invoke(chart: payment, id: "pay", context: { _ in 0 }, onDone: { _ in "paid" })
                On("paid", to: "shipped")
            }
            State("shipped")
        }
    }

    @Test("the state message names the running children")
    func stateListsChildren() async throws {
        try await withInspector { inspector in
            let order = inspector.attach(try Self.order(), context: 0, name: "order")
            #expect(order.stateJSON["children"]?.items == [])
            order.send("checkout")
            let children = order.stateJSON["children"]?.items ?? []
            #expect(children.compactMap { $0["id"]?.stringValue } == ["\(order.id)/pay"])
            #expect(children.first?["name"]?.stringValue == "pay")
        }
    }

    @Test("instances lists a child right after its parent, with parent set")
    func listedAfterParent() async throws {
        try await withInspector { inspector in
            let order = inspector.attach(try Self.order(), context: 0, name: "order")
            let other = inspector.attach(try Charts.door(), context: DoorStats(), name: "door")
            order.send("checkout")
            let entries = inspector.registry.listMessage(now: .seconds(1))["instances"]?.items ?? []
            #expect(entries.compactMap { $0["id"]?.stringValue } == [order.id, "\(order.id)/pay", other.id])
            let child = entries.first { $0["id"]?.stringValue == "\(order.id)/pay" }
            #expect(child?["parent"]?.stringValue == order.id)
            #expect(child?["summary"]?.stringValue == "charging")
            #expect(entries.first?["parent"] == .null)
        }
    }

    @Test("a child session can be selected from the page")
    func selectable() async throws {
        try await withInspector { inspector in
            let order = inspector.attach(try Self.order(), context: 0, name: "order")
            order.send("checkout")
            let client = try WebSocketTestClient.connect(port: inspector.port, token: inspector.token)
            _ = try client.next("hello")
            try client.send("select", [("instance", .string("\(order.id)/pay")), ("request", .number(1))])
            let answer = try client.next { $0["type"] == .string("chart") || $0["type"] == .string("error") }
            #expect(answer["type"]?.stringValue == "chart", "\(answer["message"]?.stringValue ?? "")")
            #expect(answer["name"]?.stringValue == "payment")
            #expect(answer["instance"]?.stringValue == "\(order.id)/pay")
            let state = try client.next("state")
            #expect(state["instance"]?.stringValue == "\(order.id)/pay")
            #expect(state["configuration"]?.strings == ["charging"])
            // A child is watched, not driven: commands to it are refused with a reason.
            try client.send("send", [("instance", .string("\(order.id)/pay")), ("event", .string("approve")), ("request", .number(2))])
            let refused = try client.next("error")
            #expect(refused["request"] == .number(2))
            #expect(refused["message"]?.stringValue?.contains("invoked session") == true)
            // Once the parent leaves the invoking state, the selected child shows as stopped…
            order.send("paid")
            let stopped = try client.next(timeout: .seconds(5)) {
                $0["type"] == .string("state") && $0["instance"] == .string("\(order.id)/pay") && $0["status"] == .string("stopped")
            }
            #expect(stopped["configuration"]?.strings == [])
            // …and another page cannot select it.
            let other = try WebSocketTestClient.connect(port: inspector.port, token: inspector.token)
            try other.send("select", [("instance", .string("\(order.id)/pay")), ("request", .number(3))])
            let gone = try other.next("error")
            #expect(gone["message"]?.stringValue == "unknown instance '\(order.id)/pay'")
        }
    }
}
