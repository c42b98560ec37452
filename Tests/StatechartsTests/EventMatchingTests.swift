import Testing
@_spi(Testing) import Statecharts

/// Which transitions an event triggers: payload-free enums (with and without `CaseIterable`),
/// enums with associated values named by a `Name` enum, `OnAny`, several events on one
/// transition, `String` events with SCXML descriptor matching, and prepared events.
@Suite("Event matching")
struct EventMatchingTests {
    /// `CaseIterable` and one byte: the chart resolves it through its tag table.
    enum Fast: StatechartEvent, Hashable, CaseIterable { case a, b, c, undeclared }
    /// Not `CaseIterable`: the chart resolves it by hashing.
    enum Slow: StatechartEvent, Hashable { case a, b, c, undeclared }

    static func typedChart<E: StatechartEvent>(
        _ type: E.Type, _ a: E.Name, _ b: E.Name, _ c: E.Name, singlePathPlans: Bool
    ) throws -> Statechart<String, E, Trace> {
        typealias L = Logged<E>
        return try Statechart<String, E, Trace>(singlePathPlans: singlePathPlans) {
            L.state("s") {
                On(c, actions: [L.logEvent("s: ")])
                L.state("s1") { On(a, b, to: "s2", actions: [L.logEvent("s1: ")]) }
                L.state("s2") { On(b, to: "s1", actions: [L.logEvent("s2: ")]) }
            }
        }
    }

    static func run<E: StatechartEvent>(_ chart: Statechart<String, E, Trace>, _ events: [E]) -> ([String], [SendResult.Outcome]) {
        var machine = chart.start(context: Trace())
        machine.context.lines = []
        let outcomes = events.map { machine.send($0).outcome }
        return (machine.context.lines, outcomes)
    }

    @Test("payload-free enums: several events on one transition, ancestors, undeclared events ignored",
          arguments: [true, false])
    func payloadFree(singlePathPlans: Bool) throws {
        let expectedLines = ["-s1", "s1: a", "+s2", "-s2", "s2: b", "+s1", "s: c", "-s1", "s1: b", "+s2", "s: c"]
        let expectedOutcomes: [SendResult.Outcome] = [
            .transitioned, .transitioned, .transitioned, .ignored, .transitioned, .transitioned, .ignored,
        ]
        let fast = try Self.typedChart(Fast.self, .a, .b, .c, singlePathPlans: singlePathPlans)
        let (fastLines, fastOutcomes) = Self.run(fast, [.a, .b, .c, .undeclared, .b, .c, .a])
        let slow = try Self.typedChart(Slow.self, .a, .b, .c, singlePathPlans: singlePathPlans)
        let (slowLines, slowOutcomes) = Self.run(slow, [.a, .b, .c, .undeclared, .b, .c, .a])
        #expect(fastLines == expectedLines)
        #expect(slowLines == expectedLines)
        #expect(fastOutcomes == expectedOutcomes)
        #expect(slowOutcomes == expectedOutcomes)
        #expect(fast.declaredEventNames == [.c, .a, .b])
    }

    enum Input: StatechartEvent {
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

    @Test("enums with associated values: transitions on the case name, guards and actions read the payload",
          arguments: [true, false])
    func associatedValues(singlePathPlans: Bool) throws {
        typealias L = Logged<Input>
        let printable = Guard<Input, Trace>("printable") { (_: Trace, event: Input?) -> Bool in
            if case .key(let character)? = event { return !character.isNewline }
            return false
        }
        let record = Action<Input, Trace>("record") { (context: inout Trace, event: Input?) in
            switch event {
            case .key(let character)?: context.lines.append("key \(character)")
            case .click(let x, let y)?: context.lines.append("click \(x),\(y)")
            case .reset?: context.lines.append("reset")
            case nil: context.lines.append("nil")
            }
        }
        var machine = try Statechart<String, Input, Trace>(singlePathPlans: singlePathPlans) {
            L.state("idle") {
                On(.key, to: "typing", guard: printable, actions: [record])
                On(.click, to: "clicked", actions: [record])
            }
            L.state("typing") {
                On(.key, guard: printable, actions: [record])
                On(.reset, to: "idle", actions: [record])
            }
            L.state("clicked") { On(.reset, to: "idle", actions: [record]) }
        }.start(context: Trace())
        #expect(machine.send(.key("\n")).outcome == .ignored)
        #expect(machine.lines(after: .key("q")) == ["-idle", "key q", "+typing"])
        #expect(machine.lines(after: .key("w")) == ["key w"])
        #expect(machine.lines(after: .click(x: 1, y: 2)) == [])
        #expect(machine.lines(after: .reset) == ["-typing", "reset", "+idle"])
        #expect(machine.lines(after: .click(x: 3, y: 4)) == ["-idle", "click 3,4", "+clicked"])
        #expect(machine.can(.reset))
        #expect(!machine.can(.key("a")))
    }

