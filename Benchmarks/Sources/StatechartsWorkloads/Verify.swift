import Statecharts
import StatechartsCompiled

/// Checks that every workload does what docs/benchmarks.md says, and that each baseline does the
/// same work as its chart. Called before the benchmarks run (and so by the CI smoke run); a
/// failure stops the run.
public enum WorkloadCheck {
    public static func run() {
        // W1: every `t` is taken and counted, like the baseline.
        do {
            var m = W1.makeChart().start(context: .init())
            var b = W1.Baseline()
            for e in W1.events() {
                precondition(m.send(e).isAccepted == b.send(e), "W1: chart and baseline disagree")
            }
            precondition(m.context == b.context && m.context.count == eventsPerBatch, "W1: wrong count")
            precondition(m.isActive(.a) == (b.state == .a), "W1: wrong state")
        }
        // W2: three of every four events are taken; the fourth is rejected.
        do {
            var m = W2.makeChart().start(context: .init())
            var b = W2.Baseline()
            for e in W2.events() {
                precondition(m.send(e).isAccepted == b.send(e), "W2: chart and baseline disagree")
            }
            precondition(m.context == b.context && m.context.count == eventsPerBatch / 4 * 3, "W2: wrong count")
            precondition(m.isActive(b.state), "W2: wrong state")
        }
        // W2 with distinct actions: the same as its baseline.
        do {
            var m = W2.Distinct.makeChart().start(context: .init())
            var b = W2.Distinct.Baseline()
            for e in W2.events() {
                precondition(m.send(e).isAccepted == b.send(e), "W2 distinct: chart and baseline disagree")
            }
            precondition(m.context == b.context && m.isActive(b.state), "W2 distinct: chart and baseline differ")
        }
        // W3: each `x` exits 4 states and enters 4, counted in the same counters as the baseline.
        do {
            var m = W3.makeChart().start(context: .init())
            var b = W3.Baseline()
            b.context = m.context // the initial entries
            let before = m.context.total
            for e in W3.events() {
                precondition(m.send(e).isAccepted == b.send(e), "W3: chart and baseline disagree")
            }
            precondition(m.context == b.context, "W3: chart and baseline counters differ")
            precondition(m.context.total - before == 8 * eventsPerBatch, "W3: not 4 exits and 4 entries per event")
            var closureFloor = W3.ClosureFloor()
            var callFloor = W3.CallFloor()
            closureFloor.context = b.context
            callFloor.context = b.context
            var again = b
            for e in W3.events() {
                let taken = again.send(e)
                precondition(closureFloor.send(e) == taken && callFloor.send(e) == taken, "W3: a floor disagrees")
            }
            precondition(closureFloor.context == again.context && callFloor.context == again.context,
                         "W3: a floor's counters differ from the baseline's")
        }
        // The compiled twins of W1–W3: the same as the chart they compile, event by event.
        do {
            var chart = W1.makeChart().start(context: .init())
            var compiled = W1Compiled.machine()
            for e in W1.events() { precondition(compiled.send(e) == chart.send(e).isAccepted, "W1 compiled: disagrees") }
            precondition(compiled.instance.context == chart.context, "W1 compiled: wrong count")
            var chart2 = W2.makeChart().start(context: .init())
            var compiled2 = W2Compiled.machine()
            for e in W2.events() { precondition(compiled2.send(e) == chart2.send(e).isAccepted, "W2 compiled: disagrees") }
            precondition(compiled2.instance.context == chart2.context, "W2 compiled: wrong count")
            var chart3 = W3.makeChart().start(context: .init())
            var compiled3 = W3Compiled.machine()
            for e in W3.events() { precondition(compiled3.send(e) == chart3.send(e).isAccepted, "W3 compiled: disagrees") }
            precondition(compiled3.instance.context == chart3.context, "W3 compiled: counters differ")
            var distinct = W2.Distinct.makeChart().start(context: .init())
            var compiledDistinct = W2DistinctCompiled.machine()
            for e in W2.events() {
                precondition(compiledDistinct.send(e) == distinct.send(e).isAccepted, "W2 distinct compiled: disagrees")
            }
            precondition(compiledDistinct.instance.context == distinct.context, "W2 distinct compiled: wrong count")
            var chart4 = W4.makeChart().start(context: .init())
            var compiled4 = W4Compiled.machine()
            var baseline4 = W4.Baseline()
            for e in W4.events() {
                let taken = chart4.send(e).isAccepted
                precondition(compiled4.send(e) == taken && baseline4.send(e) == taken, "W4 compiled or baseline: disagrees")
            }
            precondition(compiled4.instance.context == chart4.context && baseline4.context == chart4.context, "W4: counts differ")
            var chart5 = W5.makeChart().start(context: .init())
            chart5.send(.flip)
            var compiled5 = W5Compiled.machine()
            var baseline5 = W5.Baseline()
            for e in W5.events() {
                let taken = chart5.send(e).isAccepted
                precondition(compiled5.send(e) == taken && baseline5.send(e) == taken, "W5 compiled or baseline: disagrees")
            }
            precondition(compiled5.instance.context == chart5.context && baseline5.context == chart5.context, "W5: counts differ")
            precondition(compiled5.instance.isActive(.c2) == chart5.isActive(.c2), "W5 compiled: history restored another leaf")
            var chart8 = W8.makeHashedChart().start(context: .init())
            var compiled8 = W8Compiled.machine()
            for e in W8.hashedEvents() { precondition(compiled8.send(e) == chart8.send(e).isAccepted, "W8 compiled: disagrees") }
            precondition(compiled8.instance.context == chart8.context, "W8 compiled: wrong count")
        }
        // W4: each `step` moves all 4 regions.
        do {
            var m = W4.makeChart().start(context: .init())
            for e in W4.events() { precondition(m.send(e).isAccepted, "W4: step not taken") }
            precondition(m.context.count == W4.regions * eventsPerBatch, "W4: not every region moved")
            for r in 0..<W4.regions {
                precondition(m.isActive(.state(region: r, index: eventsPerBatch % W4.statesPerRegion)), "W4: wrong state")
            }
        }
        // W5: history restores C2 every time.
        do {
            var m = W5.makeChart().start(context: .init())
            m.send(.flip)
            for e in W5.events() {
                precondition(m.send(e).isAccepted, "W5: event not taken")
                precondition(e == .leave ? m.isActive(.away) : m.isActive(.c2), "W5: history did not restore C2")
            }
            precondition(m.context.count == eventsPerBatch, "W5: wrong count")
        }
        // W6: the generated chart has the advertised size and runs.
        do {
            let chart = W6.compile(states: 1_000)
            precondition(chart.stateCount == 1_000, "W6: wrong state count")
            var m = chart.start(context: .init())
            for e in W6.E.allCases { m.send(e) }
            precondition(m.context.count > 0, "W6: no transition taken")
        }
        // W8: the three ways of sending give the same result.
        do {
            let chart = W2.makeChart()
            var byEnum = chart.start(context: .init())
            var byHandle = chart.start(context: .init())
            var byHash = W8.makeHashedChart().start(context: .init())
            for e in W2.events() { byEnum.send(e) }
            for p in W8.preparedEvents(chart) { byHandle.send(p) }
            for e in W8.hashedEvents() { byHash.send(e) }
            precondition(byEnum.context == byHandle.context && byEnum.context == byHash.context, "W8: results differ")
        }
        // W9: the table chart, the compiled twin and the baseline accept and refuse the same events,
        // and end in the same leaf with the same counters; the batch's share of refusals is the
        // documented one.
        do {
            var chart = W9.makeChart().start(context: .init())
            var compiled = W9Compiled.machine()
            var baseline = W9.Baseline()
            let accepted = acceptedByAll("W9", W9.events(), { chart.send($0).isAccepted }, { compiled.send($0) }, { baseline.send($0) })
            precondition(accepted == W9.acceptedPerBatch, "W9: \(accepted) events accepted, not \(W9.acceptedPerBatch)")
            precondition(compiled.instance.context == chart.context && baseline.context == chart.context, "W9: counters differ")
            precondition(chart.context.count > 0 && chart.context.track != 0, "W9: a kind of transition was never taken")
            precondition(chart.isActive(baseline.state) && compiled.instance.isActive(baseline.state), "W9: leaves differ")
        }
        // W10: the same for the flat ring; every accepted event moves the ring on once.
        do {
            var chart = W10.makeChart().start(context: .init())
            var compiled = W10Compiled.machine()
            var baseline = W10.Baseline()
            let accepted = acceptedByAll("W10", W10.events(), { chart.send($0).isAccepted }, { compiled.send($0) }, { baseline.send($0) })
            precondition(accepted == W10.acceptedPerBatch, "W10: \(accepted) events accepted, not \(W10.acceptedPerBatch)")
            precondition(compiled.instance.context == chart.context && baseline.context == chart.context, "W10: counts differ")
            precondition(chart.context.count == accepted, "W10: not one count per accepted event")
            let state = W10.S.allCases[accepted % W10.size]
            precondition(baseline.state == state && chart.isActive(state) && compiled.instance.isActive(state),
                         "W10: wrong state")
        }
        // The Boost.MSM peers of W1–W3: the same work as the baselines.
        MSMCheck.run()
    }

    /// Sends each of `events` to the table chart, the compiled twin and the baseline of
    /// `workload` (each a function that sends one event and says whether it was accepted),
    /// requires the three to accept and refuse the same events, and returns how many they accepted.
    private static func acceptedByAll<E>(
        _ workload: String, _ events: [E], _ chart: (E) -> Bool, _ compiled: (E) -> Bool, _ baseline: (E) -> Bool
    ) -> Int {
        var accepted = 0
        for e in events {
            let taken = chart(e)
            precondition(compiled(e) == taken && baseline(e) == taken, "\(workload) compiled or baseline: disagrees")
            if taken { accepted += 1 }
        }
        return accepted
    }
}
