// `make demo`: runs the media player chart through a few button presses, prints what happens,
// and writes its diagrams (SVG, PNG, a trace page that steps through the run, and the run's coverage
// drawn on the chart).
import Foundation
import Statecharts
import StatechartsAnalysis
import StatechartsGraphviz

/// One step of the run: the diagram with the configuration reached and the transitions taken.
func traceStep(
    _ player: StatechartInstance<MediaPlayer.Mode, MediaPlayer.Button, MediaPlayer.Counters>,
    title: String, events: [String], transitions: [TransitionID]
) throws -> TraceStep {
    let svg = try player.renderDiagram(format: .svg, lastTransitions: transitions).bytes
    let leaves = player.activeLeaves.map(String.init(describing:)).joined(separator: ", ")
    print("\(title.padding(toLength: 10, withPad: " ", startingAt: 0)) → \(leaves)")
    return TraceStep(title: title, events: events, configuration: player.configuration.map(String.init(describing:)),
                     svg: String(decoding: svg, as: UTF8.self))
}

func write(_ bytes: [UInt8], to directory: String, _ name: String) throws {
    let path = (directory as NSString).appendingPathComponent(name)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    print("wrote \(path)")
}

func runDemo(outputDirectory: String) throws {
    let chart = try MediaPlayer.chart()
    var player = chart.makeInstance(context: MediaPlayer.Counters())
    var coverage = StatechartCoverage<MediaPlayer.Mode, MediaPlayer.Button>()
    player.start(observer: &coverage)
    var steps = [try traceStep(player, title: "start", events: [], transitions: [])]
    var lastTransitions: [TransitionID] = []
    for button in MediaPlayer.script {
        lastTransitions = Array(player.send(button, observer: &coverage).transitions)
        steps.append(try traceStep(player, title: "\(button)", events: ["\(button)"], transitions: lastTransitions))
    }
    print("plays: \(player.context.plays), power cycles: \(player.context.powerCycles)")
    let summary = coverage.summary(for: chart)
    print("coverage: \(Int(summary.stateRatio * 100))% of the states, \(Int(summary.transitionRatio * 100))% of the transitions")

    try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
    try write(try chart.renderDiagram(format: .svg).bytes, to: outputDirectory, "media-player.svg")
    try write(try chart.renderDiagram(format: .png).bytes, to: outputDirectory, "media-player.png")
    try write(try player.renderDiagram(format: .png, lastTransitions: lastTransitions).bytes, to: outputDirectory, "media-player-live.png")
    let covered = DiagramOptions(coverage: DiagramCoverage(states: coverage.stateCounts, transitions: coverage.transitionCounts))
    try write(try chart.renderDiagram(format: .png, options: covered).bytes, to: outputDirectory, "media-player-coverage.png")
    try write(Array(TracePage(title: "Media player: a run", steps: steps).html().utf8), to: outputDirectory, "media-player-trace.html")
}

do {
    try runDemo(outputDirectory: CommandLine.arguments.dropFirst().first ?? "docs/images")
} catch {
    FileHandle.standardError.write(Data("statecharts-demo: \(error)\n".utf8))
    exit(1)
}