    @Test("OnAny takes every event, declared or not, unless a more specific transition is selected first",
          arguments: [true, false])
    func onAny(singlePathPlans: Bool) throws {
        typealias L = Logged<Fast>
        var machine = try Statechart<String, Fast, Trace>(singlePathPlans: singlePathPlans) {
            L.state("s") {
                OnAny(actions: [L.logEvent("any: ")])
                L.state("s1") { On(.a, to: "s2", actions: [L.logEvent("s1: ")]) }
                L.state("s2") {
                    OnAny(to: "s1", guard: Guard("flag") { $0.flag }, actions: [L.logEvent("s2 any: ")])
                }
            }
        }.start(context: Trace())
        #expect(machine.lines(after: .a) == ["-s1", "s1: a", "+s2"])
        #expect(machine.lines(after: .a) == ["any: a"])
        #expect(machine.lines(after: .undeclared) == ["any: undeclared"])
        machine.context.flag = true
        #expect(machine.lines(after: .c) == ["-s2", "s2 any: c", "+s1"])
        #expect(machine.lines(after: .b) == ["any: b"])
    }

    // MARK: String events

    static func descriptorChart(singlePathPlans: Bool) throws -> Statechart<String, String, Trace> {
        typealias S = Logged<String>
        return try Statechart<String, String, Trace>(singlePathPlans: singlePathPlans) {
            S.state("s") {
                On("error", actions: [S.logEvent("error: ")])
                On("error.execution", actions: [S.logEvent("never: ")])
                On("foo.*", actions: [S.logEvent("foo.*: ")])
                On("a b", actions: [S.logEvent("a b: ")])
                On("x.y.", actions: [S.logEvent("x.y.: ")])
                On("*", actions: [S.logEvent("*: ")])
            }
        }
    }

    static let descriptorCases: [(String, String)] = [
        ("error", "error: error"),
        ("error.execution", "error: error.execution"),
        ("error.communication.detail", "error: error.communication.detail"),
        ("errors", "*: errors"),
        ("error2", "*: error2"),
        ("foo", "foo.*: foo"),
        ("foo.bar", "foo.*: foo.bar"),
        ("foobar", "*: foobar"),
        ("a", "a b: a"),
        ("b", "a b: b"),
        ("ab", "*: ab"),
        ("x.y", "x.y.: x.y"),
        ("x.y.z", "x.y.: x.y.z"),
        ("x.yz", "*: x.yz"),
        ("anything", "*: anything"),
    ]

    @Test("String events match SCXML descriptors by token prefix; the first matching transition in document order wins",
          arguments: [true, false])
    func descriptors(singlePathPlans: Bool) throws {
        var machine = try Self.descriptorChart(singlePathPlans: singlePathPlans).start(context: Trace())
        for (event, line) in Self.descriptorCases {
            #expect(machine.lines(after: event) == [line], "event \(event)")
        }
    }

    @Test("EventDescriptor.matches")
    func descriptorFunction() {
        #expect(EventDescriptor.matches("error", eventName: "error.execution"))
        #expect(EventDescriptor.matches("error", eventName: "error"))
        #expect(!EventDescriptor.matches("error", eventName: "errors"))
        #expect(!EventDescriptor.matches("error.execution", eventName: "error"))
        #expect(EventDescriptor.matches("error.*", eventName: "error.execution"))
        #expect(EventDescriptor.matches("*", eventName: "whatever.it.is"))
        #expect(EventDescriptor.matches("a b", eventName: "b.c"))
        #expect(!EventDescriptor.matches("a b", eventName: "c"))
        #expect(EventDescriptor.matches("done.state.x", eventName: "done.state.x"))
        #expect(!EventDescriptor.matches("done.state.x", eventName: "done.state.xy"))
    }

    // MARK: Prepared events

    @Test("a prepared event gives the same results as sending the event", arguments: [true, false])
    func preparedTyped(singlePathPlans: Bool) throws {
        let chart = try Self.typedChart(Fast.self, .a, .b, .c, singlePathPlans: singlePathPlans)
        let events: [Fast] = [.a, .c, .undeclared, .b, .b, .a, .c]
        let prepared = events.map(chart.prepare)
        var plain = chart.start(context: Trace())
        var fast = chart.start(context: Trace())
        for (event, preparedEvent) in zip(events, prepared) {
            let expected = plain.send(event)
            let actual = fast.send(preparedEvent)
            #expect(actual == expected)
            #expect(fast.configuration == plain.configuration)
        }
        #expect(fast.context == plain.context)
        #expect(prepared.map(\.event) == events)
    }

    @Test("a prepared String event gives the same results as sending it", arguments: [true, false])
    func preparedString(singlePathPlans: Bool) throws {
        let chart = try Self.descriptorChart(singlePathPlans: singlePathPlans)
        var plain = chart.start(context: Trace())
        var fast = chart.start(context: Trace())
        for (event, _) in Self.descriptorCases + [("zzz", "")] {
            let prepared = chart.prepare(event)
            let expected = plain.send(event)
            #expect(fast.send(prepared) == expected)
            #expect(fast.send(prepared) == plain.send(event))
        }
        #expect(fast.context == plain.context)
        // "+s" when starting, then each event logged twice.
        #expect(fast.context.lines.count == 1 + 2 * (Self.descriptorCases.count + 1))
    }
}

// MARK: - Ignored events

extension EventMatchingTests {

