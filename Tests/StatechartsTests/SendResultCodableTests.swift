import Foundation
import Statecharts
import Testing

/// `SendResult` as JSON (what a durable store keeps for idempotency keys), and the events an
/// instance that runs on its own sends to its parent.
@Suite("Send results as values; events for the parent")
struct SendResultCodableTests {
    enum S: String, Hashable, Sendable { case idle, busy, left, right, a, b, c, d, done }
    enum E: String, StatechartEvent, Hashable { case go, split, back, loop, tell }

    static let chart = try! Statechart<S, E, Int> {
        State(.idle) {
            On(.go, to: .busy) { $0 += 1 }
            On(.split, to: .left)
            On(.tell) { _, _, outbox in
                outbox.sendToParent(.go)
                outbox.sendToParent(.back)
            }
        }
        State(.busy) { On(.back, to: .idle) }
        Parallel(.left) {
            State(.a) { On(.loop, to: .b) }
            State(.b) { On(.loop, to: .a) }
        }
    }

    func roundTrip(_ result: SendResult) throws -> SendResult {
        try JSONDecoder().decode(SendResult.self, from: JSONEncoder().encode(result))
    }

    @Test("results round-trip: transitioned, ignored, not running, parallel configurations")
    func roundTrips() throws {
        var instance = Self.chart.start(context: 0)
        let results = [instance.send(.go), instance.send(.go), instance.send(.back), instance.send(.split), instance.send(.loop)]
        for result in results {
            let decoded = try roundTrip(result)
            #expect(decoded == result)
            #expect(Self.chart.activeStates(in: decoded.to) == Self.chart.activeStates(in: result.to))
            #expect(Array(decoded.transitions) == Array(result.transitions))
        }
        #expect(results.map(\.outcome) == [.transitioned, .ignored, .transitioned, .transitioned, .transitioned])
        var stopped = Self.chart.makeInstance(context: 0)
        let notRunning = stopped.send(.go)
        #expect(try roundTrip(notRunning) == notRunning)
        #expect(try roundTrip(notRunning).outcome == .notRunning)
    }

    @Test("a runtime error round-trips")
    func errorRoundTrips() throws {
        for error in [StatechartRuntimeError.microstepLimitExceeded(limit: 7), .externalEventLimitExceeded(limit: 9)] {
            #expect(try JSONDecoder().decode(StatechartRuntimeError.self, from: JSONEncoder().encode(error)) == error)
        }
    }

    @Test("malformed results are refused, not trusted")
    func malformed() {
        let documents = [
            #"{"outcome":"exploded","transitions":[],"from":{"leaf":1},"to":{"leaf":1}}"#,
            #"{"outcome":"ignored","transitions":[-3],"from":{"leaf":1},"to":{"leaf":1}}"#,
            #"{"outcome":"ignored","transitions":[],"from":{"leaf":-7},"to":{"leaf":1}}"#,
            #"{"outcome":"ignored","transitions":[],"from":{"words":[]},"to":{"leaf":1}}"#,
        ]
        for document in documents {
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(SendResult.self, from: Data(document.utf8)) }
        }
    }

    @Test("events sent to the parent of an instance that runs on its own are taken once, in order")
    func eventsForParent() {
        var instance = Self.chart.start(context: 0)
        #expect(instance.takeEventsForParent() == [])
        instance.send(.tell)
        #expect(instance.takeEventsForParent() == [.go, .back])
        #expect(instance.takeEventsForParent() == [])
    }
}
