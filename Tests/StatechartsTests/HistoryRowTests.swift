import Testing
@_spi(Testing) import Statecharts

/// History carried in the direct table's rows: in a chart without parallel states, leaving a
/// history's parent and returning through the history are direct entries, the memory being part
/// of the leaf row. Everything that reads or writes the memory in other ways (snapshots, the
/// observed and general routes, restoring, the clock) must see what the row remembers: each case
/// runs the planned chart against the general algorithm.
@Suite("History in the direct table's rows")
struct HistoryRowTests {
    typealias Chart = RegionChart

    /// W5's shape (HistoryPlanTests.returnTrip), whose return takes a variant.
    static func returnTrip(_ kind: HistoryKind, singlePathPlans: Bool) throws -> Chart {
        try HistoryPlanTests.returnTrip(kind, singlePathPlans: singlePathPlans)
    }

    /// Two histories, in two parents, and a guarded way out of one of them (a named direct
    /// entry, which keeps the row's fields): `A{ Ha(deep), A1{ a, b } }`, `B{ Hb(shallow), B1, B2 }`,
    /// `Out`.
    static func twoHistories(singlePathPlans: Bool) throws -> Chart {
        try Chart(singlePathPlans: singlePathPlans) {
            RegionDSL.state("A") {
                History("Ha", .deep, default: "A1")
                On(.leave, to: "Out", actions: [RegionDSL.log("t A→Out")])
                On(.enter, to: "Hb", actions: [RegionDSL.log("t A→Hb")])
                RegionDSL.state("A1") {
                    RegionDSL.state("a") { On(.go, to: "b", actions: [RegionDSL.log("t a→b")]) }
                    RegionDSL.state("b") {
                        On(.go, to: "a", guard: Guard("flag") { $0.flag }, actions: [RegionDSL.log("t b→a")])
                    }
                }
            }
            RegionDSL.state("B") {
                History("Hb", .shallow, default: "B1")
                On(.leave, to: "Out", actions: [RegionDSL.log("t B→Out")])
                On(.enter, to: "Ha", actions: [RegionDSL.log("t B→Ha")])
                RegionDSL.state("B1") { On(.poke, to: "B2", actions: [RegionDSL.log("t B1→B2")]) }
                RegionDSL.state("B2") { On(.poke, to: "B1", actions: [RegionDSL.log("t B2→B1")]) }
            }
            RegionDSL.state("Out") {
                On(.back, to: "Ha", actions: [RegionDSL.log("t Out→Ha")])
                On(.tick, to: "Hb", actions: [RegionDSL.log("t Out→Hb")])
            }
        }
    }

    @Test("the return trip's rows carry the history: no entry is taken by the candidate stage")
    func rowsCarryTheHistory() throws {
        for kind in [HistoryKind.deep, .shallow] {
            let chart = try Self.returnTrip(kind, singlePathPlans: true)
            // Deep: nothing, C1 or C2 (2 bits); shallow: nothing, H or L1 (2 bits).
            #expect(chart._historyRowFields == (1, 2), "\(kind)")
            #expect(chart._namedDirectEntries == 0, "\(kind): \(chart._namedDirectEntries) named entries")
            let plain = try Self.returnTrip(kind, singlePathPlans: false)
            #expect(plain._historyRowFields == (0, 0), "\(kind)")
        }
        let two = try Self.twoHistories(singlePathPlans: true)
        #expect(two._historyRowFields.histories == 2)
    }

    @Test("leaving and returning by the rows gives the general algorithm's exits, actions, entries and memory")
    func returnTripInLockstep() throws {
        var quad = try Lockstep<RegionEvent> { try Self.returnTrip(.deep, singlePathPlans: $0) }
        quad.start()
        quad.send(.go)
        var (_, lines) = quad.send(.leave)
        #expect(lines == ["-C2", "-L2", "-L1", "-Main", "t Main→Away", "+Away"])
        // Remembered in the row only: the snapshot must still say it.
        #expect(quad.direct.snapshot().history == ["H": ["C2"]])
        #expect(quad.direct.snapshot().history == quad.observed.snapshot().history)
        (_, lines) = quad.send(.back)
        #expect(lines == ["-Away", "t Away→H", "+Main", "+L1", "+L2", "+C2"])
        for _ in 0..<3 {
            quad.send(.go)
            quad.send(.leave)
            quad.send(.back)
            #expect(quad.direct.snapshot().history == quad.observed.snapshot().history)
        }
        #expect(quad.direct.configuration == ["Main", "L1", "L2", "C1"])
    }

