// A plain executable that runs one workload in a loop, for profilers:
//
//     swift build -c release --product statecharts-profile
//     valgrind --tool=callgrind .build/release/statecharts-profile W1 2000
//
// Arguments: the workload (W1, W2, W3, W4, W5, W8handle, W8hashed, B1, B2, B3 for the baselines,
// F3 and C3 for W3's closure and direct-call floors, W1same and W1diff for W1 with
// one action shared by both transitions and with two different actions, W2distinct and B2distinct
// for W2 with an action of its own on each transition and its baseline,
// W1compiled, W2compiled, W3compiled, W4compiled, W5compiled, W8compiled and W2distinctcompiled
// for the compiled charts (StatechartsCompiled), B4 and B5 for W4's and W5's baselines, W9 and
// W10 with W9compiled, W10compiled, B9 and B10 for the player and the flat ring (table runtime,
// compiled and baseline),
// W6 and W6-20000 for compiling the 10,000- and 20,000-state charts, W1msm, W2msm and W3msm for the
// Boost.MSM peers, W3inspected for W3 attached to the live inspector with no page open) and the
// number of batches (default 1,000). W3inspected takes the timeline's length as a third argument
// (default 1,000) and the checkpoint interval as a fourth (default: the inspector's, 64; 0 keeps no checkpoints).
import Foundation
import Statecharts
import StatechartsInspector
import StatechartsWorkloads

@inline(__always)
func sendAll<S, E, C>(_ machine: inout StatechartInstance<S, E, C>, _ events: [E], batches: Int) -> Int {
    var accepted = 0
    for _ in 0..<batches {
        for event in events where machine.send(event).isAccepted { accepted &+= 1 }
    }
    return accepted
}

/// Runs one workload in a function of its own (`body`, specialized into it): with every workload
/// inlined into the top-level code, that code grew past what the optimizer inlines into, and
/// late workloads' `send` stayed out of line, changing their counts with unrelated code.
@inline(never)
func profile(_ body: (_ accepted: inout Int, _ consumed: inout Int) -> Void) -> (accepted: Int, consumed: Int) {
    var accepted = 0
    var consumed = 0
    body(&accepted, &consumed)
    return (accepted, consumed)
}

let arguments = CommandLine.arguments
let workload = arguments.count > 1 ? arguments[1] : "W1"
let batches = arguments.count > 2 ? Int(arguments[2]) ?? 1_000 : 1_000
var accepted = 0
var consumed = 0

