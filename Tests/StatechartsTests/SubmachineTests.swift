import Testing
@_spi(Testing) import Statecharts

/// A chart embedded as a state (`Submachine`), twice in one chart with `mapState` renaming its
/// states, with its transitions, initial transition, final state and done event renamed too.
@Suite("Submachines")
struct SubmachineTests {
    enum Ev: StatechartEvent, Hashable { case open, close, lock, tick, reset }
    enum Door: Hashable, Sendable { case closed, opened, locked }
    enum House: Hashable, Sendable {
        case home, front, back, frontDoor(Door), backDoor(Door), secured
    }

    static func log(_ line: String) -> Action<Ev, Trace> { Logged<Ev>.log(line) }

    /// The embedded chart, written with the same DSL and taken apart into its definition.
    static let door: StatechartDefinition<Door, Ev, Trace> = StatechartDefinition(
        name: "door",
        initial: InitialTransition(targets: [.closed], actions: [log("door init")]),
        states: [
            State<Door, Ev, Trace>(.opened) { On(.close, to: .closed) }.definition,
            State<Door, Ev, Trace>(.closed) {
                OnEntry(log("closed"))
                On(.open, to: .opened)
                On(.lock, to: .locked)
            }.definition,
            Final<Door, Ev, Trace>(.locked).definition,
        ])

    static func chart(singlePathPlans: Bool) throws -> Statechart<House, Ev, Trace> {
        try Statechart<House, Ev, Trace>(singlePathPlans: singlePathPlans) {
            Parallel(.home) {
                Submachine(.front, door, mapState: { .frontDoor($0) }) {
                    On(.tick, actions: [log("front tick")])
                }
                Submachine(.back, door, mapState: { .backDoor($0) })
                OnDone(to: .secured, actions: [log("home secured")])
            }
            State(.secured) { On(.reset, to: .home) }
        }
    }

    @Test("a chart embedded twice runs as two independent regions", arguments: [true, false])
    func embeddedTwice(singlePathPlans: Bool) throws {
        let chart = try Self.chart(singlePathPlans: singlePathPlans)
        #expect(chart.states == [
            .home, .front, .frontDoor(.opened), .frontDoor(.closed), .frontDoor(.locked),
            .back, .backDoor(.opened), .backDoor(.closed), .backDoor(.locked), .secured,
        ])
        let path = try #require(chart.path(of: .backDoor(.locked)))
        #expect(path.hasPrefix("root/home/back/backDoor(") && path.hasSuffix("locked)"))
        var house = chart.start(context: Trace())
        // The embedded initial transition (with its action) applies to each copy.
        #expect(house.context.lines == ["door init", "closed", "door init", "closed"])
        #expect(house.activeLeaves == [.frontDoor(.closed), .backDoor(.closed)])

        house.context.lines = []
        house.send(.open)
        #expect(house.activeLeaves == [.frontDoor(.opened), .backDoor(.opened)])
        house.send(.tick)
        #expect(house.context.lines == ["front tick"])
        house.send(.close)
        #expect(house.activeLeaves == [.frontDoor(.closed), .backDoor(.closed)])
        #expect(house.isActive(.frontDoor(.closed)))
    }

    @Test("the embedded final states complete each submachine; both together complete the parallel state",
          arguments: [true, false])
    func doneThroughSubmachines(singlePathPlans: Bool) throws {
        var house = try Self.chart(singlePathPlans: singlePathPlans).start(context: Trace())
        house.context.lines = []
        house.send(.lock)
        #expect(house.context.lines == ["home secured"])
        #expect(house.configuration == [.secured])
        house.send(.reset)
        #expect(house.activeLeaves == [.frontDoor(.closed), .backDoor(.closed)])
    }

    @Test("embedding a chart twice without renaming its states is reported as duplicate states")
    func duplicateWithoutRenaming() {
        enum Flat: Hashable, Sendable { case a, b, x, y }
        let inner = StatechartDefinition<Flat, Ev, Trace>(states: [State<Flat, Ev, Trace>(.x).definition])
        do {
            _ = try Statechart<Flat, Ev, Trace> {
                Submachine(.a, inner)
                Submachine(.b, inner)
            }
            Issue.record("the chart compiled")
        } catch {
            #expect(error.problems == [
                StatechartDefinitionError.Problem(path: "root/b/x", message: "duplicate state 'x' (first defined at root/a/x)"),
            ])
        }
    }
}

@Suite("DSL conveniences")
struct DSLConvenienceTests {
    enum S: Hashable, Sendable { case work, step, done, after, idle, any }
    enum E: StatechartEvent, Hashable { case go, poke }

    @Test("a definition written with the DSL compiles later, and trailing-closure actions work on every transition kind")
    func definitionAndTrailingClosures() throws {
        let definition = StatechartDefinition<S, E, [String]>("later") {
            State(.work, initial: .step) {
                State(.step) { On(.go, to: .done) }
                Final(.done)
                OnDone(to: .after) { $0.append("done") }
            }
            State(.after) { Always(to: .idle) { $0.append("always") } }
            State(.idle) { OnAny(to: .any) { context, event, _ in context.append(event == .poke ? "any poke" : "any other") } }
            State(.any)
        }
        let chart = try Statechart(definition)
        #expect(chart.name == "later")
        var machine = chart.start(context: [])
        machine.send(.go)
        machine.send(.poke)
        #expect(machine.context == ["done", "always", "any poke"])
        #expect(machine.activeLeaves == [.any])
    }
}
