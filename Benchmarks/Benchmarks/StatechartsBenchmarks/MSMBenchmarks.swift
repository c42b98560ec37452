// The Boost.MSM peers of W1–W3 (Sources/CBoostMSM), measured in the same run as the Swift
// workloads: each batch on its own (`W1-msm` …), paired with the hand-written baseline
// (`W1-msm-paired`: MSM first, the baseline second, so the ratio is MSM / baseline), and paired
// with the table-driven chart (`W1-table-msm-paired`: the chart first, MSM second, so the ratio is
// table / MSM), and with the compiled chart (`W1-compiled-msm-paired`, compiled / MSM). One call
// to MSM sends a whole batch; the compiled chart is measured the same way against it (one call,
// `CompiledMachine.process`, its `send` inlined into the loop), while the table-driven chart's
// `send` is inlined into the benchmark's loop. Making the machine is not measured.
// Benchmarks/Scripts/report.py reads them by these names.

import Benchmark
import Statecharts
import StatechartsWorkloads

func msmBenchmarks(events: Benchmark.Configuration, paired: Benchmark.Configuration, pair: PairedMetrics) {
    let w1Chart = W1.makeChart(), w1Events = W1.events(), w1Codes = W1.MSM.events()
    let w2Chart = W2.makeChart(), w2Events = W2.events(), w2Codes = W2.MSM.events()
    let w3Chart = W3.makeChart(), w3Events = W3.events(), w3Codes = W3.MSM.events()

    // MARK: Each batch on its own (ns/event, allocations/event)

    Benchmark("W1-msm", configuration: events) { benchmark in
        let machine = W1.MSM()
        benchmark.startMeasurement()
        let accepted = machine.process(w1Codes)
        benchmark.stopMeasurement()
        blackHole(accepted)
        blackHole(machine.count)
    }
    Benchmark("W2-msm", configuration: events) { benchmark in
        let machine = W2.MSM()
        benchmark.startMeasurement()
        let accepted = machine.process(w2Codes)
        benchmark.stopMeasurement()
        blackHole(accepted)
        blackHole(machine.count)
    }
    Benchmark("W3-msm", configuration: events) { benchmark in
        let machine = W3.MSM()
        benchmark.startMeasurement()
        let accepted = machine.process(w3Codes)
        benchmark.stopMeasurement()
        blackHole(accepted)
        blackHole(machine.leaf)
    }

    // MARK: MSM against the hand-written baseline (ratio MSM / baseline)

    Benchmark("W1-msm-paired", configuration: paired) { benchmark in
        let machine = W1.MSM()
        var baseline = W1.Baseline()
        measurePair(benchmark, pair, first: { machine.process(w1Codes) }, second: { sendAll(&baseline, w1Events) })
        blackHole(machine.count &+ baseline.context.count)
    }
    Benchmark("W2-msm-paired", configuration: paired) { benchmark in
        let machine = W2.MSM()
        var baseline = W2.Baseline()
        measurePair(benchmark, pair, first: { machine.process(w2Codes) }, second: { sendAll(&baseline, w2Events) })
        blackHole(machine.count &+ baseline.context.count)
    }
    Benchmark("W3-msm-paired", configuration: paired) { benchmark in
        let machine = W3.MSM()
        var baseline = W3.Baseline()
        measurePair(benchmark, pair, first: { machine.process(w3Codes) }, second: { sendAll(&baseline, w3Events) })
        blackHole(baseline.context.total)
        blackHole(machine.leaf)
    }

    // MARK: The compiled chart against MSM (ratio compiled / MSM)

    Benchmark("W1-compiled-msm-paired", configuration: paired) { benchmark in
        var chart = W1Compiled.machine()
        let machine = W1.MSM()
        measurePair(benchmark, pair, first: { chart.process(w1Events) }, second: { machine.process(w1Codes) })
        blackHole(chart.instance.context.count &+ machine.count)
    }
    Benchmark("W2-compiled-msm-paired", configuration: paired) { benchmark in
        var chart = W2Compiled.machine()
        let machine = W2.MSM()
        measurePair(benchmark, pair, first: { chart.process(w2Events) }, second: { machine.process(w2Codes) })
        blackHole(chart.instance.context.count &+ machine.count)
    }
    Benchmark("W3-compiled-msm-paired", configuration: paired) { benchmark in
        var chart = W3Compiled.machine()
        let machine = W3.MSM()
        measurePair(benchmark, pair, first: { chart.process(w3Events) }, second: { machine.process(w3Codes) })
        blackHole(chart.instance.context.total)
        blackHole(machine.leaf)
    }

    // MARK: The table-driven chart against MSM (ratio table / MSM)

    Benchmark("W1-table-msm-paired", configuration: paired) { benchmark in
        var chart = w1Chart.start(context: .init())
        let machine = W1.MSM()
        measurePair(benchmark, pair, first: { sendAll(&chart, w1Events) }, second: { machine.process(w1Codes) })
        blackHole(chart.context.count &+ machine.count)
    }
    Benchmark("W2-table-msm-paired", configuration: paired) { benchmark in
        var chart = w2Chart.start(context: .init())
        let machine = W2.MSM()
        measurePair(benchmark, pair, first: { sendAll(&chart, w2Events) }, second: { machine.process(w2Codes) })
        blackHole(chart.context.count &+ machine.count)
    }
    Benchmark("W3-table-msm-paired", configuration: paired) { benchmark in
        var chart = w3Chart.start(context: .init())
        let machine = W3.MSM()
        measurePair(benchmark, pair, first: { sendAll(&chart, w3Events) }, second: { machine.process(w3Codes) })
        blackHole(chart.context.total)
        blackHole(machine.leaf)
    }
}
