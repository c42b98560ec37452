import Testing
@_spi(Testing) import Statecharts

/// Actions and guards in their three closure forms (context; context and event; context, event
/// and outbox): what each receives, the order of a transition's mixed actions, events raised or
/// sent by an outbox action, and guards and `whenIn` deciding between candidates. Each case runs
/// in lockstep with the fast routes on and off (see ``Lockstep``).
@Suite("Actions and guards in their three forms")
struct ActionFormTests {}

// MARK: - Actions that read the event

extension ActionFormTests {

    /// Keys and clicks named by a `Name` enum that is not `CaseIterable`: classes by dictionary.
    enum Input: StatechartEvent, Equatable {
        case key(Character), click(x: Int, y: Int), reset
        enum Name: Hashable, Sendable { case key, click, reset }
        var name: Name {
            switch self {
            case .key: .key
            case .click: .click
            case .reset: .reset
            }
        }
    }

    /// Commands with payloads named by a `CaseIterable` enum: classes by the name's tag byte.
    /// The names' case order differs from the order in which charts declare them.
    enum Cmd: StatechartEvent, Equatable {
        case set(Int), clear, noise
        enum Name: Hashable, Sendable, CaseIterable { case noise, clear, set }
        var name: Name {
            switch self {
            case .set: .set
            case .clear: .clear
            case .noise: .noise
            }
        }
    }

    /// An event-reading action that logs `prefix` and the payload of the input it receives.
    static func record(_ prefix: String) -> Action<Input, Trace> {
        Action(prefix) { (context: inout Trace, event: Input?) in
            switch event {
            case .key(let character)?: context.lines.append("\(prefix): key \(character)")
            case .click(let x, let y)?: context.lines.append("\(prefix): click \(x),\(y)")
            case .reset?: context.lines.append("\(prefix): reset")
            case nil: context.lines.append("\(prefix): nil")
            }
        }
    }

    static func inputChart(singlePathPlans: Bool) throws -> Statechart<String, Input, Trace> {
        typealias D = Logged<Input>
        return try Statechart<String, Input, Trace>(singlePathPlans: singlePathPlans) {
            D.state("idle") {
                OnEntry(record("+idle with"))
                On(.key, to: "typing", actions: [record("t idle→typing")])
                On(.click, actions: [record("click in idle")])
            }
            D.state("typing") {
                OnEntry(record("+typing with"))
                On(.key, actions: [record("key in typing")])
                On(.click, to: "clicked", actions: [record("t typing→clicked")])
                On(.reset, to: "idle", actions: [D.log("t typing→idle")])
            }
            D.state("clicked") {
                On(.click, to: "clicked", actions: [record("t clicked→clicked")])
                On(.reset, to: "idle", actions: [record("t clicked→idle")])
            }
        }
    }

    @Test("actions of the (inout Context, Event?) form receive the event being sent: enum with payloads named by a Name enum")
    func eventReachesActionsByName() throws {
        var lock = try Lockstep<Input> { try Self.inputChart(singlePathPlans: $0) }
        lock.start()
        #expect(lock.direct.context.lines == ["+idle", "+idle with: nil"])
        #expect(lock.send(.key("q")).lines == ["-idle", "t idle→typing: key q", "+typing", "+typing with: key q"])
        #expect(lock.send(.key("w")).lines == ["key in typing: key w"])
        #expect(lock.send(.key("e")).lines == ["key in typing: key e"])
        #expect(lock.send(.click(x: 1, y: 2)).lines == ["-typing", "t typing→clicked: click 1,2", "+clicked"])
        #expect(lock.send(.click(x: 3, y: 4)).lines == ["-clicked", "t clicked→clicked: click 3,4", "+clicked"])
        #expect(lock.send(.key("x")).result.outcome == .ignored)
        #expect(lock.send(.reset).lines == ["-clicked", "t clicked→idle: reset", "+idle", "+idle with: reset"])
        #expect(lock.send(.click(x: 5, y: 6)).lines == ["click in idle: click 5,6"])
        #expect(lock.send(.click(x: 7, y: 8)).lines == ["click in idle: click 7,8"])
    }

    static func signalReader<E: LockstepSignal>(_: E.Type, singlePathPlans: Bool) throws -> Statechart<String, E, Trace> {
        typealias D = Logged<E>
        return try Statechart<String, E, Trace>(singlePathPlans: singlePathPlans) {
            D.state("s1") {
                On(.go, to: "s2", actions: [D.logWithEvent("t s1→s2")])
                On(.poke, .tick, actions: [D.logWithEvent("in s1")])
            }
            D.state("s2") {
                OnEntry(D.logWithEvent("s2 entered by"))
                On(.back, .go, to: "s1", actions: [D.logWithEvent("t s2→s1")])
            }
        }
    }

