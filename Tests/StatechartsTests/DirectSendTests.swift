import Testing
@_spi(Testing) import Statecharts

/// The direct send path: for a single-path configuration, a table per (active leaf, event class)
/// either ignores the event outright or takes its first candidate by running a precomputed list of
/// actions and jumping to the new leaf. These tests check, through the public API only, that it
/// does exactly what the general SCXML algorithm does.
///
/// Every scenario runs in lockstep on four instances (see ``Lockstep``): the chart compiled with
/// single-path plans, sent plain events (the direct path) and prepared events; and the chart
/// compiled with `singlePathPlans: false` (the oracle), sent plain events and events with an
/// observer (which never takes a table shortcut). After each event the four must agree on the
/// `SendResult` (outcome, transitions, from, to), the context (whose log records every exit,
/// transition and entry action in order), the configuration, `isActive` of every state, the
/// running/finished status and the snapshot. Most scenarios also check literal expectations, so
/// that a fault shared by every path still fails. Charts on payload-free events run twice: with a
/// `CaseIterable` enum (event classes numbered by tag byte) and with an enum that is not
/// (classes looked up in a dictionary).
@Suite("Direct send path agrees with the general algorithm")
struct DirectSendTests {
    // MARK: Context, events and DSL helpers

    /// What actions record and guards read (shared with `RegionAndHistoryPathTests`).
    typealias Ctx = LockstepContext

    /// Payload-free events, with the same case names in both numberings.
    protocol Signal: StatechartEvent, Hashable where Name == Self {
        static var go: Self { get }
        static var stray: Self { get }
        static var back: Self { get }
        static var up: Self { get }
        static var down: Self { get }
        static var poke: Self { get }
        static var tick: Self { get }
    }

    /// `CaseIterable` and one byte: classes are tag bytes. `stray` (tag 1) is declared by no chart.
    enum Sig: Signal, CaseIterable { case go, stray, back, up, down, poke, tick }
    /// The same cases without `CaseIterable`: classes come from a dictionary of declared names.
    enum HashedSig: Signal { case go, stray, back, up, down, poke, tick }

