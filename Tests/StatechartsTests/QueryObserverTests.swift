import Testing
@_spi(Testing) import Statecharts

/// Queries on a running instance (`isActive`, `configuration`, `activeLeaves`, `can`,
/// `enabledEventNames`), the chart's introspection, the trace recorder, and value semantics.
@Suite("Queries and observers")
struct QueryObserverTests {
    enum Ev: StatechartEvent, Hashable { case power, unmute, mute, light, probe }
    typealias L = Logged<Ev>

    /// Document order: off, on, audio, muted, playing, video, dark, bright.
    static func chart(singlePathPlans: Bool) throws -> Statechart<String, Ev, Trace> {
        try Statechart<String, Ev, Trace>("player", singlePathPlans: singlePathPlans) {
            L.state("off") { On(.power, to: "on") }
            L.parallel("on") {
                On(.power, to: "off")
                L.state("audio") {
                    L.state("muted") { On(.unmute, to: "playing", guard: Guard("flag") { $0.flag }) }
                    L.state("playing") { On(.mute, to: "muted") }
                }
                L.state("video") {
                    L.state("dark") {
                        On(.light, to: "bright")
                        // A guard that raises while it decides: `can` must not keep what it raised.
                        On(.probe, guard: Guard("raising") { _, _, outbox in
                            outbox.raise(.light)
                            return true
                        })
                    }
                    L.state("bright")
                }
            }
        }
    }

    @Test("an instance that has not started has no configuration and accepts nothing")
    func notStarted() throws {
        let machine = try Self.chart(singlePathPlans: true).makeInstance(context: Trace())
        #expect(machine.configuration.isEmpty)
        #expect(machine.activeLeaves.isEmpty)
        #expect(!machine.isActive("off"))
        #expect(!machine.isRunning)
        #expect(!machine.isFinished)
        #expect(!machine.can(.power))
        #expect(machine.enabledEventNames.isEmpty)
        var copy = machine
        #expect(copy.send(.power).outcome == .notRunning)
        #expect(copy.start().outcome == .ignored)
        #expect(copy.start().outcome == .notRunning)
    }

