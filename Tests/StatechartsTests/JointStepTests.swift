import Testing
@_spi(Testing) import Statecharts

/// The joint route: in a parallel configuration, the step the region bits would take is looked
/// up by the configuration's word (see `_JointTables`). It must give exactly what the general
/// algorithm gives: the same exits (reverse document order), transition actions and entries
/// (document order), results and configurations; and charts with too many configurations for
/// the table must still run.
@Suite("Joint steps")
struct JointStepTests {
    typealias Ev = ParallelTests.Ev

    @Test("the parallel chart's four configurations are in the joint tables, with a step for each set of picks")
    func tableSize() throws {
        let chart = try ParallelTests.chart(singlePathPlans: true)
        let size = chart._jointTableSize
        // p × {a1, a2} × {b1, b2}, plus the configuration {out}.
        #expect(size.configurations == 5)
        // e takes a1>a2 alone, b1>b2 alone, or both: three distinct sets of picks at least.
        #expect(size.steps >= 3)
        // Without plans no pick is region-local: the oracle's joint tables only say "ignored".
        #expect(try ParallelTests.chart(singlePathPlans: false)._jointTableSize.steps == 0)
    }

    @Test("the property tests' fixed three-region chart has joint steps, some taking several transitions at once")
    func propertyChart() throws {
        // `regionRandomSequences` runs this chart against the oracle and the reference interpreter.
        let size = try PropertyTests.fixedChart(singlePathPlans: true)._jointTableSize
        #expect(size.configurations > 0)
        #expect(size.steps > 0)
        #expect(size.mostPicks >= 2)
    }

    @Test("one event in both regions through the joint route: exits, actions and entries in SCXML order")
    func order() throws {
        var machine = try ParallelTests.chart(singlePathPlans: true).start(context: Trace())
        machine.context.lines = []
        let result = machine.send(.e)
        #expect(machine.context.lines == ["-b1", "-a1", "a1>a2", "b1>b2", "+a2", "+b2"])
        #expect(result.transitions.count == 2)
        #expect(machine.configuration == ["p", "r1", "a2", "r2", "b2"])
        // Ignored in {a2, b2}: the same configuration, nothing run.
        machine.context.lines = []
        let ignored = machine.send(.e)
        #expect(!ignored.isAccepted)
        #expect(machine.context.lines.isEmpty)
        #expect(ignored.from == ignored.to)
    }

    @Test("random events: the joint route agrees with the general algorithm after every event", arguments: 0..<4)
    func lockstep(seed: UInt64) throws {
        let events: [Ev] = [.e, .x, .y, .z, .r, .w, .v, .leave]
        var fast = try ParallelTests.chart(singlePathPlans: true).start(context: Trace())
        var general = try ParallelTests.chart(singlePathPlans: false).start(context: Trace())
        var rng = SplitMix64(seed: seed)
        for i in 0..<400 {
            let event = events[rng.below(events.count)]
            let a = fast.send(event)
            let b = general.send(event)
            #expect(a == b, "event \(i) \(event)")
            #expect(fast.configuration == general.configuration, "event \(i) \(event)")
            #expect(fast.context.lines == general.context.lines, "event \(i) \(event)")
        }
    }

    /// Eight regions of four states: 65,536 configurations, more than the table takes.
    static func wide(singlePathPlans: Bool) throws -> Statechart<String, Ev, Trace> {
        try Statechart<String, Ev, Trace>("wide", singlePathPlans: singlePathPlans) {
            Parallel("p") {
                for k in 0..<8 {
                    State("r\(k)") {
                        for i in 0..<4 {
                            State("s\(k)\(i)") {
                                On(.e, to: "s\(k)\((i + 1) % 4)", actions: [Logged<Ev>.log("\(k):\(i)")])
                                if k < 2 { On(.x, to: "s\(k)\((i + 3) % 4)", actions: [Logged<Ev>.log("x\(k):\(i)")]) }
                            }
                        }
                    }
                }
            }
        }
    }

    @Test("a chart with more configurations than the joint tables take has none, and runs as the general algorithm does")
    func tooManyConfigurations() throws {
        let chart = try Self.wide(singlePathPlans: true)
        #expect(chart._jointTableSize.configurations == 0)
        var fast = chart.start(context: Trace())
        #expect(!fast._holdsJointRow)
        var general = try Self.wide(singlePathPlans: false).start(context: Trace())
        for event in [Ev.e, .x, .e, .e, .x, .y, .e] {
            #expect(fast.send(event) == general.send(event))
            #expect(fast.configuration == general.configuration)
            #expect(fast.context.lines == general.context.lines)
        }
    }

    @Test("a parallel configuration is kept as its joint row: after start, joint steps, the general route, re-entry and a restore")
    func jointRow() throws {
        let chart = try ParallelTests.chart(singlePathPlans: true)
        var machine = chart.start(context: Trace())
        #expect(machine._holdsJointRow)
        machine.send(.e)
        #expect(machine._holdsJointRow)
        // p>p leaves and enters the parallel state: not a joint step.
        machine.send(.r)
        #expect(machine._holdsJointRow)
        machine.send(.x)
        #expect(machine.configuration == ["out"])
        #expect(!machine._holdsJointRow)
        machine.send(.v)
        #expect(machine.configuration == ["p", "r1", "a2", "r2", "b2"])
        #expect(machine._holdsJointRow)
        let restored = try chart.restore(machine.snapshot(), context: Trace())
        #expect(restored._holdsJointRow)
    }

    @Test("an instance restored into a parallel configuration takes the joint route from there")
    func restored() throws {
        let chart = try ParallelTests.chart(singlePathPlans: true)
        var machine = chart.start(context: Trace())
        machine.send(.e)
        let snapshot = machine.snapshot()
        var restored = try chart.restore(snapshot, context: Trace())
        let result = restored.send(.r)
        var general = try ParallelTests.chart(singlePathPlans: false).start(context: Trace())
        general.send(.e)
        general.context.lines = []
        #expect(result == general.send(.r))
        #expect(restored.configuration == general.configuration)
        #expect(restored.context.lines == general.context.lines)
        restored.context.lines = []
        general.context.lines = []
        #expect(restored.send(.e) == general.send(.e))
        #expect(restored.context.lines == general.context.lines)
    }
}