    @Test("actions of the (inout Context, Event?) form receive the event being sent: payload-free enum",
          arguments: Numbering.allCases)
    func eventReachesActionsPayloadFree(_ numbering: Numbering) throws {
        try Self.eventReachesActionsPayloadFree(numbering.type)
    }

    static func eventReachesActionsPayloadFree<E: LockstepSignal>(_: E.Type) throws {
        var lock = try Lockstep<E> { try signalReader(E.self, singlePathPlans: $0) }
        lock.start()
        #expect(lock.send(.poke).lines == ["in s1 [poke]"])
        #expect(lock.send(.tick).lines == ["in s1 [tick]"])
        #expect(lock.send(.go).lines == ["-s1", "t s1→s2 [go]", "+s2", "s2 entered by [go]"])
        #expect(lock.send(.back).lines == ["-s2", "t s2→s1 [back]", "+s1"])
        #expect(lock.send(.go).lines == ["-s1", "t s1→s2 [go]", "+s2", "s2 entered by [go]"])
        #expect(lock.send(.go).lines == ["-s2", "t s2→s1 [go]", "+s1"])
        #expect(lock.send(.tick).lines == ["in s1 [tick]"])
    }

    static func commandChart(singlePathPlans: Bool) throws -> Statechart<String, Cmd, Trace> {
        typealias D = Logged<Cmd>
        let apply = Action<Cmd, Trace>("apply") { (context: inout Trace, event: Cmd?) in
            switch event {
            case .set(let value)?:
                context.n = value
                context.lines.append("set \(value)")
            case .clear?:
                context.n = 0
                context.lines.append("clear")
            case .noise?: context.lines.append("noise")
            case nil: context.lines.append("nil")
            }
        }
        return try Statechart<String, Cmd, Trace>(singlePathPlans: singlePathPlans) {
            D.state("off") { On(.set, to: "on", actions: [apply]) }
            D.state("on") {
                On(.set, actions: [apply])
                On(.clear, to: "off", actions: [apply])
            }
        }
    }

    @Test("actions of the (inout Context, Event?) form receive the event being sent: payloads named by a CaseIterable enum")
    func eventReachesActionsByTaggedName() throws {
        var lock = try Lockstep<Cmd> { try Self.commandChart(singlePathPlans: $0) }
        lock.start()
        #expect(lock.send(.set(3)).lines == ["-off", "set 3", "+on"])
        #expect(lock.direct.context.n == 3)
        #expect(lock.send(.set(7)).lines == ["set 7"])
        #expect(lock.direct.context.n == 7)
        let noise = lock.send(.noise)
        #expect(noise.result.outcome == .ignored && noise.lines.isEmpty)
        #expect(lock.send(.clear).lines == ["-on", "clear", "+off"])
        #expect(lock.direct.context.n == 0)
        #expect(lock.send(.set(1)).lines == ["-off", "set 1", "+on"])
        #expect(lock.direct.context.n == 1)
        #expect(lock.planned.declaredEventNames == [.set, .clear])
    }

    static func mixedForms<E: LockstepSignal>(_: E.Type, singlePathPlans: Bool) throws -> Statechart<String, E, Trace> {
        typealias D = Logged<E>
        let bump = Action<E, Trace>("n += 1") { $0.n += 1 }
        let readN = Action<E, Trace>("read n") { (context: inout Trace, event: E?) in
            context.lines.append("n = \(context.n) on \(event.map { String(describing: $0) } ?? "nil")")
        }
        return try Statechart<String, E, Trace>(singlePathPlans: singlePathPlans) {
            D.state("M") {
                OnExit(D.logWithEvent("-M (event)"))
                D.state("M1") {
                    OnExit(D.logWithEvent("-M1 (event)"))
                    OnExit(bump)
                    On(.go, to: "N", actions: [D.log("t1 (context)"), readN, bump, D.logWithEvent("t2 (event)"), readN])
                }
            }
            D.state("N") {
                OnEntry(D.logWithEvent("+N (event)"))
                OnEntry(bump)
                Initial("N1", actions: [readN, D.log("init N→N1 (context)")])
                D.state("N1") {
                    OnEntry(readN)
                    On(.back, to: "M1", actions: [bump, readN])
                }
            }
        }
    }

