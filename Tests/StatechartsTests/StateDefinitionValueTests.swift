import Statecharts
import Testing

/// `StateDefinition` keeps the parts most states do not have (initial transition, entry and exit
/// actions, done event, invocations) apart from the rest; it is still a plain value: copies are
/// independent, and a chart built from a changed copy behaves as the copy says.
@Suite("A state definition is a value in every part")
struct StateDefinitionValueTests {
    enum Ev: StatechartEvent, Hashable, CaseIterable { case go }
    typealias Definition = StateDefinition<String, Ev, [String]>

    static func note(_ text: String) -> Action<Ev, [String]> { Action(text) { $0.append(text) } }

    @Test("changing a copy's rarely used parts leaves the original as it was")
    func copiesAreIndependent() {
        var original = Definition("a", onEntry: [Self.note("in")])
        var copy = original
        copy.onEntry.append(Self.note("again"))
        copy.onExit = [Self.note("out")]
        copy.initial = InitialTransition(targets: ["b"])
        #expect(original.onEntry.map(\.name) == ["in"])
        #expect(original.onExit.isEmpty)
        #expect(original.initial == nil)
        #expect(copy.onEntry.map(\.name) == ["in", "again"])
        #expect(copy.initial?.targets == ["b"])
        original.onEntry = []
        #expect(copy.onEntry.count == 2)
        #expect(original.onEntry.isEmpty)
        var plain = Definition("p")
        plain.invocations = []
        plain.initial = nil
        #expect(plain.invocations.isEmpty && plain.initial == nil)
        plain.initial = InitialTransition(targets: ["q"])
        #expect(plain.initial?.targets == ["q"])
    }

    @Test("a plain state gains and loses rarely used parts, and the chart follows")
    func chartFollowsTheParts() throws {
        var a = Definition("a", transitions: [TransitionDefinition(trigger: .events([Ev.go.name]), targets: ["b"])])
        let b = Definition("b")
        let plain = StatechartDefinition<String, Ev, [String]>(name: "plain", initial: InitialTransition(targets: ["a"]), states: [a, b])
        a.onExit.append(Self.note("left a"))
        let noisy = StatechartDefinition<String, Ev, [String]>(name: "noisy", initial: InitialTransition(targets: ["a"]), states: [a, b])
        var quiet = try Statechart(plain).start(context: [])
        var loud = try Statechart(noisy).start(context: [])
        quiet.send(.go)
        loud.send(.go)
        #expect(quiet.context.isEmpty)
        #expect(loud.context == ["left a"])
        #expect(quiet.isActive("b") && loud.isActive("b"))
    }
}
