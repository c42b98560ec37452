import Testing
@_spi(CompiledCharts) import Statecharts
import StatechartsCompiled

@Suite("Samek's chart, compiled")
struct SamekCompiledTests {
    /// Each event with the exact lines it must produce and the leaf it must end in (the same
    /// script as Tests/StatechartsTests/SamekTests.swift checks on the table runtime).
    static let script: [(SamekEvent, [String], SamekState)] = [
        (.a, ["s211-EXIT", "s21-EXIT", "s21-A", "s21-ENTRY", "s21-INIT", "s211-ENTRY"], .s211),
        (.b, ["s211-EXIT", "s21-EXIT", "s21-B", "s21-ENTRY", "s211-ENTRY"], .s211),
        (.d, ["s211-EXIT", "s21-EXIT", "s211-D", "s21-ENTRY", "s21-INIT", "s211-ENTRY"], .s211),
        (.e, ["s211-EXIT", "s21-EXIT", "s2-EXIT", "s-EXIT", "s-E", "s-ENTRY", "s1-ENTRY", "s11-ENTRY"], .s11),
        (.i, ["s1-I"], .s11),
        (.f, ["s11-EXIT", "s1-EXIT", "s1-F", "s2-ENTRY", "s21-ENTRY", "s211-ENTRY"], .s211),
        (.i, ["s2-I"], .s211),
        (.i, ["s-I"], .s211),
        (.f, ["s211-EXIT", "s21-EXIT", "s2-EXIT", "s2-F", "s1-ENTRY", "s11-ENTRY"], .s11),
        (.a, ["s11-EXIT", "s1-EXIT", "s1-A", "s1-ENTRY", "s1-INIT", "s11-ENTRY"], .s11),
        (.b, ["s11-EXIT", "s1-EXIT", "s1-B", "s1-ENTRY", "s11-ENTRY"], .s11),
        (.d, ["s11-EXIT", "s1-EXIT", "s-EXIT", "s1-D", "s-ENTRY", "s-INIT", "s1-ENTRY", "s11-ENTRY"], .s11),
        (.d, ["s11-EXIT", "s1-EXIT", "s11-D", "s1-ENTRY", "s1-INIT", "s11-ENTRY"], .s11),
        (.e, ["s11-EXIT", "s1-EXIT", "s-EXIT", "s-E", "s-ENTRY", "s1-ENTRY", "s11-ENTRY"], .s11),
        (.g, ["s11-EXIT", "s1-EXIT", "s11-G", "s2-ENTRY", "s21-ENTRY", "s211-ENTRY"], .s211),
        (.h, ["s211-EXIT", "s21-EXIT", "s2-EXIT", "s-EXIT", "s211-H", "s-ENTRY", "s-INIT", "s1-ENTRY", "s11-ENTRY"], .s11),
        (.h, ["s11-EXIT", "s1-EXIT", "s-EXIT", "s11-H", "s-ENTRY", "s-INIT", "s1-ENTRY", "s11-ENTRY"], .s11),
        (.c, ["s11-EXIT", "s1-EXIT", "s1-C", "s2-ENTRY", "s2-INIT", "s21-ENTRY", "s211-ENTRY"], .s211),
        (.g, ["s211-EXIT", "s21-EXIT", "s2-EXIT", "s21-G", "s1-ENTRY", "s1-INIT", "s11-ENTRY"], .s11),
        (.c, ["s11-EXIT", "s1-EXIT", "s1-C", "s2-ENTRY", "s2-INIT", "s21-ENTRY", "s211-ENTRY"], .s211),
        (.c, ["s211-EXIT", "s21-EXIT", "s2-EXIT", "s2-C", "s1-ENTRY", "s1-INIT", "s11-ENTRY"], .s11),
        (.j, [], .s11),
    ]

    @Test("the exact entry/exit path of every event")
    func exactSequence() throws {
        var machine = try SamekChart.start(context: SamekLog())
        #expect(machine.context.lines == ["top-INIT", "s-ENTRY", "s2-ENTRY", "s2-INIT", "s21-ENTRY", "s211-ENTRY"])
        #expect(machine.instance.activeLeaves == [.s211])
        for (step, (event, expected, leaf)) in Self.script.enumerated() {
            machine.context.lines = []
            let result = machine.send(event)
            #expect(machine.context.lines == expected, "step \(step): event \(event)")
            #expect(machine.instance.activeLeaves == [leaf], "step \(step): event \(event)")
            #expect(result.isAccepted == !expected.isEmpty, "step \(step): event \(event)")
        }
        #expect(machine.configuration == [.s, .s1, .s11])
    }

    @Test("the compiled chart runs its single-path transitions through generated plans")
    func hasGeneratedPlans() throws {
        // The signature is [format, states, transitions, guards, guarded..., plans, ...]: the
        // code was generated for every single-path plan of the chart (7 states with the root).
        let words = SamekChart._generatedPlans
        let plans = try SamekChart.statechart._singlePathPlans
        #expect(words.prefix(2) == [2, 7])
        try #require(words.count > 4)
        let guardCount = Int(words[3])
        #expect(words.count > 4 + guardCount && Int(words[4 + guardCount]) == plans.count)
    }

    @Test("runs as its table twin on random events", arguments: [21, 22, 23] as [UInt64])
    func lockstep(seed: UInt64) throws {
        try runLockstep(SamekChart.self, context: SamekLog(), events: SamekEvent.allCases, seed: seed)
    }
}
