// The Statecharts benchmark suite (package-benchmark). The workloads and baselines are defined in
// the StatechartsWorkloads module; docs/benchmarks.md describes them and the figures.
//
// Event workloads (W1–W5, W8–W10): one iteration starts a fresh instance (not measured), then sends
// one batch of `eventsPerBatch` events from an opaque array (measured); wall-clock time per
// iteration divided by the batch is ns/event, mallocs per iteration divided by it mallocs/event.
// Paired benchmarks (W1–W3, W8–W10) also time a workload and its reference in the same iteration.
// W6 reports thread CPU time, W7 a custom metric (bytes per instance).
// No timing is asserted anywhere: scripts/bench.sh turns the exported figures into ratios.

import Benchmark
import Foundation
import Statecharts
import StatechartsWorkloads
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `STATECHARTS_BENCH_SMOKE=1` (scripts/bench-smoke.sh): a few iterations of each benchmark, only
/// to prove that everything builds and runs.
let smoke = ProcessInfo.processInfo.environment["STATECHARTS_BENCH_SMOKE"] != nil

/// The CPU time of the calling thread, in nanoseconds: unlike wall-clock time, it does not count
/// the time other processes run, which matters for W6's long iterations on a shared machine.
func threadCPUTime() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Int(now.tv_sec) * 1_000_000_000 + Int(now.tv_nsec)
}

/// A monotonic clock reading in nanoseconds (a vDSO call, about 20 ns), for the paired benchmarks.
@inline(__always)
func monotonicNow() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int(now.tv_sec) * 1_000_000_000 + Int(now.tv_nsec)
}

/// Records one iteration of a paired benchmark: the two batches' times and their ratio.
func recordPair(_ benchmark: Benchmark, _ metrics: PairedMetrics, first: Int, second: Int) {
    benchmark.measurement(metrics.first, first)
    benchmark.measurement(metrics.second, second)
    benchmark.measurement(metrics.ratio, second > 0 ? first * 1_000 / second : 0)
}

/// The custom metrics of a paired benchmark: each batch's time (ns) and their ratio (per mille).
struct PairedMetrics {
    let first = BenchmarkMetric.custom("firstNs", polarity: .prefersSmaller, useScalingFactor: false)
    let second = BenchmarkMetric.custom("secondNs", polarity: .prefersSmaller, useScalingFactor: false)
    let ratio = BenchmarkMetric.custom("ratioPerMille", polarity: .prefersSmaller, useScalingFactor: false)
    var all: [BenchmarkMetric] { [first, second, ratio] }
}

/// One iteration of a paired benchmark: runs the batches `first` and `second` (each returns how
/// many events it accepted), alternating which goes first from one iteration to the next, times
/// each with the monotonic clock and records both times and their ratio.
@inline(__always)
func measurePair(_ benchmark: Benchmark, _ metrics: PairedMetrics, first: () -> Int, second: () -> Int) {
    var accepted = 0, firstNs = 0, secondNs = 0
    for turn in benchmark.currentIteration % 2 == 0 ? [0, 1] : [1, 0] {
        let start = monotonicNow()
        if turn == 0 {
            accepted &+= first()
            firstNs = monotonicNow() - start
        } else {
            accepted &+= second()
            secondNs = monotonicNow() - start
        }
    }
    blackHole(accepted)
    recordPair(benchmark, metrics, first: firstNs, second: secondNs)
}

/// A hand-written machine of the workloads (a baseline or a floor): `send` says whether the event
/// was accepted.
protocol HandWrittenMachine {
    associatedtype Event
    mutating func send(_ event: Event) -> Bool
}

extension W1.Baseline: HandWrittenMachine {}
extension W2.Baseline: HandWrittenMachine {}
extension W2.Distinct.Baseline: HandWrittenMachine {}
extension W3.Baseline: HandWrittenMachine {}
extension W3.ClosureFloor: HandWrittenMachine {}
extension W4.Baseline: HandWrittenMachine {}
extension W5.Baseline: HandWrittenMachine {}
extension W9.Baseline: HandWrittenMachine {}
extension W10.Baseline: HandWrittenMachine {}
extension CompiledMachine: HandWrittenMachine {}

