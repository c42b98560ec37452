import Testing
@_spi(CompiledCharts) import Statecharts
import StatechartsCompiled

@Suite struct CompiledChartTests {
    @Test func doorRunsItsPlans() throws {
        var door = try DoorChart.start(context: DoorStats())
        door.send(.open)
        #expect(door.isActive(.opened))
        door.send(.close)
        #expect(door.context.openings == 1)
        #expect(door.context.log == ["enter closed", "exit opened", "enter closed"])
    }

    @Test func theCompiledChartIsAStatechart() throws {
        let chart = try DoorChart.statechart
        #expect(chart.name == "door")
        #expect(chart._singlePathPlans.count == 4)
        var plain = chart.start(context: DoorStats())
        plain.send(.open)
        #expect(plain.isActive(.opened))
    }

    @Test func aPlainInstanceGoesBackAndForth() throws {
        var door = try DoorChart.start(context: DoorStats())
        door.send(.open)
        var plain = door.instance
        plain.send(.close)
        var again = try CompiledInstance(plain, of: DoorChart.chart)
        #expect(again.isActive(.closed))
        again.send(.lock)
        #expect(again.isActive(.locked))
    }

    @Test func anInstanceOfAnotherChartIsRefused() throws {
        let other = try Statechart(DoorChart.definition).start(context: DoorStats())
        #expect(throws: CompiledChartError.self) { try CompiledInstance(other, of: DoorChart.chart) }
    }

    @Test func theGeneratedSignatureDescribesThePlans() throws {
        // [format, states, transitions, guards, guarded..., plans, ...]: the door has 4 states
        // (with the root), 4 transitions and the root's initial transition, one guard.
        #expect(Array(DoorChart._generatedPlans.prefix(5)) == [2, 4, 5, 1, 1])
    }
}