    @Test("a plan mixing (inout Context) and (inout Context, Event?) actions runs them in order, each seeing the one before",
          arguments: Numbering.allCases)
    func mixedActionFormsKeepOrder(_ numbering: Numbering) throws {
        try Self.mixedActionFormsKeepOrder(numbering.type)
    }

    static func mixedActionFormsKeepOrder<E: LockstepSignal>(_: E.Type) throws {
        var lock = try Lockstep<E> { try mixedForms(E.self, singlePathPlans: $0) }
        lock.start()
        #expect(lock.send(.go).lines == [
            "-M1", "-M1 (event) [go]", "-M", "-M (event) [go]",
            "t1 (context)", "n = 1 on go", "t2 (event) [go]", "n = 2 on go",
            "+N", "+N (event) [go]", "n = 3 on go", "init N→N1 (context)", "+N1", "n = 3 on go",
        ])
        #expect(lock.direct.context.n == 3)
        #expect(lock.send(.back).lines == ["-N1", "-N", "n = 4 on back", "+M", "+M1"])
        #expect(lock.send(.go).lines == [
            "-M1", "-M1 (event) [go]", "-M", "-M (event) [go]",
            "t1 (context)", "n = 5 on go", "t2 (event) [go]", "n = 6 on go",
            "+N", "+N (event) [go]", "n = 7 on go", "init N→N1 (context)", "+N1", "n = 7 on go",
        ])
    }
}

// MARK: - Outbox actions

extension ActionFormTests {

    static func outboxChart<E: LockstepSignal>(_: E.Type, singlePathPlans: Bool) throws -> Statechart<String, E, Trace> {
        typealias D = Logged<E>
        return try Statechart<String, E, Trace>(singlePathPlans: singlePathPlans) {
            D.state("a") {
                On(.go, to: "b", actions: [D.log("t a→b"), D.raise("raise poke", .poke), D.logWithEvent("after raise")])
            }
            D.state("b") { On(.poke, to: "c", actions: [D.logWithEvent("t b→c")]) }
            D.state("c") {
                OnExit(D.raise("-c raises tick", .tick))
                On(.go, to: "d", actions: [D.send("send back", .back), D.log("t c→d")])
            }
            D.state("d") {
                On(.tick, actions: [D.logWithEvent("tick in d")])
                On(.back, to: "a", actions: [D.logWithEvent("t d→a")])
            }
        }
    }

    @Test("an Outbox action in a plan: the event it raises or sends is processed in the same send",
          arguments: Numbering.allCases)
    func outboxActionsRaiseInSameSend(_ numbering: Numbering) throws {
        try Self.outboxActionsRaiseInSameSend(numbering.type)
    }

    static func outboxActionsRaiseInSameSend<E: LockstepSignal>(_: E.Type) throws {
        var lock = try Lockstep<E> { try outboxChart(E.self, singlePathPlans: $0) }
        lock.start()
        var (result, lines) = lock.send(.go)
        #expect(lines == ["-a", "t a→b", "raise poke", "after raise [go]", "+b", "-b", "t b→c [poke]", "+c"])
        #expect(result.outcome == .transitioned)
        #expect(lock.names(result) == ["a→b", "b→c"])
        #expect(lock.planned.activeStates(in: result.from) == ["a"])
        #expect(lock.planned.activeStates(in: result.to) == ["c"])

        // A raise from an exit action runs before the event sent by a transition action.
        (result, lines) = lock.send(.go)
        #expect(lines == ["-c", "-c raises tick", "send back", "t c→d", "+d", "tick in d [tick]",
                          "-d", "t d→a [back]", "+a"])
        #expect(lock.names(result) == ["c→d", "d→", "d→a"])
        #expect(lock.planned.activeStates(in: result.to) == ["a"])

        (result, lines) = lock.send(.go)
        #expect(lock.names(result) == ["a→b", "b→c"])
        #expect(lock.direct.configuration == ["c"])
    }
}

// MARK: - Guards and whenIn

extension ActionFormTests {

