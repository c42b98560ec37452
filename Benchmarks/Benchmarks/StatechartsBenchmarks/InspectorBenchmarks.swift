// What attaching an instance to the live inspector costs the app: W3 (the table runtime) sent
// through an `InspectedInstance` with no page open, paired with the same chart's bare instance.
// The inspector records a compact step per event into a ring allocated once; the check in
// scripts/bench-smoke.sh holds these benchmarks to no allocation per event as well.

import Benchmark
import Foundation
import Statecharts
import StatechartsInspector
import StatechartsWorkloads

/// Starts an inspector from synchronous code (the benchmark suite's registration).
func startInspector(_ options: InspectorOptions) -> StatechartInspector {
    let box = InspectorBox()
    let done = DispatchSemaphore(value: 0)
    Task {
        box.inspector = try? await StatechartInspector.start(options: options, printsURL: false)
        done.signal()
    }
    done.wait()
    guard let inspector = box.inspector else { fatalError("the benchmark's inspector did not start") }
    return inspector
}

/// Carries the started inspector out of its task.
final class InspectorBox: @unchecked Sendable {
    // @unchecked: written once before the semaphore is signalled, read after it is waited for.
    var inspector: StatechartInspector?
}

/// Sends every event of the batch to an inspected instance, counting the accepted ones.
@inline(__always)
func sendAll<Machine: InspectableMachine>(_ machine: InspectedInstance<Machine>, _ events: [Machine.Event]) -> Int {
    var accepted = 0
    for event in events where machine.send(event)?.isAccepted == true { accepted &+= 1 }
    return accepted
}

func inspectorBenchmarks(events: Benchmark.Configuration, paired: Benchmark.Configuration, pair: PairedMetrics) {
    let chart = W3.makeChart()
    let batch = W3.events()
    // A timeline as long as a batch, so that every measured send overwrites a step.
    let inspector = startInspector(InspectorOptions(timelineLength: 1_000))
    let lean = startInspector(InspectorOptions(timelineLength: 1_000, keepsCheckpoints: false))

    Benchmark("W3-inspected", configuration: events) { benchmark in
        let machine = inspector.attach(chart, context: .init(), name: "W3")
        _ = sendAll(machine, batch) // fills the ring: from here on, steps overwrite steps
        benchmark.startMeasurement()
        let accepted = sendAll(machine, batch)
        benchmark.stopMeasurement()
        inspector.detach(machine)
        blackHole(accepted)
    }
    Benchmark("W3-inspected-paired", configuration: paired) { benchmark in
        let machine = inspector.attach(chart, context: .init(), name: "W3")
        _ = sendAll(machine, batch)
        var bare = chart.start(context: .init())
        measurePair(benchmark, pair, first: { sendAll(machine, batch) }, second: { sendAll(&bare, batch) })
        inspector.detach(machine)
        blackHole(bare.context.total)
    }
    Benchmark("W3-inspected-lean-paired", configuration: paired) { benchmark in
        let machine = lean.attach(chart, context: .init(), name: "W3")
        _ = sendAll(machine, batch)
        var bare = chart.start(context: .init())
        measurePair(benchmark, pair, first: { sendAll(machine, batch) }, second: { sendAll(&bare, batch) })
        lean.detach(machine)
        blackHole(bare.context.total)
    }
}