/// Sends every event of the batch to a hand-written machine, counting the accepted ones.
@inline(__always)
func sendAll<Machine: HandWrittenMachine>(_ machine: inout Machine, _ events: [Machine.Event]) -> Int {
    var accepted = 0
    for event in events where machine.send(event) { accepted &+= 1 }
    return accepted
}

/// Sends every prepared event of the batch, counting the accepted ones.
@inline(__always)
func sendAllPrepared<S, E, C>(_ machine: inout StatechartInstance<S, E, C>, _ events: [PreparedEvent<E>]) -> Int {
    var accepted = 0
    for event in events where machine.send(event).isAccepted { accepted &+= 1 }
    return accepted
}

/// Sends every event of the batch, counting the accepted ones so the results are consumed.
@inline(__always)
func sendAll<S, E, C>(_ machine: inout StatechartInstance<S, E, C>, _ events: [E]) -> Int {
    var accepted = 0
    for event in events where machine.send(event).isAccepted { accepted &+= 1 }
    return accepted
}

let benchmarks: @Sendable () -> Void = {
    WorkloadCheck.run()

    /// Counts exported as plain numbers (not in thousands), so that scripts/bench.sh reads them exactly.
    let exactCounts: [BenchmarkMetric: BenchmarkUnits] = [.mallocCountTotal: .count, .mallocBytesCount: .count]

    let events = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .nanoseconds,
        units: exactCounts,
        warmupIterations: smoke ? 1 : 200,
        scalingFactor: .one,
        maxDuration: smoke ? .milliseconds(50) : .seconds(1),
        maxIterations: smoke ? 3 : 200_000
    )

    // MARK: W1 toggle

    let w1Chart = W1.makeChart()
    let w1Events = W1.events()
    Benchmark("W1-toggle", configuration: events) { benchmark in
        var machine = w1Chart.start(context: .init())
        benchmark.startMeasurement()
        let accepted = sendAll(&machine, w1Events)
        benchmark.stopMeasurement()
        blackHole(accepted)
        blackHole(machine.context.count)
    }
    // The compiled twins (StatechartsCompiled): the same charts, their plans generated code.
    let w2Batch = W2.events(), w3Batch = W3.events()
    Benchmark("W1-compiled", configuration: events) { benchmark in
        var machine = W1Compiled.machine()
        benchmark.startMeasurement()
        let accepted = sendAll(&machine, w1Events)
        benchmark.stopMeasurement()
        blackHole(accepted &+ machine.instance.context.count)
    }
    Benchmark("W2-compiled", configuration: events) { benchmark in
        var machine = W2Compiled.machine()
        benchmark.startMeasurement()
        let accepted = sendAll(&machine, w2Batch)
        benchmark.stopMeasurement()
        blackHole(accepted &+ machine.instance.context.count)
    }
    Benchmark("W3-compiled", configuration: events) { benchmark in
        var machine = W3Compiled.machine()
        benchmark.startMeasurement()
        let accepted = sendAll(&machine, w3Batch)
        benchmark.stopMeasurement()
        blackHole(accepted &+ machine.instance.context.total)
    }
    Benchmark("W1-baseline", configuration: events) { benchmark in
        var machine = W1.Baseline()
        benchmark.startMeasurement()
        var accepted = 0
        for event in w1Events where machine.send(event) { accepted &+= 1 }
        benchmark.stopMeasurement()
        blackHole(accepted)
        blackHole(machine.context.count)
    }

    // MARK: W2 ring

    let w2Chart = W2.makeChart()
    let w2Events = W2.events()
    Benchmark("W2-ring", configuration: events) { benchmark in
        var machine = w2Chart.start(context: .init())
        benchmark.startMeasurement()
        let accepted = sendAll(&machine, w2Events)
        benchmark.stopMeasurement()
        blackHole(accepted)
        blackHole(machine.context.count)
    }
    Benchmark("W2-baseline", configuration: events) { benchmark in
        var machine = W2.Baseline()
        benchmark.startMeasurement()
        var accepted = 0
        for event in w2Events where machine.send(event) { accepted &+= 1 }
        benchmark.stopMeasurement()
        blackHole(accepted)
        blackHole(machine.context.count)
    }

    // MARK: W3 deep

    let w3Chart = W3.makeChart()
    let w3Events = W3.events()
    Benchmark("W3-deep", configuration: events) { benchmark in
        var machine = w3Chart.start(context: .init())
        benchmark.startMeasurement()
        let accepted = sendAll(&machine, w3Events)
        benchmark.stopMeasurement()
        blackHole(accepted)
        blackHole(machine.context.total)
    }
    Benchmark("W3-baseline", configuration: events) { benchmark in
        var machine = W3.Baseline()
        benchmark.startMeasurement()
        var accepted = 0
        for event in w3Events where machine.send(event) { accepted &+= 1 }
        benchmark.stopMeasurement()
        blackHole(accepted)
        blackHole(machine.context.total)
    }

    // MARK: Paired ratios (W1–W3 against their baselines, W8 enum against handle; W4 to W1 below)

    // The benchmarks above time the chart and its baseline one second apart; on a shared machine
    // the load can change in between. A paired benchmark runs both batches in every iteration,
    // alternating which goes first, times each with the monotonic clock, and records their ratio:
    // the median of these per-iteration ratios is the figure least disturbed by other processes.
    let w4Chart = W4.makeChart()
    let w4Events = W4.events()
    let w5Chart = W5.makeChart()
    let w5Events = W5.events()
    let w8HashedChart = W8.makeHashedChart()
    let w8HashedEvents = W8.hashedEvents()

    let pair = PairedMetrics()
    let paired = Benchmark.Configuration(
        metrics: pair.all,
        units: Dictionary(uniqueKeysWithValues: pair.all.map { ($0, BenchmarkUnits.count) }),
        warmupIterations: smoke ? 1 : 200,
        scalingFactor: .one,
        maxDuration: smoke ? .milliseconds(50) : .seconds(1),
        maxIterations: smoke ? 3 : 200_000
    )
    Benchmark("W1-paired", configuration: paired) { benchmark in
        var machine = w1Chart.start(context: .init())
        var baseline = W1.Baseline()
        measurePair(benchmark, pair, first: { sendAll(&machine, w1Events) }, second: { sendAll(&baseline, w1Events) })
        blackHole(machine.context.count &+ baseline.context.count)
    }
    Benchmark("W2-paired", configuration: paired) { benchmark in
        var machine = w2Chart.start(context: .init())
        var baseline = W2.Baseline()
        measurePair(benchmark, pair, first: { sendAll(&machine, w2Events) }, second: { sendAll(&baseline, w2Events) })
        blackHole(machine.context.count &+ baseline.context.count)
    }
    Benchmark("W3-paired", configuration: paired) { benchmark in
        var machine = w3Chart.start(context: .init())
        var baseline = W3.Baseline()
        measurePair(benchmark, pair, first: { sendAll(&machine, w3Events) }, second: { sendAll(&baseline, w3Events) })
        blackHole(machine.context.total &+ baseline.context.total)
    }

    // Compiled charts (StatechartsCompiled) against the same baselines.
    Benchmark("W1-compiled-paired", configuration: paired) { benchmark in
        var machine = W1Compiled.machine()
        var baseline = W1.Baseline()
        measurePair(benchmark, pair, first: { sendAll(&machine, w1Events) }, second: { sendAll(&baseline, w1Events) })
        blackHole(machine.instance.context.count &+ baseline.context.count)
    }
    Benchmark("W2-compiled-paired", configuration: paired) { benchmark in
        var machine = W2Compiled.machine()
        var baseline = W2.Baseline()
        measurePair(benchmark, pair, first: { sendAll(&machine, w2Events) }, second: { sendAll(&baseline, w2Events) })
        blackHole(machine.instance.context.count &+ baseline.context.count)
    }
    Benchmark("W3-compiled-paired", configuration: paired) { benchmark in
        var machine = W3Compiled.machine()
        var baseline = W3.Baseline()
        measurePair(benchmark, pair, first: { sendAll(&machine, w3Events) }, second: { sendAll(&baseline, w3Events) })
        blackHole(machine.instance.context.total &+ baseline.context.total)
    }

    Benchmark("W2-distinct-compiled-paired", configuration: paired) { benchmark in
        var machine = W2DistinctCompiled.machine()
        var baseline = W2.Distinct.Baseline()
        measurePair(benchmark, pair, first: { sendAll(&machine, w2Events) }, second: { sendAll(&baseline, w2Events) })
        blackHole(machine.instance.context.count &+ baseline.context.count)
    }
    Benchmark("W4-compiled-paired", configuration: paired) { benchmark in
        var machine = W4Compiled.machine()
        var baseline = W4.Baseline()
        measurePair(benchmark, pair, first: { sendAll(&machine, w4Events) }, second: { sendAll(&baseline, w4Events) })
        blackHole(machine.instance.context.count &+ baseline.context.count)
    }
    Benchmark("W5-compiled-paired", configuration: paired) { benchmark in
        var machine = W5Compiled.machine()
        var baseline = W5.Baseline()
        measurePair(benchmark, pair, first: { sendAll(&machine, w5Events) }, second: { sendAll(&baseline, w5Events) })
        blackHole(machine.instance.context.count &+ baseline.context.count)
    }
    // W8's compiled twin takes events resolved by hashing; its baseline is W2's `switch`.
    Benchmark("W8-compiled-paired", configuration: paired) { benchmark in
        var machine = W8Compiled.machine()
        var baseline = W2.Baseline()
        measurePair(benchmark, pair, first: { sendAll(&machine, w8HashedEvents) }, second: { sendAll(&baseline, w2Events) })
        blackHole(machine.instance.context.count &+ baseline.context.count)
    }
    // W4's target is a ratio to W1, compiled as for the table runtime: timed in the same iterations.
    Benchmark("W4-compiled-w1-paired", configuration: paired) { benchmark in
        var machine = W4Compiled.machine()
        var toggle = W1Compiled.machine()
        measurePair(benchmark, pair, first: { sendAll(&machine, w4Events) }, second: { sendAll(&toggle, w1Events) })
        blackHole(machine.instance.context.count &+ toggle.instance.context.count)
    }

    // A reference: W2 with an action of its own on each transition, against its own baseline.
    let w2DistinctChart = W2.Distinct.makeChart()
    Benchmark("W2-distinct-paired", configuration: paired) { benchmark in
        var machine = w2DistinctChart.start(context: .init())
        var baseline = W2.Distinct.Baseline()
        measurePair(benchmark, pair, first: { sendAll(&machine, w2Events) }, second: { sendAll(&baseline, w2Events) })
        blackHole(machine.context.count &+ baseline.context.count)
    }

    // MARK: Boost.MSM peers (W1–W3; MSMBenchmarks.swift)

    msmBenchmarks(events: events, paired: paired, pair: pair)

    // MARK: The live inspector (InspectorBenchmarks.swift): W3 attached, no page open

    inspectorBenchmarks(events: events, paired: paired, pair: pair)

    // MARK: Action-call floors (W3)

    // The baselines run their counters inline; a chart can only call the closures it was given.
    // The floors are W3's baseline `switch` with each counter a closure called out of line, or a
    // direct call to a non-inlined function: timed in the same run, they separate the
    // core's own cost from the cost of calling actions at all. See docs/benchmarks.md.
    Benchmark("W3-closure-floor", configuration: events) { benchmark in
        var machine = W3.ClosureFloor()
        benchmark.startMeasurement()
        var accepted = 0
        for event in w3Events where machine.send(event) { accepted &+= 1 }
        benchmark.stopMeasurement()
        blackHole(accepted)
        blackHole(machine.context.total)
    }
    Benchmark("W3-call-floor", configuration: events) { benchmark in
        var machine = W3.CallFloor()
        benchmark.startMeasurement()
        var accepted = 0
        for event in w3Events where machine.send(event) { accepted &+= 1 }
        benchmark.stopMeasurement()
        blackHole(accepted)
        blackHole(machine.context.total)
    }
    // The chart against its closure floor, both batches in every iteration.
    Benchmark("W3-floor-paired", configuration: paired) { benchmark in
        var machine = w3Chart.start(context: .init())
        var floor = W3.ClosureFloor()
        measurePair(benchmark, pair, first: { sendAll(&machine, w3Events) }, second: { sendAll(&floor, w3Events) })
        blackHole(machine.context.total &+ floor.context.total)
    }

    // MARK: W4 parallel

    Benchmark("W4-parallel", configuration: events) { benchmark in
        var machine = w4Chart.start(context: .init())
        benchmark.startMeasurement()
        let accepted = sendAll(&machine, w4Events)
        benchmark.stopMeasurement()
        blackHole(accepted)
        blackHole(machine.context.count)
    }

    Benchmark("W4-compiled", configuration: events) { benchmark in
        var machine = W4Compiled.machine()
        benchmark.startMeasurement()
        let accepted = sendAll(&machine, w4Events)
        benchmark.stopMeasurement()
        blackHole(accepted)
        blackHole(machine.instance.context.count)
    }
    Benchmark("W4-baseline", configuration: events) { benchmark in
        var machine = W4.Baseline()
        benchmark.startMeasurement()
        let accepted = sendAll(&machine, w4Events)
        benchmark.stopMeasurement()
        blackHole(accepted)
        blackHole(machine.context.count)
    }

    // W4's target is a ratio to W1: timed in the same iterations, like the baselines.
    Benchmark("W4-paired", configuration: paired) { benchmark in
        var machine = w4Chart.start(context: .init())
        var toggle = w1Chart.start(context: .init())
        measurePair(benchmark, pair, first: { sendAll(&machine, w4Events) }, second: { sendAll(&toggle, w1Events) })
        blackHole(machine.context.count &+ toggle.context.count)
    }

    // MARK: W5 history

    Benchmark("W5-history", configuration: events) { benchmark in
        var machine = w5Chart.start(context: .init())
        machine.send(.flip) // history now remembers C2, not the default C1
        benchmark.startMeasurement()
        let accepted = sendAll(&machine, w5Events)
        benchmark.stopMeasurement()
        blackHole(accepted)
        blackHole(machine.context.count)
    }

    Benchmark("W5-compiled", configuration: events) { benchmark in
        var machine = W5Compiled.machine() // history remembers C2, as above
        benchmark.startMeasurement()
        let accepted = sendAll(&machine, w5Events)
        benchmark.stopMeasurement()
        blackHole(accepted)
        blackHole(machine.instance.context.count)
    }
    Benchmark("W5-paired", configuration: paired) { benchmark in
        var machine = w5Chart.start(context: .init())
        machine.send(.flip) // history remembers C2, as the baseline does
        var baseline = W5.Baseline()
        measurePair(benchmark, pair, first: { sendAll(&machine, w5Events) }, second: { sendAll(&baseline, w5Events) })
        blackHole(machine.context.count &+ baseline.context.count)
    }
    Benchmark("W5-baseline", configuration: events) { benchmark in
        var machine = W5.Baseline()
        benchmark.startMeasurement()
        let accepted = sendAll(&machine, w5Events)
        benchmark.stopMeasurement()
        blackHole(accepted)
        blackHole(machine.context.count)
    }

    // MARK: W9 hierarchical player and W10 large flat chart

    // Each runs as a table chart, as its compiled twin and as its hand-written baseline, alone and
    // paired with the baseline (table runtime and compiled chart first, the baseline second).
    let w9Chart = W9.makeChart()
    let w9Events = W9.events()
    let w10Chart = W10.makeChart()
    let w10Events = W10.events()

    Benchmark("W9-player", configuration: events) { benchmark in
        var machine = w9Chart.start(context: .init())
        benchmark.startMeasurement()
        let accepted = sendAll(&machine, w9Events)
        benchmark.stopMeasurement()
        blackHole(accepted)
        blackHole(machine.context.count &+ machine.context.track)
    }
    Benchmark("W9-compiled", configuration: events) { benchmark in
        var machine = W9Compiled.machine()
        benchmark.startMeasurement()
        let accepted = sendAll(&machine, w9Events)
        benchmark.stopMeasurement()
        blackHole(accepted)
        blackHole(machine.instance.context.count &+ machine.instance.context.track)
    }
    Benchmark("W9-baseline", configuration: events) { benchmark in
        var machine = W9.Baseline()
        benchmark.startMeasurement()
        let accepted = sendAll(&machine, w9Events)
        benchmark.stopMeasurement()
        blackHole(accepted)
        blackHole(machine.context.count &+ machine.context.track)
    }
    Benchmark("W9-paired", configuration: paired) { benchmark in
        var machine = w9Chart.start(context: .init())
        var baseline = W9.Baseline()
        measurePair(benchmark, pair, first: { sendAll(&machine, w9Events) }, second: { sendAll(&baseline, w9Events) })
        blackHole(machine.context.count &+ baseline.context.count)
    }
    Benchmark("W9-compiled-paired", configuration: paired) { benchmark in
        var machine = W9Compiled.machine()
        var baseline = W9.Baseline()
        measurePair(benchmark, pair, first: { sendAll(&machine, w9Events) }, second: { sendAll(&baseline, w9Events) })
        blackHole(machine.instance.context.count &+ baseline.context.count)
    }

    Benchmark("W10-flat", configuration: events) { benchmark in
        var machine = w10Chart.start(context: .init())
        benchmark.startMeasurement()
        let accepted = sendAll(&machine, w10Events)
        benchmark.stopMeasurement()
        blackHole(accepted)
        blackHole(machine.context.count)
    }
    Benchmark("W10-compiled", configuration: events) { benchmark in
        var machine = W10Compiled.machine()
        benchmark.startMeasurement()
        let accepted = sendAll(&machine, w10Events)
        benchmark.stopMeasurement()
        blackHole(accepted)
        blackHole(machine.instance.context.count)
    }
    Benchmark("W10-baseline", configuration: events) { benchmark in
        var machine = W10.Baseline()
        benchmark.startMeasurement()
        let accepted = sendAll(&machine, w10Events)
        benchmark.stopMeasurement()
        blackHole(accepted)
        blackHole(machine.context.count)
    }
    Benchmark("W10-paired", configuration: paired) { benchmark in
        var machine = w10Chart.start(context: .init())
        var baseline = W10.Baseline()
        measurePair(benchmark, pair, first: { sendAll(&machine, w10Events) }, second: { sendAll(&baseline, w10Events) })
        blackHole(machine.context.count &+ baseline.context.count)
    }
    Benchmark("W10-compiled-paired", configuration: paired) { benchmark in
        var machine = W10Compiled.machine()
        var baseline = W10.Baseline()
        measurePair(benchmark, pair, first: { sendAll(&machine, w10Events) }, second: { sendAll(&baseline, w10Events) })
        blackHole(machine.instance.context.count &+ baseline.context.count)
    }

    // MARK: W6 compile

    // Reported as thread CPU time (a custom metric, in ns) besides wall-clock time: an iteration
    // takes long enough here for other processes to preempt it on a busy machine.
    let cpuTime = BenchmarkMetric.custom("threadCPUTime", polarity: .prefersSmaller, useScalingFactor: false)
    for states in W6.sizes {
        let configuration = Benchmark.Configuration(
            metrics: [.wallClock, cpuTime, .mallocCountTotal],
            timeUnits: .microseconds,
            units: exactCounts.merging([cpuTime: .count]) { $1 },
            warmupIterations: 1,
            scalingFactor: .one,
            maxDuration: smoke ? .milliseconds(50) : .seconds(3),
            maxIterations: smoke ? 1 : 50
        )
        Benchmark("W6-compile-\(states)", configuration: configuration) { benchmark in
            let start = threadCPUTime()
            let chart = W6.compile(states: states) // build the definition, then compile it
            let cpu = threadCPUTime() - start
            benchmark.stopMeasurement() // freeing the chart is not part of it
            blackHole(chart)
            benchmark.measurement(cpuTime, cpu)
        }
    }

    // MARK: W7 footprint

    let instanceBytes = BenchmarkMetric.custom("instanceBytes", polarity: .prefersSmaller, useScalingFactor: false)
    Benchmark(
        "W7-footprint",
        configuration: .init(
            metrics: [instanceBytes, .mallocCountTotal, .mallocBytesCount],
            units: exactCounts.merging([instanceBytes: .count]) { $1 },
            warmupIterations: 1,
            scalingFactor: .one,
            maxDuration: .milliseconds(100),
            maxIterations: smoke ? 3 : 100
        )
    ) { benchmark in
        // Measured: what starting one instance of W2's chart allocates on the heap.
        benchmark.startMeasurement()
        let machine = w2Chart.start(context: .init())
        benchmark.stopMeasurement()
        blackHole(machine)
        benchmark.measurement(instanceBytes, W7.instanceBytes)
    }

    // MARK: W8 typed events

    Benchmark("W8-enum", configuration: events) { benchmark in
        var machine = w2Chart.start(context: .init())
        benchmark.startMeasurement()
        let accepted = sendAll(&machine, w2Events)
        benchmark.stopMeasurement()
        blackHole(accepted)
        blackHole(machine.context.count)
    }
    let w8Prepared = W8.preparedEvents(w2Chart)
    Benchmark("W8-handle", configuration: events) { benchmark in
        var machine = w2Chart.start(context: .init())
        benchmark.startMeasurement()
        var accepted = 0
        for event in w8Prepared where machine.send(event).isAccepted { accepted &+= 1 }
        benchmark.stopMeasurement()
        blackHole(accepted)
        blackHole(machine.context.count)
    }
    Benchmark("W8-paired", configuration: paired) { benchmark in
        var byEnum = w2Chart.start(context: .init())
        var byHandle = w2Chart.start(context: .init())
        measurePair(benchmark, pair, first: { sendAll(&byEnum, w2Events) }, second: { sendAllPrepared(&byHandle, w8Prepared) })
        blackHole(byEnum.context.count &+ byHandle.context.count)
    }
    Benchmark("W8-hashed-enum", configuration: events) { benchmark in
        var machine = w8HashedChart.start(context: .init())
        benchmark.startMeasurement()
        let accepted = sendAll(&machine, w8HashedEvents)
        benchmark.stopMeasurement()
        blackHole(accepted)
        blackHole(machine.context.count)
    }
    Benchmark("W2-distinct-compiled", configuration: events) { benchmark in
        var machine = W2DistinctCompiled.machine()
        benchmark.startMeasurement()
        let accepted = sendAll(&machine, w2Events)
        benchmark.stopMeasurement()
        blackHole(accepted)
        blackHole(machine.instance.context.count)
    }
    Benchmark("W8-compiled", configuration: events) { benchmark in
        var machine = W8Compiled.machine()
        benchmark.startMeasurement()
        let accepted = sendAll(&machine, w8HashedEvents)
        benchmark.stopMeasurement()
        blackHole(accepted)
        blackHole(machine.instance.context.count)
    }
}