    static func guarded<E: LockstepSignal>(_: E.Type, singlePathPlans: Bool) throws -> Statechart<String, E, Trace> {
        typealias D = Logged<E>
        let flag = Guard<E, Trace>("flag") { $0.flag }
        let moreThanFive = Guard<E, Trace>("n > 5") { $0.n > 5 }
        let goAndTwo = Guard<E, Trace>("event is go and n ≥ 2") { (context: Trace, event: E?) -> Bool in
            event == .go && context.n >= 2
        }
        let raising = Guard<E, Trace>("raise poke, then flag") { (context: Trace, _: E?, outbox: inout Outbox<E>) -> Bool in
            outbox.raise(.poke)
            return context.flag
        }
        return try Statechart<String, E, Trace>(singlePathPlans: singlePathPlans) {
            D.state("G") {
                On(.go, to: "Out", actions: [D.log("t G→Out")])
                On(.poke, actions: [D.logWithEvent("poke in G")])
                D.state("G1") {
                    On(.go, to: "G2", guard: flag, actions: [D.log("t G1→G2")])
                    On(.down, to: "G3", guard: moreThanFive, actions: [D.log("t G1→G3")])
                }
                D.state("G2") {
                    On(.go, to: "G3", guard: goAndTwo, actions: [D.log("t G2→G3")])
                    On(.go, to: "G1", actions: [D.log("t G2→G1")])
                }
                D.state("G3") {
                    On(.go, to: "G1", guard: raising, actions: [D.log("t G3→G1")])
                    On(.up, to: "G1", whenIn: ["G"], actions: [D.log("t G3→G1 whenIn G")])
                    On(.back, to: "G1", whenIn: ["Out"], actions: [D.log("t G3→G1 whenIn Out")])
                }
            }
            D.state("Out") {
                On(.go, to: "G", actions: [D.log("t Out→G")])
                On(.poke, actions: [D.logWithEvent("poke in Out")])
            }
        }
    }

    @Test("guards of all three forms and whenIn on the first candidate: when false, the next candidate or an ancestor's transition is taken, else the event is ignored",
          arguments: Numbering.allCases)
    func guardsFallThrough(_ numbering: Numbering) throws {
        try Self.guardsFallThrough(numbering.type)
    }

    static func guardsFallThrough<E: LockstepSignal>(_: E.Type) throws {
        var lock = try Lockstep<E> { try guarded(E.self, singlePathPlans: $0) }
        lock.start()
        #expect(lock.direct.configuration == ["G", "G1"])

        // (Context) guard false: the ancestor's transition.
        var (result, lines) = lock.send(.go)
        #expect(lines == ["-G1", "-G", "t G→Out", "+Out"])
        #expect(lock.names(result) == ["G→Out"])
        #expect(lock.send(.go).lines == ["-Out", "t Out→G", "+G", "+G1"])

        // Nothing enabled: ignored, nothing runs.
        (result, lines) = lock.send(.down)
        #expect(result.outcome == .ignored && lines.isEmpty && result.from == result.to && result.transitions.isEmpty)

        // (Context) guard true.
        lock.updateContext { $0.flag = true }
        #expect(lock.send(.go).lines == ["-G1", "t G1→G2", "+G2"])
        // (Context, Event?) guard false: the state's next candidate.
        (result, lines) = lock.send(.go)
        #expect(lines == ["-G2", "t G2→G1", "+G1"])
        #expect(lock.names(result) == ["G2→G1"])
        #expect(lock.send(.go).lines == ["-G1", "t G1→G2", "+G2"])
        // (Context, Event?) guard true.
        lock.updateContext { $0.n = 2 }
        #expect(lock.send(.go).lines == ["-G2", "t G2→G3", "+G3"])

        // whenIn satisfied (an ancestor is active), then not (a state that is not).
        #expect(lock.send(.up).lines == ["-G3", "t G3→G1 whenIn G", "+G1"])
        _ = lock.send(.go)
        _ = lock.send(.go)
        #expect(lock.direct.configuration == ["G", "G3"])
        (result, lines) = lock.send(.back)
        #expect(result.outcome == .ignored && lines.isEmpty && result.from == result.to)

        // (Context, Event?, Outbox) guard true: the event it raised runs in the same send.
        (result, lines) = lock.send(.go)
        #expect(lines == ["-G3", "t G3→G1", "+G1", "poke in G [poke]"])
        #expect(lock.names(result) == ["G3→G1", "G→"])

        // (Context, Event?, Outbox) guard false: the ancestor's transition, then the raised event.
        _ = lock.send(.go)
        _ = lock.send(.go)
        lock.updateContext { $0.flag = false }
        (result, lines) = lock.send(.go)
        #expect(lines == ["-G3", "-G", "t G→Out", "+Out", "poke in Out [poke]"])
        #expect(lock.names(result) == ["G→Out", "Out→"])
    }
}