    @Test("isActive, configuration, activeLeaves, can and enabledEventNames follow the configuration",
          arguments: [true, false])
    func queries(singlePathPlans: Bool) throws {
        var machine = try Self.chart(singlePathPlans: singlePathPlans).start(context: Trace())
        #expect(machine.isRunning)
        #expect(machine.configuration == ["off"])
        #expect(machine.activeLeaves == ["off"])
        #expect(machine.isActive("off"))
        #expect(!machine.isActive("on"))
        #expect(!machine.isActive("no such state"))
        #expect(machine.can(.power))
        #expect(!machine.can(.light))
        #expect(machine.enabledEventNames == [.power])

        machine.send(.power)
        #expect(machine.configuration == ["on", "audio", "muted", "video", "dark"])
        #expect(machine.activeLeaves == ["muted", "dark"])
        for state in ["on", "audio", "muted", "video", "dark"] { #expect(machine.isActive(state), "\(state)") }
        for state in ["off", "playing", "bright"] { #expect(!machine.isActive(state), "\(state)") }
        #expect(machine.can(.light))
        #expect(!machine.can(.unmute))
        #expect(!machine.can(.mute))
        #expect(machine.enabledEventNames == [.power, .light, .probe])
        machine.context.flag = true
        #expect(machine.can(.unmute))
        #expect(machine.enabledEventNames == [.power, .unmute, .light, .probe])

        // Queries change nothing, and what a guard raised while `can` asked is dropped.
        let before = machine.context
        #expect(machine.can(.probe))
        _ = machine.enabledEventNames
        #expect(machine.context == before)
        #expect(machine.configuration == ["on", "audio", "muted", "video", "dark"])
        #expect(machine.send(.mute).outcome == .ignored)
        #expect(machine.isActive("dark"))
        // Sending probe for real runs the guard, whose raised event is then processed.
        #expect(machine.send(.probe).transitions.count == 2)
        #expect(machine.isActive("bright"))
    }

    @Test("the chart describes its states and transitions")
    func introspection() throws {
        let chart = try Self.chart(singlePathPlans: true)
        #expect(chart.name == "player")
        #expect(chart.stateCount == 8)
        #expect(chart.states == ["off", "on", "audio", "muted", "playing", "video", "dark", "bright"])
        #expect(chart.kind(of: "on") == .parallel)
        #expect(chart.kind(of: "audio") == .compound)
        #expect(chart.kind(of: "dark") == .atomic)
        #expect(chart.kind(of: "nope") == nil)
        #expect(chart.parent(of: "muted") == "audio")
        #expect(chart.parent(of: "off") == nil)
        #expect(chart.children(of: nil) == ["off", "on"])
        #expect(chart.children(of: "on") == ["audio", "video"])
        #expect(chart.path(of: "bright") == "root/on/video/bright")
        #expect(chart.defaultTargets(of: nil) == ["off"])
        #expect(chart.defaultTargets(of: "on") == ["audio", "video"])
        #expect(chart.defaultTargets(of: "audio") == ["muted"])
        #expect(chart.declaredEventNames == [.power, .unmute, .mute, .light, .probe])
        let transitions = chart.allTransitions
        #expect(transitions.count == 6)
        let unmute = try #require(chart.transition(transitions[2]))
        #expect(unmute.source == "muted")
        #expect(unmute.targets == ["playing"])
        #expect(unmute.events == [.unmute])
        #expect(unmute.guardName == "flag")
        #expect(chart.transitions(of: "on") == [transitions[1]])
        #expect(chart.entryActionNames(of: "on") == ["+on"])
        #expect(chart.exitActionNames(of: "on") == ["-on"])
    }

    @Test("the trace recorder lists entries, exits, transitions, microsteps and macrosteps", arguments: [true, false])
    func traceRecorder(singlePathPlans: Bool) throws {
        enum Go: StatechartEvent, Hashable { case go }
        typealias G = Logged<Go>
        let chart = try Statechart<String, Go, Trace>(singlePathPlans: singlePathPlans) {
            G.state("a") {
                G.state("a1") { On(.go, to: "b") }
            }
            G.state("b")
        }
        var recorder = StatechartTraceRecorder<String, Go>()
        var machine = chart.makeInstance(context: Trace())
        machine.start(observer: &recorder)
        #expect(recorder.lines == ["enter a", "enter a1", "microstep", "macrostep"])
        recorder.lines = []
        let result = machine.send(.go, observer: &recorder)
        #expect(recorder.lines == ["exit a1", "exit a", "transition t0", "enter b", "microstep", "macrostep go"])
        #expect(result.transitions.map(\.description) == ["t0"])
        #expect(chart.transition(TransitionID(rawValue: 0))?.source == "a1")
        recorder.lines = []
        machine.send(.go, observer: &recorder)
        #expect(recorder.lines == ["macrostep go"])
    }

    @Test("a copy of an instance is a snapshot that evolves independently", arguments: [true, false])
    func valueSemantics(singlePathPlans: Bool) throws {
        enum E: StatechartEvent, Hashable { case go, leave, back, tick, arm }
        typealias V = Logged<E>
        let chart = try Statechart<String, E, Trace>(singlePathPlans: singlePathPlans) {
            V.state("m") {
                History("h", .deep)
                V.state("m1") { On(.go, to: "m2") }
                V.state("m2") { On(.tick, actions: [Action("count") { $0.n += 1 }]) }
                On(.leave, to: "out")
                On(.arm, actions: [V.send(.tick, after: .milliseconds(10))])
            }
            V.state("out") { On(.back, to: "h") }
        }
        var original = chart.start(context: Trace())
        original.send(.go)
        original.send(.arm)
        original.send(.leave)                    // remembers m2
        var copy = original
        #expect(copy.configuration == ["out"])
        #expect(copy.pendingDelayedEventCount == 1)

        copy.send(.back)                         // m2
        copy.send(.tick)
        copy.advanceClock(by: .milliseconds(10))
        #expect(copy.context.n == 2)
        #expect(copy.now == .milliseconds(10))
        #expect(copy.pendingDelayedEventCount == 0)
        copy.send(.leave)
        copy.send(.back)
        #expect(copy.configuration == ["m", "m2"])

        // The original did none of that.
        #expect(original.configuration == ["out"])
        #expect(original.context.n == 0)
        #expect(original.now == .zero)
        #expect(original.pendingDelayedEventCount == 1)
        original.advanceClock(by: .milliseconds(10))
        #expect(original.context.n == 0)
        original.send(.back)
        #expect(original.configuration == ["m", "m2"])
        #expect(copy.context.n == 2)
    }
}