    @Test("an observed send, a clock change and a snapshot restore in the middle see what the row remembers")
    func otherRoutesSeeTheRow() throws {
        let planned = try Self.returnTrip(.deep, singlePathPlans: true)
        let oracle = try Self.returnTrip(.deep, singlePathPlans: false)
        var fast = planned.start(context: Trace())
        var slow = oracle.start(context: Trace())
        func both(_ event: RegionEvent, observed: Bool = false) {
            var recorder = StatechartTraceRecorder<String, RegionEvent>()
            let a = observed ? fast.send(event, observer: &recorder) : fast.send(event)
            let b = slow.send(event)
            #expect(a == b, "\(event)")
            #expect(fast.configuration == slow.configuration, "\(event)")
            #expect(fast.context == slow.context, "\(event)")
        }
        // Observed: the stepwise route reads the memory the row holds.
        both(.go)
        both(.leave)
        both(.back, observed: true)
        #expect(fast.configuration == ["Main", "L1", "L2", "C2"])
        // Leaving by the row, then a route the row does not take (observed) records again.
        both(.leave)
        both(.enter, observed: true)
        both(.go)
        both(.leave)
        both(.back)
        #expect(fast.configuration == ["Main", "L1", "L2", "C2"])
        // The clock re-encodes the row (it creates the instance's extras): the memory stays.
        both(.leave)
        _ = fast.advanceClock(by: .seconds(1))
        _ = slow.advanceClock(by: .seconds(1))
        both(.back)
        #expect(fast.configuration == ["Main", "L1", "L2", "C2"])
        // A snapshot taken while the row alone remembers C2 (the default gives C1), restored:
        // the return still restores C2.
        both(.leave)
        var restored = try planned.restore(fast.snapshot(), context: fast.context)
        restored.send(.back)
        #expect(restored.configuration == ["Main", "L1", "L2", "C2"])
        both(.back)
        #expect(restored.context == fast.context)
    }

    @Test("two histories, a guarded way out and shallow memory: the planned chart agrees with the general algorithm")
    func twoHistoriesInLockstep() throws {
        var quad = try Lockstep<RegionEvent> { try Self.twoHistories(singlePathPlans: $0) }
        quad.start()
        let events: [RegionEvent] = [.go, .enter, .poke, .leave, .back, .go, .enter, .leave, .tick, .poke, .enter,
                                     .leave, .back, .go, .leave, .tick, .enter, .go, .leave, .back]
        for (i, event) in events.enumerated() {
            if i == 9 { quad.updateContext { $0.flag = true } }
            quad.send(event)
            #expect(quad.direct.snapshot().history == quad.observed.snapshot().history, "after \(i): \(event)")
        }
    }

    @Test("a restored memory no field value stands for takes the candidate stage, with the same results")
    func unencodableMemory() throws {
        var quad = try Lockstep<RegionEvent> { try Self.returnTrip(.deep, singlePathPlans: $0) }
        quad.start()
        quad.send(.leave)
        // A deep history remembering a compound state (valid for a snapshot, but not one state
        // a variant is for).
        var snapshot = quad.observed.snapshot()
        snapshot.history = ["H": ["L2"]]
        let context = quad.observed.context
        if (try? quad.planned.restore(snapshot, context: context)) == nil { return }
        try quad.replaceInstances { try $0.restore(snapshot, context: context) }
        quad.send(.back)
        quad.send(.leave)
        quad.send(.back)
    }

    @Test("of the random charts the property tests run, some carry history in their rows")
    func randomChartsCarryHistory() throws {
        var carrying = 0
        for seed in (0..<UInt64(2 * PropertyTests.chartsPerBatch)).map({ 20_000 + $0 }) + (0..<UInt64(5 * PropertyTests.chartsPerBatch)) {
            let builder = ChartBuilder<PEvent>.quiet(PropertyTests.scenario(seed: seed).0)
            if try Statechart(builder.definition)._historyRowFields.histories > 0 { carrying += 1 }
        }
        #expect(carrying >= 5, "\(carrying) random charts carry history in their rows")
    }
}
