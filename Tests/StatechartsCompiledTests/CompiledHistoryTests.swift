import Testing
@_spi(Testing) import Statecharts
import StatechartsCompiled

// A compiled chart that enters and leaves deep and shallow history on a single path: the history
// variants run as generated code, in lockstep with the same chart on the table runtime.

enum Trip: Hashable, Sendable { case main, deepH, shallowH, l1, l2, c1, c2, c3, away }
enum TripEvent: StatechartEvent, Hashable, CaseIterable { case leave, back, backShallow, go, jump }
struct TripLog: Sendable, Equatable { var log: [String] = [] }

@CompiledStatechart
enum TripChart {
    typealias StateID = Trip
    typealias Event = TripEvent
    typealias Context = TripLog
    static let definition = Definition("trip") {
        State(.main) {
            OnEntry { $0.log.append("+main") }
            OnExit { $0.log.append("-main") }
            History(.deepH, .deep, default: .c2)
            History(.shallowH, .shallow)
            On(.leave, to: .away) { $0.log.append("leave") }
            State(.l1) {
                OnEntry { $0.log.append("+l1") }
                State(.l2, initial: .c1) {
                    OnEntry { $0.log.append("+l2") }
                    State(.c1) { On(.go, to: .c2) { $0.log.append("c1>c2") } }
                    State(.c2) { On(.go, to: .c3) { $0.log.append("c2>c3") } }
                    State(.c3) {
                        OnEntry { $0.log.append("+c3") }
                        On(.go, to: .c1) { $0.log.append("c3>c1") }
                    }
                }
            }
        }
        State(.away) {
            On(.back, to: .deepH) { $0.log.append("back") }
            On(.backShallow, to: .shallowH) { $0.log.append("back shallow") }
            On(.jump, to: .c3) { $0.log.append("jump") }
        }
    }
}

@Suite("Compiled history plans")
struct CompiledHistoryTests {
    @Test("both histories' returns have variants, and the compiled chart runs them as its table twin does", arguments: [1, 2, 3] as [UInt64])
    func returnsThroughHistory(seed: UInt64) throws {
        let table = try Statechart(TripChart.definition)
        // `back` (deep: default, c1, c2, c3) and `backShallow` (shallow: default, the children).
        #expect(table._historyVariantCounts.candidates == 2)
        try runLockstep(TripChart.self, context: TripLog(), events: TripEvent.allCases, seed: seed)
    }

    @Test("the deep history restores the leaf without initial actions")
    func exactPath() throws {
        var machine = try TripChart.start(context: TripLog())
        machine.send(.leave)
        machine.send(.back)
        #expect(machine.configuration == [.main, .l1, .l2, .c1])
        machine.send(.go)
        machine.send(.go)
        machine.send(.leave)
        machine.context.log = []
        machine.send(.back)
        #expect(machine.context.log == ["back", "+main", "+l1", "+l2", "+c3"])
        #expect(machine.configuration == [.main, .l1, .l2, .c3])
    }
}
