import Foundation
import Testing

/// The order/payment example (Examples/SCXML/order.scxml invokes payment.scxml) through the
/// command line: run shows the child's configuration, render marks the invoking state, trace
/// lists the child beside the parent.
@Suite("statechart command line: invoked charts")
struct CLIInvokeTests {
    static var examples: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples/SCXML")
    }

    @Test("run --json adds \"children\" while the payment runs; the order ships with its receipt")
    func runJSON() async throws {
        let result = try await CLIProcess.run(["run", "order.scxml", "add", "add", "checkout", "card.approved", "--json"], in: Self.examples)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines == [
            #"{"step":0,"event":null,"configuration":["cart"],"active":["cart"],"finished":false}"#,
            #"{"step":1,"event":"add","configuration":["cart"],"active":["cart"],"finished":false}"#,
            #"{"step":2,"event":"add","configuration":["cart"],"active":["cart"],"finished":false}"#,
            #"{"step":3,"event":"checkout","configuration":["paying"],"active":["paying"],"finished":false,"children":{"payment":["authorizing"]}}"#,
            #"{"step":4,"event":"card.approved","configuration":["shipped"],"active":["shipped"],"finished":true}"#,
        ])
        // finalize logs each event from the payment before the order processes it.
        #expect(result.stderr.contains("log: from payment: payment.started"))
        #expect(result.stderr.contains("log: from payment: done.invoke.payment"))
    }

    @Test("the payment's timeout falls due on the order's virtual clock and sends the order back to the cart")
    func timeout() async throws {
        let result = try await CLIProcess.run(["run", "order.scxml", "add", "checkout", "+29s", "+1s"], in: Self.examples)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines == [
            "[0] start -> cart (active: cart)",
            "[1] add -> cart (active: cart)",
            "[2] checkout -> paying (active: paying) [payment: authorizing]",
            "[3] +29s -> paying (active: paying) [payment: authorizing]",
            "[4] +1s -> cart (active: cart)",
        ])
    }

    @Test("render marks the invoking state with what it invokes; trace shows the child's configuration")
    func renderAndTrace() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("statecharts-invoke-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let dot = directory.appendingPathComponent("order.dot").path
        let render = try await CLIProcess.run(["render", "order.scxml", "-o", dot], in: Self.examples)
        #expect(render.status == 0, "\(render.stderr)")
        let text = try String(contentsOfFile: dot, encoding: .utf8)
        #expect(text.contains("invoke / payment: payment.scxml"))
        let page = directory.appendingPathComponent("trace.html").path
        let trace = try await CLIProcess.run(["trace", "order.scxml", "add", "checkout", "-o", page], in: Self.examples)
        #expect(trace.status == 0, "\(trace.stderr)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("<h3>Invoked charts</h3>\n<ul>\n<li><code>payment</code>: <code>authorizing</code></li>"))
    }
}
