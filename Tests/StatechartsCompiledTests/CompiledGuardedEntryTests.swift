import Testing
@_spi(Testing) import Statecharts
import StatechartsCompiled

// A compiled chart whose rows' only candidates are guarded: the compiled `send` takes them in its
// inlined front (the guard, then the plan or nothing), and a guard that raises hands over to the
// candidate stage with what it decided, in lockstep with the same chart on the table runtime.

enum Gate: Hashable, Sendable { case closed, open, jammed }
enum GateEvent: StatechartEvent, Hashable, CaseIterable { case push, pull, kick, tick, arm }
struct GateLog: Sendable, Equatable {
    var log: [String] = []
    var armed = false
    var pushes = 0
}

@CompiledStatechart
enum GateChart {
    typealias StateID = Gate
    typealias Event = GateEvent
    typealias Context = GateLog
    static let definition = Definition("gate") {
        State(.closed) {
            // Guarded, reads the context: the row's only candidate.
            On(.push, to: .open, guard: Guard { $0.armed }) { $0.pushes += 1; $0.log.append("open") }
            // Guarded, raises `tick` and decides on the context: the candidate stage takes over.
            On(.kick, to: .jammed, guard: Guard { (context: GateLog, _: GateEvent?, outbox: inout Outbox<GateEvent>) in
                outbox.raise(.tick)
                return context.pushes % 2 == 1
            }) { $0.log.append("jam") }
            On(.arm) { $0.armed.toggle() }
            On(.tick) { $0.log.append("tick closed") }
        }
        State(.open) {
            // Guarded on the event it receives.
            On(.pull, to: .closed, guard: Guard { _, event in event == .pull }) { $0.log.append("close") }
            On(.tick) { $0.log.append("tick open") }
        }
        State(.jammed) {
            On(.pull, to: .closed) { $0.log.append("unjam") }
            On(.tick) { $0.log.append("tick jammed") }
        }
    }
}

@Suite("Compiled guarded entries")
struct CompiledGuardedEntryTests {
    @Test("the guarded rows are entries that name their candidate, and the compiled front takes them")
    func entries() throws {
        #expect(try GateChart.statechart._namedDirectEntries > 0)
        #expect(GateChart._hasNamedDirectEntries)
        var machine = try GateChart.start(context: GateLog())
        #expect(machine.send(.push).outcome == .ignored)
        machine.send(.arm)
        #expect(machine.send(.push).outcome == .transitioned)
        #expect(machine.configuration == [.open])
        #expect(machine.send(.pull).outcome == .transitioned)
        // The guard raises `tick` and accepts (one push so far, an odd count): the candidate
        // stage runs the plan, then the raised `tick` in the new state.
        machine.context.log = []
        machine.send(.kick)
        #expect(machine.configuration == [.jammed])
        #expect(machine.context.log == ["jam", "tick jammed"])
    }

    @Test("the compiled chart runs guarded entries as its table twin does", arguments: [1, 2, 3] as [UInt64])
    func lockstep(seed: UInt64) throws {
        try runLockstep(GateChart.self, context: GateLog(), events: GateEvent.allCases, seed: seed)
    }
}
