import Testing
import StatechartsCompiled

// A compiled chart's limits: declared as static members of its type, 10,000 otherwise.

enum Spin: Hashable, Sendable { case idle, a, b, echo }
enum SpinEvent: StatechartEvent, Hashable, CaseIterable { case go, ping }
struct Spins: Sendable, Equatable { var count = 0 }

/// An eventless loop between `a` and `b`, stopped at the chart's own microstep limit.
@CompiledStatechart
enum LoopChart {
    typealias StateID = Spin
    typealias Event = SpinEvent
    typealias Context = Spins
    static let microstepLimit = 40
    static let definition = Definition("loop") {
        State(.idle) { On(.go, to: .a) }
        State(.a) { Always(to: .b) { $0.count += 1 } }
        State(.b) { Always(to: .a) { $0.count += 1 } }
    }
}

/// A state that keeps sending itself `ping`, stopped at the chart's own external-event limit.
@CompiledStatechart
enum EchoChart {
    typealias StateID = Spin
    typealias Event = SpinEvent
    typealias Context = Spins
    static var externalEventLimit: Int { 25 }
    static let definition = Definition("echo") {
        State(.idle) { On(.go, to: .echo) }
        State(.echo) {
            OnEntry { _, _, outbox in outbox.send(.ping) }
            On(.ping) { spins, _, outbox in
                spins.count += 1
                outbox.send(.ping)
            }
        }
    }
}

@Suite struct CompiledLimitsTests {
    @Test func anEventlessLoopStopsAtTheDeclaredMicrostepLimit() throws {
        #expect(try LoopChart.statechart.microstepLimit == 40)
        #expect(try LoopChart.statechart.externalEventLimit == 10_000)
        var loop = try LoopChart.start(context: Spins())
        let result = loop.send(.go)
        #expect(result.error == .microstepLimitExceeded(limit: 40))
        #expect(!loop.instance.isRunning)
        // The same as the plain chart with the same limit.
        var plain = try Statechart(LoopChart.definition, microstepLimit: 40).start(context: Spins())
        #expect(plain.send(.go) == result)
        #expect(plain.context == loop.context)
        #expect(plain.configuration == loop.configuration)
    }

    @Test func selfSentEventsStopAtTheDeclaredExternalEventLimit() throws {
        #expect(try EchoChart.statechart.externalEventLimit == 25)
        #expect(try EchoChart.statechart.microstepLimit == 10_000)
        var echo = try EchoChart.start(context: Spins())
        let result = echo.send(.go)
        #expect(result.error == .externalEventLimitExceeded(limit: 25))
        #expect(!echo.instance.isRunning)
        var plain = try Statechart(EchoChart.definition, externalEventLimit: 25).start(context: Spins())
        #expect(plain.send(.go) == result)
        #expect(plain.context == echo.context)
    }

    @Test func theDefaultsAreThePlainCharts() throws {
        let chart = try ToggleChart.statechart
        #expect(chart.microstepLimit == 10_000)
        #expect(chart.externalEventLimit == 10_000)
        #expect(ToggleChart.microstepLimit == 10_000)
        #expect(ToggleChart.externalEventLimit == 10_000)
    }
}
