import Foundation
import Statecharts
import StatechartsSCXML
@testable import StatechartsInspector
import Synchronization
import Testing

/// A page that stops reading its socket: the app never waits for it, memory stays bounded, and
/// when it reads again it is told how many steps it missed.
@Suite("A slow page")
struct SlowPageTests {
    final class Progress: Sendable {
        let sent = Atomic<Int>(0)
    }

    /// The most a TCP socket's send buffer grows to (Linux: tcp_wmem's third field), 4 MiB if unknown.
    static var maximumSendBuffer: Int {
        guard let text = try? String(contentsOfFile: "/proc/sys/net/ipv4/tcp_wmem", encoding: .utf8),
              let last = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).last,
              let value = Int(last) else { return 4 << 20 }
        return value
    }

    @Test("a page that never reads: 200,000 sends complete, memory stays bounded, the page later sees dropped > 0")
    func slowPage() async throws {
        try await withInspector { inspector in
            let chart = try Statechart<String, String, Int>("busy") {
                State("a") { On("tick", to: "b") { $0 += 1 } }
                State("b") { On("tick", to: "a") { $0 += 1 } }
            }
            let busy = inspector.attach(chart, context: 0, name: "busy")
            // A small receive window, so that the server's socket fills up quickly.
            let client = try WebSocketTestClient.connect(port: inspector.port, token: inspector.token, receiveBuffer: 4_096)
            try client.send("select", [("instance", .string(busy.id))])
            #expect(await eventually { busy.core.withLock { $0.watchers } == 1 })

            let total = 200_000
            let progress = Progress()
            let memoryBefore = residentMemory()
            let started = ContinuousClock.now
            let thread = Thread {
                for _ in 0..<total {
                    busy.send("tick")
                    progress.sent.add(1, ordering: .relaxed)
                }
            }
            thread.start()
            let completed = await eventually(timeout: .seconds(300)) { progress.sent.load(ordering: .relaxed) == total }
            let elapsed = ContinuousClock.now - started
            #expect(completed, "only \(progress.sent.load(ordering: .relaxed)) of \(total) sends completed")
            let memoryAfter = residentMemory()
            #expect(busy.context == total)
            #expect(busy.stepCount == total + 1)
            if let memoryBefore, let memoryAfter {
                let growth = memoryAfter - memoryBefore
                print("slow page: \(total) sends in \(elapsed); resident memory grew by \(growth / 1_048_576) MiB")
                #expect(growth < 64 << 20, "resident memory grew by \(growth / 1_048_576) MiB")
            }

            // Now the page reads: it catches up, told how many steps it missed.
            var sawDropped = false
            var caughtUp = false
            var bytes = 0
            let deadline = ContinuousClock.now + .seconds(60)
            while !caughtUp, ContinuousClock.now < deadline {
                guard let message = try client.readMessage(timeout: .seconds(10)) else { break }
                bytes += message.json?.utf8.count ?? 0
                guard message["type"] == .string("steps") else { continue }
                if (message["dropped"]?.intValue ?? 0) > 0 { sawDropped = true }
                if message["steps"]?.items.last?["seq"]?.intValue == total { caughtUp = true }
            }
            print("slow page: read \(bytes / 1_024) KiB after the sends")
            #expect(sawDropped)
            #expect(caughtUp)
            // What was waiting for the page is bounded by the socket's buffers (the kernel's send
            // buffer, at most tcp_wmem's maximum), not by the number of sends.
            #expect(bytes < 2 * Self.maximumSendBuffer + (1 << 20), "\(bytes) bytes were waiting")
        }
    }
}
