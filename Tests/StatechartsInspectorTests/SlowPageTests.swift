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
        let stop = Atomic<Bool>(false)
    }

    /// The most a TCP socket's send buffer grows to (Linux: tcp_wmem's third field), 4 MiB if unknown.
    static var maximumSendBuffer: Int {
        guard let text = try? String(contentsOfFile: "/proc/sys/net/ipv4/tcp_wmem", encoding: .utf8),
              let last = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).last,
              let value = Int(last) else { return 4 << 20 }
        return value
    }

    /// What the server may hold for a page that stopped reading, beyond the kernel's send buffer:
    /// a channel is not written above NIO's high-water mark (64 KiB), so at most one tick's
    /// messages past it (the list, the state, at most 500 steps: about 40 KiB here). A server that
    /// wrote on every tick regardless, once the kernel's buffer is full, holds about a megabyte
    /// more every second the app keeps sending (measured: 7 MiB after 5 s).
    static let mostBufferedForAStalledPage = 512 << 10

    @Test("a page that never reads for 5 s: 200,000 sends or more complete, memory stays bounded, the page later sees dropped > 0")
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
            // The app sends at least `total` events, and goes on until the page has been stalled for
            // a while.
            let thread = Thread {
                while !progress.stop.load(ordering: .relaxed) {
                    busy.send("tick")
                    progress.sent.add(1, ordering: .relaxed)
                }
            }
            thread.start()
            // While the app sends, and for at least 5 s (100 of the server's ticks), what the server holds
            // for the stalled page (NIO's outbound buffer) stays near its high-water mark: the
            // page is skipped, not queued for.
            var mostBuffered = 0
            let deadline = ContinuousClock.now + .seconds(300)
            let stalledAtLeast = ContinuousClock.now + .seconds(5)
            while progress.sent.load(ordering: .relaxed) < total || ContinuousClock.now < stalledAtLeast,
                  ContinuousClock.now < deadline {
                mostBuffered = max(mostBuffered, await inspector.server.bufferedBytes())
                try? await Task.sleep(for: .milliseconds(10))
            }
            progress.stop.store(true, ordering: .relaxed)
            #expect(await eventually { thread.isFinished })
            let elapsed = ContinuousClock.now - started
            let sent = progress.sent.load(ordering: .relaxed)
            #expect(sent >= total, "only \(sent) of \(total) sends completed")
            #expect(busy.context == sent)
            #expect(busy.stepCount == sent + 1)
            let growth = residentMemory().flatMap { after in memoryBefore.map { after - $0 } }
            // The process's resident memory is printed, not bounded: other suites run in the same
            // process at the same time, and their allocations land in it too.
            print("slow page: \(sent) sends in \(elapsed); at most \(mostBuffered / 1_024) KiB buffered for the page;"
                  + " resident memory of the test process grew by \((growth ?? 0) / 1_048_576) MiB")
            #expect(mostBuffered < Self.mostBufferedForAStalledPage, "\(mostBuffered) bytes were buffered for the page")

            // Now the page reads: it catches up, told how many steps it missed.
            var sawDropped = false
            var caughtUp = false
            var bytes = 0
            let readDeadline = ContinuousClock.now + .seconds(60)
            while !caughtUp, ContinuousClock.now < readDeadline {
                guard let message = try client.readMessage(timeout: .seconds(10)) else { break }
                bytes += message.json?.utf8.count ?? 0
                guard message["type"] == .string("steps") else { continue }
                if (message["dropped"]?.intValue ?? 0) > 0 { sawDropped = true }
                if message["steps"]?.items.last?["seq"]?.intValue == sent { caughtUp = true }
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
