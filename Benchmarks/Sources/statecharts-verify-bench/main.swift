import Foundation
import MediaPlayerExample
import Statecharts
import StatechartsVerification

// `make verify-bench`: explores the media player and random parallel charts of growing size,
// printing states per second and bytes per state (the graph's estimate and the process's peak
// resident memory over the number of states), and writes them to
// Benchmarks/results/verify.json. Run in release.

/// An event of the grid charts: move region `region` on (`region == regions`: reset).
struct Move: StatechartEvent, Hashable {
    var region: Int
    var name: Int { region }
}

/// A chart of `regions` parallel regions of `size` states each: every event moves one region one
/// state on (or, in one region in three, back to its first state), so every combination of the
/// regions' states is reachable: size^regions situations.
func parallelChart(regions: Int, size: Int) throws -> Statechart<String, Move, Void> {
    var definition = StatechartDefinition<String, Move, Void>(name: "grid", states: [])
    var grid = StateDefinition<String, Move, Void>("grid", kind: .parallel)
    for r in 0..<regions {
        var region = StateDefinition<String, Move, Void>("r\(r)", kind: .state)
        for k in 0..<size {
            var state = StateDefinition<String, Move, Void>("r\(r)s\(k)", kind: .state)
            state.transitions.append(TransitionDefinition(trigger: .events([r]), targets: ["r\(r)s\((k + 1) % size)"]))
            if r % 3 == 2 && k > 0 {
                state.transitions.append(TransitionDefinition(trigger: .events([regions]), targets: ["r\(r)s0"]))
            }
            region.children.append(state)
        }
        grid.children.append(region)
    }
    definition.states.append(grid)
    return try Statechart(definition)
}

/// The peak resident memory of the process, in bytes (Linux's VmHWM).
func peakResidentBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return 0 }
    return (Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) * 1024
}

struct Row: Codable {
    var chart: String
    var states: Int
    var transitions: Int
    var seconds: Double
    var statesPerSecond: Double
    var graphBytesPerState: Double
    var peakResidentBytesPerState: Double
}

func measure<S: Hashable & Sendable, E: StatechartEvent, C>(_ name: String, _ run: () throws -> VerificationReport<S, E, C>) rethrows -> Row {
    let before = peakResidentBytes()
    let report = try run()
    let x = report.exploration
    let seconds = Double(x.elapsed.components.seconds) + Double(x.elapsed.components.attoseconds) / 1e18
    let row = Row(chart: name, states: x.states, transitions: x.transitions, seconds: seconds,
                  statesPerSecond: Double(x.states) / max(seconds, 1e-9),
                  graphBytesPerState: Double(x.estimatedBytes) / Double(max(1, x.states)),
                  peakResidentBytesPerState: Double(max(0, peakResidentBytes() - before)) / Double(max(1, x.states)))
    print(String(format: "%-28@ %9d states %10d transitions %8.2f s %10.0f states/s %6.0f B/state (graph) %6.0f B/state (peak RSS)",
                 name as NSString, row.states, row.transitions, row.seconds, row.statesPerSecond,
                 row.graphBytesPerState, row.peakResidentBytesPerState))
    precondition(x.isComplete, "\(name): the exploration did not complete")
    return row
}

var rows: [Row] = []
let player = try MediaPlayer.chart()
rows.append(try measure("media player") {
    try player.verify([.never(.active(.paused) && .active(.playing)), .deadlockFree, .canAlwaysReach(.off)],
                      events: MediaPlayer.Button.allCases, context: MediaPlayer.Counters(), abstractingContext: { _ in 0 })
})
for (regions, size) in [(2, 32), (3, 32), (4, 18), (4, 32)] {
    let chart = try parallelChart(regions: regions, size: size)
    rows.append(try measure("grid \(regions)x\(size)") {
        try chart.verify([.never(.active("r0s1") && .active("r1s\(size - 1)") && .active("r0s0")), .deadlockFree],
                         events: (0...regions).map { Move(region: $0) }, bounds: VerificationBounds(maxStates: 2_000_000))
    })
}
let encoder = JSONEncoder()
encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
let output = URL(fileURLWithPath: CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "results/verify.json")
try encoder.encode(rows).write(to: output)
print("Figures written to \(output.path)")
