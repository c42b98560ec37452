import Testing
@_spi(Testing) import Statecharts

/// Targetless transitions: their actions run, nothing is exited or entered, the event counts as
/// accepted, and (having an empty exit set) they never conflict with other transitions.
@Suite("Targetless transitions")
struct TargetlessTests {
    enum Ev: StatechartEvent, Hashable { case tick, tock, up, e }
    typealias L = Logged<Ev>

    static func chart(singlePathPlans: Bool) throws -> Statechart<String, Ev, Trace> {
        try Statechart<String, Ev, Trace>(singlePathPlans: singlePathPlans) {
            L.state("s") {
                On(.tick, actions: [L.log("s tick")])
                On(.tock, actions: [L.log("s tock")])
                On(.up, to: "t", actions: [L.log("s>t")])
                L.state("a") {
                    On(.tick, actions: [Action("a tick") { context in
                        context.n += 1
                        context.lines.append("a tick")
                    }])
                    On(.up, actions: [L.log("a up")])
                }
            }
            L.state("t")
        }
    }

    @Test("a targetless transition runs its actions and changes no state", arguments: [true, false])
    func actionsOnly(singlePathPlans: Bool) throws {
        let chart = try Self.chart(singlePathPlans: singlePathPlans)
        var machine = chart.start(context: Trace())
        machine.context.lines = []
        let result = machine.send(.tick)
        #expect(machine.context.lines == ["a tick"])
        #expect(machine.context.n == 1)
        #expect(result.outcome == .transitioned)
        #expect(result.isAccepted)
        #expect(result.from == result.to)
        #expect(machine.configuration == ["s", "a"])
        let taken = try #require(result.transitions.first)
        #expect(chart.transition(taken)?.targets == [])
        #expect(chart.transition(taken)?.source == "a")
    }

    @Test("an ancestor's targetless transition applies when the leaf has none", arguments: [true, false])
    func onAncestor(singlePathPlans: Bool) throws {
        var machine = try Self.chart(singlePathPlans: singlePathPlans).start(context: Trace())
        #expect(machine.lines(after: .tock) == ["s tock"])
        #expect(machine.configuration == ["s", "a"])
    }

    @Test("a descendant's targetless transition is selected before its ancestor's targeted one", arguments: [true, false])
    func shadowsAncestor(singlePathPlans: Bool) throws {
        var machine = try Self.chart(singlePathPlans: singlePathPlans).start(context: Trace())
        #expect(machine.lines(after: .up) == ["a up"])
        #expect(machine.configuration == ["s", "a"])
    }

    @Test("a targetless transition in one region does not conflict with a transition leaving the parallel",
          arguments: [true, false])
    func noConflictInParallel(singlePathPlans: Bool) throws {
        var machine = try Statechart<String, Ev, Trace>(singlePathPlans: singlePathPlans) {
            L.parallel("p") {
                On(.e, to: "out", actions: [L.log("p>out")])
                On(.tick, actions: [L.log("p tick")])
                L.state("r1") { L.state("a1") { On(.e, actions: [L.log("a1 e")]) } }
                L.state("r2") { L.state("b1") { On(.tick, actions: [L.log("b1 tick")]) } }
            }
            L.state("out")
        }.start(context: Trace())
        // For a1 its own targetless transition, for b1 p's transition on tick: no exit sets,
        // no conflict, both run in selection order.
        machine.context.lines = []
        let ticked = machine.send(.tick)
        #expect(machine.context.lines == ["p tick", "b1 tick"])
        #expect(ticked.transitions.count == 2)
        machine.context.lines = []
        let left = machine.send(.e)
        #expect(machine.context.lines == ["-b1", "-r2", "-a1", "-r1", "-p", "a1 e", "p>out", "+out"])
        #expect(left.transitions.count == 2)
    }
}

// MARK: - Targetless transitions

extension TargetlessTests {

    static func targetless<E: LockstepSignal>(_: E.Type, singlePathPlans: Bool) throws -> Statechart<String, E, Trace> {
        typealias D = Logged<E>
        let bump = Action<E, Trace>("n += 1") { $0.n += 1 }
        let atLeastTwo = Guard<E, Trace>("n ≥ 2") { $0.n >= 2 }
        return try Statechart<String, E, Trace>(singlePathPlans: singlePathPlans) {
            D.state("T") {
                On(.tick, actions: [D.log("T tick"), D.logWithEvent("T tick")])
                D.state("T1") {
                    On(.poke, actions: [bump, D.logWithEvent("T1 poke")])
                    On(.go, to: "T2", actions: [D.log("t T1→T2")])
                }
                D.state("T2") {
                    On(.tick, actions: [D.log("T2 tick")])
                    On(.go, to: "T3", actions: [D.log("t T2→T3")])
                }
                D.state("T3") {
                    Always(to: "T1", guard: atLeastTwo, actions: [D.log("always T3→T1")])
                    On(.poke, actions: [bump, D.log("T3 poke")])
                }
            }
        }
    }

    @Test("a targetless transition runs its actions, leaves the configuration as it was and counts as transitioned",
          arguments: Numbering.allCases)
    func targetlessTransitions(_ numbering: Numbering) throws {
        try Self.targetlessTransitions(numbering.type)
    }

    static func targetlessTransitions<E: LockstepSignal>(_: E.Type) throws {
        var lock = try Lockstep<E> { try targetless(E.self, singlePathPlans: $0) }
        lock.start()
        var (result, lines) = lock.send(.poke)
        #expect(lines == ["T1 poke [poke]"])
        #expect(lock.direct.context.n == 1)
        #expect(result.outcome == .transitioned && result.isAccepted)
        #expect(result.from == result.to)
        #expect(lock.planned.activeStates(in: result.to) == ["T", "T1"])
        #expect(lock.direct.configuration == ["T", "T1"])
        let taken = try #require(result.transitions.first)
        #expect(lock.planned.transition(taken)?.targets == [])
        #expect(lock.planned.transition(taken)?.source == "T1")

        // The ancestor's targetless transition, with actions of both forms.
        (result, lines) = lock.send(.tick)
        #expect(lines == ["T tick", "T tick [tick]"])
        #expect(lock.names(result) == ["T→"])
        #expect(result.from == result.to)

        // The leaf's own targetless transition hides the ancestor's.
        _ = lock.send(.go)
        (result, lines) = lock.send(.tick)
        #expect(lines == ["T2 tick"])
        #expect(lock.names(result) == ["T2→"])

        // A targetless transition followed by the eventless transition it enables.
        _ = lock.send(.go)
        (result, lines) = lock.send(.poke)
        #expect(lines == ["T3 poke", "-T3", "always T3→T1", "+T1"])
        #expect(lock.names(result) == ["T3→", "T3→T1"])
        #expect(lock.direct.context.n == 2)
        #expect(lock.direct.configuration == ["T", "T1"])
    }
}
