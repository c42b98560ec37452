import Testing
@_spi(Testing) import Statecharts
import StatechartsCompiled

// Compiled parallel transitions: several regions moving on one event, taken together by the
// regions route with the generated code of each phase (all exits, then the transitions' own
// actions, then all entries), against the order SCXML prescribes and against the table twin.

enum Panel: Hashable, Sendable { case panel, a, a1, a2, b, b1, b2, c, c1, c2, d, d1, d2, e, e1, e2 }
enum PanelEvent: StatechartEvent, Hashable, CaseIterable { case step, other, all, named, unused }
struct PanelLog: Sendable, Equatable {
    var log: [String] = []
    var count = 0
}

/// Five regions. `step` moves a, b and c (exit, transition and entry actions in different
/// regions); `other` moves b and c back (c's transition is guarded: the region plans take it);
/// `all` moves every region (five at once); `named` moves region a with an action that reads
/// the event.
@CompiledStatechart
enum PanelChart {
    typealias StateID = Panel
    typealias Event = PanelEvent
    typealias Context = PanelLog
    static let definition = Definition("panel") {
        Parallel(.panel) {
            State(.a) {
                State(.a1) {
                    OnExit { $0.log.append("exit a1") }
                    On(.step, to: .a2) { $0.log.append("a1>a2") }
                    On(.all, to: .a2) { $0.count += 1 }
                    On(.named, to: .a2) { context, event, _ in context.log.append("a1>a2 on \(event == .named)") }
                }
                State(.a2) {
                    OnEntry { $0.log.append("enter a2") }
                    On(.step, to: .a1) { $0.log.append("a2>a1") }
                    On(.all, to: .a1) { $0.count += 1 }
                }
            }
            State(.b) {
                State(.b1) {
                    OnExit { $0.log.append("exit b1") }
                    On(.step, to: .b2)
                    On(.all, to: .b2) { $0.count += 1 }
                }
                State(.b2) {
                    OnEntry { $0.log.append("enter b2") }
                    OnExit { $0.log.append("exit b2") }
                    On(.step, to: .b1) { $0.log.append("b2>b1") }
                    On(.other, to: .b1)
                    On(.all, to: .b1) { $0.count += 1 }
                }
            }
            State(.c) {
                State(.c1) {
                    On(.step, to: .c2) { $0.log.append("c1>c2") }
                    On(.all, to: .c2) { $0.count += 1 }
                }
                State(.c2) {
                    On(.other, to: .c1, guard: Guard { $0.count >= 0 }) { $0.log.append("c2>c1") }
                    On(.all, to: .c1) { $0.count += 1 }
                }
            }
            State(.d) {
                State(.d1) { On(.all, to: .d2) { $0.count += 1 } }
                State(.d2) { On(.all, to: .d1) { $0.count += 1 } }
            }
            State(.e) {
                State(.e1) { On(.all, to: .e2) { $0.count += 1 } }
                State(.e2) { On(.all, to: .e1) { $0.count += 1 } }
            }
        }
    }
}

@Suite struct RegionsTests {
    /// The panel's 32 configurations are tabulated: the compiled `send` takes each joint step in
    /// its inlined front, at the instance's joint row, which the step moves on.
    @Test func jointStepsInTheFront() throws {
        #expect(PanelChart._hasJointSteps)
        var compiled = try PanelChart.start(context: PanelLog())
        #expect(compiled.instance._holdsJointRow)
        let result = compiled.send(.all)
        #expect(result.transitions.count == 5)
        #expect(compiled.context.count == 5)
        #expect(compiled.instance._holdsJointRow)
        #expect(compiled.configuration == [.panel, .a, .a2, .b, .b2, .c, .c2, .d, .d2, .e, .e2])
    }

    /// Three regions move on `step`: exits in exit order (b1 before a1), the transitions'
    /// actions in document order, entries in entry order, in the compiled chart as in the plain one.
    @Test func phasesRunInMicrostepOrder() throws {
        var compiled = try PanelChart.start(context: PanelLog())
        var plain = try Statechart(PanelChart.definition).start(context: PanelLog())
        let expected = ["exit b1", "exit a1", "a1>a2", "c1>c2", "enter a2", "enter b2"]
        let compiledResult = compiled.send(.step)
        let plainResult = plain.send(.step)
        #expect(compiled.context.log == expected)
        #expect(plain.context.log == expected)
        #expect(compiledResult == plainResult)
        #expect(compiledResult.transitions.count == 3)
        #expect(compiled.configuration == [.panel, .a, .a2, .b, .b2, .c, .c2, .d, .d1, .e, .e1])
        #expect(compiled.configuration == plain.configuration)
    }

    /// A guarded transition in one region and a plain one in another: taken together by the
    /// region plans, with the generated guard and phases.
    @Test func guardedRegionsTogether() throws {
        var compiled = try PanelChart.start(context: PanelLog())
        var plain = try Statechart(PanelChart.definition).start(context: PanelLog())
        compiled.send(.step)
        plain.send(.step)
        compiled.context.log = []
        plain.context.log = []
        let compiledResult = compiled.send(.other)
        let plainResult = plain.send(.other)
        #expect(compiled.context.log == ["exit b2", "c2>c1"])
        #expect(plain.context.log == ["exit b2", "c2>c1"])
        #expect(compiledResult == plainResult)
        #expect(compiledResult.transitions.count == 2)
        #expect(compiled.configuration == [.panel, .a, .a2, .b, .b1, .c, .c1, .d, .d1, .e, .e1])
    }

    /// Five regions moving at once (more than the bits stage takes), and an action that reads
    /// the event.
    @Test func fiveRegionsAndEventActions() throws {
        var compiled = try PanelChart.start(context: PanelLog())
        let all = compiled.send(.all)
        #expect(all.transitions.count == 5)
        #expect(compiled.context.count == 5)
        #expect(compiled.configuration == [.panel, .a, .a2, .b, .b2, .c, .c2, .d, .d2, .e, .e2])
        compiled.send(.all)
        compiled.context.log = []
        compiled.send(.named)
        #expect(compiled.context.log == ["exit a1", "a1>a2 on true", "enter a2"])
    }

    @Test(arguments: [21, 22, 23] as [UInt64])
    func lockstep(seed: UInt64) throws {
        try runLockstep(PanelChart.self, context: PanelLog(), events: PanelEvent.allCases, seed: seed)
    }
}