switch workload {
case "W1":
    (accepted, consumed) = profile { accepted, consumed in
        var m = W1.makeChart().start(context: .init())
        accepted = sendAll(&m, W1.events(), batches: batches)
        consumed = m.context.count
    }
case "W2":
    (accepted, consumed) = profile { accepted, consumed in
        var m = W2.makeChart().start(context: .init())
        accepted = sendAll(&m, W2.events(), batches: batches)
        consumed = m.context.count
    }
case "W3inspected":
    let started = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var inspector: StatechartInspector?
    // Detached: this top-level code runs on the main actor, which waits below.
    Task.detached {
        let length = arguments.count > 3 ? Int(arguments[3]) ?? 1_000 : 1_000
        // A fourth argument sets the checkpoint interval (by default the inspector's); 0 keeps
        // no checkpoints.
        let standard = InspectorOptions().checkpointInterval
        let interval = arguments.count > 4 ? Int(arguments[4]) ?? standard : standard
        let options = InspectorOptions(timelineLength: length, keepsCheckpoints: interval > 0, checkpointInterval: max(1, interval))
        inspector = try? await StatechartInspector.start(options: options, printsURL: false)
        started.signal()
    }
    started.wait()
    guard let inspector else { fatalError("the inspector did not start") }
    (accepted, consumed) = profile { accepted, consumed in
        let m = inspector.attach(W3.makeChart(), context: .init(), name: "W3")
        let events = W3.events()
        for _ in 0..<batches {
            for event in events where m.send(event)?.isAccepted == true { accepted &+= 1 }
        }
        consumed = m.instance.context.total
    }
case "W3":
    (accepted, consumed) = profile { accepted, consumed in
        var m = W3.makeChart().start(context: .init())
        accepted = sendAll(&m, W3.events(), batches: batches)
        consumed = m.context.total
    }
case "W4":
    (accepted, consumed) = profile { accepted, consumed in
        var m = W4.makeChart().start(context: .init())
        accepted = sendAll(&m, W4.events(), batches: batches)
        consumed = m.context.count
    }
case "W5":
    (accepted, consumed) = profile { accepted, consumed in
        var m = W5.makeChart().start(context: .init())
        m.send(.flip)
        accepted = sendAll(&m, W5.events(), batches: batches)
        consumed = m.context.count
    }
case "W8handle":
    (accepted, consumed) = profile { accepted, consumed in
        let chart = W2.makeChart()
        var m = chart.start(context: .init())
        let prepared = W8.preparedEvents(chart)
        for _ in 0..<batches {
            for event in prepared where m.send(event).isAccepted { accepted &+= 1 }
        }
        consumed = m.context.count
    }
case "W8hashed":
    (accepted, consumed) = profile { accepted, consumed in
        var m = W8.makeHashedChart().start(context: .init())
        accepted = sendAll(&m, W8.hashedEvents(), batches: batches)
        consumed = m.context.count
    }
case "B1":
    (accepted, consumed) = profile { accepted, consumed in
        var m = W1.Baseline()
        let events = W1.events()
        for _ in 0..<batches { for e in events where m.send(e) { accepted &+= 1 } }
        consumed = m.context.count
    }
case "B2":
    (accepted, consumed) = profile { accepted, consumed in
        var m = W2.Baseline()
        let events = W2.events()
        for _ in 0..<batches { for e in events where m.send(e) { accepted &+= 1 } }
        consumed = m.context.count
    }
case "B3":
    (accepted, consumed) = profile { accepted, consumed in
        var m = W3.Baseline()
        let events = W3.events()
        for _ in 0..<batches { for e in events where m.send(e) { accepted &+= 1 } }
        consumed = m.context.total
    }
case "W1same":
    (accepted, consumed) = profile { accepted, consumed in
        let count = Action<W1.E, W1.Context> { $0.count += 1 }
        let chart = try! Statechart<W1.S, W1.E, W1.Context>("W1 same") {
            State(.a) { On(.t, to: .b, actions: [count]) }
            State(.b) { On(.t, to: .a, actions: [count]) }
        }
        var m = chart.start(context: .init())
        accepted = sendAll(&m, W1.events(), batches: batches)
        consumed = m.context.count
    }
case "W1diff":
    (accepted, consumed) = profile { accepted, consumed in
        let chart = try! Statechart<W1.S, W1.E, W1.Context>("W1 diff") {
            State(.a) { On(.t, to: .b) { $0.count += 1 } }
            State(.b) { On(.t, to: .a) { $0.count += 2 } }
        }
        var m = chart.start(context: .init())
        accepted = sendAll(&m, W1.events(), batches: batches)
        consumed = m.context.count
    }
case "W2distinct":
    (accepted, consumed) = profile { accepted, consumed in
        var m = W2.Distinct.makeChart().start(context: .init())
        accepted = sendAll(&m, W2.events(), batches: batches)
        consumed = m.context.count
    }
case "B2distinct":
    (accepted, consumed) = profile { accepted, consumed in
        var m = W2.Distinct.Baseline()
        let events = W2.events()
        for _ in 0..<batches { for e in events where m.send(e) { accepted &+= 1 } }
        consumed = m.context.count
    }
case "F3":
    (accepted, consumed) = profile { accepted, consumed in
        var m = W3.ClosureFloor()
        let events = W3.events()
        for _ in 0..<batches { for e in events where m.send(e) { accepted &+= 1 } }
        consumed = m.context.total
    }
case "C3":
    (accepted, consumed) = profile { accepted, consumed in
        var m = W3.CallFloor()
        let events = W3.events()
        for _ in 0..<batches { for e in events where m.send(e) { accepted &+= 1 } }
        consumed = m.context.total
    }
case "W1msm":
    (accepted, consumed) = profile { accepted, consumed in
        let m = W1.MSM()
        let codes = W1.MSM.events()
        for _ in 0..<batches { accepted &+= m.process(codes) }
        consumed = m.count
    }
case "W2msm":
    (accepted, consumed) = profile { accepted, consumed in
        let m = W2.MSM()
        let codes = W2.MSM.events()
        for _ in 0..<batches { accepted &+= m.process(codes) }
        consumed = m.count
    }
case "W3msm":
    (accepted, consumed) = profile { accepted, consumed in
        let m = W3.MSM()
        let codes = W3.MSM.events()
        for _ in 0..<batches { accepted &+= m.process(codes) }
        consumed = m.context.total
    }
case "W1compiled":
    (accepted, consumed) = profile { accepted, consumed in
        var m = W1Compiled.machine()
        let events = W1.events()
        for _ in 0..<batches { for e in events where m.send(e) { accepted &+= 1 } }
        consumed = m.instance.context.count
    }
case "W2compiled":
    (accepted, consumed) = profile { accepted, consumed in
        var m = W2Compiled.machine()
        let events = W2.events()
        for _ in 0..<batches { for e in events where m.send(e) { accepted &+= 1 } }
        consumed = m.instance.context.count
    }
case "W3compiled":
    (accepted, consumed) = profile { accepted, consumed in
        var m = W3Compiled.machine()
        let events = W3.events()
        for _ in 0..<batches { for e in events where m.send(e) { accepted &+= 1 } }
        consumed = m.instance.context.total
    }
case "W4compiled":
    (accepted, consumed) = profile { accepted, consumed in
        var m = W4Compiled.machine()
        let events = W4.events()
        for _ in 0..<batches { for e in events where m.send(e) { accepted &+= 1 } }
        consumed = m.instance.context.count
    }
case "W5compiled":
    (accepted, consumed) = profile { accepted, consumed in
        var m = W5Compiled.machine()
        let events = W5.events()
        for _ in 0..<batches { for e in events where m.send(e) { accepted &+= 1 } }
        consumed = m.instance.context.count
    }
case "W8compiled":
    (accepted, consumed) = profile { accepted, consumed in
        var m = W8Compiled.machine()
        let events = W8.hashedEvents()
        for _ in 0..<batches { for e in events where m.send(e) { accepted &+= 1 } }
        consumed = m.instance.context.count
    }
case "W2distinctcompiled":
    (accepted, consumed) = profile { accepted, consumed in
        var m = W2DistinctCompiled.machine()
        let events = W2.events()
        for _ in 0..<batches { for e in events where m.send(e) { accepted &+= 1 } }
        consumed = m.instance.context.count
    }
case "B4":
    (accepted, consumed) = profile { accepted, consumed in
        var m = W4.Baseline()
        let events = W4.events()
        for _ in 0..<batches { for e in events where m.send(e) { accepted &+= 1 } }
        consumed = m.context.count
    }
case "B5":
    (accepted, consumed) = profile { accepted, consumed in
        var m = W5.Baseline()
        let events = W5.events()
        for _ in 0..<batches { for e in events where m.send(e) { accepted &+= 1 } }
        consumed = m.context.count
    }
case "W9":
    (accepted, consumed) = profile { accepted, consumed in
        var m = W9.makeChart().start(context: .init())
        accepted = sendAll(&m, W9.events(), batches: batches)
        consumed = m.context.count &+ m.context.track
    }
case "W10":
    (accepted, consumed) = profile { accepted, consumed in
        var m = W10.makeChart().start(context: .init())
        accepted = sendAll(&m, W10.events(), batches: batches)
        consumed = m.context.count
    }
case "W9compiled":
    (accepted, consumed) = profile { accepted, consumed in
        var m = W9Compiled.machine()
        let events = W9.events()
        for _ in 0..<batches { for e in events where m.send(e) { accepted &+= 1 } }
        consumed = m.instance.context.count &+ m.instance.context.track
    }
case "W10compiled":
    (accepted, consumed) = profile { accepted, consumed in
        var m = W10Compiled.machine()
        let events = W10.events()
        for _ in 0..<batches { for e in events where m.send(e) { accepted &+= 1 } }
        consumed = m.instance.context.count
    }
case "B9":
    (accepted, consumed) = profile { accepted, consumed in
        var m = W9.Baseline()
        let events = W9.events()
        for _ in 0..<batches { for e in events where m.send(e) { accepted &+= 1 } }
        consumed = m.context.count &+ m.context.track
    }
case "B10":
    (accepted, consumed) = profile { accepted, consumed in
        var m = W10.Baseline()
        let events = W10.events()
        for _ in 0..<batches { for e in events where m.send(e) { accepted &+= 1 } }
        consumed = m.context.count
    }
case "W6":
    (accepted, consumed) = profile { _, consumed in
        for _ in 0..<batches { consumed &+= W6.compile(states: 10_000).stateCount }
    }
case "W6-20000":
    (accepted, consumed) = profile { _, consumed in
        for _ in 0..<batches { consumed &+= W6.compile(states: 20_000).stateCount }
    }
case "check":
    WorkloadCheck.run()
    print("workloads check out")
default:
    print("unknown workload \(workload)")
}
print("\(workload): \(batches) batches, \(accepted) accepted, \(consumed)")
