import Statecharts
import Testing

/// A chart that sends itself an event on entry and re-enters on it would never return from
/// `send`: one call processes at most `externalEventLimit` such events, then the instance stops
/// with an error.
@Suite("Hostile: a chart that keeps sending itself events")
struct SelfSendLoopTests {
    enum E: String, StatechartEvent, Hashable { case go, foo }

    /// `<state id="s0"><onentry><send event="foo"/></onentry><transition event="foo" target="s0"/></state>`
    static func loop(limit: Int) throws -> Statechart<String, E, Int> {
        try Statechart<String, E, Int>(externalEventLimit: limit) {
            State("idle") { On(.go, to: "s0") }
            State("s0") {
                OnEntry { count, _, outbox in
                    count += 1
                    outbox.send(.foo)
                }
                On(.foo, to: "s0")
            }
        }
    }

    @Test("send returns, the instance stops with externalEventLimitExceeded after exactly the limit")
    func stopsAtTheLimit() throws {
        var instance = try Self.loop(limit: 50).start(context: 0)
        let result = instance.send(.go)
        #expect(result.error == .externalEventLimitExceeded(limit: 50))
        #expect(instance.error == .externalEventLimitExceeded(limit: 50))
        #expect(!instance.isRunning)
        // The first entry, then one re-entry per event processed: 50 events within the limit.
        #expect(instance.context == 51)
        #expect(instance.configuration == ["s0"])
        #expect(instance.send(.go).outcome == .notRunning)
    }

    @Test("the default limit is 10,000 events per call, and the message says what happened")
    func defaultLimit() throws {
        let chart = try Statechart<String, E, Int> {
            State("s0") {
                OnEntry { count, _, outbox in count += 1; outbox.send(.foo) }
                On(.foo, to: "s0")
            }
        }
        #expect(chart.externalEventLimit == 10_000)
        let instance = chart.start(context: 0)
        #expect(instance.context == 10_001)
        #expect(instance.error?.description.contains("sent itself more than 10000 events in one call") == true)
    }

    @Test("a chart that sends itself fewer events than the limit per call is unaffected")
    func withinTheLimit() throws {
        let chart = try Statechart<String, E, Int>(externalEventLimit: 5) {
            State("a") {
                On(.go, actions: [Action("burst") { _, _, outbox in for _ in 0..<5 { outbox.send(.foo) } }])
                On(.foo) { count in count += 1 }
            }
        }
        var instance = chart.start(context: 0)
        for _ in 0..<3 { #expect(instance.send(.go).error == nil) }
        #expect(instance.context == 15)
        #expect(instance.isRunning)
    }
}