    static func waiting<E: LockstepSignal>(_: E.Type, singlePathPlans: Bool) throws -> Statechart<String, E, Trace> {
        typealias D = Logged<E>
        let flag = Guard<E, Trace>("flag") { $0.flag }
        return try Statechart<String, E, Trace>(singlePathPlans: singlePathPlans) {
            D.state("idle") { On(.go, to: "wait", actions: [D.log("t idle→wait")]) }
            D.state("wait") {
                Always(to: "ready", guard: flag, actions: [D.logWithEvent("always wait→ready")])
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

    static func ignoredEvents<E: LockstepSignal>(_: E.Type) throws {
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

        #expect(lock.send(.go).lines == ["-idle", "t idle→wait", "+wait"])
        // An eventless transition on the path, its guard false: still ignored.
        var (result, lines) = lock.send(.stray)
        #expect(result.outcome == .ignored && lines.isEmpty)
        #expect(lock.direct.configuration == ["wait"])
        // The application sets the flag: the next event, even an undeclared one, lets the
        // eventless transition run, and its action sees that event.
        lock.updateContext { $0.flag = true }
        (result, lines) = lock.send(.stray)
        #expect(result.outcome == .transitioned)
        #expect(lines == ["-wait", "always wait→ready [stray]", "+ready"])
        #expect(lock.names(result) == ["wait→ready"])
        #expect(lock.planned.activeStates(in: result.from) == ["wait"])
        #expect(lock.planned.activeStates(in: result.to) == ["ready"])

        #expect(lock.send(.back).lines == ["-ready", "t ready→idle", "+idle"])
        (result, lines) = lock.send(.go)
        #expect(lines == ["-idle", "t idle→wait", "+wait", "-wait", "always wait→ready [go]", "+ready"])
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

    static func jobChart<E: StatechartEvent>(_: E.Type, go: E.Name, singlePathPlans: Bool) throws -> Statechart<String, E, Trace> {
        typealias D = Logged<E>
        return try Statechart<String, E, Trace>(singlePathPlans: singlePathPlans) {
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
        var tagged = try Self.jobChart(Partial.self, go: .go, singlePathPlans: singlePathPlans).start(context: Trace())
        var hashed = try Self.jobChart(HashedPartial.self, go: .go, singlePathPlans: singlePathPlans).start(context: Trace())
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

    /// One byte, not `CaseIterable`, with an equality of its own: `alias` equals `go`. The chart
    /// finds a known name's class by its byte; a byte it does not know (`alias`'s) must still be
    /// looked up with the type's own `==` and `hash`, not be taken for an undeclared event.
    enum Aliased: StatechartEvent, Hashable {
        case hidden, go, finish, alias

        /// `alias` is `go`; every other case is itself.
        var canonical: UInt8 {
            switch self {
            case .hidden: 0
            case .go, .alias: 1
            case .finish: 2
            }
        }
        static func == (a: Self, b: Self) -> Bool { a.canonical == b.canonical }
        func hash(into hasher: inout Hasher) { hasher.combine(canonical) }
    }

    @Test("one-byte names that are not CaseIterable: known bytes, unknown bytes and the type's own equality",
          arguments: [true, false])
    func oneByteNamesWithTheirOwnEquality(singlePathPlans: Bool) throws {
        let chart = try Self.jobChart(Aliased.self, go: .go, singlePathPlans: singlePathPlans)
        var machine = chart.start(context: Trace())
        machine.context.lines = []
        #expect(machine.send(.hidden).outcome == .ignored)
        #expect(machine.send(.go).outcome == .transitioned)
        #expect(machine.configuration == ["job", "work2"])
        #expect(machine.send(.alias).outcome == .transitioned)
        #expect(machine.configuration == ["job", "work"])
        #expect(machine.send(chart.prepare(.alias)).outcome == .transitioned)
        #expect(machine.send(.finish).outcome == .ignored)
        #expect(machine.context.lines.filter { $0.hasPrefix("t ") } == ["t work→work2", "t work2→work", "t work→work2"])
    }
}

// MARK: - Declared event names

extension EventMatchingTests {

    static func declaring<E: LockstepSignal>(_: E.Type, singlePathPlans: Bool) throws -> Statechart<String, E, Trace> {
        try Statechart<String, E, Trace>(singlePathPlans: singlePathPlans) {
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

    static func declaredEventNames<E: LockstepSignal>(_: E.Type, singlePathPlans: Bool) throws {
        let chart = try declaring(E.self, singlePathPlans: singlePathPlans)
        // Not case (tag) order, which is go, stray, back, up, down, poke, tick.
        #expect(chart.declaredEventNames == [.poke, .go, .back, .tick])
        var machine = chart.start(context: Trace())
        #expect(machine.enabledEventNames == [.poke, .go])
        machine.send(.go)
        #expect(machine.configuration == ["two"])
        // OnAny enables every name but declares none.
        #expect(machine.enabledEventNames == [.poke, .go, .back, .tick])
    }
}