    /// Both numberings of event classes, as test arguments.
    enum Numbering: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case tags, dictionary
        var type: any Signal.Type { self == .tags ? Sig.self : HashedSig.self }
        var testDescription: String {
            self == .tags ? "CaseIterable enum (classes by tag)" : "enum without CaseIterable (classes by dictionary)"
        }
    }

    /// Actions and logging states for any event type.
    typealias Do<E: StatechartEvent> = LockstepDSL<E>

    // MARK: 1. Exit, transition and entry order

    /// A and B, each compound two levels deep, with initial transitions that log.
    static func nested<E: Signal>(_: E.Type, singlePathPlans: Bool) throws -> Statechart<String, E, Ctx> {
        typealias D = Do<E>
        return try Statechart<String, E, Ctx>(singlePathPlans: singlePathPlans) {
            D.state("A") {
                Initial("A1", actions: [D.log("init A→A1")])
                On(.down, to: "A1", kind: .internal, actions: [D.log("t A→A1 internal")])
                D.state("A1") {
                    Initial("A11", actions: [D.log("init A1→A11")])
                    D.state("A11") {
                        On(.go, to: "B", actions: [D.log("t A11→B")])
                        On(.up, to: "A2", actions: [D.log("t A11→A2")])
                    }
                }
                D.state("A2")
            }
            D.state("B") {
                Initial("B1", actions: [D.log("init B→B1")])
                On(.back, to: "A11", actions: [D.log("t B→A11")])
                On(.poke, to: "B", actions: [D.log("t B→B")])
                D.state("B1") {
                    Initial("B11", actions: [D.log("init B1→B11")])
                    D.state("B11")
                }
            }
        }
    }

    @Test("exits run from the leaf up to the domain, then the transition's actions, then entries down with a compound target's initial actions",
          arguments: Numbering.allCases)
    func exitTransitionEntryOrder(_ numbering: Numbering) throws {
        try Self.exitTransitionEntryOrder(numbering.type)
    }

    static func exitTransitionEntryOrder<E: Signal>(_: E.Type) throws {
        var lock = try Lockstep<E> { try nested(E.self, singlePathPlans: $0) }
        lock.start()
        #expect(lock.direct.context.log == ["enter A", "init A→A1", "enter A1", "init A1→A11", "enter A11"])

        // Down from A11 into B: B's and B1's initial transitions run after their entry actions.
        var (result, lines) = lock.send(.go)
        #expect(lines == ["exit A11", "exit A1", "exit A", "t A11→B", "enter B", "init B→B1", "enter B1", "init B1→B11", "enter B11"])
        #expect(result.outcome == .transitioned)
        #expect(lock.names(result) == ["A11→B"])
        #expect(lock.planned.activeStates(in: result.from) == ["A", "A1", "A11"])
        #expect(lock.planned.activeStates(in: result.to) == ["B", "B1", "B11"])
        #expect(lock.direct.isActive("B1") && !lock.direct.isActive("A"))

        // An external self-transition of the compound ancestor B exits and re-enters all of it.
        (result, lines) = lock.send(.poke)
        #expect(lines == ["exit B11", "exit B1", "exit B", "t B→B", "enter B", "init B→B1", "enter B1", "init B1→B11", "enter B11"])
        #expect(lock.names(result) == ["B→B"])

        // Back up from B (an ancestor's transition) to the atomic A11: no initial action runs.
        (result, lines) = lock.send(.back)
        #expect(lines == ["exit B11", "exit B1", "exit B", "t B→A11", "enter A", "enter A1", "enter A11"])
        #expect(lock.names(result) == ["B→A11"])
        #expect(lock.planned.activeStates(in: result.to) == ["A", "A1", "A11"])

        // Domain A: A itself is neither exited nor entered.
        (result, lines) = lock.send(.up)
        #expect(lines == ["exit A11", "exit A1", "t A11→A2", "enter A2"])
        #expect(lock.direct.configuration == ["A", "A2"])

        // An internal transition of A to its child A1: A stays, A1 is entered by default.
        (result, lines) = lock.send(.down)
        #expect(lines == ["exit A2", "t A→A1 internal", "enter A1", "init A1→A11", "enter A11"])
        #expect(lock.names(result) == ["A→A1"])
        #expect(lock.direct.configuration == ["A", "A1", "A11"])

        (result, lines) = lock.send(.go)
        #expect(lines == ["exit A11", "exit A1", "exit A", "t A11→B", "enter B", "init B→B1", "enter B1", "init B1→B11", "enter B11"])
    }

    // MARK: 2. Actions that read the event

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
    static func record(_ prefix: String) -> Action<Input, Ctx> {
        Action(prefix) { (context: inout Ctx, event: Input?) in
            switch event {
            case .key(let character)?: context.log.append("\(prefix): key \(character)")
            case .click(let x, let y)?: context.log.append("\(prefix): click \(x),\(y)")
            case .reset?: context.log.append("\(prefix): reset")
            case nil: context.log.append("\(prefix): nil")
            }
        }
    }

    static func inputChart(singlePathPlans: Bool) throws -> Statechart<String, Input, Ctx> {
        typealias D = Do<Input>
        return try Statechart<String, Input, Ctx>(singlePathPlans: singlePathPlans) {
            D.state("idle") {
                OnEntry(record("enter idle with"))
                On(.key, to: "typing", actions: [record("t idle→typing")])
                On(.click, actions: [record("click in idle")])
            }
            D.state("typing") {
                OnEntry(record("enter typing with"))
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
        #expect(lock.direct.context.log == ["enter idle", "enter idle with: nil"])
        #expect(lock.send(.key("q")).lines == ["exit idle", "t idle→typing: key q", "enter typing", "enter typing with: key q"])
        #expect(lock.send(.key("w")).lines == ["key in typing: key w"])
        #expect(lock.send(.key("e")).lines == ["key in typing: key e"])
        #expect(lock.send(.click(x: 1, y: 2)).lines == ["exit typing", "t typing→clicked: click 1,2", "enter clicked"])
        #expect(lock.send(.click(x: 3, y: 4)).lines == ["exit clicked", "t clicked→clicked: click 3,4", "enter clicked"])
        #expect(lock.send(.key("x")).result.outcome == .ignored)
        #expect(lock.send(.reset).lines == ["exit clicked", "t clicked→idle: reset", "enter idle", "enter idle with: reset"])
        #expect(lock.send(.click(x: 5, y: 6)).lines == ["click in idle: click 5,6"])
        #expect(lock.send(.click(x: 7, y: 8)).lines == ["click in idle: click 7,8"])
    }

    static func signalReader<E: Signal>(_: E.Type, singlePathPlans: Bool) throws -> Statechart<String, E, Ctx> {
        typealias D = Do<E>
        return try Statechart<String, E, Ctx>(singlePathPlans: singlePathPlans) {
            D.state("s1") {
                On(.go, to: "s2", actions: [D.logEvent("t s1→s2")])
                On(.poke, .tick, actions: [D.logEvent("in s1")])
            }
            D.state("s2") {
                OnEntry(D.logEvent("s2 entered by"))
                On(.back, .go, to: "s1", actions: [D.logEvent("t s2→s1")])
            }
        }
    }

    @Test("actions of the (inout Context, Event?) form receive the event being sent: payload-free enum",
          arguments: Numbering.allCases)
    func eventReachesActionsPayloadFree(_ numbering: Numbering) throws {
        try Self.eventReachesActionsPayloadFree(numbering.type)
    }

    static func eventReachesActionsPayloadFree<E: Signal>(_: E.Type) throws {
        var lock = try Lockstep<E> { try signalReader(E.self, singlePathPlans: $0) }
        lock.start()
        #expect(lock.send(.poke).lines == ["in s1 [poke]"])
        #expect(lock.send(.tick).lines == ["in s1 [tick]"])
        #expect(lock.send(.go).lines == ["exit s1", "t s1→s2 [go]", "enter s2", "s2 entered by [go]"])
        #expect(lock.send(.back).lines == ["exit s2", "t s2→s1 [back]", "enter s1"])
        #expect(lock.send(.go).lines == ["exit s1", "t s1→s2 [go]", "enter s2", "s2 entered by [go]"])
        #expect(lock.send(.go).lines == ["exit s2", "t s2→s1 [go]", "enter s1"])
        #expect(lock.send(.tick).lines == ["in s1 [tick]"])
    }

    static func commandChart(singlePathPlans: Bool) throws -> Statechart<String, Cmd, Ctx> {
        typealias D = Do<Cmd>
        let apply = Action<Cmd, Ctx>("apply") { (context: inout Ctx, event: Cmd?) in
            switch event {
            case .set(let value)?:
                context.n = value
                context.log.append("set \(value)")
            case .clear?:
                context.n = 0
                context.log.append("clear")
            case .noise?: context.log.append("noise")
            case nil: context.log.append("nil")
            }
        }
        return try Statechart<String, Cmd, Ctx>(singlePathPlans: singlePathPlans) {
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
        #expect(lock.send(.set(3)).lines == ["exit off", "set 3", "enter on"])
        #expect(lock.direct.context.n == 3)
        #expect(lock.send(.set(7)).lines == ["set 7"])
        #expect(lock.direct.context.n == 7)
        let noise = lock.send(.noise)
        #expect(noise.result.outcome == .ignored && noise.lines.isEmpty)
        #expect(lock.send(.clear).lines == ["exit on", "clear", "enter off"])
        #expect(lock.direct.context.n == 0)
        #expect(lock.send(.set(1)).lines == ["exit off", "set 1", "enter on"])
        #expect(lock.direct.context.n == 1)
        #expect(lock.planned.declaredEventNames == [.set, .clear])
    }

    static func mixedForms<E: Signal>(_: E.Type, singlePathPlans: Bool) throws -> Statechart<String, E, Ctx> {
        typealias D = Do<E>
        let bump = Action<E, Ctx>("n += 1") { $0.n += 1 }
        let readN = Action<E, Ctx>("read n") { (context: inout Ctx, event: E?) in
            context.log.append("n = \(context.n) on \(event.map { String(describing: $0) } ?? "nil")")
        }
        return try Statechart<String, E, Ctx>(singlePathPlans: singlePathPlans) {
            D.state("M") {
                OnExit(D.logEvent("exit M (event)"))
                D.state("M1") {
                    OnExit(D.logEvent("exit M1 (event)"))
                    OnExit(bump)
                    On(.go, to: "N", actions: [D.log("t1 (context)"), readN, bump, D.logEvent("t2 (event)"), readN])
                }
            }
            D.state("N") {
                OnEntry(D.logEvent("enter N (event)"))
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

    static func mixedActionFormsKeepOrder<E: Signal>(_: E.Type) throws {
        var lock = try Lockstep<E> { try mixedForms(E.self, singlePathPlans: $0) }
        lock.start()
        #expect(lock.send(.go).lines == [
            "exit M1", "exit M1 (event) [go]", "exit M", "exit M (event) [go]",
            "t1 (context)", "n = 1 on go", "t2 (event) [go]", "n = 2 on go",
            "enter N", "enter N (event) [go]", "n = 3 on go", "init N→N1 (context)", "enter N1", "n = 3 on go",
        ])
        #expect(lock.direct.context.n == 3)
        #expect(lock.send(.back).lines == ["exit N1", "exit N", "n = 4 on back", "enter M", "enter M1"])
        #expect(lock.send(.go).lines == [
            "exit M1", "exit M1 (event) [go]", "exit M", "exit M (event) [go]",
            "t1 (context)", "n = 5 on go", "t2 (event) [go]", "n = 6 on go",
            "enter N", "enter N (event) [go]", "n = 7 on go", "init N→N1 (context)", "enter N1", "n = 7 on go",
        ])
    }

    // MARK: 3. Outbox actions

    static func outboxChart<E: Signal>(_: E.Type, singlePathPlans: Bool) throws -> Statechart<String, E, Ctx> {
        typealias D = Do<E>
        return try Statechart<String, E, Ctx>(singlePathPlans: singlePathPlans) {
            D.state("a") {
                On(.go, to: "b", actions: [D.log("t a→b"), D.raise("raise poke", .poke), D.logEvent("after raise")])
            }
            D.state("b") { On(.poke, to: "c", actions: [D.logEvent("t b→c")]) }
            D.state("c") {
                OnExit(D.raise("exit c raises tick", .tick))
                On(.go, to: "d", actions: [D.send("send back", .back), D.log("t c→d")])
            }
            D.state("d") {
                On(.tick, actions: [D.logEvent("tick in d")])
                On(.back, to: "a", actions: [D.logEvent("t d→a")])
            }
        }
    }

    @Test("an Outbox action in a plan: the event it raises or sends is processed in the same send",
          arguments: Numbering.allCases)
    func outboxActionsRaiseInSameSend(_ numbering: Numbering) throws {
        try Self.outboxActionsRaiseInSameSend(numbering.type)
    }

    static func outboxActionsRaiseInSameSend<E: Signal>(_: E.Type) throws {
        var lock = try Lockstep<E> { try outboxChart(E.self, singlePathPlans: $0) }
        lock.start()
        var (result, lines) = lock.send(.go)
        #expect(lines == ["exit a", "t a→b", "raise poke", "after raise [go]", "enter b", "exit b", "t b→c [poke]", "enter c"])
        #expect(result.outcome == .transitioned)
        #expect(lock.names(result) == ["a→b", "b→c"])
        #expect(lock.planned.activeStates(in: result.from) == ["a"])
        #expect(lock.planned.activeStates(in: result.to) == ["c"])

        // A raise from an exit action runs before the event sent by a transition action.
        (result, lines) = lock.send(.go)
        #expect(lines == ["exit c", "exit c raises tick", "send back", "t c→d", "enter d", "tick in d [tick]",
                          "exit d", "t d→a [back]", "enter a"])
        #expect(lock.names(result) == ["c→d", "d→", "d→a"])
        #expect(lock.planned.activeStates(in: result.to) == ["a"])

        (result, lines) = lock.send(.go)
        #expect(lock.names(result) == ["a→b", "b→c"])
        #expect(lock.direct.configuration == ["c"])
    }

    // MARK: 4. Guards and whenIn

    static func guarded<E: Signal>(_: E.Type, singlePathPlans: Bool) throws -> Statechart<String, E, Ctx> {
        typealias D = Do<E>
        let flag = Guard<E, Ctx>("flag") { $0.flag }
        let moreThanFive = Guard<E, Ctx>("n > 5") { $0.n > 5 }
        let goAndTwo = Guard<E, Ctx>("event is go and n ≥ 2") { (context: Ctx, event: E?) -> Bool in
            event == .go && context.n >= 2
        }
        let raising = Guard<E, Ctx>("raise poke, then flag") { (context: Ctx, _: E?, outbox: inout Outbox<E>) -> Bool in
            outbox.raise(.poke)
            return context.flag
        }
        return try Statechart<String, E, Ctx>(singlePathPlans: singlePathPlans) {
            D.state("G") {
                On(.go, to: "Out", actions: [D.log("t G→Out")])
                On(.poke, actions: [D.logEvent("poke in G")])
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
                On(.poke, actions: [D.logEvent("poke in Out")])
            }
        }
    }

    @Test("guards of all three forms and whenIn on the first candidate: when false, the next candidate or an ancestor's transition is taken, else the event is ignored",
          arguments: Numbering.allCases)
    func guardsFallThrough(_ numbering: Numbering) throws {
        try Self.guardsFallThrough(numbering.type)
    }

    static func guardsFallThrough<E: Signal>(_: E.Type) throws {
        var lock = try Lockstep<E> { try guarded(E.self, singlePathPlans: $0) }
        lock.start()
        #expect(lock.direct.configuration == ["G", "G1"])

        // (Context) guard false: the ancestor's transition.
        var (result, lines) = lock.send(.go)
        #expect(lines == ["exit G1", "exit G", "t G→Out", "enter Out"])
        #expect(lock.names(result) == ["G→Out"])
        #expect(lock.send(.go).lines == ["exit Out", "t Out→G", "enter G", "enter G1"])

        // Nothing enabled: ignored, nothing runs.
        (result, lines) = lock.send(.down)
        #expect(result.outcome == .ignored && lines.isEmpty && result.from == result.to && result.transitions.isEmpty)

        // (Context) guard true.
        lock.updateContext { $0.flag = true }
        #expect(lock.send(.go).lines == ["exit G1", "t G1→G2", "enter G2"])
        // (Context, Event?) guard false: the state's next candidate.
        (result, lines) = lock.send(.go)
        #expect(lines == ["exit G2", "t G2→G1", "enter G1"])
        #expect(lock.names(result) == ["G2→G1"])
        #expect(lock.send(.go).lines == ["exit G1", "t G1→G2", "enter G2"])
        // (Context, Event?) guard true.
        lock.updateContext { $0.n = 2 }
        #expect(lock.send(.go).lines == ["exit G2", "t G2→G3", "enter G3"])

        // whenIn satisfied (an ancestor is active), then not (a state that is not).
        #expect(lock.send(.up).lines == ["exit G3", "t G3→G1 whenIn G", "enter G1"])
        _ = lock.send(.go)
        _ = lock.send(.go)
        #expect(lock.direct.configuration == ["G", "G3"])
        (result, lines) = lock.send(.back)
        #expect(result.outcome == .ignored && lines.isEmpty && result.from == result.to)

        // (Context, Event?, Outbox) guard true: the event it raised runs in the same send.
        (result, lines) = lock.send(.go)
        #expect(lines == ["exit G3", "t G3→G1", "enter G1", "poke in G [poke]"])
        #expect(lock.names(result) == ["G3→G1", "G→"])

        // (Context, Event?, Outbox) guard false: the ancestor's transition, then the raised event.
        _ = lock.send(.go)
        _ = lock.send(.go)
        lock.updateContext { $0.flag = false }
        (result, lines) = lock.send(.go)
        #expect(lines == ["exit G3", "exit G", "t G→Out", "enter Out", "poke in Out [poke]"])
        #expect(lock.names(result) == ["G→Out", "Out→"])
    }

    // MARK: 5. Ignored events

    static func waiting<E: Signal>(_: E.Type, singlePathPlans: Bool) throws -> Statechart<String, E, Ctx> {
        typealias D = Do<E>
        let flag = Guard<E, Ctx>("flag") { $0.flag }
        return try Statechart<String, E, Ctx>(singlePathPlans: singlePathPlans) {
            D.state("idle") { On(.go, to: "wait", actions: [D.log("t idle→wait")]) }
            D.state("wait") {
                Always(to: "ready", guard: flag, actions: [D.logEvent("always wait→ready")])
                On(.poke, actions: [D.log("poke in wait")])
            }
            D.state("ready") { On(.back, to: "idle", actions: [D.log("t ready→idle")]) }
        }
    }

    @Test("events no active state accepts are ignored; with an eventless transition on the path it is evaluated as the general algorithm does",
          arguments: Numbering.allCases)
    func ignoredEvents(_ numbering: Numbering) throws {
        try Self.ignoredEvents(numbering.type)
    }

    static func ignoredEvents<E: Signal>(_: E.Type) throws {
        var lock = try Lockstep<E> { try waiting(E.self, singlePathPlans: $0) }
        lock.start()
        // Undeclared (stray, up, down, tick) and declared elsewhere (back, poke): ignored in idle.
        for event in [E.stray, .back, .poke, .up, .down, .tick] {
            let (result, lines) = lock.send(event)
            #expect(result.outcome == .ignored, "\(event)")
            #expect(!result.isAccepted && result.transitions.isEmpty && lines.isEmpty, "\(event)")
            #expect(result.from == result.to && result.to == lock.direct.currentConfigurationValue, "\(event)")
            #expect(lock.planned.activeStates(in: result.to) == ["idle"], "\(event)")
        }
        #expect(!lock.direct.can(.stray) && lock.direct.can(.go))

        #expect(lock.send(.go).lines == ["exit idle", "t idle→wait", "enter wait"])
        // An eventless transition on the path, its guard false: still ignored.
        var (result, lines) = lock.send(.stray)
        #expect(result.outcome == .ignored && lines.isEmpty)
        #expect(lock.direct.configuration == ["wait"])
        // The application sets the flag: the next event, even an undeclared one, lets the
        // eventless transition run, and its action sees that event.
        lock.updateContext { $0.flag = true }
        (result, lines) = lock.send(.stray)
        #expect(result.outcome == .transitioned)
        #expect(lines == ["exit wait", "always wait→ready [stray]", "enter ready"])
        #expect(lock.names(result) == ["wait→ready"])
        #expect(lock.planned.activeStates(in: result.from) == ["wait"])
        #expect(lock.planned.activeStates(in: result.to) == ["ready"])

        #expect(lock.send(.back).lines == ["exit ready", "t ready→idle", "enter idle"])
        (result, lines) = lock.send(.go)
        #expect(lines == ["exit idle", "t idle→wait", "enter wait", "exit wait", "always wait→ready [go]", "enter ready"])
        #expect(lock.names(result) == ["idle→wait", "wait→ready"])
    }

    /// `CaseIterable` with an `allCases` that leaves `hidden` out: `hidden` is declared by no chart.
    /// `hidden` comes first: its tag byte, 0, is the class the chart gives `go` (numbered in the
    /// order transitions declare names), so using tags as classes here would send `go`.
    enum Partial: StatechartEvent, Hashable, CaseIterable {
        case hidden, go, finish
        static var allCases: [Partial] { [.go, .finish] }
    }

    /// The same cases, without `CaseIterable`.
    enum HashedPartial: StatechartEvent, Hashable { case hidden, go, finish }

    static func jobChart<E: StatechartEvent>(_: E.Type, go: E.Name, singlePathPlans: Bool) throws -> Statechart<String, E, Ctx> {
        typealias D = Do<E>
        return try Statechart<String, E, Ctx>(singlePathPlans: singlePathPlans) {
            D.state("job", initial: "work") {
                D.state("work") { On(go, to: "work2", actions: [D.log("t work→work2")]) }
                D.state("work2") { On(go, to: "work", actions: [D.log("t work2→work")]) }
                D.final("finished")
                OnDone(to: "after", actions: [D.log("job done")])
            }
            D.state("after")
        }
    }

    /// Event classes numbered by tag byte assume `allCases` lists every case in tag order; a case
    /// left out must still behave as an undeclared event, as it does without `CaseIterable`.
    @Test("a case that a custom allCases leaves out is ignored like any undeclared event", arguments: [true, false])
    func caseMissingFromAllCasesIsIgnored(singlePathPlans: Bool) throws {
        var tagged = try Self.jobChart(Partial.self, go: .go, singlePathPlans: singlePathPlans).start(context: Ctx())
        var hashed = try Self.jobChart(HashedPartial.self, go: .go, singlePathPlans: singlePathPlans).start(context: Ctx())
        let hashedResult = hashed.send(.hidden)
        #expect(hashedResult.outcome == .ignored)
        #expect(hashed.configuration == ["job", "work"])
        let taggedResult = tagged.send(.hidden)
        #expect(taggedResult.outcome == .ignored)
        #expect(tagged.configuration == ["job", "work"])
        #expect(tagged.context == hashed.context)
        #expect(tagged.send(.go).outcome == .transitioned)
        #expect(tagged.configuration == ["job", "work2"])
    }

    // MARK: 6. Targetless transitions

    static func targetless<E: Signal>(_: E.Type, singlePathPlans: Bool) throws -> Statechart<String, E, Ctx> {
        typealias D = Do<E>
        let bump = Action<E, Ctx>("n += 1") { $0.n += 1 }
        let atLeastTwo = Guard<E, Ctx>("n ≥ 2") { $0.n >= 2 }
        return try Statechart<String, E, Ctx>(singlePathPlans: singlePathPlans) {
            D.state("T") {
                On(.tick, actions: [D.log("T tick"), D.logEvent("T tick")])
                D.state("T1") {
                    On(.poke, actions: [bump, D.logEvent("T1 poke")])
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

    static func targetlessTransitions<E: Signal>(_: E.Type) throws {
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
        #expect(lines == ["T3 poke", "exit T3", "always T3→T1", "enter T1"])
        #expect(lock.names(result) == ["T3→", "T3→T1"])
        #expect(lock.direct.context.n == 2)
        #expect(lock.direct.configuration == ["T", "T1"])
    }

    // MARK: 7. Final states

    static func finishing<E: Signal>(_: E.Type, singlePathPlans: Bool) throws -> Statechart<String, E, Ctx> {
        typealias D = Do<E>
        return try Statechart<String, E, Ctx>(singlePathPlans: singlePathPlans) {
            D.state("job", initial: "work") {
                D.state("work") {
                    On(.go, to: "finished", actions: [D.log("t work→finished")])
                    On(.tick, to: "work", actions: [D.log("t work→work")])
                }
                D.final("finished")
                OnDone(to: "review", actions: [D.log("job done")])
            }
            D.state("review") {
                On(.poke, actions: [D.log("poke in review")])
                On(.go, to: "end", actions: [D.log("t review→end")])
            }
            D.final("end")
        }
    }

    @Test("a transition into a final state completes its parent or finishes the chart; later sends are not running",
          arguments: Numbering.allCases)
    func finalStates(_ numbering: Numbering) throws {
        try Self.finalStates(numbering.type)
    }

    static func finalStates<E: Signal>(_: E.Type) throws {
        var lock = try Lockstep<E> { try finishing(E.self, singlePathPlans: $0) }

        // Before start: not running.
        var (result, lines) = lock.send(.go)
        #expect(result.outcome == .notRunning && lines.isEmpty)
        lock.start()

        #expect(lock.send(.tick).lines == ["exit work", "t work→work", "enter work"])
        (result, lines) = lock.send(.go)
        #expect(lines == ["exit work", "t work→finished", "enter finished", "exit finished", "exit job", "job done", "enter review"])
        #expect(lock.names(result) == ["work→finished", "job→review"])
        let done = try #require(result.transitions.last)
        #expect(lock.planned.transition(done)?.doneOf == "job")
        #expect(lock.direct.configuration == ["review"])
        #expect(lock.send(.poke).lines == ["poke in review"])

        // A top-level final state: the chart finishes and its exit actions run.
        (result, lines) = lock.send(.go)
        #expect(lines == ["exit review", "t review→end", "enter end", "exit end"])
        #expect(result.outcome == .transitioned)
        #expect(lock.names(result) == ["review→end"])
        #expect(lock.planned.activeStates(in: result.to) == ["end"])
        #expect(lock.direct.isFinished && !lock.direct.isRunning)

        for event in [E.go, .poke, .stray, .tick] {
            (result, lines) = lock.send(event)
            #expect(result.outcome == .notRunning, "\(event)")
            #expect(lines.isEmpty && result.transitions.isEmpty && result.from == result.to, "\(event)")
        }
        #expect(lock.direct.context.log.last == "exit end")
    }

    // MARK: 8. Copies and snapshots

    static func timerChart<E: Signal>(_: E.Type, singlePathPlans: Bool) throws -> Statechart<String, E, Ctx> {
        typealias D = Do<E>
        return try Statechart<String, E, Ctx>(singlePathPlans: singlePathPlans) {
            D.state("a") { On(.go, to: "b", actions: [D.log("t a→b"), D.send("tick later", .tick, after: .seconds(5))]) }
            D.state("b") {
                On(.go, to: "a", actions: [D.log("t b→a")])
                On(.tick, actions: [D.logEvent("b ticks")])
            }
        }
    }

    @Test("copying an instance and sending to the copy leaves the original as it was", arguments: Numbering.allCases)
    func copiesAreValues(_ numbering: Numbering) throws {
        try Self.copiesAreValues(numbering.type)
    }

    static func copiesAreValues<E: Signal>(_: E.Type) throws {
        // Every transition of this chart has a plan the direct table can take.
        var lock = try Lockstep<E> { try nested(E.self, singlePathPlans: $0) }
        lock.start()
        let saved = lock.direct
        var copy = lock.direct
        var oracleCopy = lock.observed
        var recorder = StatechartTraceRecorder<String, E>()
        for event in [E.go, .back, .up] {
            let copied = copy.send(event)
            #expect(copied == oracleCopy.send(event, observer: &recorder), "\(event)")
            #expect(copy.context == oracleCopy.context, "\(event)")
        }
        #expect(copy.configuration == ["A", "A2"])
        #expect(lock.direct.configuration == ["A", "A1", "A11"])
        #expect(lock.direct.context == saved.context)
        #expect(lock.direct.snapshot() == saved.snapshot())
        // The original goes on from where it was.
        #expect(lock.send(.up).lines == ["exit A11", "exit A1", "t A11→A2", "enter A2"])

        // With a pending delayed event (out-of-line storage) in the original.
        var timed = try Lockstep<E> { try timerChart(E.self, singlePathPlans: $0) }
        timed.start()
        _ = timed.send(.go)
        #expect(timed.direct.pendingDelayedEventCount == 1)
        let before = timed.direct
        var second = timed.direct
        var secondOracle = timed.observed
        for event in [E.go, .go, .stray, .go, .go] {
            #expect(second.send(event) == secondOracle.send(event, observer: &recorder), "\(event)")
        }
        #expect(second.pendingDelayedEventCount == 3)
        let delivered = second.advanceClock(by: .seconds(5))
        #expect(delivered.map(\.result) == secondOracle.advanceClock(by: .seconds(5)).map(\.result))
        #expect(second.context == secondOracle.context)
        #expect(second.context.log.suffix(2) == ["b ticks [tick]", "b ticks [tick]"])
        #expect(timed.direct.pendingDelayedEventCount == 1)
        #expect(timed.direct.snapshot() == before.snapshot())
        #expect(timed.direct.context == before.context)
        #expect(timed.send(.go).lines == ["exit b", "t b→a", "enter a"])
    }

    @Test("snapshot, restore (into either compilation) and continue: the same results as the uninterrupted run")
    func snapshotRestoreContinue() throws {
        // Seed 3: at move 60 the instance runs, in P2, with both history memories set.
        let moves = Self.moves(seed: 3, count: 120)
        var uninterrupted = try Lockstep<Sig> { try Self.workshop(Sig.self, singlePathPlans: $0) }
        uninterrupted.start()
        let split = 60
        for move in moves[..<split] { Self.apply(move, to: &uninterrupted) }
        let snapshot = uninterrupted.direct.snapshot()
        #expect(snapshot.status == .running)
        #expect(snapshot.configuration == ["P", "P2"])
        #expect(snapshot.history.count == 2, "the snapshot should carry both history memories")
        var resumed = uninterrupted
        try resumed.replaceInstances { try $0.restore(snapshot, context: uninterrupted.direct.context) }
        var checked = 0
        for (i, move) in moves[split...].enumerated() {
            guard case .event(let k) = move else {
                Self.apply(move, to: &uninterrupted)
                Self.apply(move, to: &resumed)
                continue
            }
            let event = Sig.all[k]
            let expected = uninterrupted.sendAll(event)
            let step = resumed.sendAll(event)
            #expect(resumed.difference(step) == nil, "move \(split + i): \(event)")
            #expect(step.direct == expected.direct, "move \(split + i): \(event)")
            #expect(step.general == expected.direct, "move \(split + i): \(event)")
            #expect(resumed.direct.context == uninterrupted.direct.context, "move \(split + i): \(event)")
            #expect(resumed.direct.snapshot() == uninterrupted.direct.snapshot(), "move \(split + i): \(event)")
            checked += 1
        }
        #expect(checked > 40)
    }

    /// A snapshot may carry an external queue (`StatechartSnapshot.externalQueue`); the general
    /// algorithm processes it after the next event's macrostep.
    @Test("events a restored snapshot holds in its external queue run after the next event that takes a transition",
          arguments: Numbering.allCases)
    func restoredExternalQueueAfterTransition(_ numbering: Numbering) throws {
        try Self.restoredExternalQueueAfterTransition(numbering.type)
    }

    static func queueChart<E: Signal>(_: E.Type, singlePathPlans: Bool) throws -> Statechart<String, E, Ctx> {
        typealias D = Do<E>
        return try Statechart<String, E, Ctx>(singlePathPlans: singlePathPlans) {
            D.state("a") { On(.go, to: "b", actions: [D.log("t a→b")]) }
            D.state("b") { On(.back, to: "c", actions: [D.log("t b→c")]) }
            D.state("c")
        }
    }

    static func restoredExternalQueueAfterTransition<E: Signal>(_: E.Type) throws {
        var lock = try Lockstep<E> { try queueChart(E.self, singlePathPlans: $0) }
        let snapshot = StatechartSnapshot<String, E>(status: .running, configuration: ["a"], externalQueue: [.back])
        try lock.replaceInstances { try $0.restore(snapshot, context: Ctx(), verifyingFingerprint: false) }
        let (result, lines) = lock.send(.go)
        #expect(lines == ["exit a", "t a→b", "enter b", "exit b", "t b→c", "enter c"])
        #expect(lock.names(result) == ["a→b", "b→c"])
        #expect(lock.direct.configuration == ["c"])
        #expect(lock.direct.snapshot().externalQueue.isEmpty)
    }

    @Test("events a restored snapshot holds in its external queue run after the next event even when it is ignored",
          arguments: Numbering.allCases)
    func restoredExternalQueueAfterIgnoredEvent(_ numbering: Numbering) throws {
        try Self.restoredExternalQueueAfterIgnoredEvent(numbering.type)
    }

    static func restoredExternalQueueAfterIgnoredEvent<E: Signal>(_: E.Type) throws {
        var lock = try Lockstep<E> { try queueChart(E.self, singlePathPlans: $0) }
        let snapshot = StatechartSnapshot<String, E>(status: .running, configuration: ["a"], externalQueue: [.go])
        try lock.replaceInstances { try $0.restore(snapshot, context: Ctx(), verifyingFingerprint: false) }
        let (result, lines) = lock.send(.stray)
        #expect(lines == ["exit a", "t a→b", "enter b"])
        #expect(lock.names(result) == ["a→b"])
        #expect(lock.direct.configuration == ["b"])
        #expect(lock.direct.snapshot().externalQueue.isEmpty)
    }

    // MARK: 9. Declared event names

    static func declaring<E: Signal>(_: E.Type, singlePathPlans: Bool) throws -> Statechart<String, E, Ctx> {
        try Statechart<String, E, Ctx>(singlePathPlans: singlePathPlans) {
            State("one") {
                On(.poke, to: "two")
                On(.go, .poke, to: "two")
            }
            State("two") {
                OnAny(to: "one")
                On(.back, to: "one")
                On(.go, to: "one")
            }
            State("three") { On(.tick, to: "one") }
        }
    }

    @Test("declaredEventNames lists only the names transitions declare, in order of first appearance",
          arguments: Numbering.allCases, [true, false])
    func declaredEventNames(_ numbering: Numbering, singlePathPlans: Bool) throws {
        try Self.declaredEventNames(numbering.type, singlePathPlans: singlePathPlans)
    }

    static func declaredEventNames<E: Signal>(_: E.Type, singlePathPlans: Bool) throws {
        let chart = try declaring(E.self, singlePathPlans: singlePathPlans)
        // Not case (tag) order, which is go, stray, back, up, down, poke, tick.
        #expect(chart.declaredEventNames == [.poke, .go, .back, .tick])
        var machine = chart.start(context: Ctx())
        #expect(machine.enabledEventNames == [.poke, .go])
        machine.send(.go)
        #expect(machine.configuration == ["two"])
        // OnAny enables every name but declares none.
        #expect(machine.enabledEventNames == [.poke, .go, .back, .tick])
    }

    // MARK: 10. Random sequences

    /// A fixed chart with a bit of everything: nested compounds with initial actions, ancestors'
    /// transitions, an internal transition, guards of the three forms, whenIn, targetless
    /// transitions, raised and sent events, an eventless transition, shallow and deep history, a
    /// parallel state, a nested final state with its done transition, and a top-level final state.
    static func workshop<E: Signal>(_: E.Type, singlePathPlans: Bool) throws -> Statechart<String, E, Ctx> {
        typealias D = Do<E>
        let flag = Guard<E, Ctx>("flag") { $0.flag }
        let oddGo = Guard<E, Ctx>("n odd and go") { (context: Ctx, event: E?) -> Bool in
            context.n % 2 == 1 && event == .go
        }
        let raisingDown = Guard<E, Ctx>("flag, else raise down") { (context: Ctx, _: E?, outbox: inout Outbox<E>) -> Bool in
            if !context.flag { outbox.raise(.down) }
            return context.flag
        }
        let atLeastThree = Guard<E, Ctx>("n ≥ 3") { $0.n >= 3 }
        let bump = Action<E, Ctx>("n += 1") { $0.n += 1 }
        let reset = Action<E, Ctx>("n = 0") { $0.n = 0 }
        let flip = Action<E, Ctx>("flip") { $0.flag.toggle() }
        return try Statechart<String, E, Ctx>(singlePathPlans: singlePathPlans) {
            D.state("P") {
                Initial("P1", actions: [D.log("init P→P1")])
                History("Ph", .shallow, default: "P2")
                On(.up, to: "Q", actions: [D.logEvent("t P→Q")])
                On(.tick, actions: [flip, D.log("P tick")])
                D.state("P1") {
                    Initial("P11", actions: [D.logEvent("init P1→P11")])
                    On(.go, to: "P2", guard: flag, actions: [D.log("t P1→P2")])
                    On(.down, to: "P12", kind: .internal, actions: [D.logEvent("t P1→P12 internal")])
                    D.state("P11") {
                        On(.go, to: "P12", actions: [D.logEvent("t P11→P12"), bump])
                        On(.back, to: "P11", actions: [D.log("t P11→P11")])
                    }
                    D.state("P12") {
                        On(.go, to: "P11", guard: oddGo, actions: [D.log("t P12→P11")])
                        On(.poke, to: "P2", actions: [D.raise("raise tick", .tick)])
                    }
                }
                D.state("P2") {
                    OnEntry(D.logEvent("P2 entered by"))
                    On(.go, to: "P1", actions: [D.log("t P2→P1")])
                    On(.back, to: "R", actions: [D.send("send poke", .poke)])
                    On(.down, to: "Q", whenIn: ["P"], actions: [D.log("t P2→Q")])
                    On(.tick, to: "Qh", actions: [D.log("t P2→Qh")])
                }
            }
            D.state("Q") {
                Initial("Q1")
                History("Qh", .deep, default: "Q2")
                On(.back, to: "P", actions: [D.log("t Q→P")])
                On(.poke, to: "Ph", actions: [D.logEvent("t Q→Ph")])
                OnDone(to: "P", actions: [D.log("Q done")])
                D.state("Q1") {
                    On(.go, to: "Q2", actions: [bump, D.logEvent("t Q1→Q2")])
                    On(.down, to: "Qf", actions: [D.log("t Q1→Qf")])
                }
                D.state("Q2") {
                    Always(to: "Q3", guard: atLeastThree, actions: [D.logEvent("always Q2→Q3")])
                    On(.tick, actions: [bump, D.log("Q2 tick")])
                    On(.go, to: "Q1", guard: raisingDown, actions: [D.log("t Q2→Q1")])
                }
                D.state("Q3") {
                    On(.go, to: "Q1", actions: [reset, D.log("t Q3→Q1")])
                    On(.down, to: "End", actions: [D.log("t Q3→End")])
                }
                D.final("Qf")
            }
            D.parallel("R") {
                On(.up, to: "P", actions: [D.log("t R→P")])
                D.state("R1") {
                    D.state("R1a") { On(.go, to: "R1b", actions: [D.log("t R1a→R1b")]) }
                    D.state("R1b") {
                        On(.tick, actions: [D.logEvent("R1b tick")])
                        On(.down, to: "R2a", actions: [D.log("t R1b→R2a")])
                    }
                }
                D.state("R2") {
                    D.state("R2a") { On(.poke, to: "R2b", actions: [D.logEvent("t R2a→R2b")]) }
                    D.state("R2b") { On(.go, to: "Q", actions: [D.log("t R2b→Q")]) }
                }
            }
            D.final("End")
        }
    }

    /// One step of a random run: an event (an index into `Signal.all`), or a change the
    /// application makes to the context between events.
    enum Move: Sendable, Equatable {
        case event(Int)
        case flipFlag
        case bump
    }

    static func moves(seed: UInt64, count: Int) -> [Move] {
        var rng = XorShift(seed: seed)
        return (0..<count).map { _ in
            let r = rng.below(12)
            switch r {
            case 0..<7: return .event(r)
            case 7, 8: return .event(0)
            case 9: return .event(5)
            case 10: return .flipFlag
            default: return .bump
            }
        }
    }

    static func apply<E: Signal>(_ move: Move, to lock: inout Lockstep<E>) {
        switch move {
        case .event(let k): _ = lock.sendAll(E.all[k])
        case .flipFlag: lock.updateContext { $0.flag.toggle() }
        case .bump: lock.updateContext { $0.n += 1 }
        }
    }

    @Test("300 pseudo-random event sequences on a fixed nested chart: both compilations and both numberings agree after every event")
    func randomSequences() throws {
        var outcomes: [SendResult.Outcome: Int] = [:]
        var leaves: Set<String> = []
        var transitionCounts: Set<Int> = []
        sequences: for seed in UInt64(1)...300 {
            let moves = Self.moves(seed: seed, count: 40)
            var tagged = try Lockstep<Sig> { try Self.workshop(Sig.self, singlePathPlans: $0) }
            var hashed = try Lockstep<HashedSig> { try Self.workshop(HashedSig.self, singlePathPlans: $0) }
            if let problems = tagged.difference(tagged.startAll()) {
                Issue.record("seed \(seed), start:\n\(problems)")
                break
            }
            if let problems = hashed.difference(hashed.startAll()) {
                Issue.record("seed \(seed), start, events without CaseIterable:\n\(problems)")
                break
            }
            for (i, move) in moves.enumerated() {
                guard case .event(let k) = move else {
                    Self.apply(move, to: &tagged)
                    Self.apply(move, to: &hashed)
                    continue
                }
                let taggedStep = tagged.sendAll(Sig.all[k])
                let hashedStep = hashed.sendAll(HashedSig.all[k])
                let context = "seed \(seed), move \(i) (\(Sig.all[k])) after \(Array(moves[..<i]))"
                if let problems = tagged.difference(taggedStep) {
                    Issue.record("\(context), CaseIterable events:\n\(problems)")
                    break sequences
                }
                if let problems = hashed.difference(hashedStep) {
                    Issue.record("\(context), events without CaseIterable:\n\(problems)")
                    break sequences
                }
                if taggedStep.direct != hashedStep.direct || tagged.direct.context != hashed.direct.context {
                    Issue.record("""
                        \(context): the numberings differ
                          by tag: \(Lockstep<Sig>.describe(taggedStep.direct, tagged.planned)), log \(tagged.direct.context.log.suffix(8))
                          by dictionary: \(Lockstep<HashedSig>.describe(hashedStep.direct, hashed.planned)), log \(hashed.direct.context.log.suffix(8))
                        """)
                    break sequences
                }
                outcomes[taggedStep.direct.outcome, default: 0] += 1
                transitionCounts.insert(taggedStep.direct.transitions.count)
                leaves.formUnion(tagged.direct.activeLeaves)
            }
        }
        // The runs met what they are meant to exercise.
        #expect(outcomes[.transitioned, default: 0] > 2_000, "\(outcomes)")
        #expect(outcomes[.ignored, default: 0] > 1_000, "\(outcomes)")
        #expect(outcomes[.notRunning, default: 0] > 0, "\(outcomes)")
        #expect(transitionCounts.isSuperset(of: [0, 1, 2, 3]), "\(transitionCounts.sorted())")
        #expect(leaves.isSuperset(of: ["P11", "P12", "P2", "Q1", "Q2", "Q3", "R1a", "R1b", "R2a", "R2b", "End"]),
                "\(leaves.sorted())")
    }
}

extension DirectSendTests.Signal {
    /// Every case, in the order `Move.event` indexes them.
    static var all: [Self] { [.go, .stray, .back, .up, .down, .poke, .tick] }
}
