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
